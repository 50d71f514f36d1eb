import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betRecords } from '../apps/server/src/modules/games/schema';
import { pointsRatios } from '../apps/server/src/modules/points/schema';
import type { RunningServer } from '../apps/server/src/server';
import { seriousViolations } from './axe';
import { consoleLogin, markLoggedInBefore, newPage, screenshot } from './fixtures';
import { accountId, BrowserRun, expectNoSidewaysScroll, logIn } from './steps';

const laptop = { width: 1366, height: 900 };
const small = { width: 1024, height: 768 };

let run: BrowserRun;
let taya: RunningServer;
let member: Page;
let operator: Page;

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  await markLoggedInBefore(taya);
  member = await run.open('desktop', { theme: 'light' });
  operator = (await newPage(run.browser, laptop)).page;
});
afterAll(async () => {
  await operator?.context().close();
  await run?.stop();
});

/** Both sizes of a console screen: screenshot, no sideways scroll, no serious axe finding. */
async function look(name: string): Promise<void> {
  for (const [size, viewport] of [
    ['1366', laptop],
    ['1024', small],
  ] as const) {
    await operator.setViewportSize(viewport);
    await expectNoSidewaysScroll(operator);
    expect(await seriousViolations(operator), name).toEqual([]);
    await screenshot(operator, `console-${name}-${size}`);
  }
  await operator.setViewportSize(laptop);
}

/** 1,000 points for the demo member: one settled 100.00 slot bet at 10 points per 1.00. */
async function earnThousandPoints(): Promise<void> {
  const db = taya.database.db;
  await db
    .update(pointsRatios)
    .set({ points: 10, validBetUnit: 1_00n })
    .where(and(eq(pointsRatios.merchantCode, 'TYPH'), eq(pointsRatios.gameType, 'RNG')));
  const roundId = randomUUID();
  const memberId = await accountId(taya);
  const at = new Date(Date.now() - 60_000);
  await db.insert(betRecords).values({
    id: `TEST:${roundId}:${memberId}`,
    merchantCode: 'TYPH',
    accountId: memberId,
    vendorCode: 'TEST',
    gameId: 'TYPH-TAYA-FORTUNE',
    gameType: 'RNG',
    roundId,
    currency: 'TLB',
    stake: 100_00n,
    validBet: 100_00n,
    payout: 0n,
    status: 'settled',
    placedAt: at,
    settledAt: at,
  });
  const earned = await taya.app.services.points.earnDue({ settleLagMs: 0 });
  expect(earned.points).toBe(1_000n);
}

describe('the console promotions section', () => {
  it('creates a first-deposit bonus the member then sees', { timeout: 120_000 }, async () => {
    await consoleLogin(operator, taya.url, 'admin', '/promotions');
    await operator.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
    await operator.getByRole('button', { name: 'New promotion' }).click();
    const form = operator.getByTestId('promotion-form');
    await form.waitFor();
    await form.getByLabel('Title (English)').fill('Console first deposit 50%');
    await form.getByLabel('Description (English)').fill('Half again on your first deposit.');
    await form.getByLabel('Bonus (%)').fill('50');
    await form.getByLabel('Largest bonus').fill('200');
    await form.getByLabel('Smallest deposit').fill('100');
    await form.getByLabel('Turnover (×)').fill('2.5');
    await form.getByLabel('Budget', { exact: true }).fill('5000');
    // The contract's schema speaks first: no reason yet.
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('alert').count()).toBeGreaterThan(0);
    await look('promotion-form');
    // The kinds' own rules: red envelopes have daily windows.
    await form.getByLabel('Kind').selectOption('red_envelope');
    await form.getByLabel('Daily windows').waitFor();
    await screenshot(operator, 'console-promotion-form-envelopes-1366');
    await form.getByLabel('Kind').selectOption('deposit_first');
    await form.getByLabel('Reason').fill('November first-deposit campaign');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const row = operator
      .getByTestId('promotions-table')
      .getByTestId('table-row')
      .filter({ hasText: 'Console first deposit 50%' });
    await row.waitFor();
    expect(await row.innerText()).toContain('First deposit bonus');
    expect(await row.innerText()).toContain('5000');
    await look('promotions');

    // The member sees it among the promotions.
    await logIn(member, taya.url);
    await member.goto(`${taya.url}/promotions`);
    await member.getByText('Console first deposit 50%').first().waitFor();
    await screenshot(member, 'promotions-console-created-desktop');

    // Switched off with a reason, it leaves the member's list.
    await row.getByRole('button', { name: 'Turn off' }).click();
    const off = operator.getByRole('dialog', { name: 'Turn this promotion off?' });
    await off.getByLabel('Reason').fill('Budget review this week');
    expect(await seriousViolations(operator)).toEqual([]);
    await screenshot(operator, 'console-promotion-off-1366');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await off.waitFor({ state: 'detached' });
    await row.getByText('Off', { exact: true }).waitFor();
    await member.reload();
    await member.getByTestId('site-header').waitFor();
    await expect
      .poll(() => member.getByText('Console first deposit 50%').count(), { timeout: 15_000 })
      .toBe(0);
  });

  it('shows missions and VIP levels, and edits a mission', { timeout: 120_000 }, async () => {
    await operator.goto(`${taya.url}/console/promotions/missions`);
    await operator.getByRole('heading', { level: 1, name: 'Missions' }).waitFor();
    await operator.getByRole('button', { name: 'New mission' }).click();
    const form = operator.getByTestId('mission-form');
    await form.getByLabel('Title (English)').fill('Three deposits this week');
    await form.getByLabel('Description (English)').fill('Deposit three times this week.');
    await form.getByLabel('Period').selectOption('weekly');
    await form.getByLabel('Task').selectOption('deposit_count');
    await form.getByLabel('Target').fill('3');
    await form.getByLabel('Reward').fill('15');
    await form.getByLabel('Reason').fill('Weekly deposit mission');
    await look('mission-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await operator.getByTestId('missions-table').getByText('Three deposits this week').waitFor();
    await look('missions');

    await operator.goto(`${taya.url}/console/promotions/vip`);
    await operator.getByRole('heading', { level: 1, name: 'VIP levels' }).waitFor();
    await operator.getByTestId('vip-table').getByTestId('table-row').first().waitFor();
    await look('vip-levels');
    await operator.getByTestId('vip-table').getByTestId('table-row').nth(1).click();
    const vip = operator.getByTestId('vip-form');
    await vip.waitFor();
    await vip.getByLabel('Upgrade bonus').fill('77');
    await vip.getByLabel('Reason').fill('Bigger welcome to rank 1');
    await look('vip-level-form');
    await vip.getByRole('button', { name: 'Save' }).click();
    await vip.waitFor({ state: 'detached' });
    expect(
      await operator.getByTestId('vip-table').getByTestId('table-row').nth(1).innerText(),
    ).toContain('77');
  });

  it('restocks a reward of the points mall', { timeout: 60_000 }, async () => {
    await operator.goto(`${taya.url}/console/promotions/rewards`);
    await operator.getByRole('heading', { level: 1, name: 'Points mall' }).waitFor();
    const row = operator
      .getByTestId('rewards-table')
      .getByTestId('table-row')
      .filter({ hasText: 'Cash voucher' });
    await row.waitFor();
    await look('point-rewards');
    await row.click();
    const form = operator.getByTestId('reward-form');
    await form.getByLabel('Stock').fill('321');
    await form.getByLabel('Reason').fill('Restocked for the weekend');
    await look('point-reward-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('321');
  });

  it('approves a member’s points redemption from the queue', { timeout: 120_000 }, async () => {
    await earnThousandPoints();
    await member.goto(`${taya.url}/pointMall`);
    await expect.poll(() => member.getByTestId('points-balance').innerText()).toBe('1,000');
    await member
      .getByTestId('reward-TYPH-POINTS-VOUCHER')
      .getByRole('button', { name: 'Redeem' })
      .click();
    const dialog = member.getByRole('dialog', { name: 'Redeem Cash voucher' });
    await dialog.getByLabel('Payment password').fill('246810');
    await dialog.getByRole('button', { name: 'Redeem now' }).click();
    await dialog.getByTestId('redeem-result').waitFor();

    await operator.goto(`${taya.url}/console/promotions/redemptions`);
    await operator.getByRole('heading', { level: 1, name: 'Point redemptions' }).waitFor();
    const row = operator.getByTestId('redemptions-table').getByTestId('table-row').first();
    await row.getByText('Cash voucher').waitFor();
    expect(await row.innerText()).toContain('Pending');
    await look('redemptions');
    await row.click();
    const detail = operator.getByTestId('redemption-detail');
    await detail.waitFor();
    await look('redemption-detail');
    await detail.getByRole('button', { name: 'Approve' }).click();
    const confirm = operator.getByRole('dialog', { name: 'Approve this redemption?' });
    await confirm.getByLabel('Reason').fill('Voucher stock checked');
    expect(await seriousViolations(operator)).toEqual([]);
    await screenshot(operator, 'console-redemption-approve-1366');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await confirm.waitFor({ state: 'detached' });
    await detail.getByText('Approved').waitFor();

    await member.goto(`${taya.url}/pointMall?tab=history`);
    await expect
      .poll(() => member.getByTestId('exchange-history').innerText())
      .toContain('Approved');
    await screenshot(member, 'points-history-console-approved-desktop');
  });
});
