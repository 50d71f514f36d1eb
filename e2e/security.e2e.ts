import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { accounts } from '../apps/server/src/modules/identity/schema';
import { markLoggedInBefore, screenshot, submitLoginPopup } from './fixtures';
import { BrowserRun, expectNoSidewaysScroll, readOutbox } from './steps';

/**
 * The security centre end to end. The platform trusts X-Forwarded-For here (TRUST_PROXY, as behind
 * a load balancer), so each browser context plays a device at an address of its own.
 */
const home = '198.51.100.10';
const travelling = '203.0.113.20';

let run: BrowserRun;

beforeAll(async () => {
  run = await BrowserRun.start({ TRUST_PROXY: 'true' });
  await markLoggedInBefore(run.taya);
  // A member with no e-mail yet: the test binds one.
  await run.taya.database.db
    .update(accounts)
    .set({ email: null })
    .where(eq(accounts.usernameKey, 'demo_member'));
});
afterAll(async () => {
  await run?.stop();
});

async function openFrom(ip: string, size: 'phone' | 'desktop' = 'phone'): Promise<Page> {
  const page = await run.open(size, { theme: 'light', language: 'EN' });
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  return page;
}

async function outbox(destination: string, channel: 'sms' | 'email'): Promise<string> {
  const code = /\b(\d{6})\b/.exec(await readOutbox(run.taya, destination, channel))?.[1];
  if (!code) throw new Error(`no code in the message to ${destination}`);
  return code;
}

/** The page's own call with its session, as the web app makes it: the status and error code. */
async function call(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; errorCode: string | null }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = sessionStorage.getItem('taya.token');
      const response = await fetch(path, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const envelope = (await response.json().catch(() => null)) as {
        errorCode?: string | null;
      } | null;
      return { status: response.status, errorCode: envelope?.errorCode ?? null };
    },
    { method, path, body },
  );
}

async function logInFrom(page: Page): Promise<void> {
  await page.goto(`${run.taya.url}/login`);
  await submitLoginPopup(page);
}

const section = (page: Page, name: string) => page.getByTestId(`security-${name}`);

describe('security centre', () => {
  it('edits the profile, binds e-mail and the authenticator, and guards a new address', async () => {
    // ---- at home: profile, e-mail, authenticator ----
    const atHome = await openFrom(home);
    await logInFrom(atHome);
    await atHome.getByRole('dialog').waitFor({ state: 'hidden' });
    await atHome.goto(`${run.taya.url}/member?tab=securityCenter`);

    const profile = section(atHome, 'profile');
    const fullName = profile.getByLabel('Full name');
    await fullName.fill('Juan');
    await profile.getByRole('button', { name: 'Save' }).click();
    // The merchant's rule for full names: first and last name.
    await expect.poll(() => profile.getByText(/first and last name/i).count()).toBeGreaterThan(0);
    await fullName.fill('Juan Dela Cruz');
    await profile.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => fullName.isEditable()).toBe(false);

    // Locked through the API too, and nothing changes.
    const locked = await call(atHome, 'PUT', '/wps/member/profile', { fullname: 'Pedro Penduko' });
    expect(locked).toEqual({ status: 409, errorCode: 'profile_field_locked' });
    await atHome.reload();
    await expect
      .poll(() => section(atHome, 'profile').getByLabel('Full name').inputValue())
      .toBe('Juan Dela Cruz');

    const contact = section(atHome, 'contact');
    await contact.getByRole('button', { name: 'Bind e-mail' }).click();
    await contact.getByLabel('E-mail', { exact: true }).fill('juan.delacruz@example.com');
    await contact.getByRole('button', { name: 'Send code' }).click();
    await contact
      .getByLabel('Verification code')
      .fill(await outbox('juan.delacruz@example.com', 'email'));
    await contact.getByRole('button', { name: 'Bind', exact: true }).click();
    await expect.poll(() => contact.innerText()).toContain('@example.com');

    const authenticator = section(atHome, 'authenticator');
    await authenticator.getByRole('button', { name: 'Set up' }).click();
    const secret = (await authenticator.getByTestId('authenticator-secret').textContent())!.trim();
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret),
      digits: 6,
      period: 30,
    });
    await authenticator.getByLabel('Authenticator code').fill(totp.generate());
    await authenticator.getByRole('button', { name: 'Bind', exact: true }).click();
    await authenticator.getByTestId('recovery-codes').waitFor({ state: 'visible' });
    await expectNoSidewaysScroll(atHome);
    await screenshot(atHome, 'security-centre-phone-en');

    // ---- signs out; then from another address the authenticator is asked for ----
    await atHome.getByRole('button', { name: 'Account menu: demo_member' }).click();
    await atHome.getByRole('button', { name: 'Sign out' }).click();
    await atHome
      .getByRole('dialog', { name: 'Sign out?' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await atHome.getByRole('link', { name: 'Log in' }).first().waitFor({ state: 'visible' });

    const away = await openFrom(travelling, 'desktop');
    await logInFrom(away);
    const verify = away.getByRole('dialog');
    await verify.getByText('Authenticator app').waitFor({ state: 'visible' });
    await verify.getByLabel('Authenticator code').fill('000000');
    await verify.getByRole('button', { name: 'Verify' }).click();
    await verify.getByText(/authenticator code is wrong/i).waitFor({ state: 'visible' });
    // The next step's code: the one the bind used is spent.
    await verify
      .getByLabel('Authenticator code')
      .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await verify.getByRole('button', { name: 'Verify' }).click();
    await verify.waitFor({ state: 'hidden' });

    // A second device at home (a known address: no extra check) ...
    const homeAgain = await openFrom(home);
    await logInFrom(homeAgain);
    await homeAgain.getByRole('dialog').waitFor({ state: 'hidden' });
    expect((await call(homeAgain, 'GET', '/wps/member/info')).status).toBe(200);

    // ... is signed out from away, and its session then gets 401.
    await away.goto(`${run.taya.url}/member?tab=securityCenter`);
    const logins = section(away, 'logins');
    const live = logins
      .getByTestId('login-row')
      .filter({ hasText: home })
      .filter({ has: away.getByRole('button', { name: 'Log out' }) });
    // The page loads the list first (the member centre's own calls come before it).
    await logins.getByTestId('login-row').first().waitFor();
    await expect.poll(() => live.count(), { timeout: 5_000 }).toBe(1);
    await logins.scrollIntoViewIfNeeded();
    await screenshot(away, 'security-logins-desktop-en');
    await live.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => live.count()).toBe(0);
    const revoked = await call(homeAgain, 'GET', '/wps/member/info');
    expect(revoked.status).toBe(401);
    expect((await call(away, 'GET', '/wps/member/info')).status).toBe(200);

    // Every change is on the record with its address.
    const record = section(away, 'changes');
    await expect.poll(() => record.innerText()).toContain(travelling);
    const text = await record.innerText();
    expect(text).toContain(home);
    expect(text).toMatch(/Full name/);
  });

  it('shows the security centre in Burmese, dark, on a phone', async () => {
    const page = await run.open('phone', { theme: 'dark', language: 'MY' });
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': home });
    await page.goto(`${run.taya.url}/login`);
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[autocomplete="username"]').fill('demo_member');
    await dialog.locator('input[autocomplete="current-password"]').fill('Demo#2026');
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(`${run.taya.url}/member?tab=securityCenter`);
    await page.getByTestId('member-centre').waitFor({ state: 'visible' });
    await page.getByTestId('login-row').first().waitFor({ state: 'visible' });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'security-centre-phone-my-dark');
  });
});
