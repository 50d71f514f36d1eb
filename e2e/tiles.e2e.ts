import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoSettled, screenshot } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, logIn, minor, spinSlot } from './steps';

let run: BrowserRun;

beforeAll(async () => {
  run = await BrowserRun.start();
  await demoPlayer(run.taya, 'e2e-tiles-fund');
});
afterAll(() => run?.stop());

/** What the game page says when it cannot host a launched game: no tile may lead there. */
const notAvailable = 'not available here yet';

/** Opens a list page and waits until its game tiles (if any) have loaded. */
async function openList(page: Page, href: string): Promise<number> {
  await gotoSettled(page, href);
  await expect
    .poll(() => page.locator('.game-grid-loading, .page-loader').count(), { timeout: 15_000 })
    .toBe(0);
  return page.getByTestId('game-card').count();
}

/**
 * Where a tile led: a lottery's page, the slot with its spin button, a house original's page
 * with its Bet button (crash's shared round: its bet / cash-out button; bingo: its buy button;
 * the Colour Game: its six-colour mat), a live table's board, a cockfight arena's bet buttons, the
 * sportsbook's game centre, or another site's game.
 */
async function playableOutcome(page: Page, origin: string, tile: string): Promise<string> {
  let outcome = '';
  await expect
    .poll(
      async () => {
        if (new URL(page.url()).origin !== origin) outcome = 'vendor';
        else if (await page.getByTestId('lottery-game').isVisible()) outcome = 'lottery';
        else if (await page.getByTestId('slot-spin').isVisible()) outcome = 'slot';
        else if (await page.getByTestId('og-bet').isVisible()) outcome = 'original';
        else if (await page.getByTestId('crash-action').isVisible()) outcome = 'original';
        else if (await page.getByTestId('bingo-buy').isVisible()) outcome = 'original';
        else if (await page.getByTestId('cg-square-red').isVisible()) outcome = 'original';
        else if (await page.getByTestId('bet-board').isVisible()) outcome = 'live table';
        else if (await page.getByTestId('sabong-bet-meron').isVisible()) outcome = 'arena';
        else if (await page.getByTestId('sports-centre').isVisible()) outcome = 'sportsbook';
        else outcome = '';
        return outcome;
      },
      { timeout: 15_000, message: `${tile} opens a playable page` },
    )
    .not.toBe('');
  if (outcome !== 'vendor') {
    expect(await page.locator('body').innerText()).not.toContain(notAvailable);
    expect(await page.getByTestId('game-problem').count()).toBe(0);
  }
  return outcome;
}

describe('game tiles', () => {
  it('opens a playable page from every tile of the home page and each category the side menu shows', async () => {
    const url = run.taya.url;
    const page = await run.open('desktop');
    await logIn(page, url);
    await gotoSettled(page, `${url}/`);
    const menu = page.getByTestId('side-menu').locator('nav .menu-list').first();
    const hrefs = await menu
      .locator('a')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')));
    const pages = [...new Set(hrefs.filter((h): h is string => !!h))];
    expect(pages.length).toBeGreaterThan(3);

    const seen: Record<string, string> = {};
    for (const href of pages) {
      const count = await openList(page, `${url}${href}`);
      for (let i = 0; i < count; i++) {
        await openList(page, `${url}${href}`);
        const card = page.getByTestId('game-card').nth(i);
        const name = await card.locator('.game-card-name').innerText();
        await card.locator('.game-card-play').click();
        const tile = `${href} ${name}`;
        seen[tile] = await playableOutcome(page, url, tile);
      }
    }
    const outcomes = Object.values(seen);
    // At least each game of the shipped catalogue once: the slot and eight lotteries.
    expect(outcomes.length).toBeGreaterThanOrEqual(9);
    // The shipped catalogue: the house slot and the house lotteries, each somewhere in the menu.
    expect(outcomes).toContain('slot');
    expect(outcomes).toContain('lottery');
    expect(Object.keys(seen).some((k) => k.includes('Taya Fortune'))).toBe(true);
    expect(Object.keys(seen).some((k) => k.includes('Fast Lottery 1 Minute'))).toBe(true);
  }, 600_000);

  it('draws every house tile with its art, loaded, in the game lists and the lottery hall', async () => {
    const url = run.taya.url;
    const page = await run.open('phone');
    /** Each picture on the page under `selector`: its address and whether it drew. */
    const pictures = (selector: string) =>
      page.locator(selector).evaluateAll((images) =>
        (images as HTMLImageElement[]).map((img) => ({
          src: new URL(img.src).pathname,
          drawn: img.complete && img.naturalWidth > 0,
        })),
      );
    // The hot games (those played lately) and the slots: every tile a house game's art.
    for (const href of ['/hot', '/rng']) {
      const count = await openList(page, `${url}${href}`);
      expect(count, href).toBeGreaterThan(0);
      expect(await page.locator('.game-card .game-art.is-generated').count(), href).toBe(0);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect
        .poll(() => pictures('.game-card-art img'), { timeout: 15_000 })
        .toSatisfy(
          (list: { src: string; drawn: boolean }[]) =>
            list.length === count &&
            list.every((p) => p.drawn && p.src.startsWith('/art/games/v1/')),
        );
    }
    await gotoSettled(page, `${url}/lott`);
    await page.getByTestId('lottery-card-VN_NORTH').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect
      .poll(() => pictures('img.lottery-card-art'), { timeout: 15_000 })
      .toSatisfy(
        (list: { src: string; drawn: boolean }[]) =>
          list.length === 8 && list.every((p) => p.drawn),
      );
  }, 120_000);

  for (const size of ['phone', 'desktop'] as const) {
    it(`lets a visitor play the house slot for free from its tile (${size})`, async () => {
      const url = run.taya.url;
      const page = await run.open(size);
      await gotoSettled(page, `${url}/`);
      const hot = page.getByTestId('home-hot');
      const free = hot.getByRole('button', { name: 'Taya Fortune: Play for free' }).first();
      await free.waitFor();
      await hot.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await screenshot(page, `tiles-home-visitor-${size}`);
      await free.click();
      await page.waitForURL(/\/seamless\?vendor=TAYA&game=TAYA_FORTUNE&mode=demo$/);
      await page.getByTestId('slot-machine').waitFor();
      expect(await page.getByTestId('slot-demo-mark').innerText()).toBe('DEMO');
      expect(await page.getByTestId('slot-demo').innerText()).toContain('play money');
      expect(await page.locator('body').innerText()).not.toContain(notAvailable);

      const balance = page.getByTestId('slot-balance');
      const before = minor(await balance.innerText());
      expect(before).toBeGreaterThan(0n);
      // A spin takes the stake and may pay it back exactly; a few spins surely move the balance.
      let after = before;
      for (let spin = 0; spin < 5 && after === before; spin++) {
        await spinSlot(page);
        after = minor(await balance.innerText());
      }
      expect(after).not.toBe(before);
      expect(await balance.innerText()).toContain('DEMO');
      await expectNoSidewaysScroll(page);
      await screenshot(page, `tiles-slot-demo-${size}`);
    }, 120_000);
  }
});
