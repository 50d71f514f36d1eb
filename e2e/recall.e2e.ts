import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../apps/server/src/server';
import { seriousViolations } from './axe';
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

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  await demoPlayer(taya, 'e2e-recall-fund');
});
afterAll(() => run?.stop());

/** Scrolls `target` to the top of the page, just under the site's sticky header. */
async function scrollToTop(target: Locator): Promise<void> {
  await target.first().evaluate((element) => {
    const header = document.querySelector('[data-testid="site-header"]');
    const below = header ? header.getBoundingClientRect().bottom : 0;
    window.scrollBy(0, element.getBoundingClientRect().top - below - 8);
  });
}

/** The betting record's "Last 10 games" view, open, with its rows. */
async function openRecall(page: Page) {
  await page.goto(`${taya.url}/member?tab=personalHistoryCopy`);
  const panel = page.getByTestId('betting-record');
  // The newest bet of the "All bets" view: the recall's first row must be its round.
  const newestBet = await panel.getByTestId('bet-row').first().getAttribute('data-round-id');
  await panel.getByRole('tab', { name: 'Last 10 games' }).click();
  const rows = panel.getByTestId('recall-row');
  await rows.first().waitFor();
  return { panel, rows, newestBet };
}

describe('recall of the last ten games in the browser (GLI-19)', () => {
  it('lists at most ten spins, newest first, and verifies one from its seeds', async () => {
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, taya.url, { balance: '500.00' });
    await openTayaSlot(page, taya.url, '1.00');
    // Twelve spins: two more than the recall keeps.
    for (let i = 0; i < 12; i++) await spinSlot(page);

    const { rows, newestBet } = await openRecall(page);
    expect(await rows.count()).toBe(10);
    expect(await rows.first().getAttribute('data-round-id')).toBe(newestBet);
    const times = await rows
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
    expect(times.every((time, i) => i === 0 || time <= times[i - 1]!)).toBe(true);

    // Each shows the 5×3 window it drew, its stake and its revealed seeds.
    const first = rows.first();
    expect(await first.getByTestId('recall-grid').locator('[data-symbol]').count()).toBe(15);
    expect(await first.innerText()).toContain('1.00');
    expect(await first.getByTestId('recall-server-seed').innerText()).toMatch(/^[0-9a-f]{64}$/);
    expect(await first.getByTestId('recall-commitment').innerText()).toMatch(/^[0-9a-f]{64}$/);

    await first.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => first.getByTestId('recall-verdict').innerText())
      .toContain('Verified ✓');
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await scrollToTop(page.getByTestId('recall'));
    await screenshot(page, 'recall-phone-en');

    // A winning round, when one of the ten won: its lines are listed under its window.
    const winner = rows.filter({ has: page.locator('.recall-cell.is-winning') }).first();
    if ((await winner.count()) > 0) {
      await winner.getByRole('button', { name: 'Verify' }).click();
      await expect
        .poll(() => winner.getByTestId('recall-verdict').innerText())
        .toContain('Verified ✓');
      await scrollToTop(winner);
      await screenshot(page, 'recall-phone-win-en');
    }
  });

  it('looks right on a desktop in the dark, and reads in Burmese on a phone', async () => {
    const dark = await run.open('desktop', { theme: 'dark' });
    await logIn(dark, taya.url);
    const { rows } = await openRecall(dark);
    expect(await rows.count()).toBe(10);
    for (const row of [rows.first(), rows.last()]) {
      await row.getByRole('button', { name: 'Verify' }).click();
      await expect
        .poll(() => row.getByTestId('recall-verdict').innerText())
        .toContain('Verified ✓');
    }
    await expectNoSidewaysScroll(dark);
    expect(await seriousViolations(dark)).toEqual([]);
    await scrollToTop(dark.getByTestId('betting-record'));
    await screenshot(dark, 'recall-desktop-dark');

    const burmese = await run.open('phone', { theme: 'dark', language: 'MY' });
    await logIn(burmese, taya.url, { anyLanguage: true });
    await burmese.goto(`${taya.url}/member?tab=personalHistoryCopy`);
    const panel = burmese.getByTestId('betting-record');
    await panel.getByRole('tab', { name: 'နောက်ဆုံးဂိမ်း ၁၀ ပွဲ' }).click();
    const first = panel.getByTestId('recall-row').first();
    await first.getByRole('button', { name: 'အတည်ပြုရန်' }).click();
    await expect.poll(() => first.getByTestId('recall-verdict').innerText()).toContain('✓');
    await expectNoSidewaysScroll(burmese);
    await scrollToTop(first);
    await screenshot(burmese, 'recall-phone-dark-my');
  });
});
