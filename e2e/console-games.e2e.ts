import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { consoleLogin, newPage, screenshot } from './fixtures';
import { BrowserRun, accountId, demoPlayer, expectNoSidewaysScroll, logIn } from './steps';

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

/** An open round of a game with a held 30.00 stake of `player`, through the wagering kernel. */
async function openRoundWithStake(player: string): Promise<string> {
  const { play } = run.taya.app.services;
  return play.transaction(async (tx) => {
    const round = await play.openRound(tx, {
      merchantCode: 'TYPH',
      gameId: 'e2e-console-rounds',
      gameCode: 'E2E_ROUNDS',
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
        key: `e2e-console-round:${id}`,
        actor: 'e2e',
      },
      round,
    );
    return round.id;
  });
}

describe('console rounds', () => {
  it('finds a player round, recalls it and voids it: the held stake returns to the player', async () => {
    const memberId = await demoPlayer(run.taya, 'e2e-console-rounds');
    const roundId = await openRoundWithStake(memberId);

    // The player sees the stake taken: 500.00 less 30.00.
    const player = await run.open('desktop');
    await logIn(player, run.taya.url, { balance: '470.00' });

    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'admin', '/games/rounds');
    await page.getByRole('heading', { level: 1, name: 'Rounds' }).waitFor();
    await page.getByLabel('Player ID', { exact: true }).fill(memberId);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/playerId=/);
    const rows = page.getByTestId('rounds-table').getByTestId('table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('E2E_ROUNDS');
    await expect(rows.first().textContent()).resolves.toContain(roundId);
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'console-rounds-1366');

    await rows.first().click();
    const detail = page.getByTestId('round-detail');
    await detail.waitFor();
    await detail.getByTestId('round-bet').getByText('Held').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-round-detail-1366');

    await detail.getByRole('button', { name: 'Void round' }).click();
    const confirm = page.getByRole('dialog', { name: 'Void this round?' });
    await confirm.getByLabel('Reason').fill('Game server fault, stake returned');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-round-void-1366');
    await confirm.getByRole('button', { name: 'Void round' }).click();
    await confirm.waitFor({ state: 'detached' });
    await detail.getByText('Round voided: 1 stake returned.').waitFor();
    await detail.getByTestId('round-bet').getByText('Void').waitFor();
    await expect(detail.getByRole('button', { name: 'Void round' }).count()).resolves.toBe(0);

    // The stake is back in the player's wallet.
    await player.reload();
    await expect.poll(() => player.getByTestId('site-header').innerText()).toContain('500.00');
    const balance = await run.taya.app.services.wallet.balance('TYPH', memberId);
    expect(balance.sumBalance).toBe('500.00');

    // The void is in the audit log with its reason.
    await page.keyboard.press('Escape');
    await page.goto(`${run.taya.url}/console/audit?action=games.round.void`);
    await page.getByTestId('audit-table').getByText('Game server fault').waitFor();

    const small = await open('small');
    await consoleLogin(small, run.taya.url, 'admin', `/games/rounds?playerId=${memberId}`);
    await small.getByTestId('rounds-table').getByTestId('table-row').first().waitFor();
    await expectNoSidewaysScroll(small);
    expect(await seriousViolations(small)).toEqual([]);
    await screenshot(small, 'console-rounds-1024');
    await small.getByTestId('rounds-table').getByTestId('table-row').first().click();
    await small.getByTestId('round-detail').waitFor();
    await screenshot(small, 'console-round-detail-1024');
  });

  it('shows no void control to a role that may only read games', async () => {
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'read_only', '/games/rounds');
    await page.getByRole('heading', { level: 1, name: 'Rounds' }).waitFor();
    const rows = page.getByTestId('rounds-table').getByTestId('table-row');
    await rows.first().waitFor();
    await rows.first().click();
    const detail = page.getByTestId('round-detail');
    await detail.waitFor();
    await expect(detail.getByRole('button', { name: 'Void round' }).count()).resolves.toBe(0);
  });

  it('switches gaming off and on for one player and for the whole merchant, with reasons', async () => {
    const memberId = await accountId(run.taya);
    const page = await open('laptop');
    await consoleLogin(page, run.taya.url, 'admin', '/games/switches');
    await page.getByRole('heading', { level: 1, name: 'Gaming switches' }).waitFor();
    await page.getByText('No player has gaming switched off.').waitFor();

    await page.getByLabel('Player ID', { exact: true }).fill(memberId);
    await page.getByRole('button', { name: 'Turn gaming off for this player' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change the gaming switch?' });
    await confirm.getByLabel('Reason').fill('Self-exclusion asked by phone');
    await confirm.getByRole('button', { name: 'Turn off' }).click();
    await confirm.waitFor({ state: 'detached' });
    const row = page.getByTestId('switches-table').getByTestId('table-row');
    await row.getByText('Self-exclusion asked by phone').waitFor();
    await expect(row.textContent()).resolves.toContain(memberId);

    await page.getByRole('button', { name: 'Turn gaming off for the merchant' }).click();
    await confirm.getByLabel('Reason').fill('Emergency maintenance of all games');
    await confirm.getByRole('button', { name: 'Turn off' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page
      .getByText('Gaming is off for this merchant: no game launches and no bets.')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'console-gaming-switches-1366');

    const small = await open('small');
    await consoleLogin(small, run.taya.url, 'admin', '/games/switches');
    await small.getByTestId('switches-table').getByTestId('table-row').first().waitFor();
    await expectNoSidewaysScroll(small);
    await screenshot(small, 'console-gaming-switches-1024');

    await page.getByRole('button', { name: 'Turn gaming back on for the merchant' }).click();
    await confirm.getByLabel('Reason').fill('Maintenance over, games back');
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Gaming is on for this merchant.').waitFor();
    await row.getByRole('button', { name: 'Turn on' }).click();
    await confirm.getByLabel('Reason').fill('Self-exclusion period ended');
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('No player has gaming switched off.').waitFor();
  });
});
