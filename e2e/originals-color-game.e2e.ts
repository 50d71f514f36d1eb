import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ColorRunner } from '../apps/server/src/modules/originals';
import { gotoSettled, screenshot as save } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, logIn, minor } from './steps';

let run: BrowserRun;
let timer: ReturnType<typeof setInterval> | undefined;

beforeAll(async () => {
  run = await BrowserRun.start();
  await demoPlayer(run.taya, 'e2e-color-fund');
  // The rounds run on the real clock, driven here (the server's jobs are off in tests), with
  // short phases: 6 s of betting, 1.5 s of rolling, 1.5 s of result.
  const color = run.taya.app.services.color;
  color.deps.options.bettingMs = 6_000;
  color.deps.options.rollingMs = 1_500;
  color.deps.options.resultMs = 1_500;
  const runner = new ColorRunner(color);
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
const status = (page: Page) => page.getByTestId('cg-status');
const phaseOf = (page: Page) => status(page).getAttribute('data-phase');
const roundOf = async (page: Page) => Number(await status(page).getAttribute('data-round'));

/** Waits for a round's betting from its start (the last one rolled first), answering its number. */
async function freshRound(page: Page): Promise<number> {
  await expect.poll(() => phaseOf(page), { timeout: 30_000 }).toMatch(/rolling|result/);
  await expect.poll(() => phaseOf(page), { timeout: 30_000 }).toBe('betting');
  return roundOf(page);
}

/** Waits until round `round` shows its result; answers its dice. */
async function diceOf(page: Page, round: number): Promise<string[]> {
  await expect
    .poll(async () => `${await roundOf(page)}:${await phaseOf(page)}`, { timeout: 30_000 })
    .toBe(`${round}:result`);
  const chute = page.getByTestId('cg-chute');
  await expect.poll(() => chute.getAttribute('data-landed'), { timeout: 10_000 }).toBe('yes');
  return (await chute.getAttribute('data-dice'))!.split(',');
}

/** What stakes (minor units by colour) pay on the dice: stake × (1 + dice showing it). */
function payout(stakes: Record<string, bigint>, dice: string[]): bigint {
  let paid = 0n;
  for (const [colour, amount] of Object.entries(stakes)) {
    const m = dice.filter((d) => d === colour).length;
    if (m > 0) paid += amount * BigInt(m + 1);
  }
  return paid;
}

describe('the Colour Game in the browser', () => {
  it('a member bets for real and in demo; the round settles exactly; the verifier recomputes it', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, url, { balance: '500.00' });
    await gotoSettled(page, `${url}/house/color-game`);
    await page.getByTestId('original-game').waitFor();
    await expect.poll(() => balanceOf(page)).toBe(500_00n);

    // Real money: 2.00 on red (two chips of 1.00) and 1.00 on blue, one bet of 3.00.
    const round = await freshRound(page);
    await page.getByTestId('cg-chip-0').click();
    await page.getByTestId('cg-square-red').click();
    await page.getByTestId('cg-square-red').click();
    await page.getByTestId('cg-square-blue').click();
    await expect.poll(() => page.getByTestId('cg-stake-red').innerText()).toBe('2.00');
    await page.getByTestId('cg-place').click();
    await expect
      .poll(() => page.getByTestId('cg-placed').getAttribute('data-amount'), { timeout: 10_000 })
      .toBe('3.00');
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe(497_00n);
    await screenshot(page, 'originals-color-game-betting-phone-en');
    const dice = await diceOf(page, round);
    const paid = payout({ red: 2_00n, blue: 1_00n }, dice);
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe(497_00n + paid);
    expect(await page.getByTestId('cg-outcome').getAttribute('data-payout')).toBe(
      (Number(paid) / 100).toFixed(2),
    );
    // The betting record (the kernel's bet) says the same.
    const rows = (await run.taya.database.db.execute(sql`
      select stake::text, payout::text, status from bets
      where round_id = ${`color-${round}-TYPH`}`)) as unknown as {
      rows: { stake: string; payout: string; status: string }[];
    };
    expect(rows.rows).toEqual([{ stake: '300', payout: paid.toString(), status: 'settled' }]);
    await screenshot(page, 'originals-color-game-result-phone-en');
    await expectNoSidewaysScroll(page);

    // Free play: 5.00 of play money on green, the real balance untouched.
    await page.getByTestId('og-mode-demo').click();
    await page.getByTestId('og-demo-mark').waitFor();
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe(2_000_00n);
    const demoRound = await freshRound(page);
    await page.getByTestId('cg-chip-1').click();
    await page.getByTestId('cg-square-green').click();
    await page.getByTestId('cg-place').click();
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe(1_995_00n);
    const demoDice = await diceOf(page, demoRound);
    await expect
      .poll(() => balanceOf(page), { timeout: 10_000 })
      .toBe(1_995_00n + payout({ green: 5_00n }, demoDice));
    await screenshot(page, 'originals-color-game-demo-phone-en');

    // The verifier recomputes the newest round's dice from its revealed seed.
    await page.getByTestId('cg-tab-rounds').click();
    await page.getByTestId('cg-verify-link').first().click();
    await page.waitForURL(/\/house\/verify\?/);
    await page.getByTestId('cg-verify-result').waitFor();
    expect(await page.getByTestId('cg-verify-dice').getAttribute('data-dice')).toBe(
      demoDice.join(','),
    );
    expect(await page.getByTestId('cg-verify-check').innerText()).toContain('matches');
    await screenshot(page, 'originals-color-game-verify-phone-en');
  }, 300_000);

  it('looks right on a desktop in the dark, and in Tagalog and Burmese on a phone', async () => {
    const url = run.taya.url;
    const desk = await run.open('desktop', { theme: 'dark' });
    await gotoSettled(desk, `${url}/house/color-game?mode=demo`);
    await desk.getByTestId('og-demo-mark').waitFor();
    await freshRound(desk);
    await desk.getByTestId('cg-chip-2').click();
    await desk.keyboard.press('5');
    await desk.keyboard.press('2');
    await expect.poll(() => desk.getByTestId('cg-stake-red').innerText()).toBe('10.00');
    await screenshot(desk, 'originals-color-game-desktop-dark');
    await expect.poll(() => phaseOf(desk), { timeout: 30_000 }).toBe('result');
    await expect
      .poll(() => desk.getByTestId('cg-chute').getAttribute('data-landed'), { timeout: 10_000 })
      .toBe('yes');
    await screenshot(desk, 'originals-color-game-desktop-dark-result');
    for (const [language, shot] of [
      ['TY', 'ty'],
      ['MY', 'my'],
    ] as const) {
      const page = await run.open('phone', { theme: 'dark', language });
      await gotoSettled(page, `${url}/house/color-game?mode=demo`);
      await page.getByTestId('og-demo-mark').waitFor();
      await screenshot(page, `originals-color-game-phone-dark-${shot}`);
      await page.getByTestId('cg-tab-help').click();
      await page.getByTestId('cg-help').scrollIntoViewIfNeeded();
      await save(page, `originals-color-game-help-phone-dark-${shot}`);
      await expectNoSidewaysScroll(page);
    }
  }, 180_000);
});
