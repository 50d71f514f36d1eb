import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../apps/server/src/server';
import {
  launchBrowser,
  markLoggedInBefore,
  newPage,
  operatorToken,
  screenshot,
  startTaya,
  submitLoginPopup,
  viewports,
} from './fixtures';

/** A small real PNG, as a phone's screenshot of a bank receipt would be. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let taya: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  taya = await startTaya();
  await markLoggedInBefore(taya, ['demo_agent', 'demo_master']);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await taya?.stop();
});

async function openAs(
  username: string,
  viewport: { width: number; height: number },
  storage: Record<string, string>,
  language?: string,
): Promise<Page> {
  const { context, page } = await newPage(browser, viewport, storage);
  contexts.push(context);
  await page.goto(`${taya.url}/login`);
  await submitLoginPopup(page, username);
  // Agents land in the agent centre; the wallet pages are in the member centre.
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${taya.url}/member?tab=transactionHistory`);
  await expect.poll(() => page.getByTestId('site-header').innerText()).toContain('0.00');
  if (language) {
    await page.evaluate((code) => window.localStorage.setItem('taya.language', code), language);
    await page.reload();
  }
  return page;
}

async function operatorCall(method: 'GET' | 'POST', path: string) {
  const token = await operatorToken(taya, 'TYPH', 'e2e-operator');
  const res = await fetch(`${taya.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  return (await res.json()) as { success: boolean; value: unknown };
}

describe('wallets in the browser', () => {
  it('a bank deposit with its receipt, game-wallet transfers, and a transfer to the upline', async () => {
    const page = await openAs('demo_agent', viewports.phone, { 'taya.theme': 'light' });
    const header = () => page.getByTestId('site-header').innerText();

    // Bank transfer: the receipt image goes with the deposit; an operator approves it.
    await page.goto(`${taya.url}/member?tab=depositv2`);
    await page.getByRole('radio', { name: /Bank transfer/ }).check();
    await page.getByLabel('Amount', { exact: true }).fill('500');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: receiptPng,
    });
    await expect.poll(() => page.getByRole('button', { name: /Remove image 1/ }).count()).toBe(1);
    await screenshot(page, 'deposit-receipt-phone-en');
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('500.00');
    const queue = (
      (await operatorCall('GET', '/ops/cashier/deposits?merchantCode=TYPH')).value as {
        list: { id: string; receiptIds: string[] }[];
      }
    ).list;
    expect(queue).toHaveLength(1);
    expect(queue[0]!.receiptIds).toHaveLength(1);
    expect(
      (await operatorCall('POST', `/ops/cashier/deposits/${queue[0]!.id}/approve`)).success,
    ).toBe(true);
    await page.reload();
    await expect.poll(header).toContain('500.00');

    // My wallet: 200 to the sandbox live casino, then everything back.
    await page.goto(`${taya.url}/member?tab=transferFund`);
    const transfer = page.getByTestId('wallet-transfer');
    // Each choice reads "name · balance"; the sandbox live casino's account type is 101.
    await transfer.getByLabel('To', { exact: true }).selectOption('101');
    await transfer.getByLabel('Amount', { exact: true }).fill('200');
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('200.00 moved from');
    const wallets = await page.locator('body').innerText();
    expect(wallets).toMatch(/Sandbox Live Casino[\s\S]*200\.00/);
    await screenshot(page, 'my-wallet-phone-en');
    await page.getByRole('button', { name: 'Recall all to main wallet' }).click();
    await expect.poll(() => page.getByTestId('wallet-transfer').innerText()).toContain('500.00');

    // To the upline, with the payment password.
    await page.goto(`${taya.url}/member?tab=transferUpline`);
    const upline = page.getByTestId('upline-transfer');
    await expect.poll(() => upline.innerText()).toContain('demo_master');
    await upline.getByLabel('Amount', { exact: true }).fill('50');
    await upline.getByLabel('Payment password', { exact: true }).fill('246810');
    await upline.getByRole('button', { name: 'Transfer to upline' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('sent to demo_master');
    await expect.poll(header).toContain('450.00');
    await screenshot(page, 'transfer-upline-phone-en');

    // The account record lists every leg.
    await page.goto(`${taya.url}/member?tab=transactionHistory`);
    const rows = page.getByTestId('transaction-row');
    await expect.poll(() => rows.count()).toBe(6);
    const texts = await rows.allInnerTexts();
    expect(texts[0]).toContain('Agent transfer');
    expect(texts[texts.length - 1]).toContain('Deposit');
  });

  it('looks right in Burmese on a phone and in the dark theme on a desktop', async () => {
    const burmese = await openAs('demo_master', viewports.phone, { 'taya.theme': 'light' }, 'MY');
    await burmese.goto(`${taya.url}/member?tab=transferFund`);
    await burmese.getByTestId('wallet-transfer').waitFor();
    await expect.poll(() => burmese.locator('html').getAttribute('lang')).toBe('my');
    await screenshot(burmese, 'my-wallet-phone-my');
    // The page fits the phone: nothing pushes it sideways.
    const overflow = await burmese.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    const dark = await openAs('demo_master', viewports.desktop, { 'taya.theme': 'dark' });
    await dark.goto(`${taya.url}/member?tab=transactionHistory`);
    await expect.poll(() => dark.getByTestId('transaction-row').count()).toBeGreaterThan(0);
    await screenshot(dark, 'account-record-desktop-dark');
    await dark.goto(`${taya.url}/member?tab=transferFund`);
    await dark.getByTestId('wallet-transfer').waitFor();
    await screenshot(dark, 'my-wallet-desktop-dark');
  });
});
