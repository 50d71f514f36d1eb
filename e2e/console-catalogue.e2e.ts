import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { consoleLogin, newPage, screenshot } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, operatorCall } from './steps';

const consoleViewports = {
  laptop: { width: 1366, height: 900 },
  small: { width: 1024, height: 768 },
} as const;

let run: BrowserRun;
beforeAll(async () => {
  run = await BrowserRun.start();
});
afterAll(() => run?.stop());

async function open(size: keyof typeof consoleViewports): Promise<Page> {
  const { page } = await newPage(run.browser, consoleViewports[size]);
  return page;
}

/** Both console sizes of a screen: no serious axe violation, no sideways scroll, screenshots. */
async function checkScreen(path: string, name: string, ready: (page: Page) => Promise<unknown>) {
  for (const size of ['laptop', 'small'] as const) {
    const page = await open(size);
    await consoleLogin(page, run.taya.url, 'admin', path);
    await ready(page);
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await screenshot(page, `${name}-${size === 'laptop' ? 1366 : 1024}`);
  }
}

/** A settled round with one 30.00 bet of `player` paid 10.00, through the wagering kernel. */
async function settledRound(player: string): Promise<string> {
  const { play } = run.taya.app.services;
  return play.transaction(async (tx) => {
    const round = await play.openRound(tx, {
      merchantCode: 'TYPH',
      gameId: 'e2e-console-resettle',
      gameCode: 'E2E_RESETTLE',
      gameType: 'SLOT',
      vendorCode: 'TEST',
      engine: 'test@1',
    });
    const id = randomUUID();
    await play.place(
      tx,
      {
        id,
        roundId: round.id,
        merchantCode: 'TYPH',
        currency: 'TLB',
        player,
        stake: 30_00n,
        key: `e2e-console-resettle:${id}`,
        actor: 'e2e',
      },
      round,
    );
    await play.settle(tx, {
      roundId: round.id,
      results: [{ betId: id, payout: 10_00n }],
      key: `e2e-console-resettle-settle:${id}`,
      actor: 'e2e',
    });
    return round.id;
  });
}

describe('console game catalogue', () => {
  it('disables a game: the player lobby stops offering it; enabling brings it back', async () => {
    const player = await run.open('desktop');
    await player.goto(`${run.taya.url}/`);
    const tile = player.getByRole('button', { name: 'Play Taya Fortune' });
    await tile.first().waitFor();

    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'admin', '/games/catalogue');
    await page.getByRole('heading', { level: 1, name: 'Game catalogue' }).waitFor();
    await page.getByTestId('game-vendors').getByTestId('game-vendor').first().waitFor();
    await page.getByLabel('Name or code').fill('Fortune');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/search=Fortune/);
    const rows = page.getByTestId('games-table').getByTestId('table-row');
    // The list keeps the unfiltered rows on screen until the filtered answer arrives.
    await expect.poll(() => rows.count()).toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('TAYA_FORTUNE');

    await rows.first().getByRole('button', { name: 'Edit Taya Fortune' }).click();
    const edit = page.getByTestId('game-edit');
    await edit.waitFor();
    await edit.getByLabel('Enabled (offered in the lobby)').uncheck();
    await edit.getByLabel('Reason').fill('Vendor reported a payout fault');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-game-edit-1366');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await rows.first().getByText('Disabled').waitFor();

    // The lobby no longer offers it.
    await expect
      .poll(async () => {
        await player.reload();
        await player.getByTestId('site-header').waitFor();
        await player.waitForTimeout(500);
        return tile.count();
      })
      .toBe(0);

    // The change is audited with its reason.
    await page.goto(`${run.taya.url}/console/audit?action=games.game.switch`);
    await page.getByTestId('audit-table').getByText('Vendor reported a payout fault').waitFor();

    await checkScreen('/games/catalogue', 'console-game-catalogue', (p) =>
      p.getByTestId('games-table').getByTestId('table-row').first().waitFor(),
    );

    // Back on.
    await page.goto(`${run.taya.url}/console/games/catalogue?search=Fortune`);
    await rows.first().getByRole('button', { name: 'Edit Taya Fortune' }).click();
    await edit.getByLabel('Enabled (offered in the lobby)').check();
    await edit.getByLabel('Reason').fill('Vendor fixed the payout fault');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await rows.first().getByText('Enabled').waitFor();
    await player.reload();
    await tile.first().waitFor();
  }, 240_000);

  it('puts a vendor in maintenance and back, with reasons', async () => {
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'admin', '/games/catalogue');
    const vendor = page
      .getByTestId('game-vendor')
      .filter({ has: page.locator('code', { hasText: /^TAYA$/ }) });
    await vendor.getByRole('button', { name: 'Start maintenance' }).click();
    const confirm = page.getByRole('dialog', { name: 'Put Taya Games in maintenance?' });
    await confirm.getByLabel('Reason').fill('Vendor maintenance window tonight');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-vendor-maintenance-1366');
    await confirm.getByRole('button', { name: 'Start maintenance' }).click();
    await confirm.waitFor({ state: 'detached' });
    await vendor.getByText('Maintenance', { exact: true }).waitFor();
    await vendor.getByRole('button', { name: 'End maintenance' }).click();
    const end = page.getByRole('dialog', { name: 'End the maintenance of Taya Games?' });
    await end.getByLabel('Reason').fill('Vendor maintenance window over');
    await end.getByRole('button', { name: 'End maintenance' }).click();
    await end.waitFor({ state: 'detached' });
    await vendor.getByRole('button', { name: 'Start maintenance' }).waitFor();
  }, 240_000);

  it('edits a jackpot pool with a reason', async () => {
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'admin', '/games/jackpots');
    await page.getByRole('heading', { level: 1, name: 'Jackpot pools' }).waitFor();
    const row = page.getByTestId('jackpots-table').getByTestId('table-row').first();
    await row.getByText('Taya Grand Jackpot').waitFor();
    await expect(row.textContent()).resolves.toContain('1%');
    await row.getByRole('button', { name: 'Edit Taya Grand Jackpot' }).click();
    const edit = page.getByTestId('jackpot-edit');
    await edit.getByLabel('Contribution (%)').fill('1.5');
    await edit.getByLabel('Reason').fill('Grow the pool faster this month');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-jackpot-edit-1366');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('1.5%').waitFor();
    await checkScreen('/games/jackpots', 'console-jackpots', (p) =>
      p.getByTestId('jackpots-table').getByText('Taya Grand Jackpot').waitFor(),
    );
  }, 240_000);
});

describe('console resettle', () => {
  it('resettles a settled round with a corrected payout and a reason', async () => {
    const memberId = await demoPlayer(run.taya, 'e2e-console-resettle');
    await settledRound(memberId);
    const { wallet } = run.taya.app.services;
    expect((await wallet.balance('TYPH', memberId)).sumBalance).toBe('480.00');

    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'admin', `/games/rounds?playerId=${memberId}`);
    const rows = page.getByTestId('rounds-table').getByTestId('table-row');
    await rows.first().waitFor();
    await rows.first().click();
    const detail = page.getByTestId('round-detail');
    await detail.waitFor();
    await expect(detail.getByRole('button', { name: 'Void round' }).count()).resolves.toBe(0);
    await detail.getByRole('button', { name: 'Resettle round' }).click();
    const form = page.getByTestId('resettle-form');
    await form.getByRole('textbox').fill('50.00');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-round-resettle-1366');
    await form.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Resettle this round?' });
    await confirm.getByLabel('Reason').fill('Wrong result entered by the vendor');
    await screenshot(page, 'console-round-resettle-confirm-1366');
    await confirm.getByRole('button', { name: 'Resettle round' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Round resettled: 1 bet changed.').waitFor();
    await detail.getByTestId('round-bet').getByText('50.00').waitFor();
    expect((await wallet.balance('TYPH', memberId)).sumBalance).toBe('520.00');

    const small = await open('small');
    await consoleLogin(small, run.taya.url, 'admin', `/games/rounds?playerId=${memberId}`);
    await small.getByTestId('rounds-table').getByTestId('table-row').first().click();
    await small.getByRole('button', { name: 'Resettle round' }).click();
    await small.getByTestId('resettle-form').waitFor();
    expect(await seriousViolations(small)).toEqual([]);
    await screenshot(small, 'console-round-resettle-1024');
  }, 240_000);
});

describe('console settings and shortcuts', () => {
  it('sets the manual adjustment approval threshold with a reason', async () => {
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'admin', '/player-settings');
    await page.getByRole('heading', { level: 1, name: 'Player settings' }).waitFor();
    const card = page.getByTestId('adjust-threshold');
    await card.getByTestId('adjust-threshold-current').waitFor();
    await card.getByLabel('Threshold').fill('2500');
    await card.getByLabel('Reason').fill('Finance asked for a lower limit');
    await card.getByRole('button', { name: 'Save threshold' }).click();
    await card.getByText('Threshold saved.').waitFor();
    await expect
      .poll(() => card.getByTestId('adjust-threshold-current').innerText())
      .toContain('2,500.00');
    const saved = await operatorCall<{ adjustApprovalAbove: string }>(
      run.taya,
      'GET',
      '/ops/player-settings/TYPH',
    );
    expect(saved.value.adjustApprovalAbove).toBe('250000');
    await checkScreen('/player-settings', 'console-player-settings', (p) =>
      p.getByTestId('adjust-threshold-current').waitFor(),
    );
  }, 240_000);

  it('creates a payment channel, shows approvals on the dashboard, picks a bonus promotion', async () => {
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'admin', '/cashier/channels');
    await page.getByRole('button', { name: 'New channel' }).click();
    const create = page.getByTestId('channel-create');
    await create.getByLabel('Code').fill('E2E_BANK');
    await create.getByLabel('Name', { exact: true }).fill('E2E Bank');
    await create.getByLabel('Bank', { exact: true }).fill('Test Bank');
    await create.getByLabel('Account name').fill('Taya Ltd');
    await create.getByLabel('Account number').fill('1234 5678 90');
    await create.getByLabel('Minimum deposit').fill('100');
    await create.getByLabel('Maximum deposit').fill('50000');
    await create.getByLabel('Reason').fill('New bank account for deposits');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-channel-create-1366');
    await create.getByRole('button', { name: 'Create channel' }).click();
    await create.waitFor({ state: 'detached' });
    await page.getByTestId('channels-table').getByText('E2E_BANK').waitFor();

    const small = await open('small');
    await consoleLogin(small, run.taya.url, 'admin', '/cashier/channels');
    await small.getByRole('button', { name: 'New channel' }).click();
    await small.getByTestId('channel-create').waitFor();
    expect(await seriousViolations(small)).toEqual([]);
    await screenshot(small, 'console-channel-create-1024');

    await page.goto(`${run.taya.url}/console/dashboard`);
    const approvals = page.getByTestId('dashboard-approvals');
    await approvals
      .getByRole('link', { name: /Approvals waiting for a second operator/ })
      .waitFor();
    await screenshot(page, 'console-dashboard-approvals-1366');
    await approvals.getByRole('link').click();
    await page.waitForURL(/\/console\/approvals/);

    const memberId = await demoPlayer(run.taya, 'e2e-console-bonus');
    await page.goto(`${run.taya.url}/console/players/${memberId}`);
    await page.getByRole('button', { name: 'Grant bonus' }).click();
    const picker = page.getByTestId('promotion-picker');
    await picker.waitFor();
    await expect.poll(() => picker.locator('option').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-bonus-picker-1366');
  }, 240_000);
});
