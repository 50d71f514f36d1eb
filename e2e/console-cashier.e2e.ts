import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../apps/server/src/server';
import { seriousViolations } from './axe';
import { consoleLogin, markLoggedInBefore, newPage, screenshot } from './fixtures';
import {
  addPayoutEwallet,
  BrowserRun,
  expectNoSidewaysScroll,
  logIn,
  withoutDepositTurnover,
} from './steps';

/** A small real PNG, as a phone's screenshot of a bank receipt would be. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const laptop = { width: 1366, height: 900 };
const small = { width: 1024, height: 768 };

let run: BrowserRun;
let taya: RunningServer;
let member: Page;
let operator: Page;

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  await withoutDepositTurnover(taya);
  await markLoggedInBefore(taya);
  member = await run.open('phone', { theme: 'light' });
  operator = (await newPage(run.browser, laptop)).page;
});
afterAll(async () => {
  await operator?.context().close();
  await run?.stop();
});

const header = () => member.getByTestId('site-header').innerText();

/** Both sizes of a console screen: screenshot, no sideways scroll, no serious axe finding. */
async function look(name: string): Promise<void> {
  for (const [size, viewport] of [
    ['1366', laptop],
    ['1024', small],
  ] as const) {
    await operator.setViewportSize(viewport);
    await expectNoSidewaysScroll(operator);
    expect(await seriousViolations(operator)).toEqual([]);
    await screenshot(operator, `console-${name}-${size}`);
  }
  await operator.setViewportSize(laptop);
}

describe('the console cashier', () => {
  it('approves a bank deposit after seeing its receipt: the member is credited', async () => {
    await logIn(member, taya.url, { balance: '0.00' });
    await member.goto(`${taya.url}/member?tab=depositv2`);
    await member.getByRole('radio', { name: /Bank transfer/ }).check();
    await member.getByLabel('Amount', { exact: true }).fill('1000');
    await member.locator('input[type="file"]').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: receiptPng,
    });
    await expect.poll(() => member.getByRole('button', { name: /Remove image 1/ }).count()).toBe(1);
    await member.getByRole('button', { name: 'Submit deposit' }).click();
    await expect.poll(() => member.locator('body').innerText()).toContain('1,000.00');

    await consoleLogin(operator, taya.url, 'finance', '/cashier/deposits');
    await operator.getByRole('heading', { level: 1, name: 'Deposits' }).waitFor();
    const row = operator.getByTestId('deposits-table').getByTestId('table-row').first();
    await row.getByText('demo_member').waitFor();
    expect(await row.innerText()).toContain('1,000.00');
    // The receipt, fetched with the operator's token, is a real image.
    const thumb = row.getByTestId('upload-thumb');
    await thumb.waitFor();
    await expect
      .poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await look('deposits');
    await thumb.click();
    await operator.getByTestId('upload-large').waitFor();
    await screenshot(operator, 'console-deposit-receipt-1366');
    await operator.keyboard.press('Escape');
    await operator.getByTestId('upload-large').waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = operator.getByRole('dialog', { name: 'Approve deposit' });
    await dialog.getByLabel('Reason').fill('Receipt matches the bank statement');
    expect(await seriousViolations(operator)).toEqual([]);
    await screenshot(operator, 'console-deposit-approve-1366');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await operator.getByText('No deposits match these filters.').waitFor();

    await member.reload();
    await expect.poll(header).toContain('1,000.00');
  });

  it('pays a withdrawal with a reference: the member sees it paid, the balance is right', async () => {
    await member.goto(`${taya.url}/member?tab=withdraw`);
    await addPayoutEwallet(member, 'Demo Member', '0917 000 0002');
    await member.getByLabel('Amount', { exact: true }).fill('300');
    await member.getByLabel('Payment password', { exact: true }).fill('246810');
    await member.getByRole('button', { name: 'Withdraw now' }).click();
    await expect.poll(() => member.locator('body').innerText()).toContain('Under review');
    await expect.poll(header).toContain('700.00');

    await operator.goto(`${taya.url}/console/cashier/withdrawals`);
    await operator.getByRole('heading', { level: 1, name: 'Withdrawals' }).waitFor();
    const row = operator.getByTestId('withdrawals-table').getByTestId('table-row').first();
    await row.getByText('demo_member').waitFor();
    const text = await row.innerText();
    expect(text).toContain('300.00');
    // A first withdrawal to an account added minutes ago.
    expect(text).toContain('First withdrawal');
    expect(text).toContain('New payout account');
    await look('withdrawals');

    // The risk filter goes into the URL.
    await operator.getByLabel('Risk flag', { exact: true }).selectOption('first_withdrawal');
    await operator.getByRole('button', { name: 'Apply' }).click();
    await operator.waitForURL(/flag=first_withdrawal/);
    await row.getByText('demo_member').waitFor();

    await row.click();
    const detail = operator.getByTestId('withdrawal-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('payout-account').innerText()).toContain('09170000002');
    expect(await detail.innerText()).toContain('never had a withdrawal paid');
    await look('withdrawal-detail');
    await detail.getByRole('button', { name: 'Pay with reference' }).click();

    const pay = operator.getByRole('dialog', { name: 'Pay withdrawal' });
    await pay.getByLabel('Payment reference').fill('GC-2026-0042');
    await pay.getByLabel('Reason').fill('Sent by GCash business account');
    expect(await seriousViolations(operator)).toEqual([]);
    await screenshot(operator, 'console-withdrawal-pay-1366');
    await pay.getByRole('button', { name: 'Mark paid' }).click();
    await pay.waitFor({ state: 'detached' });
    await operator.getByText('No withdrawals match these filters.').waitFor();

    // Among the approved ones, with its reference.
    await operator.goto(`${taya.url}/console/cashier/withdrawals?status=approved`);
    const paid = operator.getByTestId('withdrawals-table').getByTestId('table-row').first();
    await paid.getByText('GC-2026-0042').waitFor();
    expect(await paid.innerText()).toContain('Approved');

    // The member: the withdrawal is paid out, waiting for the member's confirmation.
    await member.reload();
    await member.getByRole('button', { name: 'Received', exact: true }).waitFor();
    expect(await member.locator('body').innerText()).toContain('Approved');
    await expect.poll(header).toContain('700.00');
    await member.goto(`${taya.url}/member?tab=transactionHistory`);
    const records = member.getByTestId('transaction-row');
    await expect.poll(() => records.count()).toBe(3);
    expect(await records.first().innerText()).toContain('Withdrawal paid out');
    await expect.poll(header).toContain('700.00');
  });

  it('shows the dashboard with the day’s money and links to the queues', async () => {
    await operator.goto(`${taya.url}/console/dashboard`);
    await operator.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const deposits = operator.getByRole('region', { name: 'Deposits' });
    await expect.poll(() => deposits.innerText()).toContain('1,000.00');
    expect(await operator.getByRole('region', { name: 'Withdrawals' }).innerText()).toContain(
      '300.00',
    );
    await operator.getByRole('button', { name: '7 days' }).click();
    await operator.waitForURL(/range=7d/);
    await look('dashboard');
    await operator.getByRole('link', { name: /Pending withdrawals: 0/ }).click();
    await operator.waitForURL(/\/console\/cashier\/withdrawals\?status=pending/);
  });

  it('sets the review threshold and edits, disables and enables a payment channel', async () => {
    await operator.goto(`${taya.url}/console/cashier/channels`);
    await operator.getByRole('heading', { level: 1, name: 'Payment channels' }).waitFor();
    const threshold = operator.getByTestId('review-threshold');
    await threshold.getByText('No threshold:').waitFor();
    await threshold.getByLabel('Threshold (empty: none)', { exact: true }).fill('200');
    await threshold.getByLabel('Reason', { exact: true }).fill('Second look above 200');
    await threshold.getByRole('button', { name: 'Save threshold' }).click();
    await threshold.getByText('Withdrawals above 200.00 TLB').waitFor();
    // The paid 300.00 withdrawal is over it now.
    await operator.goto(`${taya.url}/console/cashier/withdrawals?status=all&flag=over_threshold`);
    const over = operator.getByTestId('withdrawals-table').getByTestId('table-row').first();
    await over.getByText('Over threshold').waitFor();

    await operator.goto(`${taya.url}/console/cashier/channels`);
    const row = operator.getByTestId('channels-table').getByTestId('table-row').first();
    await row.getByText('Enabled').waitFor();
    await look('channels');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = operator.getByRole('dialog');
    await edit.getByLabel('Maximum deposit').fill('12345');
    await edit.getByLabel('Reason').fill('Bank raised the daily limit');
    expect(await seriousViolations(operator)).toEqual([]);
    await screenshot(operator, 'console-channel-edit-1366');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('12,345.00').waitFor();

    await row.getByRole('button', { name: 'Disable' }).click();
    await operator.getByRole('dialog').getByLabel('Reason').fill('Bank account under review');
    await operator.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled').waitFor();
    await row.getByRole('button', { name: 'Enable' }).click();
    await operator.getByRole('dialog').getByLabel('Reason').fill('Bank account cleared');
    await operator.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
    await row.getByText('Enabled').waitFor();
  });
});
