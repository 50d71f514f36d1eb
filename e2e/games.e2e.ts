import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../apps/server/src/modules/identity/schema';
import type { RunningServer } from '../apps/server/src/server';
import { launchBrowser, newPage, screenshot, startTaya, viewports } from './fixtures';

let browser: Browser;
let taya: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  taya = await startTaya();
  const { db } = taya.database;
  await db.update(accounts).set({ loginCount: 1 }).where(eq(accounts.usernameKey, 'demo_member'));
  // 500.00 to play with, as a credited deposit would leave it.
  const [member] = await db.select().from(accounts).where(eq(accounts.usernameKey, 'demo_member'));
  const { wallet } = taya.app.services;
  const clearing = await wallet.ledger.account({
    merchantCode: 'TYPH',
    currency: 'TLB',
    ownerId: null,
    kind: 'payment_clearing',
    subKind: 'e2e',
    allowNegative: true,
  });
  await wallet.ledger.post({
    merchantCode: 'TYPH',
    idempotencyKey: 'e2e-games-fund',
    type: 'deposit',
    actor: 'e2e',
    postings: [
      { accountId: clearing, amount: -500_00n },
      { accountId: await wallet.cashAccount('TYPH', member!.id), amount: 500_00n },
    ],
  });
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await taya?.stop();
});

async function open(viewport: { width: number; height: number }, storage: Record<string, string>) {
  const { context, page } = await newPage(browser, viewport, storage);
  contexts.push(context);
  return page;
}

/** "₱ 1,234.50" → 123450 (minor units), exactly. */
function minor(text: string): bigint {
  const match = /(-?)[^\d-]*([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  const value = BigInt(match[2]!.replaceAll(',', '') + match[3]!);
  return match[1] === '-' ? -value : value;
}

describe('games in the browser', () => {
  it('guest → log-in popup; member → hot and lanes, a favourite, the slot, and an exact record', async () => {
    const page: Page = await open(viewports.phone, { 'taya.theme': 'light' });
    await page.goto(`${taya.url}/`);
    const hot = page.getByTestId('home-hot');
    await hot.getByTestId('game-card').first().waitFor();
    await screenshot(page, 'home-guest-phone-en');
    // No Recent or Favorites for a guest.
    expect(await page.getByTestId('home-recent').count()).toBe(0);
    expect(await page.getByTestId('home-favorites').count()).toBe(0);

    // A guest clicking a game is asked to log in.
    await hot.getByRole('button', { name: 'Play Taya Fortune' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username', { exact: true }).fill('demo_member');
    await dialog.getByLabel('Password', { exact: true }).fill('Demo#2026');
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(`${taya.url}/`);
    await expect.poll(() => page.getByTestId('site-header').innerText()).toContain('500.00');

    // Home shows Hot and the RNG lane.
    await page.getByTestId('home-section-RNG').waitFor();
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
    await page.getByTestId('slot-spin').click();
    await expect.poll(() => page.getByTestId('slot-spin').isEnabled()).toBe(true);
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
    const dark = await open(viewports.desktop, { 'taya.theme': 'dark' });
    await dark.goto(`${taya.url}/`);
    await dark.getByTestId('home-hot').getByTestId('game-card').first().waitFor();
    await dark.getByTestId('winner-board').waitFor();
    await screenshot(dark, 'home-desktop-dark');

    const burmese = await open(viewports.phone, { 'taya.theme': 'light', 'taya.language': 'MY' });
    await burmese.goto(`${taya.url}/seamless?vendor=TAYA&game=TAYA_FORTUNE&mode=demo`);
    await burmese.getByTestId('slot-machine').waitFor();
    await burmese.getByTestId('slot-demo').waitFor();
    expect(minor(await burmese.getByTestId('slot-balance').innerText())).toBe(2000_00n);
    await burmese.getByTestId('slot-spin').click();
    await expect.poll(() => burmese.getByTestId('slot-spin').isEnabled()).toBe(true);
    const overflow = await burmese.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(burmese, 'slot-demo-phone-my');
  });
});
