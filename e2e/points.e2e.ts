import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { betRecords } from '../apps/server/src/modules/games/schema';
import { pointsRatios } from '../apps/server/src/modules/points/schema';
import type { RunningServer } from '../apps/server/src/server';
import { seriousViolations } from './axe';
import { screenshot } from './fixtures';
import {
  accountId,
  BrowserRun,
  demoPlayer,
  expectNoSidewaysScroll,
  logIn,
  minor,
  openTayaSlot,
  operatorCall,
  spinSlot,
} from './steps';

let run: BrowserRun;
let taya: RunningServer;

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  await demoPlayer(taya, 'e2e-points-fund');
  // The merchant's slot ratio, as an operator may configure it: 10 points for every 1.00 of
  // valid bet (the demo's 1 point per 100.00 would need a thousand spins for the cheapest reward).
  await taya.database.db
    .update(pointsRatios)
    .set({ points: 10, validBetUnit: 1_00n })
    .where(and(eq(pointsRatios.merchantCode, 'TYPH'), eq(pointsRatios.gameType, 'RNG')));
});
afterAll(() => run?.stop());

/** The demo member's settled bet records. */
async function settledRounds(): Promise<number> {
  const rows = await taya.database.db
    .select({ id: betRecords.id })
    .from(betRecords)
    .where(and(eq(betRecords.accountId, await accountId(taya)), eq(betRecords.status, 'settled')));
  return rows.length;
}

/** The operator console's call: the member's redemptions In Process, then a decision. */
async function operatorDecides(decision: 'approve' | 'reject', note?: string) {
  const listed = await operatorCall<{ id: string }[]>(
    taya,
    'GET',
    '/ops/points/redemptions?merchantCode=TYPH',
  );
  expect(listed.value).toHaveLength(1);
  const decided = await operatorCall(
    taya,
    'POST',
    `/ops/points/redemptions/${listed.value[0]!.id}/${decision}`,
    { body: note ? { note } : {} },
  );
  expect(decided.status).toBe(200);
}

describe('points mall and VIP in the browser', () => {
  it('a visitor sees the rewards and is asked to log in', async () => {
    const page = await run.open('phone', { theme: 'dark' });
    await page.goto(`${taya.url}/pointMall`);
    const voucher = page.getByTestId('reward-TYPH-POINTS-VOUCHER');
    await voucher.waitFor();
    expect(await voucher.getByRole('link', { name: 'Log in to redeem' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Redeem' }).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'points-mall-guest-phone-dark');
    expect(await seriousViolations(page), 'points mall (visitor)').toEqual([]);
  });

  it(
    'plays, earns points, redeems with the payment password, is approved; then the VIP page',
    { timeout: 180_000 },
    async () => {
      const page = await run.open('desktop', { theme: 'dark' });
      await logIn(page, taya.url, { balance: '500.00' });

      // Two spins of 100.00 on the TAYA slot: 200.00 of valid bet.
      await openTayaSlot(page, taya.url, '100.00');
      for (let spin = 1; spin <= 2; spin += 1) {
        await spinSlot(page, 15_000);
        // A win of exactly the bet leaves the balance as it was: count the settled rounds instead.
        await expect.poll(() => settledRounds(), { timeout: 15_000 }).toBe(spin);
      }
      // The points.earn job's work, without its one-minute wait for late settlements.
      const earned = await taya.app.services.points.earnDue({ settleLagMs: 0 });
      expect(earned.points).toBe(2_000n);

      await page.goto(`${taya.url}/pointMall`);
      const balance = page.getByTestId('points-balance');
      await expect.poll(() => balance.innerText()).toBe('2,000');
      const tshirt = page.getByTestId('reward-TYPH-POINTS-TSHIRT');
      expect(await tshirt.innerText()).toContain('You need 500 more points');
      expect(await tshirt.getByRole('button', { name: 'Redeem' }).isDisabled()).toBe(true);
      await screenshot(page, 'points-mall-desktop-dark');
      expect(await seriousViolations(page), 'points mall').toEqual([]);

      // A wrong payment password is refused in plain words and takes nothing.
      await page
        .getByTestId('reward-TYPH-POINTS-VOUCHER')
        .getByRole('button', { name: 'Redeem' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Redeem Cash voucher' });
      await dialog.getByLabel('Payment password').fill('111111');
      await dialog.getByRole('button', { name: 'Redeem now' }).click();
      await dialog.getByText('The payment password is wrong. Check it and try again.').waitFor();
      await screenshot(page, 'points-redeem-wrong-password-desktop-dark');
      expect(await seriousViolations(page), 'redeem dialog').toEqual([]);
      expect(await balance.innerText()).toBe('2,000');

      await dialog.getByLabel('Payment password').fill('246810');
      await dialog.getByRole('button', { name: 'Redeem now' }).click();
      const result = dialog.getByTestId('redeem-result');
      await result.waitFor();
      expect(await result.innerText()).toContain('You redeemed this reward for 1,000 points.');
      expect(await result.innerText()).toContain('In Process');
      await screenshot(page, 'points-redeem-result-desktop-dark');
      await result.getByRole('button', { name: 'Exchange history' }).click();
      await page.waitForURL(/\/pointMall\?tab=history$/);
      const history = page.getByTestId('exchange-history');
      await expect.poll(() => history.innerText()).toContain('In Process');
      await expect.poll(() => balance.innerText()).toBe('1,000');
      const cashBefore = minor(await page.getByTestId('site-header').innerText());

      // An operator approves it: the history says Approved and the 100.00 reaches the wallet.
      await operatorDecides('approve');
      await page.reload();
      await expect
        .poll(() => page.getByTestId('exchange-history').innerText())
        .toContain('Approved');
      await expect
        .poll(async () => minor(await page.getByTestId('site-header').innerText()))
        .toBe(cashBefore + 100_00n);
      await screenshot(page, 'points-history-approved-desktop-dark');
      expect(await seriousViolations(page), 'exchange history').toEqual([]);

      // The points detail: 2,000 earned on slots, 1,000 spent.
      await page.getByRole('tab', { name: 'Points detail' }).click();
      const rows = page.getByTestId('points-detail-row');
      await expect.poll(() => rows.count()).toBe(3);
      expect(await rows.nth(0).innerText()).toContain('−1,000');
      expect(await page.getByTestId('points-detail').innerText()).toContain('Slots');

      // VIP: the bets count toward the next level once the progress job has run.
      await taya.app.services.vip.foldProgress();
      await page.goto(`${taya.url}/member?tab=playerRank`);
      await expect.poll(() => page.getByTestId('vip-current-label').innerText()).toBe('VIP 0');
      const bet = page.getByTestId('vip-progress-bet');
      expect(await bet.innerText()).toContain('₱\u00a0200.00 / ₱\u00a010,000.00');
      expect(await bet.innerText()).toContain('₱\u00a09,800.00 to go');
      expect(await page.getByTestId('vip-level-5').innerText()).toContain('No limit');
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'vip-desktop-dark');
      expect(await seriousViolations(page), 'VIP').toEqual([]);
    },
  );

  it('reads well on a phone in Burmese, with a rejection and its reason', async () => {
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, taya.url);
    // Then the player picks Burmese (the language the site remembers).
    await page.evaluate(() => window.localStorage.setItem('taya.language', 'MY'));
    await page.goto(`${taya.url}/pointMall`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('my');
    await expect.poll(() => page.getByTestId('points-balance').innerText()).toBe('၁,၀၀၀');
    // Burmese reward names come from the server in the asked language.
    await page.getByTestId('reward-TYPH-POINTS-VOUCHER').getByText('ငွေသား ဘောက်ချာ').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'points-mall-phone-my');
    expect(await seriousViolations(page), 'points mall (MY, light)').toEqual([]);

    await page.getByTestId('reward-TYPH-POINTS-VOUCHER').getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="paymentPassword"]').fill('246810');
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByTestId('redeem-result').waitFor();
    await screenshot(page, 'points-redeem-result-phone-my');
    await operatorDecides('reject', 'Out of vouchers this week');
    await page.goto(`${taya.url}/pointMall?tab=history`);
    const reason = page.getByTestId('redemption-reason');
    await expect.poll(() => reason.innerText()).toContain('Out of vouchers this week');
    await expect.poll(() => page.getByTestId('points-balance').innerText()).toBe('၁,၀၀၀');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'points-history-phone-my');

    await page.goto(`${taya.url}/member?tab=playerRank`);
    await page.getByTestId('vip-progress-bet').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'vip-phone-my');
    expect(await seriousViolations(page), 'VIP (MY, light)').toEqual([]);
  });

  it('earns points from bets too small to earn one alone, on the running total', async () => {
    // 1 point for every 3.00 of valid bet: a 1.00 spin alone earns none, three of them earn one.
    await taya.database.db
      .update(pointsRatios)
      .set({ points: 1, validBetUnit: 3_00n })
      .where(and(eq(pointsRatios.merchantCode, 'TYPH'), eq(pointsRatios.gameType, 'RNG')));
    const page = await run.open('phone', { theme: 'dark' });
    await logIn(page, taya.url);
    await page.goto(`${taya.url}/pointMall`);
    const balance = page.getByTestId('points-balance');
    await expect.poll(() => balance.innerText()).toBe('1,000');
    const rounds = await settledRounds();
    await openTayaSlot(page, taya.url, '1.00');
    for (let spin = 1; spin <= 3; spin += 1) {
      await spinSlot(page, 15_000);
      await expect.poll(() => settledRounds(), { timeout: 15_000 }).toBe(rounds + spin);
      const earned = await taya.app.services.points.earnDue({ settleLagMs: 0 });
      expect(earned.points).toBe(spin === 3 ? 1n : 0n);
    }
    await page.goto(`${taya.url}/pointMall`);
    await expect.poll(() => balance.innerText()).toBe('1,001');
    await page.getByRole('tab', { name: 'Points detail' }).click();
    const rows = page.getByTestId('points-detail-row');
    await expect.poll(async () => rows.nth(0).innerText()).toContain('+1');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'points-small-bets-phone-dark');
  });
});
