import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../apps/server/src/server';
import { gotoSettled, networkSettled, screenshot } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, logIn, minor } from './steps';

let run: BrowserRun;
let taya: RunningServer;

/**
 * One money display (issue 19): the header shows the cash and the bonus balance with the
 * merchant's symbol, the bonus and reward pages show amounts with the same symbol, and the
 * currency's code ("TLB") is nowhere on screen. demo_member has 500.00 in cash and 123.45 in its
 * bonus balance, put there as a paid bonus would.
 */
beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  const memberId = await demoPlayer(taya, 'e2e-currency-cash');
  const { wallet } = taya.app.services;
  const expense = await wallet.ledger.account({
    merchantCode: 'TYPH',
    currency: 'TLB',
    ownerId: null,
    kind: 'payment_clearing',
    subKind: 'e2e-bonus',
    allowNegative: true,
  });
  const bonus = await wallet.ledger.account({
    merchantCode: 'TYPH',
    currency: 'TLB',
    ownerId: memberId,
    kind: 'member_bonus',
  });
  await wallet.ledger.post({
    merchantCode: 'TYPH',
    idempotencyKey: 'e2e-currency-bonus',
    type: 'promotion_bonus',
    actor: 'e2e',
    postings: [
      { accountId: expense, amount: -123_45n },
      { accountId: bonus, amount: 123_45n },
    ],
  });
});
afterAll(() => run?.stop());

const pages = {
  home: '/',
  wallet: '/member?tab=transferFund',
  bonus: '/member?tab=bonusDetails',
  rewards: '/member?tab=rewardCenter',
  promotions: '/promotions',
};

async function headerAmounts(page: Page) {
  const cash = await page.getByTestId('balance-amount').innerText();
  const bonus = await page.getByTestId('bonus-amount').innerText();
  return { cash, bonus };
}

async function expectNoCurrencyCode(page: Page, path: string) {
  await gotoSettled(page, `${taya.url}${path}`);
  await page.getByTestId('bonus-amount').waitFor();
  // Whatever loads after the header (lists, panels) has had its chance to show the code.
  await networkSettled(page);
  const text = await page.locator('body').innerText();
  expect(text, path).not.toContain('TLB');
}

describe('one money display', () => {
  it('shows cash and bonus in the header with the symbol the bonus page uses, and never the code', async () => {
    const page = await run.open('desktop');
    await logIn(page, taya.url, { balance: '500.00' });
    await expect.poll(async () => (await headerAmounts(page)).bonus).toBe('₱\u00a0123.45');
    const header = await headerAmounts(page);
    expect(header.cash).toBe('₱\u00a0500.00');

    await page.goto(`${taya.url}${pages.bonus}`);
    const bonusPage = await page.getByTestId('bonus-balance').innerText();
    expect(bonusPage).toBe(header.bonus);
    expect(minor(bonusPage)).toBe(123_45n);

    for (const path of Object.values(pages)) await expectNoCurrencyCode(page, path);
  });

  for (const look of [
    { name: 'en-light', language: 'EN', theme: 'light' as const },
    { name: 'en-dark', language: 'EN', theme: 'dark' as const },
    { name: 'my-light', language: 'MY', theme: 'light' as const },
    { name: 'my-dark', language: 'MY', theme: 'dark' as const },
  ]) {
    it(`fits the header on a 360px phone (${look.name})`, async () => {
      const page = await run.open('phone', { language: look.language, theme: look.theme });
      await page.setViewportSize({ width: 360, height: 780 });
      await logIn(page, taya.url, { anyLanguage: true });
      await page.goto(`${taya.url}/`);
      const bonus = page.getByTestId('bonus-amount');
      await bonus.waitFor();
      const { cash, bonus: bonusText } = await headerAmounts(page);
      if (look.language === 'MY') {
        // Myanmar digits. Chromium has no Burmese number data, so its symbol goes where English
        // puts it (a browser with the data puts it after, as Burmese does).
        expect(cash).toMatch(/^(₱\u00a0၅၀၀\.၀၀|၅၀၀\.၀၀\u00a0₱)$/);
        expect(bonusText).toMatch(/^(₱\u00a0၁၂၃\.၄၅|၁၂၃\.၄၅\u00a0₱)$/);
      } else {
        expect(cash).toBe('₱\u00a0500.00');
        expect(bonusText).toBe('₱\u00a0123.45');
      }
      await expectNoSidewaysScroll(page);
      // Every part of the wallet bar is inside the header and the screen.
      const bar = await page.getByTestId('header-balance').boundingBox();
      expect(bar).not.toBeNull();
      expect(bar!.x).toBeGreaterThanOrEqual(0);
      expect(bar!.x + bar!.width).toBeLessThanOrEqual(360);
      for (const id of ['balance-amount', 'bonus-amount']) {
        const box = await page.getByTestId(id).boundingBox();
        expect(box!.x + box!.width, id).toBeLessThanOrEqual(bar!.x + bar!.width);
      }
      await screenshot(page, `currency-header-${look.name}-360`);
      await page.goto(`${taya.url}${pages.bonus}`);
      await page.getByTestId('bonus-balance').waitFor();
      await screenshot(page, `currency-bonus-${look.name}-360`);
    });
  }
});
