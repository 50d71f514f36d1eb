import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoSettled, screenshot as save } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, logIn, minor } from './steps';

let run: BrowserRun;

beforeAll(async () => {
  run = await BrowserRun.start();
  await demoPlayer(run.taya, 'e2e-blackjack-fund');
});
afterAll(() => run?.stop());

async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(500);
  await save(page, name);
}

const balanceOf = async (page: Page) => minor(await page.getByTestId('og-balance').innerText());
const rows = (page: Page) => page.getByTestId('og-history-row').count();

/**
 * Deals a round and plays it out: insurance declined, a double where `double` allows it, else
 * stand. Calls `open` once while the round waits for a move. Answers the history's row count.
 */
async function playRound(
  page: Page,
  options: { double: boolean; open?: () => Promise<void> },
): Promise<void> {
  const before = await rows(page);
  const bet = page.getByTestId('og-bet');
  await expect.poll(() => bet.isEnabled(), { timeout: 15_000 }).toBe(true);
  await bet.click();
  let shown = false;
  // What the table waits for: nothing (the round is in the history), an insurance answer, a move.
  const state = async () => {
    if ((await rows(page)) > before) return 'done';
    if ((await page.getByTestId('bj-no-insurance').count()) > 0) return 'insurance';
    const stand = page.getByTestId('bj-stand');
    if ((await stand.count()) > 0 && (await stand.isEnabled())) return 'play';
    return 'wait';
  };
  for (let i = 0; i < 12; i++) {
    await expect.poll(state, { timeout: 15_000 }).not.toBe('wait');
    const now = await state();
    if (now === 'done') return;
    if (!shown && options.open) {
      shown = true;
      await options.open();
    }
    if (now === 'insurance') await page.getByTestId('bj-no-insurance').click();
    else if (options.double && (await page.getByTestId('bj-double').isEnabled()))
      await page.getByTestId('bj-double').click();
    else await page.keyboard.press('s');
    await page.waitForTimeout(400);
  }
  await expect.poll(() => rows(page), { timeout: 15_000 }).toBeGreaterThan(before);
}

async function newestRow(page: Page): Promise<string[]> {
  const row = page.getByTestId('og-history-row').first();
  await row.waitFor();
  return row.locator('td').allInnerTexts();
}

describe('blackjack in the browser', () => {
  it('plays for real in Burmese on a phone, moves the balance by the result, and verifies the hand', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'dark', language: 'MY' });
    await logIn(page, url, { anyLanguage: true });
    await gotoSettled(page, `${url}/house/blackjack`);
    await expect.poll(() => balanceOf(page)).toBeGreaterThan(0n);
    await page.getByTestId('og-amount').fill('10.00');
    await page.getByTestId('og-amount').blur();
    let opened = false;
    for (let round = 0; round < 6 && !opened; round++) {
      const start = await balanceOf(page);
      await playRound(page, {
        double: true,
        open: async () => {
          opened = true;
          await page.getByTestId('bj-hand').first().waitFor();
          await expectNoSidewaysScroll(page);
          await screenshot(page, 'blackjack-open-phone-dark-my');
        },
      });
      const [, amount, , , payout] = await newestRow(page);
      await expect.poll(() => balanceOf(page)).toBe(start - minor(amount!) + minor(payout!));
    }
    expect(opened).toBe(true);
    await page.getByTestId('bj-outcome').first().waitFor();
    await screenshot(page, 'blackjack-settled-phone-dark-my');
    const [, , , , payout] = await newestRow(page);

    await page.getByRole('tab').nth(1).click();
    await page.getByTestId('og-rotate').click();
    await page.getByRole('tab').nth(0).click();
    const link = page.getByTestId('og-history-verify').first();
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    await link.click();
    await page.getByTestId('ogv-result').waitFor();
    expect(await page.getByTestId('ogv-hash-check').getAttribute('class')).toBe('og-ok');
    expect(minor(await page.getByTestId('ogv-payout').innerText())).toBe(minor(payout!));
    await page.getByTestId('bj-dealer').waitFor();
    await screenshot(page, 'blackjack-verify-phone-dark-my');
  }, 180_000);

  it('plays for free on a desktop, doubling where it may', async () => {
    const url = run.taya.url;
    const page = await run.open('desktop', { theme: 'dark' });
    await gotoSettled(page, `${url}/house/blackjack?mode=demo`);
    await expect.poll(() => balanceOf(page)).toBeGreaterThan(0n);
    let opened = false;
    for (let round = 0; round < 6 && !opened; round++) {
      await playRound(page, {
        double: true,
        open: async () => {
          opened = true;
          await screenshot(page, 'blackjack-demo-desktop-dark');
        },
      });
    }
    expect(opened).toBe(true);
    await screenshot(page, 'blackjack-demo-settled-desktop-dark');
  }, 180_000);
});
