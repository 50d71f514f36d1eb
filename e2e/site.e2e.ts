import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../apps/server/src/server';
import { seriousViolations } from './axe';
import {
  launchBrowser,
  newPage,
  operatorToken,
  screenshot,
  startTaya,
  viewports,
} from './fixtures';

let browser: Browser;
let taya: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  taya = await startTaya();
  // A popup for visitors (audience B), as an operator would publish it.
  const token = await operatorToken(taya, 'TYPH');
  const published = await taya.app.inject({
    method: 'POST',
    url: '/ops/content/announcements',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      merchantCode: 'TYPH',
      type: 'PU',
      execution: 'B',
      title: { en: 'Welcome, visitor', ty: 'Maligayang pagdating, bisita' },
      content: { en: 'New players get a welcome bonus on their first deposit.' },
      reason: 'Welcome popup for visitors',
    },
  });
  expect(published.statusCode).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await taya?.stop();
});

/** The script-font faces (src/fonts.ts) the page has downloaded so far. */
function loadedScriptFonts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.family.replaceAll('"', '').startsWith('Noto Sans'))
      .filter((face) => face.status === 'loaded')
      .map((face) => face.family.replaceAll('"', ''));
  });
}

/** Closes the phone drawer with its own close button (a DOM click: the drawer may still be sliding). */
async function closeDrawer(page: Page): Promise<void> {
  await page.locator('button.drawer-close').evaluate((button: HTMLButtonElement) => button.click());
  await page.locator('#side-menu.is-open').waitFor({ state: 'detached' });
}

async function chooseLanguage(page: Page, code: string, phone: boolean): Promise<void> {
  if (phone) await page.locator('button.drawer-toggle').click();
  await page.getByTestId('language-select').selectOption(code);
  if (phone) await closeDrawer(page);
}

describe("the site's frame and content in the browser", () => {
  for (const [size, viewport] of Object.entries(viewports)) {
    const phone = size === 'phone';

    it(`a visitor: marquee, banners, a popup once, help, languages and a region (${size})`, async () => {
      const { context, page } = await newPage(browser, viewport, { 'taya.theme': 'light' });
      try {
        // Home: the notice marquee, the w_home banners, and the visitors' popup.
        await page.goto(`${taya.url}/`);
        await page.getByTestId('notice-marquee').waitFor();
        await page.getByTestId('home-banner').first().waitFor();
        const popup = page.getByTestId('session-popup');
        await popup.getByText('Welcome, visitor').waitFor();
        expect(await popup.getAttribute('role')).toBe('dialog');
        expect(await seriousViolations(page), 'session popup').toEqual([]);
        await screenshot(page, `session-popup-${size}-en`);
        await page.keyboard.press('Escape');
        await popup.waitFor({ state: 'detached' });

        // Once per session: a reload does not bring it back.
        await page.reload();
        await page.getByTestId('home-banner').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await popup.count()).toBe(0);
        await screenshot(page, `home-${size}-en`);

        // The terms, straight from a link.
        await page.goto(`${taya.url}/help#term`);
        const help = page.getByTestId('help-popup');
        const terms = help.locator('[data-testid="help-article"][data-tag="terms"]');
        await terms.waitFor();
        expect(await terms.innerText()).toContain('18');
        expect(await seriousViolations(page), 'help popup').toEqual([]);
        await page.keyboard.press('Escape');
        await help.waitFor({ state: 'detached' });

        // Burmese in its own (shipped) font; Thai; Arabic mirrored; and back to English.
        await chooseLanguage(page, 'MY', phone);
        await page.getByText('ဤအပတ်၏ ဆုကြီးများ').waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('my');
        await expect.poll(() => loadedScriptFonts(page)).toContain('Noto Sans Myanmar');
        await screenshot(page, `home-${size}-my`);

        await chooseLanguage(page, 'TH', phone);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('th');
        await expect.poll(() => loadedScriptFonts(page)).toContain('Noto Sans Thai');
        await screenshot(page, `home-${size}-th`);

        await chooseLanguage(page, 'AR', phone);
        await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
        if (phone) {
          // The drawer comes in from the right-hand edge.
          await page.locator('button.drawer-toggle').click();
          const menu = page.getByTestId('side-menu');
          await expect
            .poll(async () => {
              const box = (await menu.boundingBox())!;
              return Math.round(box.x + box.width);
            })
            .toBe(viewport.width);
          await screenshot(page, `menu-${size}-ar`);
          await closeDrawer(page);
        } else {
          const box = (await page.getByTestId('side-menu').boundingBox())!;
          expect(box.x).toBeGreaterThan(viewport.width / 2);
        }
        expect(await seriousViolations(page), 'home in Arabic').toEqual([]);
        await screenshot(page, `home-${size}-ar`);

        await chooseLanguage(page, 'EN', phone);
        await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
        await page.getByText('Big wins this week').waitFor();

        // Region PH → MM: language and currency change, the session is cleared, home reloads.
        await page.evaluate(() => window.sessionStorage.setItem('taya.e2eMarker', 'kept?'));
        await page
          .getByTestId('site-footer')
          .getByRole('button', { name: /Region/ })
          .click();
        const region = page.getByTestId('region-popup');
        await region.getByRole('radio', { name: /Myanmar/ }).check();
        await region.getByRole('combobox', { name: 'Language' }).selectOption('MY');
        expect(await seriousViolations(page), 'region popup').toEqual([]);
        const status = page.waitForResponse(
          (response) => response.url().includes('/wps/system/status') && response.ok(),
        );
        await region.getByRole('button', { name: 'Confirm' }).click();
        const { value } = (await (await status).json()) as {
          value: { merchant: { merchantCode: string; currency: string } };
        };
        expect(value.merchant).toMatchObject({ merchantCode: 'TYMM', currency: 'MMK' });
        await page.getByText('ဤအပတ်၏ ဆုကြီးများ').waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
        expect(await page.evaluate(() => window.localStorage.getItem('taya.merchant'))).toBe(
          'TYMM',
        );
        expect(await page.evaluate(() => window.sessionStorage.getItem('taya.e2eMarker'))).toBe(
          null,
        );
        // The footer names the ways this merchant really takes deposits, nothing it doesn't offer.
        const methods = page.getByTestId('payment-methods');
        await expect.poll(() => methods.innerText()).toContain('Bank transfer');
        expect(await methods.innerText()).not.toMatch(/GCash|Maya|KBZPay|WavePay/);
        await screenshot(page, `home-${size}-mm`);
      } finally {
        await context.close();
      }
    });

    it(`looks right in the dark theme (${size})`, async () => {
      const { context, page } = await newPage(browser, viewport, { 'taya.theme': 'dark' });
      try {
        await page.goto(`${taya.url}/`);
        await page.getByTestId('home-banner').first().waitFor();
        await page.getByTestId('session-popup').waitFor();
        await page.keyboard.press('Escape');
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        await page.waitForLoadState('networkidle');
        await screenshot(page, `home-${size}-dark`);
        await page.getByTestId('site-footer').scrollIntoViewIfNeeded();
        await screenshot(page, `footer-${size}-dark`);
      } finally {
        await context.close();
      }
    });
  }
});
