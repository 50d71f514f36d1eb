import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginalBet } from '@taya/contracts';
import { seriousViolations } from './axe';
import { gotoSettled, screenshot as save } from './fixtures';
import { BrowserRun, asciiDigits, demoPlayer, expectNoSidewaysScroll, logIn, minor } from './steps';

let run: BrowserRun;
let memberId: string;

beforeAll(async () => {
  run = await BrowserRun.start();
  memberId = await demoPlayer(run.taya, 'e2e-plinko-keno-fund');
});
afterAll(() => run?.stop());

/** A screenshot from the top of the page, once its fonts (script subsets load late) are in. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(150);
  await save(page, name);
}

/** Bets once at the page's stake and waits until the round is shown (Bet is enabled again). */
async function betOnce(page: Page): Promise<void> {
  const bet = page.getByTestId('og-bet');
  await expect.poll(() => bet.isEnabled(), { timeout: 15_000 }).toBe(true);
  const before = await page.getByTestId('og-recent-item').count();
  await bet.click();
  await expect
    .poll(() => page.getByTestId('og-recent-item').count(), { timeout: 15_000 })
    .toBe(before + 1);
  await expect.poll(() => bet.isEnabled(), { timeout: 15_000 }).toBe(true);
}

async function balanceOf(page: Page): Promise<bigint> {
  return minor(await page.getByTestId('og-balance').innerText());
}

/** The newest history row's cells: time, bet, result, multiplier, payout. */
async function newestRow(page: Page): Promise<string[]> {
  const row = page.getByTestId('og-history-row').first();
  await row.waitFor();
  return row.locator('td').allInnerTexts();
}

/** The member's betting record for a game: count, stakes and payouts in minor units. */
async function bettingRecord(gameCode: string) {
  const result = (await run.taya.database.db.execute(
    sql`select count(*)::int as n, coalesce(sum(stake), 0)::text as stake,
               coalesce(sum(payout), 0)::text as payout
        from bet_records where account_id = ${memberId}
          and game_id in (select id from games where game_code = ${gameCode})`,
  )) as unknown as { rows: { n: number; stake: string; payout: string }[] };
  const row = result.rows[0]!;
  return { n: row.n, stake: BigInt(row.stake), payout: BigInt(row.payout) };
}

/** Whether the Bet button is wholly on screen without scrolling. */
async function betInView(page: Page): Promise<boolean> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.getByTestId('og-bet').boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

async function setStake(page: Page, amount: string): Promise<void> {
  await page.getByTestId('og-amount').fill(amount);
}

describe('plinko and keno in the browser', () => {
  it('shows Bet without scrolling on every original at phone size', async () => {
    const page = await run.open('phone', { theme: 'light' });
    for (const game of ['dice', 'limbo', 'plinko', 'keno']) {
      await gotoSettled(page, `${run.taya.url}/house/${game}?mode=demo`);
      await page.getByTestId('og-demo-mark').waitFor();
      expect(await betInView(page), game).toBe(true);
    }
    // A desktop keeps the button in the controls' column, in the flow.
    const desktop = await run.open('desktop', { theme: 'light' });
    await gotoSettled(desktop, `${run.taya.url}/house/plinko?mode=demo`);
    await desktop.getByTestId('og-demo-mark').waitFor();
    expect(
      await desktop.getByTestId('og-bet').evaluate((el) => getComputedStyle(el).position),
    ).toBe('static');
  }, 120_000);

  it('plays plinko for real and for free at phone size', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, url, { balance: '500.00' });
    await gotoSettled(page, `${url}/house/plinko`);
    await page.getByTestId('original-game').waitFor();
    await expect.poll(() => balanceOf(page)).toBe(500_00n);
    const record = await bettingRecord('TAYA_PLINKO');

    // 12 rows, high risk: the board redraws with 13 buckets.
    await page.getByTestId('plinko-rows').selectOption('12');
    await page.getByTestId('plinko-risk-high').click();
    expect(await page.locator('.plinko-bucket').count()).toBe(13);
    await setStake(page, '2.00');
    await betOnce(page);
    const [, stake, result, multiplier, payout] = await newestRow(page);
    expect(minor(stake!)).toBe(2_00n);
    expect(asciiDigits(result!)).toBe(asciiDigits(multiplier!));
    const paid = minor(payout!);
    expect(await balanceOf(page)).toBe(500_00n - 2_00n + paid);
    // The ball's bucket is lit, with the multiplier the round paid.
    const hit = page.getByTestId('plinko-hit');
    await hit.waitFor();
    expect(`${asciiDigits((await hit.locator('text').textContent()) ?? '')}×`).toBe(
      asciiDigits(await page.getByTestId('plinko-result').innerText()),
    );
    expect(Number(asciiDigits(multiplier!).replace('×', ''))).toBe(
      Number(asciiDigits(await page.getByTestId('plinko-result').innerText()).replace('×', '')),
    );
    // The betting record moved by exactly this round.
    const after = await bettingRecord('TAYA_PLINKO');
    expect(after).toEqual({
      n: record.n + 1,
      stake: record.stake + 2_00n,
      payout: record.payout + paid,
    });
    await expect
      .poll(async () => minor(await page.getByTestId('site-header').innerText()))
      .toBe(500_00n - 2_00n + paid);
    await screenshot(page, 'originals-plinko-phone-en');
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The rules give the exact RTP of the chosen board.
    await page.getByRole('tab', { name: 'How to play' }).click();
    expect(await page.getByTestId('og-rtp').innerText()).toBe('98.98 %');
    expect(await page.getByTestId('og-selection-rtp').innerText()).toBe('99.11 %');

    // Free play: the real balance stays.
    await page.getByTestId('og-mode-demo').click();
    await expect
      .poll(async () => (await page.getByTestId('og-balance').innerText()).includes('DEMO'))
      .toBe(true);
    const demoBefore = await balanceOf(page);
    await setStake(page, '5.00');
    await betOnce(page);
    await page.getByRole('tab', { name: 'My bets' }).click();
    const [, demoStake, , , demoPayout] = await newestRow(page);
    expect(minor(demoStake!)).toBe(5_00n);
    expect(await balanceOf(page)).toBe(demoBefore - 5_00n + minor(demoPayout!));
    expect(await bettingRecord('TAYA_PLINKO')).toEqual(after);
    await screenshot(page, 'originals-plinko-demo-phone-en');
  }, 180_000);

  it('plays keno for real and for free at phone size, and recalls the last ten rounds', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, url);
    await gotoSettled(page, `${url}/house/keno`);
    await page.getByTestId('original-game').waitFor();
    await expect.poll(() => balanceOf(page)).toBeGreaterThan(0n);
    const start = await balanceOf(page);
    const record = await bettingRecord('TAYA_KENO');

    // No picks: Bet waits. Five numbers by tapping, medium risk: a paytable of 0–5 hits.
    expect(await page.getByTestId('og-bet').isEnabled()).toBe(false);
    const picks = [3, 7, 11, 19, 24];
    for (const n of picks)
      await page.locator(`[data-testid="keno-cell"][data-number="${n}"]`).click();
    await page.getByTestId('keno-risk-medium').click();
    expect(await page.getByTestId('keno-pay').count()).toBe(6);
    await setStake(page, '1.00');
    await betOnce(page);
    const [, stake, result, multiplier, payout] = await newestRow(page);
    expect(minor(stake!)).toBe(1_00n);
    const hits = Number(asciiDigits(result!).split('/')[0]);
    expect(asciiDigits(result!)).toBe(`${hits}/5`);
    // Ten numbers drawn and shown; the hits are the picks among them.
    expect(await page.locator('[data-testid="keno-cell"][data-state="is-hit"]').count()).toBe(hits);
    expect(
      (await page.locator('[data-testid="keno-cell"][data-state="is-drawn"]').count()) + hits,
    ).toBe(10);
    // The paytable's lit cell is what the round paid.
    const lit = page.locator('[data-testid="keno-pay"].is-hit');
    expect(Number(asciiDigits(await lit.locator('.keno-pay-x').innerText()).replace('×', ''))).toBe(
      Number(asciiDigits(multiplier!).replace('×', '')),
    );
    const paid = minor(payout!);
    expect(await balanceOf(page)).toBe(start - 1_00n + paid);
    expect(await bettingRecord('TAYA_KENO')).toEqual({
      n: record.n + 1,
      stake: record.stake + 1_00n,
      payout: record.payout + paid,
    });
    await screenshot(page, 'originals-keno-phone-en');
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Auto-bet: eleven more rounds, ten picks by auto-pick.
    await page.getByTestId('keno-auto-pick').click();
    expect(await page.locator('[data-testid="keno-cell"][aria-pressed="true"]').count()).toBe(5);
    await page.getByTestId('keno-clear').click();
    await page.getByTestId('keno-auto-pick').click();
    expect(await page.locator('[data-testid="keno-cell"][aria-pressed="true"]').count()).toBe(10);
    await page.getByRole('tab', { name: 'Auto' }).click();
    await page.getByTestId('og-auto-count').fill('11');
    await page.getByTestId('og-auto-start').click();
    await expect
      .poll(async () => (await bettingRecord('TAYA_KENO')).n, { timeout: 60_000 })
      .toBe(record.n + 12);
    await expect
      .poll(() => page.getByTestId('og-auto-start').isVisible(), { timeout: 15_000 })
      .toBe(true);
    const afterAuto = await bettingRecord('TAYA_KENO');
    await expect
      .poll(() => balanceOf(page))
      .toBe(start - afterAuto.stake + record.stake + afterAuto.payout - record.payout);

    // Free play.
    await page.getByTestId('og-mode-demo').click();
    await expect
      .poll(async () => (await page.getByTestId('og-balance').innerText()).includes('DEMO'))
      .toBe(true);
    await page.getByRole('tab', { name: 'Manual' }).click();
    const demoBefore = await balanceOf(page);
    await setStake(page, '3.00');
    await betOnce(page);
    const [, demoStake, , , demoPayout] = await newestRow(page);
    expect(minor(demoStake!)).toBe(3_00n);
    expect(await balanceOf(page)).toBe(demoBefore - 3_00n + minor(demoPayout!));
    expect(await bettingRecord('TAYA_KENO')).toEqual(afterAuto);

    // The betting record's recall: the last ten rounds, newest first, keno's by name.
    await page.goto(`${url}/member?tab=personalHistoryCopy`);
    const panel = page.getByTestId('betting-record');
    const newestBet = await panel.getByTestId('bet-row').first().getAttribute('data-round-id');
    await panel.getByRole('tab', { name: 'Last 10 games' }).click();
    const rows = panel.getByTestId('recall-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    expect(await rows.first().getAttribute('data-round-id')).toBe(newestBet);
    expect(await rows.first().locator('.record-type').innerText()).toBe('Keno');
  }, 240_000);

  it('verifies in the browser a round played through the API, once its seed is rotated', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, url);
    const token = await page.evaluate(() => sessionStorage.getItem('taya.token'));
    const call = async (method: 'GET' | 'POST', path: string, payload?: object) => {
      const res = await run.taya.app.inject({
        method,
        url: path,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value;
    };
    const plays = [
      ['plinko', { rows: 14, risk: 'low' }],
      ['keno', { picks: [2, 9, 13, 27, 33, 38, 40], risk: 'high' }],
    ] as const;
    for (const [game, params] of plays) {
      const bet = (await call('POST', `/originals/${game}/bets`, {
        requestId: `e2e-verify-${game}-${Date.now()}`,
        amount: '3.30',
        params,
      })) as OriginalBet;
      const seeds = await call('POST', `/originals/${game}/seeds/rotate`, {});
      expect(seeds.previous.serverSeedHash).toBe(bet.seed.serverSeedHash);
      // The verify page, filled in by hand as a player would from the revealed pair.
      await gotoSettled(page, `${url}/house/verify`);
      await page.getByTestId('ogv-game').selectOption(game);
      await page.getByTestId('ogv-server-seed').fill(seeds.previous.serverSeed);
      await page.getByTestId('ogv-hash').fill(seeds.previous.serverSeedHash);
      await page.getByTestId('ogv-client-seed').fill(bet.seed.clientSeed);
      await page.getByTestId('ogv-nonce').fill(String(bet.seed.nonce));
      if (game === 'plinko') await page.getByTestId('ogv-rows').selectOption('14');
      else await page.getByTestId('ogv-picks').fill('40, 2, 9, 13, 27, 33, 38');
      await page.getByTestId('ogv-risk').selectOption(params.risk);
      await page.getByTestId('ogv-amount').fill('3.30');
      await page.getByTestId('ogv-submit').click();
      const verdict = page.getByTestId('ogv-result');
      await verdict.waitFor();
      expect(await verdict.getByTestId('ogv-hash-check').innerText()).toBe(
        'The server seed matches the hash shown before the bet.',
      );
      const outcome = bet.outcome as { bucket?: number; path?: number[]; hits?: number[] };
      if (game === 'plinko') {
        expect(await verdict.getByTestId('ogv-outcome').innerText()).toBe(String(outcome.bucket));
        expect(await verdict.getByTestId('ogv-path').innerText()).toBe(
          outcome.path!.map((d) => (d ? 'R' : 'L')).join(' '),
        );
      } else {
        expect(await verdict.getByTestId('ogv-outcome').innerText()).toBe(
          outcome.hits!.length ? outcome.hits!.join(', ') : '—',
        );
        expect(await verdict.getByTestId('ogv-drawn').innerText()).toBe(
          (bet.outcome.drawn as number[]).join(', '),
        );
      }
      expect(minor(await verdict.getByTestId('ogv-payout').innerText())).toBe(minor(bet.payout));
      expect(asciiDigits(await verdict.getByTestId('ogv-multiplier').innerText())).toBe(
        `${bet.multiplier.slice(0, bet.multiplier.indexOf('.') + 3)}×`,
      );
      await expectNoSidewaysScroll(page);
      await screenshot(page, `originals-verify-${game}-phone-en`);
    }
    expect(await seriousViolations(page)).toEqual([]);
  }, 180_000);

  it('looks right on a desktop in the dark, and in Tagalog and Burmese on a phone', async () => {
    const url = run.taya.url;
    const desktop = await run.open('desktop', { theme: 'dark' });
    for (const game of ['plinko', 'keno']) {
      await gotoSettled(desktop, `${url}/house/${game}?mode=demo`);
      await desktop.getByTestId('og-demo-mark').waitFor();
      if (game === 'keno') await desktop.getByTestId('keno-auto-pick').click();
      await betOnce(desktop);
      await expectNoSidewaysScroll(desktop);
      await screenshot(desktop, `originals-${game}-desktop-dark`);
    }
    await desktop.keyboard.press('Space');
    await expect
      .poll(() => desktop.getByTestId('og-recent-item').count(), { timeout: 15_000 })
      .toBe(2);
    for (const [language, shot] of [
      ['TY', 'tl'],
      ['MY', 'my'],
    ] as const) {
      const page = await run.open('phone', { theme: 'dark', language });
      for (const game of ['plinko', 'keno']) {
        await gotoSettled(page, `${url}/house/${game}?mode=demo`);
        await page.getByTestId('og-demo-mark').waitFor();
        if (game === 'keno') await page.getByTestId('keno-auto-pick').click();
        expect(await betInView(page)).toBe(true);
        await betOnce(page);
        await screenshot(page, `originals-${game}-demo-phone-dark-${shot}`);
        await expectNoSidewaysScroll(page);
        expect(await seriousViolations(page)).toEqual([]);
      }
    }
  }, 240_000);
});
