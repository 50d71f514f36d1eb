import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashChains } from '../apps/server/src/modules/originals/crash/schema';
import { seriousViolations } from './axe';
import { consoleLogin, newPage, screenshot } from './fixtures';
import { BrowserRun, asciiDigits, demoPlayer, expectNoSidewaysScroll, logIn } from './steps';

const consoleViewports = {
  laptop: { width: 1366, height: 900 },
  small: { width: 1024, height: 768 },
} as const;

let run: BrowserRun;
beforeAll(async () => {
  run = await BrowserRun.start();
  // The demo member, ready to play (password set, funded).
  await demoPlayer(run.taya, 'e2e-console-originals-fund');
  // Outside development data a new chain has no salt: this server now makes such chains, and
  // the development chain's rounds run out (a high crash point takes a while) during the tests.
  run.taya.app.services.crash.deps.options.sandboxSalt = false;
  await run.taya.database.db.update(crashChains).set({ active: false });
});
afterAll(() => run?.stop());

async function open(size: keyof typeof consoleViewports): Promise<Page> {
  const { page } = await newPage(run.browser, consoleViewports[size]);
  return page;
}

const diceRow = (page: Page) =>
  page
    .getByTestId('originals-table')
    .getByTestId('table-row')
    .filter({ has: page.locator('code', { hasText: /^TAYA_DICE$/ }) });

describe('console originals', () => {
  it('an admin changes dice’s max bet and RTP with a reason; the player’s page and the audit log follow', async () => {
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'admin', '/games/originals');
    await page.getByRole('heading', { level: 1, name: 'House originals' }).waitFor();
    const row = diceRow(page);
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('10,000.00');
    await expect(row.textContent()).resolves.toContain('98.99%');

    await row.getByRole('button', { name: 'Edit Dice' }).click();
    const edit = page.getByTestId('original-limits-edit');
    await edit.waitFor();
    const exact = edit.getByTestId('original-exact-rtp');
    await expect(exact.innerText()).resolves.toContain('98.99%');
    await edit.getByLabel('Max bet (TLB)').fill('2500.50');
    // The exact return follows the rate as it is typed.
    await edit.getByLabel('Return to player (%)').fill('98');
    await expect.poll(() => exact.innerText()).toContain('97.99%');
    await edit.getByLabel('Return to player (%)').fill('99.5');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText('Enter a percentage from 95 to 99').waitFor();
    await edit.getByLabel('Return to player (%)').fill('98');
    await edit.getByLabel('Reason').fill('Lower dice limit for the promotion week');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-original-edit-1366');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('2,500.50');
    await expect(row.textContent()).resolves.toContain('97.99%');

    // The player's dice page shows the new maximum and return.
    const player = await run.open('desktop');
    await logIn(player, run.taya.url);
    await player.goto(`${run.taya.url}/house/dice`);
    await player.getByTestId('original-game').waitFor();
    await player.getByTestId('og-amount').fill('3000');
    await player.getByText(/The most you can bet is .*2,500\.50/).waitFor();
    await player.getByRole('tab', { name: 'How to play' }).click();
    const help = player.getByTestId('og-help-panel');
    await expect.poll(() => help.innerText()).toMatch(/to .*2,500\.50/);
    expect(asciiDigits(await player.getByTestId('og-rtp').innerText())).toContain('97.99');

    // The Colour Game's return is set by its rules: only its limits change here.
    const colour = page
      .getByTestId('originals-table')
      .getByTestId('table-row')
      .filter({ has: page.locator('code', { hasText: /^TAYA_COLOR$/ }) });
    await expect(colour.textContent()).resolves.toContain('92.13%');
    await colour.getByRole('button', { name: 'Edit Colour Game' }).click();
    await edit.waitFor();
    await expect(edit.getByTestId('original-exact-rtp').innerText()).resolves.toContain(
      'set by its rules: 92.13%',
    );
    expect(await edit.getByLabel('Return to player (%)').count()).toBe(0);
    await edit.getByLabel('Max bet (TLB)').fill('3000');
    await edit.getByLabel('Reason').fill('Colour Game table limit for the fiesta');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => colour.textContent()).toContain('3,000.00');
    const state = await (
      await fetch(`${run.taya.url}/originals/color-game/state`, { headers: { merchant: 'TYPH' } })
    ).json();
    expect(state.value.maxBet).toBe('3000.00');

    // The audit log lists the change with its reason.
    await page.goto(`${run.taya.url}/console/audit?action=originals.limits.update`);
    await page
      .getByTestId('audit-table')
      .getByText('Lower dice limit for the promotion week')
      .waitFor();
    await screenshot(page, 'console-original-audit-1366');

    for (const size of ['laptop', 'small'] as const) {
      const view = await open(size);
      await consoleLogin(view, run.taya.url, 'admin', '/games/originals');
      await diceRow(view).waitFor();
      expect(await seriousViolations(view)).toEqual([]);
      await expectNoSidewaysScroll(view);
      await screenshot(view, `console-originals-${size === 'laptop' ? 1366 : 1024}`);
      if (size === 'small') {
        await diceRow(view).getByRole('button', { name: 'Edit Dice' }).click();
        await view.getByTestId('original-limits-edit').waitFor();
        expect(await seriousViolations(view)).toEqual([]);
        await screenshot(view, 'console-original-edit-1024');
      }
    }
  }, 240_000);

  it('an admin publishes the crash chain’s block, then its hash; the crash game opens for players', async () => {
    const player = await run.open('phone');
    await player.goto(`${run.taya.url}/house/crash?mode=demo`);
    await player.getByTestId('crash-salt-waiting').waitFor();

    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'admin', '/games/originals');
    const card = page.getByTestId('crash-chain');
    await card.getByText('Waiting for the block height').waitFor();
    const form = card.getByTestId('crash-block-form');
    await form.getByLabel('Bitcoin block height').fill('950000');
    await form.getByLabel('Reason').fill('Publishing the new crash chain');
    await form.getByRole('button', { name: 'Publish block height' }).click();
    await card.getByText('Waiting for the block hash').waitFor();
    await expect(card.getByTestId('crash-chain-block').innerText()).resolves.toBe('950000');

    await player.reload();
    await expect
      .poll(() => player.getByTestId('crash-salt-waiting').innerText())
      .toContain('950000');

    const salt = card.getByTestId('crash-salt-form');
    await salt.getByLabel('Hash of Bitcoin block 950000').fill('not a hash');
    await salt.getByLabel('Reason').fill('Block 950000 mined');
    await salt.getByRole('button', { name: 'Set salt and open crash' }).click();
    await salt.getByText('Enter the block hash: 64 hex digits.').waitFor();
    const blockHash = '0000000000000000000' + 'b'.repeat(45);
    await salt.getByLabel('Hash of Bitcoin block 950000').fill(blockHash);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-crash-chain-1366');
    // The development chain's last round has ended: the next round is the new chain's first.
    const { crash } = run.taya.app.services;
    await expect
      .poll(() => crash.liveRound(run.taya.database.db), { timeout: 150_000, interval: 1_000 })
      .toBeNull();
    await salt.getByRole('button', { name: 'Set salt and open crash' }).click();
    await card.getByTestId('crash-chain-status').getByText('Playing').waitFor();

    // The runner opens the chain's first round within seconds; the page reads the salt then.
    await player.getByTestId('crash-salt-waiting').waitFor({ state: 'detached', timeout: 30_000 });
    await player.getByTestId('crash-tab-fair').click();
    await expect(player.getByTestId('crash-salt').innerText()).resolves.toBe(blockHash);
    await expect(player.getByTestId('crash-salt-source').innerText()).resolves.toContain('950000');
  }, 300_000);

  it('shows a read-only role the limits without the edit control', async () => {
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'read_only', '/games/originals');
    const row = diceRow(page);
    await row.waitFor();
    await expect(row.getByRole('button', { name: 'Edit Dice' }).count()).resolves.toBe(0);
  }, 120_000);
});
