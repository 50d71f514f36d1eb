import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jackpotSchema } from '@taya/contracts';
import type { RunningServer } from '../apps/server/src/server';
import { screenshot, submitLoginPopup } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, minor, spinSlot } from './steps';

let run: BrowserRun;
let taya: RunningServer;

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  await demoPlayer(taya, 'e2e-games-fund');
});
afterAll(() => run?.stop());

/** "52345.6" → 5234560n: a wire amount in minor units, exactly. */
function decimalMinor(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(2, '0'));
}

/**
 * The first jackpot pool's value as the API has it now, asked with the page's own request
 * context and the same merchant and language the page uses; null when the merchant has no pool.
 */
async function jackpotNow(page: Page, language: string): Promise<string | null> {
  const merchant = await page.evaluate(() => window.localStorage.getItem('taya.merchant'));
  const response = await page.request.get(`${taya.url}/wps/games/jackpot`, {
    params: { language },
    headers: merchant ? { Merchant: merchant } : {},
  });
  const body = (await response.json()) as { success: boolean; value: unknown };
  expect(body.success).toBe(true);
  return jackpotSchema.parse(body.value).pools[0]?.value ?? null;
}

/**
 * The home page's jackpot counter tells the truth: its `data-value` is the pool's value as the
 * API answers now, and once the count-up settles its text shows that very amount. The pool moves
 * with every bet, so each look is compared with a fresh answer. No pool: no counter at all.
 */
async function expectJackpotMatchesApi(page: Page, language: string): Promise<void> {
  if ((await jackpotNow(page, language)) === null) {
    await page.getByTestId('winner-board').waitFor();
    expect(await page.getByTestId('jackpot-counter').count()).toBe(0);
    return;
  }
  const value = page.getByTestId('jackpot-value');
  await value.waitFor();
  await expect
    .poll(
      async () => {
        const shown = await value.getAttribute('data-value');
        const text = await value.innerText();
        const api = await jackpotNow(page, language);
        return api !== null && shown === api && minor(text) === decimalMinor(api);
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}

describe('games in the browser', () => {
  it('guest → log-in popup; member → hot and lanes, a favourite, the slot, and an exact record', async () => {
    const page: Page = await run.open('phone', { theme: 'light' });
    await page.goto(`${taya.url}/`);
    const hot = page.getByTestId('home-hot');
    await hot.getByTestId('game-card').first().waitFor();
    await expectJackpotMatchesApi(page, 'EN');
    // SPEC §2's order: notice marquee, banners, jackpot counter, winner board.
    const marquee = page.getByTestId('notice-marquee');
    await marquee.waitFor();
    expect(await marquee.innerText()).toContain('Welcome to Taya');
    const banners = page.getByTestId('home-banners');
    await banners.waitFor();
    expect(await banners.locator('img[alt="Taya Fortune"]').count()).toBeGreaterThan(0);
    const order = await page.evaluate(() =>
      ['notice-marquee', 'home-banners', 'jackpot-counter', 'winner-board'].map(
        (id) => document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect().top ?? -1,
      ),
    );
    expect(order.every((top, i) => top >= 0 && (i === 0 || top > order[i - 1]!))).toBe(true);
    await screenshot(page, 'home-guest-phone-en');
    // No Recent or Favorites for a guest.
    expect(await page.getByTestId('home-recent').count()).toBe(0);
    expect(await page.getByTestId('home-favorites').count()).toBe(0);

    // A guest clicking a game is asked to log in.
    await hot.getByRole('button', { name: 'Play Taya Fortune' }).first().click();
    const dialog = page.getByRole('dialog');
    await submitLoginPopup(page);
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(`${taya.url}/`);
    await expect.poll(() => page.getByTestId('site-header').innerText()).toContain('500.00');

    // Home shows Hot and the RNG lane.
    await page.getByTestId('home-section-RNG').waitFor();
    await page.getByTestId('home-hot').getByTestId('game-card').first().waitFor();
    expect(await page.getByTestId('home-hot').getByTestId('game-card').count()).toBeGreaterThan(0);

    // Favourite it: it appears under Favorites.
    const heart = page.getByTestId('home-hot').getByTestId('favourite-toggle').first();
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('home-favorites').getByTestId('game-card').first().waitFor();
    await screenshot(page, 'home-member-phone-en');

    // Launch the slot and spin once at 1.00.
    await page
      .getByTestId('home-favorites')
      .getByRole('button', { name: 'Play Taya Fortune' })
      .click();
    await page.waitForURL(/\/seamless\?vendor=TAYA&game=TAYA_FORTUNE$/);
    await page.getByTestId('slot-machine').waitFor();
    const before = minor(await page.getByTestId('slot-balance').innerText());
    expect(before).toBe(500_00n);
    await page.getByTestId('slot-bet').selectOption('1.00');
    await spinSlot(page);
    await expect
      .poll(async () => minor(await page.getByTestId('slot-balance').innerText()))
      .not.toBe(before);
    const win = minor(await page.getByTestId('slot-win').innerText());
    const after = minor(await page.getByTestId('slot-balance').innerText());
    expect(after).toBe(before - 100n + win);
    await screenshot(page, 'slot-phone-en');

    // The betting record and the header agree, to the cent.
    await page.goto(`${taya.url}/member?tab=personalHistoryCopy`);
    const row = page.getByTestId('bet-row').first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('Taya Fortune');
    expect(text).toContain('1.00');
    expect(minor(await page.getByTestId('bet-totals-win-loss').innerText())).toBe(win - 100n);
    await expect
      .poll(async () => minor(await page.getByTestId('site-header').innerText()))
      .toBe(after);
    await screenshot(page, 'betting-record-phone-en');
  });

  it('looks right on a desktop in the dark, and plays for free in Burmese on a phone', async () => {
    const dark = await run.open('desktop', { theme: 'dark' });
    await dark.goto(`${taya.url}/`);
    await dark.getByTestId('home-hot').getByTestId('game-card').first().waitFor();
    await dark.getByTestId('winner-board').waitFor();
    await expectJackpotMatchesApi(dark, 'EN');
    await screenshot(dark, 'home-desktop-dark');

    const burmese = await run.open('phone', { theme: 'light', language: 'MY' });
    await burmese.goto(`${taya.url}/`);
    await burmese.getByTestId('home-hot').getByTestId('game-card').first().waitFor();
    await expectJackpotMatchesApi(burmese, 'MY');
    await expectNoSidewaysScroll(burmese);
    await screenshot(burmese, 'home-jackpot-phone-my');

    await burmese.goto(`${taya.url}/seamless?vendor=TAYA&game=TAYA_FORTUNE&mode=demo`);
    await burmese.getByTestId('slot-machine').waitFor();
    await burmese.getByTestId('slot-demo').waitFor();
    expect(minor(await burmese.getByTestId('slot-balance').innerText())).toBe(2000_00n);
    await spinSlot(burmese);
    await expectNoSidewaysScroll(burmese);
    await screenshot(burmese, 'slot-demo-phone-my');
  });
});
