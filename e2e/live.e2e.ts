import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { baccaratPay, type BaccaratHand } from '@taya/games';
import { accounts } from '../apps/server/src/modules/identity/schema';
import { LiveRunner, type LiveService } from '../apps/server/src/modules/live';
import { liveTables } from '../apps/server/src/modules/live/schema';
import { consoleLogin, gotoSettled, newPage, screenshot as save } from './fixtures';
import {
  accountId,
  BrowserRun,
  demoPlayer,
  expectNoSidewaysScroll,
  fundMember,
  logIn,
  minor,
} from './steps';

let run: BrowserRun;
let live: LiveService;
let timer: ReturnType<typeof setInterval> | undefined;
const tables = ['BAC-1', 'BAC-2', 'DT-1', 'L9-1', 'RO-1', 'SB-1'];

/**
 * Plays a table's rounds on a clock of its own from `from` to `to` (no bets): the shoe's results
 * and roads fill as if the table had been running, and the live clock carries on after.
 */
async function history(runner: LiveRunner, code: string, from: number, to: number) {
  let t = from;
  while (t < to) {
    const wait = await runner.stepTable(await live.tableRow(code), t);
    t += Math.max(wait, 1);
  }
}

beforeAll(async () => {
  run = await BrowserRun.start();
  await demoPlayer(run.taya, 'e2e-live-fund');
  live = run.taya.app.services.live;
  live.deps.options.resultMs = 2_000;
  live.deps.options.shuffleMs = 1_000;
  // Ten seconds of betting at every table, so the two players' steps fit in one round.
  await run.taya.database.db.update(liveTables).set({ bettingMs: 10_000 });
  const runner = new LiveRunner(live);
  // BAC-1 has dealt about 40 minutes of rounds (its first shoe finished, the second under way);
  // the other tables about 15 minutes'.
  const now = Date.now();
  await history(runner, 'BAC-1', now - 40 * 60_000, now - 30_000);
  for (const code of tables.slice(1)) await history(runner, code, now - 15 * 60_000, now - 30_000);
  // Then every table runs on the real clock (the server's jobs are off in tests).
  let stepping = false;
  timer = setInterval(() => {
    if (stepping) return;
    stepping = true;
    void runner.step(Date.now()).finally(() => {
      stepping = false;
    });
  }, 100);
}, 300_000);
afterAll(async () => {
  if (timer) clearInterval(timer);
  await run?.stop();
});

async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(200);
  await save(page, name);
}

const timer$ = (page: Page) => page.getByTestId('live-timer');
const phaseOf = (page: Page) => timer$(page).getAttribute('data-phase');
const roundOf = async (page: Page) =>
  Number(await page.getByTestId('live-round').getAttribute('data-round'));

/** Waits for a round's betting with at least 6 s left; answers its number. */
async function freshRound(page: Page): Promise<number> {
  await expect
    .poll(
      async () =>
        (await phaseOf(page)) === 'betting' &&
        Number(await timer$(page).getAttribute('data-seconds')) >= 6,
      { timeout: 40_000 },
    )
    .toBe(true);
  return roundOf(page);
}

/** A second member with a session of its own and 500.00. */
async function secondMember(): Promise<string> {
  const id = randomUUID();
  const name = `e2elive${Date.now().toString(36)}`;
  await run.taya.database.db.insert(accounts).values({
    id,
    merchantCode: 'TYPH',
    username: name,
    usernameKey: name,
    type: 0,
    registerMethod: 'TEST',
  });
  await fundMember(run.taya, id, 500_00n, `e2e-live-second:${id}`);
  const { token } = await run.taya.app.services.sessions.issue({
    subjectId: id,
    role: 'member',
    merchantCode: 'TYPH',
  });
  return token;
}

describe('live tables in the browser', () => {
  it('two players at one baccarat table: the same countdown and hand, each paid exactly', async () => {
    const url = run.taya.url;
    const a = await run.open('phone', { theme: 'light' });
    await logIn(a, url, { balance: '500.00' });
    const b = await run.open('desktop', { theme: 'dark' }, await secondMember());
    await gotoSettled(a, `${url}/live/BAC-1`);
    await gotoSettled(b, `${url}/live/BAC-1`);
    await a.getByTestId('live-table').waitFor();
    await b.getByTestId('live-table').waitFor();

    const round = await freshRound(a);
    // Both see the same round and the same countdown (within the second it ticks over).
    expect(await roundOf(b)).toBe(round);
    const [sa, sb] = await Promise.all([
      timer$(a).getAttribute('data-seconds'),
      timer$(b).getAttribute('data-seconds'),
    ]);
    expect(Math.abs(Number(sa) - Number(sb))).toBeLessThanOrEqual(1);

    // A: 10.00 on Banker. B: 20.00 on Player (two chips of 10).
    await a.getByTestId('chip-10.00').click();
    await a.getByTestId('spot-banker').click();
    await a.getByTestId('live-confirm').click();
    await b.getByTestId('chip-10.00').click();
    await b.getByTestId('spot-player').click();
    await b.getByTestId('spot-player').click();
    await expect.poll(() => b.getByTestId('mine-player').innerText()).toContain('20');
    await b.getByTestId('live-confirm').click();
    await expect
      .poll(() => a.getByTestId('live-placed').getAttribute('data-amount'), { timeout: 10_000 })
      .toBe('10.00');
    await expect
      .poll(() => b.getByTestId('live-placed').getAttribute('data-amount'), { timeout: 10_000 })
      .toBe('20.00');
    await screenshot(a, 'live-baccarat-betting-phone-en');
    await screenshot(b, 'live-baccarat-betting-desktop-dark-en');

    // The hand is dealt once for the table: both see the same result.
    for (const page of [a, b])
      await expect
        .poll(async () => `${await roundOf(page)}:${await phaseOf(page)}`, { timeout: 40_000 })
        .toBe(`${round}:result`);
    const winA = await a.getByTestId('live-verdict').getAttribute('data-win');
    expect(await b.getByTestId('live-verdict').getAttribute('data-win')).toBe(winA);

    // Payouts exact by the rules, on the balances and the betting records.
    const [row] = (
      (await run.taya.database.db.execute(
        sql`select outcome from live_rounds where id = ${`BAC-1:${round}`}`,
      )) as unknown as { rows: { outcome: BaccaratHand }[] }
    ).rows;
    const hand = row!.outcome;
    expect(winA).toBe(hand.winner === 'banker' ? 'B' : hand.winner === 'player' ? 'P' : 'T');
    const paidA = baccaratPay('classic', 'banker', 10_00n, hand);
    const paidB = baccaratPay('classic', 'player', 20_00n, hand);
    await expect
      .poll(async () => minor((await a.getByTestId('live-balance').getAttribute('data-amount'))!), {
        timeout: 10_000,
      })
      .toBe(500_00n - 10_00n + paidA);
    await expect
      .poll(async () => minor((await b.getByTestId('live-balance').getAttribute('data-amount'))!), {
        timeout: 10_000,
      })
      .toBe(500_00n - 20_00n + paidB);
    const records = (
      (await run.taya.database.db.execute(sql`
      select stake::text, payout::text, status from bets
      where round_id = ${`live-BAC-1-${round}-TYPH`} order by stake`)) as unknown as {
        rows: { stake: string; payout: string; status: string }[];
      }
    ).rows;
    expect(records).toEqual([
      { stake: '1000', payout: paidA.toString(), status: 'settled' },
      { stake: '2000', payout: paidB.toString(), status: 'settled' },
    ]);
    const mineA = a.getByTestId('live-mine-row').first();
    await expect.poll(() => mineA.getAttribute('data-round'), { timeout: 10_000 }).toBe(`${round}`);
    await expect
      .poll(() => mineA.getAttribute('data-payout'))
      .toBe(`${paidA / 100n}.${(paidA % 100n).toString().padStart(2, '0')}`);
    await screenshot(a, 'live-baccarat-result-phone-en');
    await screenshot(b, 'live-baccarat-result-desktop-dark-en');
    await expectNoSidewaysScroll(a);

    // The first shoe has ended: the verify page re-shuffles it from its revealed seed and
    // re-deals every hand, card for card.
    const [shoe] = (
      (await run.taya.database.db.execute(
        sql`select hands from live_shoes where table_code = 'BAC-1' and number = 1 and status = 'finished'`,
      )) as unknown as { rows: { hands: number }[] }
    ).rows;
    expect(shoe!.hands).toBeGreaterThan(50);
    await gotoSettled(a, `${url}/live/BAC-1/shoes/1`);
    await expect
      .poll(() => a.getByTestId('verify-summary').getAttribute('data-ok'), { timeout: 20_000 })
      .toBe('true');
    expect(await a.getByTestId('verify-hand').count()).toBe(shoe!.hands);
    expect(await a.locator('[data-testid="verify-hand"][data-ok="false"]').count()).toBe(0);
    await screenshot(a, 'live-verify-phone-en');
  }, 300_000);

  it('the lobby and every table on a phone and a desktop, dark, in Burmese', async () => {
    const url = run.taya.url;
    const phone = await run.open('phone', { theme: 'dark', language: 'MY' });
    const desk = await run.open('desktop', { theme: 'dark', language: 'MY' });
    for (const [page, size] of [
      [phone, 'phone'],
      [desk, 'desktop'],
    ] as const) {
      await gotoSettled(page, `${url}/live`);
      await expect.poll(() => page.getByTestId('live-tile').count()).toBe(tables.length);
      await screenshot(page, `live-lobby-${size}-dark-my`);
      for (const code of tables) {
        await gotoSettled(page, `${url}/live/${code}`);
        await page.getByTestId('bet-board').waitFor();
        await screenshot(page, `live-${code.toLowerCase()}-${size}-dark-my`);
        if (size === 'phone') await expectNoSidewaysScroll(page);
      }
    }
    // A tile of the lobby opens its table.
    await gotoSettled(phone, `${url}/live`);
    await phone.locator('[data-testid="live-tile"][data-table="DT-1"] a').click();
    await phone.waitForURL(/\/live\/DT-1$/);
    expect(await phone.getByTestId('live-table').getAttribute('data-table')).toBe('DT-1');
    expect(
      await run.taya.database.db
        .select({ code: liveTables.code })
        .from(liveTables)
        .where(eq(liveTables.status, 'open')),
    ).toHaveLength(tables.length);
  }, 300_000);

  it('roulette: a corner, a call bet and a number with its neighbours in one bet, kept as a favourite', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'dark' }, await secondMember());
    await gotoSettled(page, `${url}/live/RO-1`);
    await page.getByTestId('roulette-extras').waitFor();
    const round = await freshRound(page);
    await page.getByTestId('chip-10.00').click();
    await page.getByTestId('roulette-mode-corner').click();
    await page.getByTestId('spot-straight:5').click();
    await page.getByTestId('roulette-call-tiers').click();
    await page.getByTestId('roulette-mode-neighbours').click();
    await page.getByTestId('roulette-around').fill('1');
    await page.getByTestId('spot-straight:17').click();
    await expect.poll(() => page.getByTestId('roulette-on-table').innerText()).toContain('5-6-8-9');
    await page.getByTestId('roulette-extras').scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    await save(page, 'live-roulette-extras-phone-dark-en');
    await page.getByTestId('live-confirm').click();
    await expect
      .poll(() => page.getByTestId('live-placed').getAttribute('data-amount'), { timeout: 10_000 })
      .toBe('100.00');
    const found = (await run.taya.database.db.execute(
      sql`select stakes from live_bets where round_id = ${`RO-1:${round}`} and stake = 10000`,
    )) as unknown as { rows: { stakes: Record<string, string> }[] };
    const [bet] = found.rows;
    // Corner 5-6-8-9, tiers' six splits, and 17 with the pockets either side of it (25, 34).
    expect(bet!.stakes).toEqual({
      'corner:5-6-8-9': '1000',
      'split:5-8': '1000',
      'split:10-11': '1000',
      'split:13-16': '1000',
      'split:23-24': '1000',
      'split:27-30': '1000',
      'split:33-36': '1000',
      'straight:25': '1000',
      'straight:17': '1000',
      'straight:34': '1000',
    });
    // Saved as a favourite, it is there after a reload and puts the same bet on the mat.
    await page.getByTestId('roulette-save').click();
    await gotoSettled(page, `${url}/live/RO-1`);
    await page.getByTestId('roulette-favourite-0').waitFor();
    await freshRound(page);
    await page.getByTestId('roulette-favourite-0').click();
    await expect.poll(() => page.getByTestId('live-confirm').innerText()).toMatch(/100\.00/);
  }, 180_000);

  it('an operator changes a table’s limits and voids a round with a reason in the console', async () => {
    const { page } = await newPage(run.browser, { width: 1366, height: 900 });
    await consoleLogin(page, run.taya.url, 'admin', '/games/live');
    await page.getByRole('heading', { level: 1, name: 'Live tables' }).waitFor();
    const row = page
      .getByTestId('live-tables')
      .getByTestId('table-row')
      .filter({ has: page.locator('code', { hasText: /^SB-1$/ }) });
    await row.waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByTestId('live-table-edit');
    await edit.getByLabel('Max bet on a main spot (TLB)').fill('30000');
    await edit.getByLabel('Reason').fill('Higher limits for the sic bo night');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('30,000.00');
    const table = (await run.taya.app.inject('/live-tables/SB-1')).json().value;
    expect(table.spots.find((x: { spot: string }) => x.spot === 'big').maxBet).toBe('30000.00');

    // A member's bet in the round taking bets, then the round voided: the stake comes back.
    const member = await accountId(run.taya);
    const before = await run.taya.app.services.wallet.cashBalance(
      { merchantCode: 'TYPH', currency: 'TLB' },
      member,
    );
    let round = 0;
    await expect
      .poll(
        async () => {
          const live = await run.taya.app.services.live.liveRound(run.taya.database.db, 'SB-1');
          if (live?.status !== 'betting' || live.bettingEndsAt.getTime() - Date.now() < 7_000)
            return false;
          round = live.number;
          return true;
        },
        { timeout: 40_000, interval: 200 },
      )
      .toBe(true);
    await run.taya.app.services.live.bet({ accountId: member, merchantCode: 'TYPH' }, 'SB-1', {
      requestId: `e2e-void-${round}`,
      round,
      stakes: [{ spot: 'big', amount: '25.00' }],
    });
    const voidButton = page.getByTestId('live-void-SB-1');
    await voidButton.click();
    const dialog = page.getByTestId('live-void');
    await dialog.getByLabel('Reason').fill('Dice left the bowl on camera');
    await screenshot(page, 'console-live-void-1366');
    await dialog.getByRole('button', { name: 'Void round' }).click();
    await page.getByText('Round voided: 1 bets returned.').waitFor();
    expect(
      await run.taya.app.services.wallet.cashBalance(
        { merchantCode: 'TYPH', currency: 'TLB' },
        member,
      ),
    ).toBe(before);
    await screenshot(page, 'console-live-tables-1366');
  }, 180_000);
});
