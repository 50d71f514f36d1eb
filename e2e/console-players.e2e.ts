import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { consoleLogin, markLoggedInBefore, newPage, screenshot } from './fixtures';
import { BrowserRun, accountId, expectNoSidewaysScroll, logIn, minor } from './steps';

const consoleViewports = {
  laptop: { width: 1366, height: 900 },
  small: { width: 1024, height: 768 },
} as const;

let run: BrowserRun;
let memberId: string;
beforeAll(async () => {
  run = await BrowserRun.start();
  await markLoggedInBefore(run.taya);
  memberId = await accountId(run.taya);
}, 60_000);
afterAll(() => run?.stop());

async function consolePage(size: keyof typeof consoleViewports): Promise<Page> {
  const { page } = await newPage(run.browser, consoleViewports[size]);
  return page;
}

/** Checks the screen: no serious accessibility faults, nothing sideways, a picture of it. */
async function look(page: Page, name: string): Promise<void> {
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, name);
}

async function confirmWithReason(page: Page, button: string, reason: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Reason|Note/).fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('console: players', () => {
  it('disables a player whose open page drops to logged out at once', async () => {
    const player = await run.open('desktop');
    await logIn(player, run.taya.url, { balance: '0.00' });
    const header = player.getByTestId('site-header');

    const page = await consolePage('laptop');
    await consoleLogin(page, run.taya.url, 'admin', '/players');
    await page.getByRole('heading', { level: 1, name: 'Players' }).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('demo_member');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/q=demo_member/);
    const row = page.getByTestId('players-table').getByTestId('table-row').first();
    await row.getByText('demo_member', { exact: true }).waitFor();
    await look(page, 'console-players-1366');

    await row.click();
    await page.getByRole('heading', { level: 1, name: 'demo_member' }).waitFor();
    await page.getByTestId('player-ledger').waitFor();
    await look(page, 'console-player-1366');

    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await confirmWithReason(page, 'Disable', 'Chargeback fraud under review');
    await page
      .getByTestId('player-notice')
      .getByText(/Player disabled; [1-9]\d* sessions? ended/)
      .waitFor();
    expect(await page.getByTestId('player-status').textContent()).toBe('Disabled');

    // The player does nothing: the page learns it from its session stream.
    const started = Date.now();
    await header.getByRole('link', { name: 'Log in' }).waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await player.evaluate(() => sessionStorage.getItem('taya.token'))).toBeNull();

    // The change record lists it, with the reason.
    await page.getByRole('tab', { name: 'Change record' }).click();
    await page.getByTestId('player-changes').getByText('Chargeback fraud under review').waitFor();
    await look(page, 'console-player-changes-1366');

    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await confirmWithReason(page, 'Enable', 'Review closed, no fraud');
    expect(await page.getByTestId('player-status').textContent()).toBe('Active');
  }, 90_000);

  it('holds a large adjustment for a second operator, who approves it once', async () => {
    const admin = await consolePage('small');
    await consoleLogin(admin, run.taya.url, 'admin', `/players/${memberId}`);
    await admin.getByRole('heading', { level: 1, name: 'demo_member' }).waitFor();
    const before = minor((await admin.getByTestId('player-cash').textContent()) ?? '');
    await look(admin, 'console-player-1024');

    await admin.getByRole('button', { name: 'Manual adjustment' }).click();
    const form = admin.getByRole('dialog');
    await form.getByLabel('Direction').selectOption('credit');
    await form.getByLabel('Wallet').selectOption('cash');
    await form.getByLabel(/^Amount/).fill('20000.00');
    await form.getByLabel('Reason').fill('Goodwill for the outage of 3 March');
    await look(admin, 'console-player-adjust-1024');
    await form.getByRole('button', { name: 'Submit adjustment' }).click();
    await form.waitFor({ state: 'detached' });
    await admin
      .getByTestId('player-notice')
      .getByText(/waiting for a second operator/)
      .waitFor();
    expect(minor((await admin.getByTestId('player-cash').textContent()) ?? '')).toBe(before);

    // The requester sees it waiting and has no way to approve it.
    await admin.goto(`${run.taya.url}/console/approvals`);
    const mine = admin.getByTestId('approvals-table').getByTestId('table-row').first();
    await mine.getByText('Waiting for a second operator').waitFor();
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await look(admin, 'console-approvals-1024');

    const finance = await consolePage('laptop');
    await consoleLogin(finance, run.taya.url, 'finance', '/approvals');
    const pending = finance.getByTestId('approvals-table').getByTestId('table-row').first();
    await pending.getByText('demo_admin').waitFor();
    await look(finance, 'console-approvals-1366');
    await pending.getByRole('button', { name: 'Approve' }).click();
    await confirmWithReason(finance, 'Approve', 'Checked against the outage ticket');
    await finance.getByText('No request with this status.').waitFor();

    await finance.goto(`${run.taya.url}/console/approvals?status=approved`);
    const approved = finance.getByTestId('approvals-table').getByTestId('table-row');
    await approved.first().getByText('Approved').waitFor();
    expect(await approved.count()).toBe(1);

    await finance.goto(`${run.taya.url}/console/players/${memberId}`);
    const after = minor((await finance.getByTestId('player-cash').textContent()) ?? '');
    expect(after - before).toBe(2_000_000n);
    await finance.getByTestId('player-ledger').getByTestId('table-row').first().waitFor();
    await look(finance, 'console-player-ledger-1366');
  }, 90_000);
});
