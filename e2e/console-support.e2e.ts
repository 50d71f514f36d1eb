import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { consoleLogin, gotoSettled, newPage, screenshot } from './fixtures';
import { BrowserRun } from './steps';

/** The console's sizes: a common office laptop and the smallest screen it supports. */
const consoleViewports = {
  laptop: { width: 1366, height: 900 },
  small: { width: 1024, height: 768 },
} as const;

let run: BrowserRun;
beforeAll(async () => {
  run = await BrowserRun.start();
});
afterAll(() => run?.stop());

/** A visitor opens the site's chat, picks the deposit topic and sends `text`. */
async function playerSends(page: Page, text: string) {
  await page.goto(run.taya.url);
  await page.getByTestId('chat-float').click();
  const popup = page.getByRole('dialog', { name: 'Live chat' });
  await popup.getByRole('button', { name: 'Deposit' }).click();
  await popup.getByTestId('chat-empty').waitFor();
  await expect.poll(() => popup.getByTestId('chat-status').innerText()).toContain('Connected');
  const box = popup.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect
    .poll(() => popup.getByTestId('chat-message').first().getAttribute('data-state'))
    .toBe('sent');
  return popup;
}

describe('the support desk', () => {
  it('a player writes, the support operator sees it live, answers, and the player sees the answer', async () => {
    const desk = (await newPage(run.browser, consoleViewports.laptop)).page;
    await consoleLogin(desk, run.taya.url, 'support', '/support');
    await desk.getByRole('heading', { level: 1, name: 'Live chat' }).waitFor();
    // The desk's socket opened with a ticket (a browser sends no Authorization header on it).
    await expect.poll(() => desk.getByTestId('desk-state').innerText()).toBe('Live');

    const player = await run.open('desktop');
    const question = 'Where is my deposit from this morning?';
    const popup = await playerSends(player, question);

    // It reaches the desk's queue without a reload.
    const item = desk.getByTestId('chat-queue').getByRole('button').filter({ hasText: question });
    await item.waitFor({ timeout: 10_000 });
    await item.click();
    const thread = desk.getByTestId('chat-messages');
    await thread.getByText(question).waitFor();

    const answer = 'It is on its way, it should arrive within ten minutes.';
    const box = desk.getByLabel('Answer', { exact: true });
    await box.fill(answer);
    await box.press('Enter');
    await thread.getByText(answer).waitFor();
    expect(await box.inputValue()).toBe('');

    const heard = popup.getByTestId('chat-message').filter({ hasText: answer });
    await heard.waitFor({ timeout: 10_000 });
    expect(await heard.getAttribute('data-role')).toBe('operator');

    // The player writes again: it appears in the open conversation live.
    const follow = 'Thank you!';
    const input = popup.getByRole('textbox', { name: 'Message' });
    await input.fill(follow);
    await input.press('Enter');
    await thread.getByText(follow).waitFor({ timeout: 10_000 });

    expect(await seriousViolations(desk)).toEqual([]);
    await screenshot(desk, 'console-support-desk-1366');
    await desk.setViewportSize(consoleViewports.small);
    await screenshot(desk, 'console-support-desk-1024');
    expect(await seriousViolations(desk)).toEqual([]);

    // Closing ends the chat for the player too.
    await desk.getByRole('button', { name: 'Close chat' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Close chat' }).click();
    await desk.getByText(/Closed by operator:/).waitFor();
    await desk.getByRole('button', { name: 'Closed', exact: true }).click();
    await desk.getByTestId('chat-queue').getByText(follow).waitFor();
    await screenshot(desk, 'console-support-closed-1024');
  }, 90_000);

  it('the operator keeps a canned reply, claims a chat and answers with it, and the player sees it live', async () => {
    const desk = (await newPage(run.browser, consoleViewports.laptop)).page;
    await consoleLogin(desk, run.taya.url, 'support', '/support/canned-replies');
    await desk.getByRole('heading', { level: 1, name: 'Canned replies' }).waitFor();

    // A canned reply of the merchant: title, text and the reason kept in the audit log.
    const cannedText = 'Deposits can take up to 15 minutes. Please send us the transfer receipt.';
    await desk.getByRole('button', { name: 'Add a reply' }).click();
    const form = desk.getByTestId('canned-form');
    await form.getByLabel('Title', { exact: true }).fill('Deposit delay');
    await form.getByLabel('Text', { exact: true }).fill(cannedText);
    await form.getByLabel('Reason', { exact: true }).fill('Common deposit question');
    await form.getByRole('button', { name: 'Save' }).click();
    const table = desk.getByTestId('canned-table');
    await table.getByText('Deposit delay').waitFor();
    expect(await seriousViolations(desk)).toEqual([]);
    await screenshot(desk, 'console-support-canned-1366');
    await desk.setViewportSize(consoleViewports.small);
    await screenshot(desk, 'console-support-canned-1024');
    expect(await seriousViolations(desk)).toEqual([]);
    await desk.setViewportSize(consoleViewports.laptop);

    await gotoSettled(desk, `${run.taya.url}/console/support?assigned=unassigned`);
    await expect.poll(() => desk.getByTestId('desk-state').innerText()).toBe('Live');
    const player = await run.open('desktop');
    const question = 'My deposit has not arrived yet';
    const popup = await playerSends(player, question);

    // The new chat waits among the unassigned ones; the operator claims it.
    const item = desk.getByTestId('chat-queue').getByRole('button').filter({ hasText: question });
    await item.waitFor({ timeout: 10_000 });
    expect(await item.innerText()).toContain('Unassigned');
    await item.click();
    const assignee = desk.getByTestId('chat-assignee');
    await assignee.getByText('Nobody has claimed this chat.').waitFor();
    await assignee.getByRole('button', { name: 'Claim', exact: true }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Claim', exact: true }).click();
    await assignee.getByText('Assigned to you.').waitFor();
    expect(await assignee.getByRole('button', { name: 'Transfer' }).isVisible()).toBe(true);

    // It is the operator's now: under "Mine", with their name in the queue.
    await desk.getByRole('button', { name: 'Mine', exact: true }).click();
    const mine = desk.getByTestId('chat-queue').getByRole('button').filter({ hasText: question });
    await mine.waitFor();
    expect(await mine.innerText()).toContain('demo_support');
    await mine.click();
    await assignee.getByText('Assigned to you.').waitFor();

    // The canned reply goes into the answer and is sent; the player sees it live.
    await desk.getByLabel('Insert a canned reply').selectOption({ label: 'Deposit delay' });
    const box = desk.getByLabel('Answer', { exact: true });
    expect(await box.inputValue()).toBe(cannedText);
    await box.press('Enter');
    await desk.getByTestId('chat-messages').getByText(cannedText).waitFor();
    const heard = popup.getByTestId('chat-message').filter({ hasText: cannedText });
    await heard.waitFor({ timeout: 10_000 });
    expect(await heard.getAttribute('data-role')).toBe('operator');

    expect(await seriousViolations(desk)).toEqual([]);
    await screenshot(desk, 'console-support-claimed-1366');
    await desk.setViewportSize(consoleViewports.small);
    await screenshot(desk, 'console-support-claimed-1024');
    expect(await seriousViolations(desk)).toEqual([]);
  }, 120_000);
});
