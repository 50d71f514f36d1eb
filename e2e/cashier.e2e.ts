import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../apps/server/src/server';
import { markLoggedInBefore, screenshot } from './fixtures';
import { addPayoutEwallet, BrowserRun, logIn, operatorCall, withoutDepositTurnover } from './steps';

let run: BrowserRun;
let taya: RunningServer;
let page: Page;

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  // This flow is about money in and out: no wagering requirement (games arrive later), and the
  // demo member has logged in before (no first-log-in password change).
  await withoutDepositTurnover(taya);
  await markLoggedInBefore(taya);
  page = await run.open('phone', { theme: 'light' });
});
afterAll(() => run?.stop());

const header = () => page.getByTestId('site-header');

describe('cashier in the browser', () => {
  it('deposits through the sandbox gateway, withdraws, is paid by an operator, and confirms', async () => {
    await logIn(page, taya.url, { balance: '0.00' });

    // Deposit online: the gateway's pay page, then back with the balance credited.
    await page.goto(`${taya.url}/member?tab=depositv2`);
    await page.getByRole('radio', { name: /Online payment \(sandbox\)/ }).check();
    await page.getByLabel('Amount', { exact: true }).fill('1000');
    await screenshot(page, 'deposit-phone-en');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Pay now' }).waitFor({ state: 'visible' });
    await screenshot(page, 'sandbox-gateway-phone');

    // Someone without the member's session (another browser) cannot pay it.
    const stranger = await run.open('phone', { theme: 'light' });
    await stranger.goto(page.url());
    await stranger.getByRole('button', { name: 'Pay now' }).click();
    await expect
      .poll(() => stranger.getByRole('alert').innerText())
      .toContain('Log in as the member who made this deposit');
    await screenshot(stranger, 'sandbox-gateway-no-session-phone');
    await stranger.close();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/member\?tab=depositv2.*paid=1/);
    await expect.poll(() => header().innerText()).toContain('1,000.00');
    await screenshot(page, 'deposit-paid-phone-en');

    // Withdraw 300 to a new e-wallet.
    await page.goto(`${taya.url}/member?tab=withdraw`);
    await addPayoutEwallet(page, 'Demo Member', '0917 000 0002');
    await page.getByLabel('Amount', { exact: true }).fill('300');
    await page.getByLabel('Payment password', { exact: true }).fill('246810');
    await page.getByRole('button', { name: 'Withdraw now' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Under review');
    await expect.poll(() => header().innerText()).toContain('700.00');
    await screenshot(page, 'withdraw-phone-en');

    // An operator approves it through the API.
    const operator = { subjectId: 'e2e-operator' };
    const queue = await operatorCall<{ list: { id: string; amount: string }[] }>(
      taya,
      'GET',
      '/ops/cashier/withdrawals?merchantCode=TYPH',
      operator,
    );
    const [pending] = queue.value.list;
    expect(pending?.amount).toBe('300.00');
    const approve = await operatorCall(
      taya,
      'POST',
      `/ops/cashier/withdrawals/${pending!.id}/approve`,
      { ...operator, body: {} },
    );
    expect(approve.status).toBe(200);

    // The member confirms the money arrived.
    await page.reload();
    await page.getByRole('button', { name: 'Received', exact: true }).click();
    // The question is answered: its buttons go, and the withdrawal says Received.
    await expect
      .poll(() => page.getByRole('button', { name: 'Received', exact: true }).count())
      .toBe(0);
    const withdrawal = await page.locator('body').innerText();
    expect(withdrawal).toContain('Approved');
    expect(withdrawal).toContain('Received');
    await screenshot(page, 'withdraw-confirmed-phone-en');

    // The account record shows all four movements, each on the wallet it moved.
    await page.goto(`${taya.url}/member?tab=transactionHistory`);
    // Wait for the rows themselves (the type filter's options carry the same names).
    const records = page.getByTestId('transaction-row');
    await expect.poll(() => records.count()).toBe(4);
    const rows = await records.allInnerTexts();
    expect(rows[0]).toContain('Withdrawal received');
    expect(rows[0]).toContain('Withdrawal in transit');
    // The withdrawal's later steps are progress, not money leaving again: no minus sign.
    expect(rows[0]).toContain('300.00');
    expect(rows[0]).not.toMatch(/[−-]₱?\s?300\.00/);
    expect(rows[1]).toContain('Withdrawal paid out');
    expect(rows[1]).toContain('Withdrawal pending');
    expect(rows[1]).not.toMatch(/[−-]₱?\s?300\.00/);
    expect(rows[2]).toContain('Withdrawal requested');
    expect(rows[2]).toContain('Main wallet');
    expect(rows[2]).toMatch(/[−-]₱?\s?300\.00/);
    expect(rows[2]).toContain('700.00');
    expect(rows[3]).toContain('Deposit');
    expect(rows[3]).toContain('+₱\u00a01,000.00');
    await screenshot(page, 'account-record-phone-en');
    await expect.poll(() => header().innerText()).toContain('700.00');
  });
});
