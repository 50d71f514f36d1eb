import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './fixtures';
import { BrowserRun, expectNoSidewaysScroll } from './steps';

let run: BrowserRun;
beforeAll(async () => {
  run = await BrowserRun.start();
});
afterAll(() => run?.stop());

/** A page of the matrix: where it lives and what shows once its real content is there. */
interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

const firstOf = (page: Page, testId: string) => page.getByTestId(testId).first().waitFor();

const screens: Screen[] = [
  { name: 'blog', path: '/blog', ready: (page) => firstOf(page, 'article-card') },
  {
    name: 'blog-post',
    path: '/blog/verify-an-e-lottery-draw',
    ready: (page) => firstOf(page, 'article-body'),
  },
  { name: 'news', path: '/news', ready: (page) => firstOf(page, 'article-card') },
  {
    name: 'news-item',
    path: '/news/points-mall-opens',
    ready: (page) => firstOf(page, 'article-body'),
  },
  {
    name: 'winners',
    path: '/winners',
    // The list, or its empty state on a database without settled wins.
    ready: (page) =>
      page
        .locator('[data-testid="winners-page-row"], [data-testid="winners-page-empty"]')
        .first()
        .waitFor(),
  },
  {
    name: 'lobby',
    path: '/lobby',
    ready: (page) => firstOf(page, 'vendor-card'),
  },
];

/** English in the light theme, Burmese (the longest script on a line) in the dark one. */
const looks = [
  { code: 'en', language: 'EN', theme: 'light', search: 'fortune', slot: 'Taya Fortune' },
  { code: 'my', language: 'MY', theme: 'dark', search: 'ကံကောင်း', slot: 'တာယာ ကံကောင်းခြင်း' },
] as const;

describe('screens at phone and desktop sizes, in English and Burmese', () => {
  for (const look of looks) {
    for (const size of ['phone', 'desktop'] as const) {
      it(`shows every page whole, ${look.code} on a ${size}`, async () => {
        const page = await run.open(size, { language: look.language, theme: look.theme });
        for (const { name, path, ready } of screens) {
          await page.goto(`${run.taya.url}${path}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await ready(page);
          await expectNoSidewaysScroll(page);
          await screenshot(page, `screens-${name}-${size}-${look.code}`);
        }
      });
    }
  }

  it('finds the seeded slot from the lobby search and starts it for a member only', async () => {
    for (const look of looks) {
      const page = await run.open('phone', { language: look.language, theme: look.theme });
      await page.goto(`${run.taya.url}/lobby`);
      await page.getByTestId('lobby-categories').waitFor();
      await page.getByRole('searchbox').fill(look.search);
      const card = page.getByTestId('lobby-results').getByTestId('game-card');
      await card.first().waitFor();
      expect(await card.count()).toBe(1);
      expect(await card.first().innerText()).toContain(look.slot);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `screens-lobby-search-phone-${look.code}`);

      // A visitor is asked to log in rather than taken to the game.
      await card.first().getByRole('button').first().click();
      await page.getByRole('dialog').waitFor();
      expect(new URL(page.url()).pathname).not.toBe('/seamless');
    }
  });
});
