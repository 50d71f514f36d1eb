import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fairRng, payoutAt, scratch } from '@taya/games';
import { seriousViolations } from './axe';
import { gotoSettled, screenshot as save } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, logIn, minor } from './steps';

let run: BrowserRun;

beforeAll(async () => {
  run = await BrowserRun.start();
  await demoPlayer(run.taya, 'e2e-scratch-fund');
});
afterAll(() => run?.stop());

async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(200);
  await save(page, name);
}

async function balanceOf(page: Page): Promise<bigint> {
  return minor(await page.getByTestId('og-balance').innerText());
}

const ticketState = (page: Page) => page.getByTestId('sc-ticket').getAttribute('data-state');

/** Buys a card at the page's stake and waits until it can be scratched. */
async function buy(page: Page): Promise<void> {
  const bet = page.getByTestId('og-bet');
  await expect.poll(() => bet.isEnabled(), { timeout: 15_000 }).toBe(true);
  await bet.click();
  await expect.poll(() => ticketState(page), { timeout: 15_000 }).toBe('scratch');
}

/** Scratches the foil with the mouse, row by row, as a player does, until it falls away. */
async function scratchByPointer(page: Page): Promise<void> {
  const canvas = page.getByTestId('sc-canvas');
  // In the middle of the screen: clear of the sticky header.
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 8, box.y + 8);
  await page.mouse.down();
  for (let y = 12; y < box.height && (await ticketState(page)) === 'scratch'; y += 26) {
    await page.mouse.move(box.x + box.width - 8, box.y + y, { steps: 8 });
    await page.mouse.move(box.x + 8, box.y + y + 13, { steps: 8 });
  }
  await page.mouse.up();
  await expect.poll(() => ticketState(page), { timeout: 10_000 }).toBe('done');
}

/** The newest history row's cells: time, bet, result, multiplier, payout. */
async function newestRow(page: Page): Promise<string[]> {
  const row = page.getByTestId('og-history-row').first();
  await row.waitFor();
  return row.locator('td').allInnerTexts();
}

describe('scratch cards in the browser', () => {
  it('buys and scratches a card for real on a phone; the win waits for the scratch', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, url, { balance: '500.00' });
    await gotoSettled(page, `${url}/house/scratch`);
    await page.getByTestId('sc-lobby').waitFor();
    await expect.poll(() => balanceOf(page)).toBe(500_00n);
    await screenshot(page, 'scratch-lobby-phone-en');
    await page.getByTestId('sc-pick-carabao').click();
    await page.waitForURL(/card=carabao/);
    await page.getByTestId('og-amount').fill('10.00');
    await buy(page);
    // Bought and settled on the server, but nothing shows it yet: the balances stay put.
    expect(await balanceOf(page)).toBe(500_00n);
    expect(minor(await page.getByTestId('site-header').innerText())).toBe(500_00n);
    expect(await page.getByTestId('sc-result').count()).toBe(0);
    await save(page, 'scratch-covered-phone-en');
    await scratchByPointer(page);
    const result = await page.getByTestId('sc-result').innerText();
    const [, stake, , , payout] = await newestRow(page);
    expect(minor(stake!)).toBe(10_00n);
    const paid = minor(payout!);
    if (paid > 0n) expect(minor(result)).toBe(paid);
    const after = 500_00n - 10_00n + paid;
    await expect.poll(() => balanceOf(page)).toBe(after);
    await expect
      .poll(async () => minor(await page.getByTestId('site-header').innerText()))
      .toBe(after);
    const cells = await page.locator('.sc-cell.is-win').count();
    expect(cells).toBe(paid > 0n ? 3 : 0);
    await screenshot(page, 'scratch-revealed-phone-en');
    await page
      .getByTestId('sc-ticket')
      .screenshot({ path: 'test-results/screenshots/scratch-ticket-phone-en.png' });
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);

    // Eleven more cards, revealed at once: the betting record's recall keeps the last ten.
    await page.getByTestId('og-amount').fill('1.00');
    let total = after;
    for (let i = 0; i < 11; i++) {
      await buy(page);
      await page.getByTestId('sc-reveal-all').click();
      await expect.poll(() => ticketState(page)).toBe('done');
      // The history refreshes once the card is revealed: wait for this card's row.
      await expect
        .poll(() => page.getByTestId('og-history-row').count(), { timeout: 10_000 })
        .toBe(i + 2);
      const [, , , , p] = await newestRow(page);
      total += minor(p!) - 1_00n;
      await expect.poll(() => balanceOf(page)).toBe(total);
    }
    await page.goto(`${url}/member?tab=personalHistoryCopy`);
    const panel = page.getByTestId('betting-record');
    await panel.getByTestId('bet-row').first().waitFor();
    const newestBet = await panel.getByTestId('bet-row').first().getAttribute('data-round-id');
    await panel.getByRole('tab', { name: 'Last 10 games' }).click();
    const rows = panel.getByTestId('recall-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    expect(await rows.first().getAttribute('data-round-id')).toBe(newestBet);
    expect(await rows.first().innerText()).toContain('Scratch Cards');
  }, 240_000);

  it('plays a card for free, scratched by pointer, and leaves the real balance alone', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, url);
    await gotoSettled(page, `${url}/house/scratch?mode=demo&card=fiesta`);
    await page.getByTestId('og-demo-mark').waitFor();
    await expect
      .poll(async () => (await page.getByTestId('og-balance').innerText()).includes('DEMO'))
      .toBe(true);
    const before = await balanceOf(page);
    await page.getByTestId('og-amount').fill('5.00');
    await buy(page);
    expect(await balanceOf(page)).toBe(before);
    await scratchByPointer(page);
    const [, stake, , , payout] = await newestRow(page);
    expect(minor(stake!)).toBe(5_00n);
    await expect.poll(() => balanceOf(page)).toBe(before - 5_00n + minor(payout!));
    await screenshot(page, 'scratch-demo-phone-en');
  }, 120_000);

  it('verifies a card bought through the API once its seed is rotated', async () => {
    const url = run.taya.url;
    const page = await run.open('phone', { theme: 'light' });
    await logIn(page, url);
    await gotoSettled(page, `${url}/house/scratch?card=pagoda`);
    await page.getByTestId('original-game').waitFor();
    const call = (path: string, body: unknown) =>
      page.evaluate(
        async ({ path, body }) => {
          const token = sessionStorage.getItem('taya.token');
          const res = await fetch(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(body),
          });
          return (await res.json()) as { value: Record<string, unknown> };
        },
        { path, body },
      );
    const bet = (
      await call('/originals/scratch/bets', {
        requestId: 'e2e-scratch-verify-1',
        amount: '3.00',
        params: { card: 'pagoda' },
      })
    ).value as {
      outcome: { grid: string[]; prize: string | null };
      payout: string;
      seed: { clientSeed: string; nonce: number; serverSeedHash: string };
    };
    const rotated = (await call('/originals/scratch/seeds/rotate', {})).value as {
      previous: { serverSeed: string };
    };
    const serverSeed = rotated.previous.serverSeed;
    const replay = scratch.play(
      { card: 'pagoda' },
      fairRng(serverSeed, bet.seed.clientSeed, bet.seed.nonce),
      9900,
    );
    expect(replay.outcome.grid).toEqual(bet.outcome.grid);
    const query = new URLSearchParams({
      game: 'scratch',
      serverSeed,
      serverSeedHash: bet.seed.serverSeedHash,
      clientSeed: bet.seed.clientSeed,
      nonce: String(bet.seed.nonce),
      params: JSON.stringify({ card: 'pagoda' }),
      rtp: '99.00',
      amount: '3.00',
    });
    await gotoSettled(page, `${url}/house/verify?${query.toString()}`);
    const verdict = page.getByTestId('ogv-result');
    await verdict.waitFor();
    const symbols = await verdict
      .getByTestId('ogv-scratch-grid')
      .locator('span[data-symbol]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-symbol')));
    expect(symbols).toEqual(bet.outcome.grid);
    expect(minor(await verdict.getByTestId('ogv-payout').innerText())).toBe(minor(bet.payout));
    expect(payoutAt(3_00n, replay.multiplier)).toBe(minor(bet.payout));
    expect(await verdict.getByTestId('ogv-hash-check').innerText()).toBe(
      'The server seed matches the hash shown before the bet.',
    );
    await screenshot(page, 'scratch-verify-phone-en');
  }, 120_000);

  it('looks right on a desktop in the dark, and in Tagalog and Burmese on a phone', async () => {
    const url = run.taya.url;
    const desktop = await run.open('desktop', { theme: 'dark' });
    await gotoSettled(desktop, `${url}/house/scratch?mode=demo`);
    await desktop.getByTestId('sc-lobby').waitFor();
    await screenshot(desktop, 'scratch-lobby-desktop-dark');
    await desktop.getByTestId('sc-pick-pagoda').click();
    await buy(desktop);
    await scratchByPointer(desktop);
    await screenshot(desktop, 'scratch-pagoda-desktop-dark');
    await desktop.getByRole('tab', { name: 'How to play' }).click();
    await desktop.getByTestId('sc-table-pagoda').scrollIntoViewIfNeeded();
    expect(await desktop.getByTestId('sc-rtp-pagoda').innerText()).toContain('99.00');
    await save(desktop, 'scratch-rules-desktop-dark');
    for (const [language, shot] of [
      ['TY', 'ty'],
      ['MY', 'my'],
    ] as const) {
      const page = await run.open('phone', { theme: 'dark', language });
      await gotoSettled(page, `${url}/house/scratch?mode=demo&card=carabao`);
      await page.getByTestId('og-demo-mark').waitFor();
      await buy(page);
      await save(page, `scratch-covered-phone-dark-${shot}`);
      await page.getByTestId('sc-reveal-all').click();
      await expect.poll(() => ticketState(page)).toBe('done');
      await screenshot(page, `scratch-revealed-phone-dark-${shot}`);
      await expectNoSidewaysScroll(page);
    }
  }, 180_000);
});
