import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ledgerAccounts } from '../apps/server/src/modules/wallet/schema';
import type { RunningServer } from '../apps/server/src/server';
import { screenshot } from './fixtures';
import {
  BrowserRun,
  demoPlayer,
  expectNoSidewaysScroll,
  logIn,
  openTayaSlot,
  spinSlot,
} from './steps';

let run: BrowserRun;
let taya: RunningServer;
let memberId: string;

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  memberId = await demoPlayer(taya, 'e2e-missions-fund');
});
afterAll(() => run?.stop());

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

describe('missions in the browser', () => {
  it('spins the Taya slot until the spin mission is done, then claims it', async () => {
    const page = await run.open('desktop', { theme: 'dark' });
    await logIn(page, taya.url, { balance: '500.00' });

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
    await openTayaSlot(page, taya.url, '1.00');
    await spinSlot(page);
    await page.goto(`${taya.url}/member?tab=missionLeaderboard`);
    await expect
      .poll(() => card(page, '10 spins today').getByTestId('mission-progress').innerText())
      .toBe('Progress: 1 / 10');
    expect(
      await card(page, 'Bet 100 on slots today').getByTestId('mission-progress').innerText(),
    ).toBe('Progress: ₱\u00a01.00 / ₱\u00a0100.00');
    expect(
      await card(page, '10 spins today').getByRole('progressbar').getAttribute('aria-valuenow'),
    ).toBe('10');
    // The leaderboard knows the spin too, under a masked name.
    await expect
      .poll(() => page.getByTestId('leaderboard-me').innerText())
      .toBe('Your rank: #1 · ₱\u00a01.00');
    const top = page.getByTestId('leaderboard-row').first();
    expect(await top.innerText()).toContain('de*******er');
    expect(await page.getByTestId('mission-leaderboard').innerText()).not.toContain('demo_member');

    // Nine more spins finish the spin mission.
    await openTayaSlot(page, taya.url, '1.00');
    for (let i = 0; i < 9; i++) await spinSlot(page);
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
    const page = await run.open('phone', { theme: 'dark', language: 'MY' });
    await logIn(page, taya.url, { anyLanguage: true });
    await page.goto(`${taya.url}/member?tab=missionLeaderboard`);
    const slots = card(page, 'ယနေ့ စလော့တွင် 100 လောင်းပါ');
    await slots.waitFor();
    expect(await slots.getByTestId('mission-status').innerText()).toBe('လုပ်ဆောင်နေဆဲ');
    await page.getByTestId('missions-daily').getByText('ယနေ့', { exact: true }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'missions-phone-dark-my');
    await page.getByTestId('mission-leaderboard').scrollIntoViewIfNeeded();
    await page.getByTestId('leaderboard-row').first().waitFor();
    await screenshot(page, 'missions-leaderboard-phone-dark-my');
  });
});
