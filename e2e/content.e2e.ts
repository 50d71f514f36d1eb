import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../apps/server/src/modules/identity/schema';
import type { RunningServer } from '../apps/server/src/server';
import {
  launchBrowser,
  logInAsDemoMember,
  markLoggedInBefore,
  newPage,
  operatorToken,
  screenshot,
  startTaya,
  viewports,
} from './fixtures';

let browser: Browser;
let taya: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  taya = await startTaya();
  await markLoggedInBefore(taya);
});
afterAll(async () => {
  await browser?.close();
  await taya?.stop();
});

async function memberReadsAMessage(page: Page, size: string): Promise<void> {
  await logInAsDemoMember(page, taya.url);

  // The operator writes to this member (the console's editor comes later: its API now).
  const { app } = taya;
  const [member] = await taya.database.db
    .select()
    .from(accounts)
    .where(eq(accounts.usernameKey, 'demo_member'));
  const token = await operatorToken(taya, 'TYPH');
  const sent = await app.inject({
    method: 'POST',
    url: '/ops/content/messages',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      merchantCode: 'TYPH',
      accountId: member!.id,
      title: { en: 'Your withdrawal was paid' },
      content: { en: 'It reached your <b>e-wallet</b> at 10:42.' },
      reason: 'Withdrawal paid notice',
    },
  });
  expect(sent.statusCode).toBe(200);

  await page.goto(`${taya.url}/member?tab=messageV2`);
  const badge = page.getByTestId('message-badge').first();
  await expect.poll(async () => badge.getAttribute('data-count'), { timeout: 10_000 }).toBe('1');
  // The header's bell carries the same count.
  const bellCount = page.getByTestId('site-header').getByTestId('notice-bell-count');
  await expect.poll(async () => bellCount.getAttribute('data-count')).toBe('1');
  const row = page.getByTestId('message-row').first();
  expect(await row.getAttribute('data-read')).toBe('false');
  await row.getByText('Your withdrawal was paid').click();
  // The content shows as text: the tags are letters, not markup.
  await row.getByText('It reached your <b>e-wallet</b> at 10:42.').waitFor();
  await expect.poll(async () => row.getAttribute('data-read')).toBe('true');
  await expect.poll(async () => page.getByTestId('message-badge').count()).toBe(0);
  await expect.poll(async () => bellCount.count()).toBe(0);
  await screenshot(page, `messages-${size}-en`);

  // The notice bell lists the merchant's notices.
  await page.getByTestId('notice-bell').click();
  const popup = page.getByTestId('notice-popup');
  await popup.getByText('Welcome to Taya').waitFor();
  await screenshot(page, `notices-${size}-en`);
}

async function visitorSendsFeedback(guest: Page, visitor: BrowserContext, size: string) {
  await guest.goto(`${taya.url}/feedback`);
  const form = guest.getByTestId('feedback-form');
  await form.waitFor();
  await form.locator('button[type="submit"]').click();
  expect(await guest.getByTestId('feedback-empty-warning').innerText()).toContain('is empty');
  await form.locator('select').first().selectOption('3');
  await form.locator('textarea').fill('The reels stopped once <b>before</b> the sound ended.');
  expect(await guest.getByTestId('feedback-counter').innerText()).toContain('/200');
  await form.getByRole('textbox', { name: /name/i }).fill('guest one');
  // The captcha's answer, as the development outbox shows it (never in production).
  const captchaCookie = (await visitor.cookies()).find((c) => c.name === 'taya_captcha');
  const outbox = await guest.request.get(
    `${taya.url}/dev/outbox?channel=captcha&destination=${captchaCookie!.value}`,
  );
  const answer = ((await outbox.json()) as { value: { body: string }[] }).value[0]!.body;
  await form.getByRole('textbox', { name: /captcha/i }).fill(answer);
  await screenshot(guest, `feedback-${size}-en`);
  await form.locator('button[type="submit"]').click();
  await guest.getByTestId('feedback-done').waitFor();
  const { rows } = (await taya.database.db.execute(
    sql`select type, content, sender from feedback order by created_at desc limit 1`,
  )) as { rows: { type: number; content: string; sender: string }[] };
  expect(rows[0]).toEqual({
    type: 3,
    content: 'The reels stopped once <b>before</b> the sound ended.',
    sender: 'guest one',
  });
}

describe('content in the browser', () => {
  for (const [size, viewport] of Object.entries(viewports)) {
    it(`a member reads a message the operator sent, and the counts drop (${size})`, async () => {
      const { context, page } = await newPage(browser, viewport, { 'taya.theme': 'light' });
      try {
        await memberReadsAMessage(page, size);
      } finally {
        await context.close();
      }
    });

    it(`a visitor sends feedback with a captcha; empty fields are named first (${size})`, async () => {
      const { context, page } = await newPage(browser, viewport, { 'taya.theme': 'light' });
      try {
        await visitorSendsFeedback(page, context, size);
      } finally {
        await context.close();
      }
    });
  }
});
