import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { markLoggedInBefore, screenshot } from './fixtures';
import { BrowserRun, expectNoSidewaysScroll, readOutbox } from './steps';

const email = 'demo_agent@example.com';
let run: BrowserRun;

beforeAll(async () => {
  run = await BrowserRun.start();
  // Not a first log-in: the log-in with the new password goes straight in.
  await markLoggedInBefore(run.taya, ['demo_agent']);
}, 120_000);
afterAll(() => run?.stop());

const dialog = (page: Page) => page.getByRole('dialog');

describe('forgot password by e-mail', () => {
  it('sends a link whose page sets a new password, which then logs in; the link works once', async () => {
    const page = await run.open('phone', { theme: 'light' });
    await page.goto(`${run.taya.url}/login`);
    await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
    await dialog(page).getByRole('tab', { name: 'By e-mail' }).click();
    await dialog(page).getByLabel('Username', { exact: true }).fill('demo_agent');
    await dialog(page).getByLabel('E-mail', { exact: true }).fill(email);
    await dialog(page).getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => dialog(page).innerText())
      .toContain('a reset link is on its way to that e-mail');

    // The e-mail the sandbox provider "sent": its link is /reset-password?token=….
    const mail = await readOutbox(run.taya, email, 'email');
    const link = /\/reset-password\?token=[\w-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();

    await page.goto(`${run.taya.url}${link}`);
    const form = page.getByTestId('reset-password');
    await form.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await form.getByLabel('New password', { exact: true }).fill('short');
    await form.getByLabel('Confirm new password', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Save new password' }).click();
    // The rule shows before anything is sent; the link stays unused.
    await expect
      .poll(() => form.getByLabel('New password', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    await form.getByLabel('New password', { exact: true }).fill('Agent2027x');
    await form.getByLabel('Confirm new password', { exact: true }).fill('Agent2027x');
    await screenshot(page, 'reset-password-phone-en');
    await expectNoSidewaysScroll(page);
    await form.getByRole('button', { name: 'Save new password' }).click();
    await form.getByText('Your password has been changed.').waitFor();
    await screenshot(page, 'reset-password-done-phone-en');

    await form.getByRole('link', { name: 'Log in' }).click();
    await dialog(page).getByLabel('Username', { exact: true }).fill('demo_agent');
    await dialog(page).getByLabel('Password', { exact: true }).fill('Agent2027x');
    await dialog(page).getByRole('button', { name: 'Log in', exact: true }).click();
    // An agent's log-in goes on to the agent centre.
    await page.waitForURL(/\/agentHome$/);
    expect(await page.evaluate(() => sessionStorage.getItem('taya.token'))).toBeTruthy();

    // The same link again, in Burmese and the dark theme: it says it was used.
    const again = await run.open('phone', { theme: 'dark', language: 'MY' });
    await again.goto(`${run.taya.url}${link}`);
    const page2 = again.getByTestId('reset-password');
    const inputs = page2.locator('input[type="password"]');
    await inputs.nth(0).waitFor();
    await inputs.nth(0).fill('Agent2028y');
    await inputs.nth(1).fill('Agent2028y');
    await page2.locator('button[type="submit"]').click();
    const alert = page2.getByRole('alert');
    await expect.poll(() => alert.innerText()).toContain('ဤလင့်ခ်ကို အသုံးပြုပြီးပါပြီ');
    await screenshot(again, 'reset-password-used-phone-my-dark');
    await expectNoSidewaysScroll(again);
  });
});
