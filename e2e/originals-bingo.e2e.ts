import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BingoRunner } from '../apps/server/src/modules/originals';
import { gotoSettled, screenshot as save } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, logIn, minor } from './steps';

let run: BrowserRun;
let timer: ReturnType<typeof setInterval> | undefined;

beforeAll(async () => {
  run = await BrowserRun.start();
  await demoPlayer(run.taya, 'e2e-bingo-fund');
  // The games run on the real clock, driven here (the server's jobs are off in tests), with a
  // short sale and quick calls.
  const bingo = run.taya.app.services.bingo;
  bingo.deps.options.buyMs = 5_000;
  bingo.deps.options.callMs = 120;
  const runner = new BingoRunner(bingo);
  let stepping = false;
  timer = setInterval(() => {
    if (stepping) return;
    stepping = true;
    void runner.step(Date.now()).finally(() => {
      stepping = false;
    });
  }, 50);
});
afterAll(async () => {
  if (timer) clearInterval(timer);
  await run?.stop();
});

async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(150);
  await save(page, name);
}

const balanceOf = async (page: Page) => minor(await page.getByTestId('og-balance').innerText());
const query = async <R>(q: ReturnType<typeof sql>) =>
  ((await run.taya.database.db.execute(q)) as unknown as { rows: R[] }).rows;

/** Buys `count` cards at `price` in the game selling cards; answers that game's number. */
async function buy(page: Page, price: string, count: number, before: number): Promise<number> {
  const button = page.getByTestId('bingo-buy');
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
  await page.getByTestId('og-amount').fill(price);
  await page.getByTestId(`bingo-count-${count}`).click();
  await button.click();
  // A purchase that reached the server just as the game stopped selling is refused with a
  // message; the player buys again in the next game.
  await expect
    .poll(
      async () => {
        const cards = await page.getByTestId('bingo-card').count();
        if (cards < before + count && (await page.getByTestId('og-problem').count()) > 0) {
          if (await button.isEnabled()) await button.click();
        }
        return cards;
      },
      { timeout: 45_000 },
    )
    .toBeGreaterThanOrEqual(before + count);
  const [row] = await query<{ game: number }>(
    sql`select game from bingo_cards order by created_at desc limit 1`,
  );
  return row!.game;
}

/** Waits for a game to be settled; answers its cards' total payout for `player` (a pattern). */
async function settled(game: number, demo: boolean): Promise<bigint> {
  await expect
    .poll(
      async () =>
        (
          await query<{ status: string }>(
            sql`select status from bingo_games where number = ${game}`,
          )
        )[0]?.status,
      { timeout: 60_000 },
    )
    .toBe('done');
  const [row] = await query<{ paid: string; n: number }>(sql`
    select coalesce(sum(payout), 0)::text as paid, count(*)::int as n from bingo_cards
    where game = ${game} and demo = ${demo}`);
  return BigInt(row!.paid);
}

describe('bingo in the browser', () => {
  it('a member buys cards for real and for free; the game settles; the verifier recomputes', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, url, { balance: '500.00' });
    await gotoSettled(page, `${url}/house/bingo`);
    await page.getByTestId('original-game').waitFor();
    await expect.poll(() => balanceOf(page)).toBe(500_00n);

    // Two real cards at 2.00: the balance moves by exactly their payouts less 4.00.
    const game = await buy(page, '2.00', 2, 0);
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe(496_00n);
    await page.getByTestId('bingo-ball').waitFor({ timeout: 30_000 });
    await screenshot(page, 'originals-bingo-calling-phone-en');
    const paid = await settled(game, false);
    await expect.poll(() => balanceOf(page), { timeout: 15_000 }).toBe(496_00n + paid);
    // The betting record (the kernel's bets, settled in one entry) says the same.
    const bets = await query<{ n: number; stake: string; payout: string; entries: number }>(sql`
      select count(*)::int as n, sum(stake)::text as stake, sum(payout)::text as payout,
             count(distinct close_entry_id)::int as entries
      from bets where round_id = ${`bingo-${game}-TYPH`} and status = 'settled'`);
    expect(bets[0]).toEqual({ n: 2, stake: '400', payout: paid.toString(), entries: 1 });
    await screenshot(page, 'originals-bingo-phone-en');
    await expectNoSidewaysScroll(page);

    // Free play: one card at 5.00 of play money, the real balance untouched.
    await page.getByTestId('og-mode-demo').click();
    await page.getByTestId('og-demo-mark').waitFor();
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe(2_000_00n);
    const demoGame = await buy(page, '5.00', 1, 0);
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe(1_995_00n);
    const won = await settled(demoGame, true);
    await expect.poll(() => balanceOf(page), { timeout: 15_000 }).toBe(1_995_00n + won);
    await screenshot(page, 'originals-bingo-demo-phone-en');

    // The verifier recomputes the demo card (its seed revealed) and the game's calls.
    await page.getByTestId('bingo-tab-fair').click();
    await page.getByTestId('bingo-verify-card').first().click();
    await page.waitForURL(/\/house\/verify\?/);
    await page.getByTestId('bingo-verify-result').waitFor();
    expect(await page.getByTestId('bingo-verify-commit').innerText()).toContain('matches');
    const [card] = await query<{ payout: string; balls: number[] }>(sql`
      select c.payout::text as payout, g.balls from bingo_cards c
      join bingo_games g on g.number = c.game where c.game = ${demoGame} and c.demo`);
    const payout = BigInt(card!.payout);
    expect(await page.getByTestId('bingo-verify-payout').innerText()).toBe(
      `${payout / 100n}.${(payout % 100n).toString().padStart(2, '0')}`,
    );
    expect((await page.getByTestId('bingo-verify-balls').innerText()).split(' ')).toHaveLength(30);
    await screenshot(page, 'originals-bingo-verify-phone-en');
  }, 300_000);

  it('looks right on a desktop in the dark, and in Tagalog and Burmese on a phone', async () => {
    const url = run.taya.url;
    const desk = await run.open('desktop', { theme: 'dark' });
    await gotoSettled(desk, `${url}/house/bingo?mode=demo`);
    await desk.getByTestId('og-demo-mark').waitFor();
    await buy(desk, '1.00', 4, 0);
    await desk.getByTestId('bingo-ball').waitFor({ timeout: 30_000 });
    await desk.waitForTimeout(1_500);
    await screenshot(desk, 'originals-bingo-desktop-dark');
    for (const [language, shot] of [
      ['TY', 'ty'],
      ['MY', 'my'],
    ] as const) {
      const page = await run.open('phone', { theme: 'dark', language });
      await gotoSettled(page, `${url}/house/bingo?mode=demo`);
      await page.getByTestId('og-demo-mark').waitFor();
      await page.getByTestId('bingo-tab-help').click();
      await screenshot(page, `originals-bingo-phone-dark-${shot}`);
      await expectNoSidewaysScroll(page);
    }
  }, 180_000);
});
