import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { gotoSettled, screenshot as save } from './fixtures';
import { BrowserRun, asciiDigits, demoPlayer, expectNoSidewaysScroll, logIn, minor } from './steps';

let run: BrowserRun;

beforeAll(async () => {
  run = await BrowserRun.start();
  await demoPlayer(run.taya, 'e2e-originals-fund');
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

/** The elements that stick out past the right edge, to name in a failure. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // What a scrolling box (a wide table) holds does not widen the page.
    const inScroller = (el: Element) => {
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(up).overflowX))
          return true;
      }
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !inScroller(el))
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(el.getBoundingClientRect().right)}`,
      );
  });
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

async function setStake(page: Page, amount: string): Promise<void> {
  const input = page.getByTestId('og-amount');
  await input.fill(amount);
}

describe('the house originals in the browser', () => {
  it('plays dice for real and for free at phone size, rotates the seed and verifies the round', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, url, { balance: '500.00' });

    // From the home page's Dice tile, as a player finds it.
    await gotoSettled(page, `${url}/`);
    const tile = page.getByRole('button', { name: 'Play Dice' }).first();
    if ((await tile.count()) > 0) {
      await tile.scrollIntoViewIfNeeded();
      await tile.click();
    } else {
      await page.goto(`${url}/house/dice`);
    }
    await page.waitForURL(/\/house\/dice$/);
    await page.getByTestId('original-game').waitFor();
    await expect.poll(() => balanceOf(page)).toBe(500_00n);

    // One real bet of 2.00 under 50.00: the balance moves by exactly payout − stake.
    await setStake(page, '2.00');
    await betOnce(page);
    const [, stake, roll, multiplier, payout] = await newestRow(page);
    expect(minor(`${stake}`)).toBe(2_00n);
    const rolled = asciiDigits(roll!);
    expect(rolled).toMatch(/^\d{1,3}\.\d{2}$/);
    const won = Number(rolled) < 50;
    expect(asciiDigits(multiplier!)).toBe(won ? '1.98×' : '0.00×');
    const paid = minor(payout!);
    expect(paid).toBe(won ? 3_96n : 0n);
    expect(await balanceOf(page)).toBe(500_00n - 2_00n + paid);
    expect(asciiDigits(await page.getByTestId('dice-roll').innerText())).toBe(rolled);
    // The header says the same.
    await expect
      .poll(async () => minor(await page.getByTestId('site-header').innerText()))
      .toBe(500_00n - 2_00n + paid);
    await screenshot(page, 'originals-dice-phone-en');
    expect(await overflowing(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Free play: marked DEMO, play money moves, the real balance does not.
    await page.getByTestId('og-mode-demo').click();
    expect(await page.getByTestId('og-demo-mark').innerText()).toBe('DEMO');
    await expect
      .poll(async () => (await page.getByTestId('og-balance').innerText()).includes('DEMO'))
      .toBe(true);
    const demoBefore = await balanceOf(page);
    await setStake(page, '5.00');
    await betOnce(page);
    const [, demoStake, , , demoPayout] = await newestRow(page);
    expect(minor(demoStake!)).toBe(5_00n);
    expect(await balanceOf(page)).toBe(demoBefore - 5_00n + minor(demoPayout!));
    await screenshot(page, 'originals-dice-demo-phone-en');
    await page.getByTestId('og-mode-real').click();
    await expect.poll(() => balanceOf(page)).toBe(500_00n - 2_00n + paid);

    // Rotate the seed pair: the server seed of the real bet is revealed; verify it.
    await page.getByRole('tab', { name: 'Fairness' }).click();
    const hashBefore = await page.getByTestId('og-seed-hash').innerText();
    expect(await page.getByTestId('og-seed-nonce').innerText()).toBe('1');
    await page.getByTestId('og-rotate').click();
    await page.getByTestId('og-previous').waitFor();
    expect(await page.getByTestId('og-previous-hash').innerText()).toBe(hashBefore);
    expect(await page.getByTestId('og-previous-seed').innerText()).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(() => page.getByTestId('og-seed-hash').innerText()).not.toBe(hashBefore);
    expect(await page.getByTestId('og-seed-nonce').innerText()).toBe('0');
    await page.evaluate(() => document.fonts.ready);
    await page.getByTestId('og-previous').evaluate((el) => el.scrollIntoView());
    await save(page, 'originals-fairness-phone-en');

    await page.getByTestId('og-previous').getByTestId('og-verify-link').click();
    await page.waitForURL(/\/house\/verify\?/);
    const verdict = page.getByTestId('ogv-result');
    await verdict.waitFor();
    expect(asciiDigits(await verdict.getByTestId('ogv-outcome').innerText())).toBe(rolled);
    expect(minor(await verdict.getByTestId('ogv-payout').innerText())).toBe(paid);
    expect(await verdict.getByTestId('ogv-hash-check').innerText()).toBe(
      'The server seed matches the hash shown before the bet.',
    );
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'originals-verify-phone-en');
    // The page reloads as itself (its path is not the API's).
    await page.reload();
    await page.getByTestId('ogv-result').waitFor();
  }, 180_000);

  it('plays limbo once, and looks right on a desktop in the dark', async () => {
    const url = run.taya.url;
    const page = await run.open('desktop', { theme: 'dark' });
    await logIn(page, url);
    await gotoSettled(page, `${url}/house/limbo`);
    await page.getByTestId('original-game').waitFor();
    await expect.poll(() => balanceOf(page)).toBeGreaterThan(0n);
    const before = await balanceOf(page);
    await page.getByTestId('limbo-target').fill('1.50');
    await page.getByTestId('limbo-target').blur();
    expect(await page.getByTestId('limbo-chance').inputValue()).toBe('66.00');
    await setStake(page, '1.00');
    await betOnce(page);
    const [, stake, result, , payout] = await newestRow(page);
    expect(minor(stake!)).toBe(1_00n);
    const drawn = Number(asciiDigits(result!).replace('×', ''));
    expect(minor(payout!)).toBe(drawn >= 1.5 ? 1_50n : 0n);
    expect(await balanceOf(page)).toBe(before - 1_00n + minor(payout!));
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'originals-limbo-desktop-dark');

    await gotoSettled(page, `${url}/house/dice`);
    await page.getByTestId('original-game').waitFor();
    await betOnce(page);
    await screenshot(page, 'originals-dice-desktop-dark');
    await page.getByTestId('og-hotkeys').click();
    await page.getByTestId('og-hotkeys-help').waitFor();
    await screenshot(page, 'originals-hotkeys-desktop-dark');
  }, 180_000);

  it('plays limbo for real and for free on a phone, then verifies the real round after rotation', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, url);
    await gotoSettled(page, `${url}/house/limbo`);
    await page.getByTestId('original-game').waitFor();
    await expect.poll(() => balanceOf(page)).toBeGreaterThan(0n);
    const start = await balanceOf(page);
    await page.getByTestId('limbo-target').fill('3.00');
    await page.getByTestId('limbo-target').blur();
    await setStake(page, '4.00');
    await betOnce(page);
    const [, stake, result, , payout] = await newestRow(page);
    expect(minor(stake!)).toBe(4_00n);
    const drawn = Number(asciiDigits(result!).replace('×', ''));
    expect(minor(payout!)).toBe(drawn >= 3 ? 12_00n : 0n);
    const afterReal = start - 4_00n + minor(payout!);
    expect(await balanceOf(page)).toBe(afterReal);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'originals-limbo-phone-en');

    // Free play: the play money moves, the real balance does not.
    await page.getByTestId('og-mode-demo').click();
    await expect
      .poll(async () => (await page.getByTestId('og-balance').innerText()).includes('DEMO'))
      .toBe(true);
    const demoBefore = await balanceOf(page);
    await setStake(page, '6.00');
    await betOnce(page);
    const [, demoStake, , , demoPayout] = await newestRow(page);
    expect(minor(demoStake!)).toBe(6_00n);
    expect(await balanceOf(page)).toBe(demoBefore - 6_00n + minor(demoPayout!));
    await page.getByTestId('og-mode-real').click();
    await expect.poll(() => balanceOf(page)).toBe(afterReal);

    // Rotate, then the real round's verify link recomputes it in the browser.
    await page.getByRole('tab', { name: 'Fairness' }).click();
    await page.getByTestId('og-rotate').click();
    await page.getByTestId('og-previous').waitFor();
    await page.getByRole('tab', { name: 'My bets' }).click();
    // The newest row (the real round just played) has its seed revealed now.
    const link = page.getByTestId('og-history-row').first().getByTestId('og-history-verify');
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    await link.click();
    const verdict = page.getByTestId('ogv-result');
    await verdict.waitFor();
    expect(await verdict.getByTestId('ogv-hash-check').innerText()).toBe(
      'The server seed matches the hash shown before the bet.',
    );
    expect(asciiDigits(await verdict.getByTestId('ogv-outcome').innerText())).toContain(
      asciiDigits(result!).replace('×', ''),
    );
    expect(minor(await verdict.getByTestId('ogv-payout').innerText())).toBe(minor(payout!));
    await screenshot(page, 'originals-limbo-verify-phone-en');
  }, 180_000);

  it('reads in Tagalog and in Burmese on a phone, dark', async () => {
    const url = run.taya.url;
    for (const [language, shot] of [
      ['TY', 'ty'],
      ['MY', 'my'],
    ] as const) {
      const page = await run.open('phone', { theme: 'dark', language });
      await gotoSettled(page, `${url}/house/dice?mode=demo`);
      await page.getByTestId('og-demo-mark').waitFor();
      await betOnce(page);
      await screenshot(page, `originals-dice-demo-phone-dark-${shot}`);
      expect(await overflowing(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await gotoSettled(page, `${url}/house/limbo?mode=demo`);
      await page.getByTestId('og-demo-mark').waitFor();
      await betOnce(page);
      await screenshot(page, `originals-limbo-demo-phone-dark-${shot}`);
      expect(await overflowing(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
    }
  }, 180_000);
});
