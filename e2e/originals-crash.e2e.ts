import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CrashRunner } from '../apps/server/src/modules/originals';
import { gotoSettled, screenshot as save } from './fixtures';
import { BrowserRun, asciiDigits, demoPlayer, expectNoSidewaysScroll, logIn, minor } from './steps';

let run: BrowserRun;
let timer: ReturnType<typeof setInterval> | undefined;

beforeAll(async () => {
  run = await BrowserRun.start();
  await demoPlayer(run.taya, 'e2e-crash-fund');
  // The rounds run on the real clock, driven here (the server's jobs are off in tests).
  const crash = run.taya.app.services.crash;
  crash.deps.options.bettingMs = 4_000;
  crash.deps.options.pauseMs = 1_000;
  const runner = new CrashRunner(crash);
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
const action = (page: Page) => page.getByTestId('crash-action').getAttribute('data-action');

/** Bets when a round takes bets; with `cashOut`, cashes out as soon as it flies. Answers the
 *  cash-out multiplier in hundredths, or null when the round crashed first. */
async function playRound(page: Page, amount: string, cashOut: boolean): Promise<bigint | null> {
  // A round already flying may fly long: a crash point of 6× is 30 s in the air (about one round
  // in six), 36× a minute. Wait for the next round's betting as long as a flight may last.
  await expect.poll(() => action(page), { timeout: 120_000 }).toBe('bet');
  await page.getByTestId('og-amount').fill(amount);
  await page.getByTestId('crash-action').click();
  await expect.poll(() => action(page), { timeout: 15_000 }).toMatch(/placed|cashout/);
  const round = asciiDigits(await page.getByTestId('crash-status').innerText());
  if (cashOut) {
    await expect.poll(() => action(page), { timeout: 30_000 }).toMatch(/cashout|next|bet/);
    if ((await action(page)) === 'cashout') {
      await page.getByTestId('crash-action').click();
      await expect
        .poll(() => page.getByTestId('crash-action').innerText(), { timeout: 10_000 })
        .toMatch(/×/);
    }
  }
  const text = asciiDigits(await page.getByTestId('crash-action').innerText());
  const m = /(\d+)\.(\d{2})×/.exec(text);
  // Wait for this round's crash (the next round is live).
  await expect
    .poll(async () => asciiDigits(await page.getByTestId('crash-status').innerText()), {
      timeout: 120_000,
    })
    .not.toBe(round);
  return m ? BigInt(m[1]! + m[2]!) : null;
}

describe('crash in the browser', () => {
  it('a member bets and cashes out; free play; the verifier recomputes a round', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, url, { balance: '500.00' });
    await gotoSettled(page, `${url}/house/crash`);
    await page.getByTestId('original-game').waitFor();
    await expect.poll(() => balanceOf(page)).toBe(500_00n);

    // A real bet of 2.00 cashed out by hand: the balance moves by exactly floor(2.00 × m) − 2.00.
    let before = 500_00n;
    let cashed: bigint | null = null;
    for (let attempt = 0; attempt < 4 && cashed === null; attempt++) {
      cashed = await playRound(page, '2.00', true);
      if (cashed === null) before -= 2_00n;
    }
    expect(cashed).not.toBeNull();
    const payout = (2_00n * cashed!) / 100n;
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe(before - 2_00n + payout);
    // The betting record (the kernel's bet) says the same.
    const rows = (await run.taya.database.db.execute(sql`
      select stake::text, payout::text from bets
      where round_id like 'crash-%' and status = 'settled' order by settled_at desc limit 1`)) as unknown as {
      rows: { stake: string; payout: string }[];
    };
    expect(rows.rows[0]).toEqual({ stake: '200', payout: payout.toString() });
    await screenshot(page, 'originals-crash-phone-en');
    await expectNoSidewaysScroll(page);

    // Free play: play money with an auto cash-out, the real balance untouched.
    await page.getByTestId('og-mode-demo').click();
    await page.getByTestId('og-demo-mark').waitFor();
    await page.getByTestId('crash-auto').fill('1.01');
    await playRound(page, '5.00', false);
    // Its round is the newest crashed: 1.01× reached pays 5.05 (floor(5.00 × 1.01)).
    const point = asciiDigits(
      await page.getByTestId('crash-recent').locator('li').first().innerText(),
    );
    const won = Number(point.replace('×', '')) >= 1.01;
    await expect
      .poll(() => balanceOf(page), { timeout: 10_000 })
      .toBe(2_000_00n - 5_00n + (won ? 5_05n : 0n));
    await screenshot(page, 'originals-crash-demo-phone-en');

    // The verifier recomputes the newest round's crash point from its hash.
    const newest = asciiDigits(
      await page
        .getByTestId('crash-history')
        .locator('tr')
        .first()
        .locator('td')
        .nth(1)
        .innerText(),
    );
    await page.getByTestId('crash-verify-link').first().click();
    await page.waitForURL(/\/house\/verify\?/);
    await page.getByTestId('crash-verify-result').waitFor();
    expect(asciiDigits(await page.getByTestId('crash-verify-point').innerText())).toBe(newest);
    expect(await page.getByTestId('crash-verify-chain').innerText()).toContain(
      'belongs to the chain',
    );
    await screenshot(page, 'originals-crash-verify-phone-en');
  }, 400_000);

  it('looks right on a desktop in the dark, and in Tagalog and Burmese on a phone', async () => {
    const url = run.taya.url;
    const desk = await run.open('desktop', { theme: 'dark' });
    await gotoSettled(desk, `${url}/house/crash?mode=demo`);
    await desk.getByTestId('og-demo-mark').waitFor();
    await expect.poll(() => action(desk), { timeout: 30_000 }).toMatch(/bet|next/);
    await screenshot(desk, 'originals-crash-desktop-dark');
    for (const [language, shot] of [
      ['TY', 'ty'],
      ['MY', 'my'],
    ] as const) {
      const page = await run.open('phone', { theme: 'dark', language });
      await gotoSettled(page, `${url}/house/crash?mode=demo`);
      await page.getByTestId('og-demo-mark').waitFor();
      await page.getByTestId('crash-tab-help').click();
      await screenshot(page, `originals-crash-phone-dark-${shot}`);
      await expectNoSidewaysScroll(page);
    }
  }, 180_000);
});
