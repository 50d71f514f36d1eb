import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../apps/server/src/modules/identity/schema';
import type { RunningServer } from '../apps/server/src/server';
import { launchBrowser, newPage, screenshot, startTaya, viewports } from './fixtures';
import { readOutbox } from './steps';

let browser: Browser;
let taya: RunningServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
// Every flow runs on a freshly started server with an empty database.
beforeEach(async () => {
  taya = await startTaya();
  ({ context, page } = await newPage(browser, viewports.phone, { 'taya.theme': 'light' }));
});
afterEach(async () => {
  await context?.close();
  await taya?.stop();
});

async function smsCode(e164: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec(await readOutbox(taya, e164, 'sms'))?.[1];
  if (!code) throw new Error('no code in the SMS');
  return code;
}

/** Reads the answer of the captcha the page is showing (its id is in the page's cookie). */
async function captchaAnswer(): Promise<string> {
  await page.getByRole('img', { name: 'Captcha image' }).waitFor({ state: 'visible' });
  const id = (await context.cookies()).find((c) => c.name === 'taya_captcha')?.value;
  if (!id) throw new Error('no captcha cookie');
  return readOutbox(taya, id, 'captcha');
}

const accountMenu = (name: string) => page.getByRole('button', { name: `Account menu: ${name}` });
const dialog = () => page.getByRole('dialog');

async function logInByUsername(username: string, password: string) {
  await page.goto(`${taya.url}/login`);
  await dialog().getByRole('tab', { name: 'By username' }).click();
  await dialog().getByLabel('Username', { exact: true }).fill(username);
  await dialog().getByLabel('Password', { exact: true }).fill(password);
  await dialog().getByRole('button', { name: 'Log in', exact: true }).click();
}

async function signOut(name: string) {
  await accountMenu(name).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await page.getByRole('link', { name: 'Log in' }).first().waitFor({ state: 'visible' });
}

describe('identity in the browser', () => {
  it('registers by username, signs out, and logs back in', async () => {
    await page.goto(`${taya.url}/register`);
    await dialog().getByRole('tab', { name: 'By username' }).click();
    await dialog().getByLabel('Username', { exact: true }).fill('1player');
    await dialog().getByLabel('Password', { exact: true }).click();
    // The §5 rule's message shows as soon as the field is left with a bad value.
    await expect
      .poll(() => dialog().getByLabel('Username', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    expect(await dialog().innerText()).toContain('start with a letter');
    await dialog().getByLabel('Username', { exact: true }).fill('player01');
    await dialog().getByLabel('Password', { exact: true }).fill('secret123');
    await dialog().getByLabel('Confirm password', { exact: true }).fill('secret123');
    await dialog().getByLabel('Payment password', { exact: true }).fill('135790');
    await dialog().getByLabel('Mobile number', { exact: true }).fill('09175550123');
    await dialog()
      .getByLabel('Captcha', { exact: true })
      .fill(await captchaAnswer());
    await screenshot(page, 'register-phone-en');
    await dialog().getByRole('button', { name: 'Sign up' }).click();
    await accountMenu('player01').waitFor({ state: 'visible' });
    await screenshot(page, 'registered-phone-en');

    await signOut('player01');
    expect(await page.evaluate(() => sessionStorage.getItem('taya.token'))).toBeNull();

    await logInByUsername('player01', 'secret123');
    await accountMenu('player01').waitFor({ state: 'visible' });
  });

  it('logs in with an SMS code read from the outbox', async () => {
    await page.goto(`${taya.url}/login`);
    await dialog().getByRole('tab', { name: 'By SMS code' }).click();
    await dialog().getByLabel('Mobile number', { exact: true }).fill('09170000002');
    await dialog().getByRole('button', { name: 'Send code' }).click();
    // The button counts down and stays disabled (§4).
    await expect
      .poll(() =>
        dialog()
          .getByRole('button', { name: /Send again in/ })
          .isDisabled(),
      )
      .toBe(true);
    await dialog()
      .getByLabel('SMS code', { exact: true })
      .fill(await smsCode('+639170000002'));
    await screenshot(page, 'login-sms-phone-en');
    await dialog().getByRole('button', { name: 'Log in', exact: true }).click();
    await accountMenu('demo_member').waitFor({ state: 'visible' });
  });

  it('resets a forgotten password by phone and is logged in', async () => {
    await page.goto(`${taya.url}/login`);
    await dialog().getByRole('button', { name: 'Forgot password?' }).click();
    await dialog().getByRole('tab', { name: 'By mobile number' }).click();
    await dialog().getByLabel('Mobile number', { exact: true }).fill('09170000002');
    await dialog().getByRole('button', { name: 'Send code' }).click();
    await dialog()
      .getByLabel('SMS code', { exact: true })
      .fill(await smsCode('+639170000002'));
    await dialog().getByLabel('New password', { exact: true }).fill('fresh2026');
    await dialog().getByLabel('Confirm new password', { exact: true }).fill('fresh2026');
    await screenshot(page, 'forgot-by-phone-phone-en');
    await dialog().getByRole('button', { name: 'Reset password and log in' }).click();
    await accountMenu('demo_member').waitFor({ state: 'visible' });
    await signOut('demo_member');
    await logInByUsername('demo_member', 'Demo#2026');
    await expect.poll(() => dialog().innerText()).toContain('Incorrect username or password');
    await dialog().getByLabel('Password', { exact: true }).fill('fresh2026');
    await dialog().getByRole('button', { name: 'Log in', exact: true }).click();
    await accountMenu('demo_member').waitFor({ state: 'visible' });
  });

  it('forces a change of an expired password before going on', async () => {
    await taya.database.db
      .update(accounts)
      .set({ passwordChangedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(accounts.usernameKey, 'demo_member'));
    await logInByUsername('demo_member', 'Demo#2026');
    const forced = page.getByRole('dialog', { name: 'Change your password' });
    await forced.waitFor({ state: 'visible' });
    expect(await forced.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await forced.waitFor({ state: 'visible' });
    await screenshot(page, 'forced-password-change-phone-en');
    await forced.getByLabel('Current password', { exact: true }).fill('Demo#2026');
    await forced.getByLabel('New password', { exact: true }).fill('renewed2026');
    await forced.getByLabel('Confirm new password', { exact: true }).fill('renewed2026');
    await forced.getByRole('button', { name: 'Save new password' }).click();
    await forced.waitFor({ state: 'hidden' });
    await accountMenu('demo_member').waitFor({ state: 'visible' });
    await signOut('demo_member');
    await logInByUsername('demo_member', 'renewed2026');
    await accountMenu('demo_member').waitFor({ state: 'visible' });
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Change your password' }).count())
      .toBe(0);
  });

  it('plays for free as a trial user, who is refused member functions', async () => {
    await page.goto(`${taya.url}/login`);
    await dialog().getByRole('button', { name: 'Play for free' }).click();
    await page.getByTestId('trial-badge').waitFor({ state: 'visible' });
    await page.goto(`${taya.url}/member`);
    await page.getByTestId('trial-refusal').waitFor({ state: 'visible' });
    expect(await page.getByTestId('trial-refusal').innerText()).toContain(
      'Please register a real account',
    );
    await screenshot(page, 'trial-refused-phone-en');
    const token = await page.evaluate(() => sessionStorage.getItem('taya.token'));
    expect(token).toBeTruthy();
    for (const [method, url] of [
      ['GET', '/wps/v2/wallets/balance'],
      ['PUT', '/wps/member/info/icon'],
      ['GET', '/wps/member/sessions'],
    ] as const) {
      const res = await fetch(`${taya.url}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(method === 'PUT' ? { body: JSON.stringify({ icon: 'avatar-01' }) } : {}),
      });
      expect(res.status, url).toBe(403);
      expect(((await res.json()) as { errorCode: string }).errorCode).toBe('in_need_true_account');
    }
  });
});
