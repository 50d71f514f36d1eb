import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoSettled, screenshot as save } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, logIn, minor } from './steps';

let run: BrowserRun;

beforeAll(async () => {
  run = await BrowserRun.start();
  await demoPlayer(run.taya, 'e2e-steps-fund');
});
afterAll(() => run?.stop());

async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
  await save(page, name);
}

const balanceOf = async (page: Page) => minor(await page.getByTestId('og-balance').innerText());
const boardState = (page: Page) => page.getByTestId('mines-board').getAttribute('data-status');

/** One mines round: bet, open tiles until a gem (then cash out) or a mine. Returns the payout. */
async function playMines(page: Page): Promise<'cashed' | 'lost'> {
  const bet = page.getByTestId('og-bet');
  await expect.poll(() => bet.isEnabled(), { timeout: 15_000 }).toBe(true);
  await bet.click();
  await expect.poll(() => boardState(page), { timeout: 15_000 }).toBe('playing');
  await page.locator('[data-testid="mines-tile"][data-tile="12"]').click();
  await expect.poll(() => boardState(page), { timeout: 15_000 }).not.toBe('playing_');
  await expect
    .poll(async () =>
      (await boardState(page)) === 'lost'
        ? 'lost'
        : await page
            .getByTestId('mines-cashout')
            .isEnabled()
            .catch(() => false),
    )
    .not.toBe(false);
  if ((await boardState(page)) === 'lost') return 'lost';
  await page.getByTestId('mines-cashout').click();
  await expect.poll(() => boardState(page), { timeout: 15_000 }).toBe('cashed');
  return 'cashed';
}

async function newestRow(page: Page): Promise<string[]> {
  const row = page.getByTestId('og-history-row').first();
  await row.waitFor();
  return row.locator('td').allInnerTexts();
}

describe('mines and video poker in the browser', () => {
  it('plays mines for real on a phone, cashing out after a gem; balance moves by the result', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'dark' });
    await logIn(page, url, { balance: '500.00' });
    await gotoSettled(page, `${url}/house/mines`);
    await expect.poll(() => balanceOf(page)).toBe(500_00n);
    await page.getByTestId('og-amount').fill('10.00');
    await page.getByTestId('mines-count').selectOption('1');
    let total = 500_00n;
    let rounds = 0;
    for (;;) {
      const end = await playMines(page);
      rounds++;
      await expect
        .poll(() => page.getByTestId('og-history-row').count(), { timeout: 10_000 })
        .toBe(rounds);
      const [, stake, , , payout] = await newestRow(page);
      expect(minor(stake!)).toBe(10_00n);
      total += minor(payout!) - 10_00n;
      await expect.poll(() => balanceOf(page)).toBe(total);
      if (end === 'cashed') break;
    }
    await screenshot(page, 'mines-cashed-phone-en');
    await expectNoSidewaysScroll(page);

    // Once the seed is rotated, the newest round verifies in the browser with the revealed seed.
    const [, , , , lastPayout] = await newestRow(page);
    await page.getByRole('tab').nth(1).click();
    await page.getByTestId('og-rotate').click();
    await page.getByRole('tab').nth(0).click();
    const link = page.getByTestId('og-history-verify').first();
    await link.waitFor({ timeout: 15_000 });
    await link.click();
    await page.getByTestId('ogv-result').waitFor();
    expect(await page.getByTestId('ogv-hash-check').getAttribute('class')).toBe('og-ok');
    expect(minor(await page.getByTestId('ogv-payout').innerText())).toBe(minor(lastPayout!));
    await screenshot(page, 'mines-verify-phone-en');
    // The betting record's recall lists the rounds.
    await page.goto(`${url}/member?tab=personalHistoryCopy`);
    const panel = page.getByTestId('betting-record');
    await panel.getByTestId('bet-row').first().waitFor();
    await panel.getByRole('tab', { name: 'Last 10 games' }).click();
    const recall = panel.getByTestId('recall-row');
    await recall.first().waitFor();
    expect(await recall.count()).toBe(rounds);
    expect(await recall.first().innerText()).toContain('Mines');
  }, 180_000);

  it('plays mines and video poker for free, and resumes an open hand on reload', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'dark', language: 'TY' });
    await logIn(page, url, { anyLanguage: true });
    await gotoSettled(page, `${url}/house/mines?mode=demo`);
    await page.getByTestId('og-demo-mark').waitFor();
    await playMines(page);
    await screenshot(page, 'mines-demo-phone-ty');

    // Mines on a desktop in the dark, and in Burmese on a phone.
    const desk = await run.open('desktop', { theme: 'dark' });
    await gotoSettled(desk, `${url}/house/mines?mode=demo`);
    await desk.getByTestId('og-demo-mark').waitFor();
    await playMines(desk);
    // The ended round joins the recent results and Bet is ready again.
    await expect.poll(() => desk.getByTestId('og-recent-item').count()).toBeGreaterThan(0);
    await expect.poll(() => desk.getByTestId('og-bet').isEnabled()).toBe(true);
    await expectNoSidewaysScroll(desk);
    await screenshot(desk, 'mines-demo-desktop-dark');
    const my = await run.open('phone', { theme: 'dark', language: 'MY' });
    await gotoSettled(my, `${url}/house/mines?mode=demo`);
    await my.getByTestId('og-demo-mark').waitFor();
    await playMines(my);
    // The ended round joins the recent results and Bet is ready again.
    await expect.poll(() => my.getByTestId('og-recent-item').count()).toBeGreaterThan(0);
    await expect.poll(() => my.getByTestId('og-bet').isEnabled()).toBe(true);
    await expectNoSidewaysScroll(my);
    await screenshot(my, 'mines-demo-phone-dark-my');

    await gotoSettled(page, `${url}/house/jacks-or-better?mode=demo`);
    await page.getByTestId('og-demo-mark').waitFor();
    const deal = page.getByTestId('og-bet');
    await expect.poll(() => deal.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deal.click();
    await page.getByTestId('vp-draw').waitFor();
    await page.getByTestId('vp-card').first().click();
    await page.getByTestId('vp-hint').check();
    await page.getByTestId('vp-hint-ev').waitFor();
    await screenshot(page, 'vp-dealt-phone-ty');
    await page.getByTestId('vp-draw').click();
    await page.getByTestId('og-bet').waitFor({ timeout: 15_000 });
    await screenshot(page, 'vp-drawn-phone-ty');
  }, 180_000);

  it('plays video poker for real, resumes the open hand, and verifies it after rotation', async () => {
    const url = run.taya.url;
    const page = await run.open('desktop', { theme: 'dark', language: 'MY' });
    await logIn(page, url, { anyLanguage: true });
    await gotoSettled(page, `${url}/house/deuces-wild`);
    await expect.poll(() => balanceOf(page)).toBeGreaterThan(0n);
    const start = await balanceOf(page);
    await page.getByTestId('og-amount').fill('5.00');
    await page.getByTestId('og-amount').blur();
    await page.keyboard.press('Space');
    await page.getByTestId('vp-draw').waitFor({ timeout: 15_000 });
    await expect.poll(() => balanceOf(page)).toBe(start - 5_00n);
    // A reload finds the open hand.
    await gotoSettled(page, `${url}/house/deuces-wild`);
    await page.getByTestId('vp-draw').waitFor({ timeout: 15_000 });
    await page.keyboard.press('1');
    await page.keyboard.press('3');
    await screenshot(page, 'vp-dealt-desktop-my');
    await page.keyboard.press('Space');
    await page.getByTestId('og-bet').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('og-history-row').count()).toBe(1);
    const [, , , , payout] = await newestRow(page);
    await expect.poll(() => balanceOf(page)).toBe(start - 5_00n + minor(payout!));
    await screenshot(page, 'vp-drawn-desktop-my');

    await page.getByRole('tab').nth(1).click();
    await page.getByTestId('og-rotate').click();
    await page.getByRole('tab').nth(0).click();
    const link = page.getByTestId('og-history-verify').first();
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    await link.click();
    await page.getByTestId('ogv-result').waitFor();
    expect(await page.getByTestId('ogv-hash-check').getAttribute('class')).toBe('og-ok');
    expect(minor(await page.getByTestId('ogv-payout').innerText())).toBe(minor(payout!));
    await screenshot(page, 'vp-verify-desktop-my');
  }, 180_000);

  it('plays Jacks or Better for real and verifies it, and Deuces Wild for free and for real, on a phone', async () => {
    const url = run.taya.url;
    const page = await run.open('phone');
    await logIn(page, url);
    await gotoSettled(page, `${url}/house/jacks-or-better`);
    await expect.poll(() => balanceOf(page)).toBeGreaterThan(0n);
    const start = await balanceOf(page);
    await page.getByTestId('og-amount').fill('2.00');
    await page.getByTestId('og-amount').blur();
    const deal = page.getByTestId('og-bet');
    await expect.poll(() => deal.isEnabled(), { timeout: 15_000 }).toBe(true);
    await deal.click();
    await page.getByTestId('vp-draw').waitFor({ timeout: 15_000 });
    await expect.poll(() => balanceOf(page)).toBe(start - 2_00n);
    await page.getByTestId('vp-card').nth(0).click();
    await page.getByTestId('vp-card').nth(1).click();
    await page.getByTestId('vp-draw').click();
    await page.getByTestId('og-bet').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('og-history-row').count()).toBe(1);
    const [, stake, , , payout] = await newestRow(page);
    expect(minor(stake!)).toBe(2_00n);
    await expect.poll(() => balanceOf(page)).toBe(start - 2_00n + minor(payout!));
    await screenshot(page, 'vp-jacks-real-phone-en');
    await expectNoSidewaysScroll(page);
    const real = await balanceOf(page);
    // Rotated, the hand is verified in the browser with the same engine.
    await page.getByRole('tab').nth(1).click();
    await page.getByTestId('og-rotate').click();
    await page.getByRole('tab').nth(0).click();
    const verify = page.getByTestId('og-history-verify').first();
    await expect.poll(() => verify.count(), { timeout: 15_000 }).toBe(1);
    await verify.click();
    await page.getByTestId('ogv-result').waitFor();
    expect(await page.getByTestId('ogv-hash-check').getAttribute('class')).toBe('og-ok');
    expect(minor(await page.getByTestId('ogv-payout').innerText())).toBe(minor(payout!));
    await screenshot(page, 'vp-jacks-verify-phone-en');

    // Deuces Wild for free: the demo balance moves, the real one does not.
    await gotoSettled(page, `${url}/house/deuces-wild?mode=demo`);
    await page.getByTestId('og-demo-mark').waitFor();
    await expect.poll(() => page.getByTestId('og-bet').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('og-bet').click();
    await page.getByTestId('vp-draw').click({ timeout: 15_000 });
    await page.getByTestId('og-bet').waitFor({ timeout: 15_000 });
    await screenshot(page, 'vp-deuces-demo-phone-en');
    await gotoSettled(page, `${url}/house/deuces-wild`);
    await expect.poll(() => balanceOf(page)).toBe(real);

    // And Deuces Wild for real: the balance moves by exactly the hand's result.
    await page.getByTestId('og-amount').fill('3.00');
    await page.getByTestId('og-amount').blur();
    await expect.poll(() => page.getByTestId('og-bet').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('og-bet').click();
    await page.getByTestId('vp-draw').waitFor({ timeout: 15_000 });
    await expect.poll(() => balanceOf(page)).toBe(real - 3_00n);
    await page.getByTestId('vp-draw').click();
    await page.getByTestId('og-bet').waitFor({ timeout: 15_000 });
    // The newest row is this hand (the stake of 3.00 is this test's own).
    await expect.poll(async () => minor((await newestRow(page))[1]!)).toBe(3_00n);
    const [, , , , deucesPayout] = await newestRow(page);
    await expect.poll(() => balanceOf(page)).toBe(real - 3_00n + minor(deucesPayout!));
  }, 180_000);
});
