import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { consoleLogin, demoOperatorCode, newPage, screenshot } from './fixtures';
import { BrowserRun, expectNoSidewaysScroll } from './steps';

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

async function open(size: keyof typeof consoleViewports): Promise<Page> {
  const { page } = await newPage(run.browser, consoleViewports[size]);
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

describe('the operator console', () => {
  it('logs an administrator in, shows the nav, the audit log and its check, and logs out', async () => {
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'admin');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome, demo_admin' }).isVisible(),
    ).resolves.toBe(true);
    await expect(nav(page).getByRole('link', { name: 'Audit log' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByTestId('topbar-merchant').textContent()).resolves.toContain('TYPH');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-home-1366');

    await nav(page).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    // The log-in just made is the newest row.
    const firstRow = page.getByTestId('audit-table').getByTestId('table-row').first();
    await firstRow.getByText('operators.login').waitFor();
    await page.getByRole('button', { name: 'Verify chain' }).click();
    const verdict = page.getByTestId('audit-verify-result');
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(/The chain is intact: \d+ rows? checked/);

    // A filter goes into the URL and survives a reload.
    await page.getByLabel('Action', { exact: true }).fill('operators.login');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/action=operators\.login/);
    await page.reload();
    await page.getByTestId('audit-table').getByTestId('table-row').first().waitFor();
    expect(await page.getByLabel('Action', { exact: true }).inputValue()).toBe('operators.login');

    await firstRow.click();
    const detail = page.getByTestId('audit-detail');
    await detail.waitFor();
    await expect(detail.getByText('Before', { exact: true }).isVisible()).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-audit-detail-1366');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-audit-1366');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Operator log-in' }).waitFor();
    await page.getByTestId('login-notice').getByText('You are logged out.').waitFor();
    // The session is over: a console page asks for a log-in again.
    await page.goto(`${run.taya.url}/console/audit`);
    await page.getByRole('heading', { level: 1, name: 'Operator log-in' }).waitFor();
  });

  it('fits the smaller screen with the navigation folded', async () => {
    const page = await open('small');
    await consoleLogin(page, run.taya.url, 'admin', '/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByTestId('audit-table').getByTestId('table-row').first().waitFor();
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-audit-1024');
    await page.getByRole('link', { name: 'My sessions' }).first().click();
    await page.getByTestId('sessions-table').getByTestId('table-row').first().waitFor();
    expect(await page.getByTestId('sessions-table').getByText('this tab').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-sessions-1024');

    // An operator of every merchant switches to another: a new log-in, and the old one ends.
    await page.getByRole('button', { name: 'Switch', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch merchant' });
    await dialog.getByLabel('Merchant code').fill('TYMM');
    await dialog.getByLabel('Password', { exact: true }).fill('Demo#2026');
    await dialog.getByLabel('Authenticator code').fill(await demoOperatorCode('demo_admin'));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-switch-merchant-1024');
    await dialog.getByRole('button', { name: 'Switch', exact: true }).click();
    await page.getByTestId('topbar-merchant').getByText('TYMM').waitFor();
    await page.reload();
    await page.getByTestId('sessions-table').getByTestId('table-row').first().waitFor();
    expect(await page.getByTestId('sessions-table').getByTestId('table-row').count()).toBe(1);
  });

  it('shows a read-only operator what it may read and no write control', async () => {
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'read_only', '/sessions');
    const table = page.getByTestId('sessions-table');
    // It may read other operators' sessions (the administrator's from the tests above) …
    await table.getByRole('row').filter({ hasText: 'demo_admin' }).first().waitFor();
    // … but revoke none of them: its only write is ending its own session.
    expect(await table.getByRole('button', { name: 'Revoke' }).count()).toBe(0);
    expect(await table.getByRole('button', { name: 'Log out' }).count()).toBe(1);
    expect(await page.getByTestId('topbar-operator').textContent()).toContain('Read only');
    await expect(nav(page).getByRole('link', { name: 'Audit log' }).isVisible()).resolves.toBe(
      true,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-sessions-readonly-1366');
  });

  it('keeps a role out of sections it may not read', async () => {
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'finance');
    expect(await nav(page).getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await page.goto(`${run.taya.url}/console/audit`);
    await page.getByRole('heading', { level: 1, name: 'Not available to your role' }).waitFor();
  });

  it('refuses a wrong code with a message and keeps the operator on the log-in page', async () => {
    const page = await open('laptop');
    await page.goto(`${run.taya.url}/console/login`);
    await page.getByLabel('Username', { exact: true }).fill('demo_support');
    await page.getByLabel('Password', { exact: true }).fill('Demo#2026');
    await page.getByLabel('Authenticator code', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').getByText('Wrong username, password or code.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-login-error-1366');
    // A code that is not six digits is caught before it is sent.
    await page.getByLabel('Authenticator code', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByText('Six digits').waitFor();
  });

  it('sends an operator whose session ends back to the log-in page, saying so', async () => {
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'support', '/sessions');
    await page.getByTestId('sessions-table').getByTestId('table-row').first().waitFor();
    // The session is ended on the server behind the page's back (as a revoke from elsewhere).
    await page.evaluate(async () => {
      const token = sessionStorage.getItem('taya.console.token');
      await fetch('/ops/session/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
    });
    // The page's session stream hears of it: the log-in page comes back without a reload.
    await page.getByTestId('login-notice').getByText('Your session ended').waitFor();
  });
});
