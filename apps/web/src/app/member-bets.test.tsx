import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../lib/session';
import {
  calls,
  installFakeApi,
  ok,
  type FakeRoutes,
  type RecordedRequest,
} from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { gameRoutes } from '../testing/game-fixtures';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

function bet(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    roundId: `round-${id}`,
    vendor: 'TAYA',
    nodeId: 'TAYAPH-TAYA-FORTUNE',
    gameName: 'Taya Fortune',
    gameType: 'RNG',
    stake: '10.00',
    validBet: '10.00',
    payout: '0.00',
    winLoss: '-10.00',
    status: 'settled',
    placedAt: '2026-03-01T04:00:00.000Z',
    settledAt: '2026-03-01T04:00:01.000Z',
    ...overrides,
  };
}

const betPage = {
  list: [
    bet('b1', { payout: '1250.00', winLoss: '1240.00' }),
    bet('b2'),
    bet('b3', { status: 'open', payout: '0.00', winLoss: '0.00', settledAt: null }),
  ],
  totals: {
    count: 43,
    stake: '4300.00',
    validBet: '4290.00',
    payout: '5120.50',
    winLoss: '820.50',
  },
  page: 1,
  size: 20,
  hasMore: true,
};

function setup(url: string, routes: FakeRoutes = {}, customerType = 0) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes(
      gameRoutes({
        'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true, wallets: [] }),
        'GET /wps/member/bets': (request) =>
          ok({ ...betPage, page: Number(request.query.get('page') ?? 1) }),
        'GET /wps/member/profit': () =>
          ok({
            byGameType: [
              {
                gameType: 'RNG',
                count: 40,
                validBet: '4000.00',
                payout: '4900.00',
                winLoss: '900.00',
              },
              {
                gameType: 'LIVE',
                count: 3,
                validBet: '290.00',
                payout: '220.50',
                winLoss: '-69.50',
              },
            ],
            total: { count: 43, validBet: '4290.00', payout: '5120.50', winLoss: '830.50' },
          }),
        ...routes,
      }),
    ),
  );
  startSession('token-alice', customerType);
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

describe('betting record (personalHistoryCopy)', () => {
  it('lists the bets with their totals, wins in green and losses in red', async () => {
    const { requests } = setup('/member?tab=personalHistoryCopy');
    const panel = await screen.findByTestId('betting-record');
    const totals = await within(panel).findByTestId('bet-totals');
    expect(within(totals).getByTestId('bet-totals-count').textContent).toBe('43');
    expect(totals.textContent).toContain('4,300.00');
    expect(totals.textContent).toContain('4,290.00');
    expect(totals.textContent).toContain('5,120.50');
    const result = within(totals).getByTestId('bet-totals-win-loss');
    expect(result.textContent).toBe('+₱\u00a0820.50');
    expect(result.classList.contains('is-credit')).toBe(true);

    const rows = within(panel).getAllByTestId('bet-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Taya Fortune');
    expect(rows[0]?.textContent).toContain('Taya Games · Slots');
    expect(rows[0]?.textContent).toContain('Round round-b1');
    expect(within(rows[0]!).getByText('+₱ 1,240.00').classList.contains('is-credit')).toBe(true);
    expect(within(rows[1]!).getByText('-₱ 10.00').classList.contains('is-debit')).toBe(true);
    expect(within(rows[2]!).getByText('Open')).toBeTruthy();

    const first = calls(requests, 'GET', '/wps/member/bets')[0];
    expect(first?.query.get('page')).toBe('1');
    expect(first?.query.get('size')).toBe('20');
    expect(first?.query.has('gameType')).toBe(false);
    expect(first?.query.has('from')).toBe(false);
  });

  it('filters by game type and period and pages on', async () => {
    const { requests, user } = setup('/member?tab=personalHistoryCopy');
    const panel = await screen.findByTestId('betting-record');
    await within(panel).findByTestId('bet-totals');

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Game type' }), 'RNG');
    await waitFor(() =>
      expect(calls(requests, 'GET', '/wps/member/bets').at(-1)?.query.get('gameType')).toBe('RNG'),
    );

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Period' }), 'last7');
    await waitFor(() =>
      expect(calls(requests, 'GET', '/wps/member/bets').at(-1)?.query.has('from')).toBe(true),
    );
    const filtered = calls(requests, 'GET', '/wps/member/bets').at(-1)!;
    const from = new Date(filtered.query.get('from')!);
    const to = new Date(filtered.query.get('to')!);
    // Seven whole local days, today included.
    expect(Math.round((to.getTime() - from.getTime()) / 86_400_000)).toBe(7);
    expect(from.getHours()).toBe(0);
    expect(filtered.query.get('gameType')).toBe('RNG');

    await user.click(within(panel).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(calls(requests, 'GET', '/wps/member/bets').at(-1)?.query.get('page')).toBe('2'),
    );
    expect(await within(panel).findByText('Page 2')).toBeTruthy();
  });

  it('says so when there are no bets', async () => {
    setup('/member?tab=personalHistoryCopy', {
      'GET /wps/member/bets': () =>
        ok({
          list: [],
          totals: { count: 0, stake: '0.00', validBet: '0.00', payout: '0.00', winLoss: '0.00' },
          page: 1,
          size: 20,
          hasMore: false,
        }),
    });
    expect(await screen.findByTestId('bets-empty')).toBeTruthy();
  });

  it('is refused to trial players with the real-account notice', async () => {
    const { requests } = setup('/member?tab=personalHistoryCopy', {}, 4);
    expect(await screen.findByTestId('trial-refusal')).toBeTruthy();
    expect(calls(requests, 'GET', '/wps/member/bets')).toHaveLength(0);
  });
});

describe('profit and loss (personalProfit)', () => {
  it('shows the result per game type with the total, for the last 7 then 30 days', async () => {
    const { requests, user } = setup('/member?tab=personalProfit');
    const panel = await screen.findByTestId('profit');
    const rows = await within(panel).findAllByTestId('profit-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Slots404,000.004,900.00+₱\u00a0900.00',
      'Live casino3290.00220.50-₱\u00a069.50',
    ]);
    expect(within(panel).getByTestId('profit-total').textContent).toBe(
      'Total434,290.005,120.50+₱\u00a0830.50',
    );
    const first = calls(requests, 'GET', '/wps/member/profit')[0]!;
    const span = (request: RecordedRequest) =>
      Math.round(
        (new Date(request.query.get('to')!).getTime() -
          new Date(request.query.get('from')!).getTime()) /
          86_400_000,
      );
    expect(span(first)).toBe(7);

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Period' }), 'last30');
    await waitFor(() => expect(calls(requests, 'GET', '/wps/member/profit')).toHaveLength(2));
    expect(span(calls(requests, 'GET', '/wps/member/profit')[1]!)).toBe(30);
  });
});
