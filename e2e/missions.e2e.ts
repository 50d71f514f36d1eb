import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../apps/server/src/modules/identity/schema';
import { ledgerAccounts } from '../apps/server/src/modules/wallet/schema';
import type { RunningServer } from '../apps/server/src/server';
import {
  launchBrowser,
  markLoggedInBefore,
  newPage,
  screenshot,
  startTaya,
  submitLoginPopup,
  viewports,
} from './fixtures';

let browser: Browser;
let taya: RunningServer;
let memberId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  taya = await startTaya();
  const { db } = taya.database;
  await markLoggedInBefore(taya);
  // 500.00 to play with, as a credited deposit would leave it.
  const [member] = await db.select().from(accounts).where(eq(accounts.usernameKey, 'demo_member'));
  memberId = member!.id;
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
    idempotencyKey: 'e2e-missions-fund',
    type: 'deposit',
    actor: 'e2e',
    postings: [
      { accountId: clearing, amount: -500_00n },
      { accountId: await wallet.cashAccount('TYPH', memberId), amount: 500_00n },
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

async function logIn(page: Page) {
  await page.goto(`${taya.url}/login`);
  await submitLoginPopup(page);
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await expect.poll(() => page.getByTestId('site-header').innerText()).toContain('500.00');
}

async function bonusBalance(): Promise<bigint> {
  const [row] = await taya.database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerId, memberId), eq(ledgerAccounts.kind, 'member_bonus')));
  return row?.balance ?? 0n;
}

/** The mission card whose title is `title`. */
function card(page: Page, title: string): Locator {
  return page.getByTestId('mission').filter({ hasText: title });
}

/** Opens the Taya slot from the home page's hot games, as a member does, with a bet of 1.00. */
async function launchSlot(page: Page) {
  await page.goto(`${taya.url}/`);
  await page
    .getByTestId('home-hot')
    .getByRole('button', { name: 'Play Taya Fortune' })
    .first()
    .click();
  await page.waitForURL(/\/seamless\?vendor=TAYA&game=TAYA_FORTUNE$/);
  await page.getByTestId('slot-machine').waitFor();
  await page.getByTestId('slot-bet').selectOption('1.00');
}

async function spin(page: Page) {
  const button = page.getByTestId('slot-spin');
  await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
  await button.click();
  await expect.poll(() => button.isEnabled(), { timeout: 10_000 }).toBe(true);
}

describe('missions in the browser', () => {
  it('spins the Taya slot until the spin mission is done, then claims it', async () => {
    const page = await open(viewports.desktop, { 'taya.theme': 'dark' });
    await logIn(page);

    await page.goto(`${taya.url}/member?tab=missionLeaderboard`);
    const spins = card(page, '10 spins today');
    await spins.waitFor();
    expect(await spins.getAttribute('data-state')).toBe('in_progress');
    expect(await spins.getByTestId('mission-progress').innerText()).toBe('Progress: 0 / 10');
    await page.getByTestId('missions-weekly').waitFor();
    expect(await page.getByTestId('leaderboard-me').innerText()).toBe(
      'You are not ranked yet: place a bet to join',
    );
    await screenshot(page, 'missions-desktop-dark-en-before');

    // One spin at 1.00 moves both slot missions.
    await launchSlot(page);
    await spin(page);
    await page.goto(`${taya.url}/member?tab=missionLeaderboard`);
    await expect
      .poll(() => card(page, '10 spins today').getByTestId('mission-progress').innerText())
      .toBe('Progress: 1 / 10');
    expect(
      await card(page, 'Bet 100 on slots today').getByTestId('mission-progress').innerText(),
    ).toBe('Progress: 1.00 / 100.00');
    expect(
      await card(page, '10 spins today').getByRole('progressbar').getAttribute('aria-valuenow'),
    ).toBe('10');
    // The leaderboard knows the spin too, under a masked name.
    await expect
      .poll(() => page.getByTestId('leaderboard-me').innerText())
      .toBe('Your rank: #1 · 1.00 TLB');
    const top = page.getByTestId('leaderboard-row').first();
    expect(await top.innerText()).toContain('de*******er');
    expect(await page.getByTestId('mission-leaderboard').innerText()).not.toContain('demo_member');

    // Nine more spins finish the spin mission.
    await launchSlot(page);
    for (let i = 0; i < 9; i++) await spin(page);
    await page.goto(`${taya.url}/member?tab=missionLeaderboard`);
    const done = card(page, '10 spins today');
    await expect.poll(() => done.getAttribute('data-state')).toBe('claimable');
    expect(await done.getByTestId('mission-progress').innerText()).toBe('Progress: 10 / 10');
    const badge = page.getByRole('tab', { name: /Missions/ }).getByTestId('mission-badge');
    await expect.poll(() => badge.innerText()).toBe('1');
    await screenshot(page, 'missions-desktop-dark-en-claimable');

    const before = await bonusBalance();
    await done.getByRole('button', { name: 'Claim' }).click();
    await expect
      .poll(() => card(page, '10 spins today').getAttribute('data-state'))
      .toBe('claimed');
    expect(await card(page, '10 spins today').getByTestId('mission-status').innerText()).toBe(
      'Claimed',
    );
    expect((await bonusBalance()) - before).toBe(2_00n);
    await expect.poll(() => badge.count()).toBe(0);
    await screenshot(page, 'missions-desktop-dark-en-claimed');
  });

  it('reads in Burmese on a phone in the dark', async () => {
    const page = await open(viewports.phone, { 'taya.theme': 'dark', 'taya.language': 'MY' });
    await page.goto(`${taya.url}/login`);
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[autocomplete="username"]').fill('demo_member');
    await dialog.locator('input[autocomplete="current-password"]').fill('Demo#2026');
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(`${taya.url}/member?tab=missionLeaderboard`);
    const slots = card(page, 'ယနေ့ စလော့တွင် 100 လောင်းပါ');
    await slots.waitFor();
    expect(await slots.getByTestId('mission-status').innerText()).toBe('လုပ်ဆောင်နေဆဲ');
    await page.getByTestId('missions-daily').getByText('ယနေ့', { exact: true }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'missions-phone-dark-my');
    await page.getByTestId('mission-leaderboard').scrollIntoViewIfNeeded();
    await page.getByTestId('leaderboard-row').first().waitFor();
    await screenshot(page, 'missions-leaderboard-phone-dark-my');
  });
});
