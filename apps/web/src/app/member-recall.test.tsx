import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../lib/session';
import { calls, installFakeApi, ok } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { gameRoutes } from '../testing/game-fixtures';
import { identityRoutes } from '../testing/identity-fixtures';
import { recordedTayaSpin } from '../testing/recall-fixtures';
import { renderApp } from '../testing/render-app';

const genuine = recordedTayaSpin();
const tampered = recordedTayaSpin({
  betId: 'bet-tampered',
  payout: '15.00',
  round: { ...genuine.round, roundId: 'round-tampered' },
});
const vendorGame = recordedTayaSpin({
  betId: 'bet-vendor',
  round: {
    ...genuine.round,
    roundId: 'round-vendor',
    gameCode: 'BACCARAT_A',
    engine: 'vendor:EVO',
    state: {},
    seedCommitment: null,
    serverSeed: null,
    clientSeed: null,
  },
});

function setup(list: unknown[]) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes(
      gameRoutes({
        'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true, wallets: [] }),
        'GET /wps/member/bets': () =>
          ok({
            list: [],
            totals: { count: 0, stake: '0.00', validBet: '0.00', payout: '0.00', winLoss: '0.00' },
            page: 1,
            size: 20,
            hasMore: false,
          }),
        'GET /play/recall': () => ok({ list }),
      }),
    ),
  );
  startSession('token-alice', 0);
  const user = userEvent.setup();
  renderApp('/member?tab=personalHistoryCopy');
  return { ...api, user };
}

describe('betting record: last 10 games (GLI-19 recall)', () => {
  it('shows each game with its reels and seeds, and verifies it in the browser', async () => {
    const { requests, user } = setup([genuine, tampered, vendorGame]);
    const panel = await screen.findByTestId('betting-record');
    expect(calls(requests, 'GET', '/play/recall')).toHaveLength(0);
    await user.click(within(panel).getByRole('tab', { name: 'Last 10 games' }));

    const rows = await within(panel).findAllByTestId('recall-row');
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Taya Fortune');
    expect(first.textContent).toContain('Round 5a9b6c1e-2f7d-4a4e-8d0b-7c6e5f4a3b21');
    const grid = within(first).getByTestId('recall-grid');
    expect(grid.querySelectorAll('[data-symbol]')).toHaveLength(15);
    expect(within(grid).getAllByRole('img', { name: 'Scatter' })).toHaveLength(1);
    expect(within(first).getByTestId('recall-wins').textContent).toContain(
      'Line 5: 3 × Ten pays ₱\u00a01.50',
    );
    expect(within(first).getByTestId('recall-server-seed').textContent).toBe(
      genuine.round.serverSeed,
    );

    await user.click(within(first).getByRole('button', { name: 'Verify' }));
    expect(within(first).getByTestId('recall-verdict').textContent).toContain('Verified ✓');

    await user.click(within(second).getByRole('button', { name: 'Verify' }));
    const mismatch = within(second).getByTestId('recall-verdict');
    expect(mismatch.textContent).toContain('Not verified');
    expect(mismatch.textContent).toContain(
      'The seeds pay ₱\u00a01.50; the bet was paid ₱\u00a015.00.',
    );

    // A vendor's game: its record as kept, nothing to replay.
    expect(within(third).queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(within(third).queryByTestId('recall-grid')).toBeNull();
    expect(third.textContent).toContain("This game's provider keeps its draw");
  });

  it('says so when there are no games yet', async () => {
    const { user } = setup([]);
    const panel = await screen.findByTestId('betting-record');
    await user.click(within(panel).getByRole('tab', { name: 'Last 10 games' }));
    expect(await within(panel).findByTestId('recall-empty')).toBeTruthy();
  });
});
