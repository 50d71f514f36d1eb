import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Fixture, SportsLobby, Ticket } from '@taya/contracts';
import { startSession } from '../lib/session';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { gameRoutes } from '../testing/game-fixtures';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const fixture: Fixture = {
  id: 'fx-1',
  sport: 'football',
  league: { id: 'lg-1', sport: 'football', name: 'Sandbox League', country: 'PH' },
  home: 'Manila Kings',
  away: 'Cebu Sharks',
  startsAt: '2030-01-01T10:00:00.000Z',
  status: 'live',
  clock: "63'",
  scores: { ft: { home: 1, away: 0 } },
  simulated: true,
  marketCount: 3,
  markets: [
    {
      id: 'mk-1x2',
      kind: '1x2',
      period: 'ft',
      line: null,
      status: 'open',
      main: true,
      selections: [
        { key: 'home', odds: 1860, outcome: null },
        { key: 'draw', odds: 3400, outcome: null },
        { key: 'away', odds: 4100, outcome: null },
      ],
    },
    {
      id: 'mk-ah',
      kind: 'ah',
      period: 'ft',
      line: -3,
      status: 'suspended',
      main: true,
      selections: [
        { key: 'home', odds: 1920, outcome: null },
        { key: 'away', odds: 1950, outcome: null },
      ],
    },
  ],
};

const lobby: SportsLobby = {
  sports: [{ sport: 'football', live: 1, upcoming: 0 }],
  leagues: [{ ...fixture.league, fixtures: 1 }],
  live: [fixture],
  upcoming: [],
  results: [],
  limits: { currency: 'PHP', minStake: '10.00', maxStake: '5000.00', maxPayout: '100000.00' },
  serverNow: '2030-01-01T10:00:00.000Z',
};

function setup(routes: FakeRoutes) {
  const api = installFakeApi(statusWithFlags([]), identityRoutes(gameRoutes(routes)));
  startSession('token-alice', 0);
  renderApp('/sports');
  return { ...api, user: userEvent.setup() };
}

describe('sportsbook (/sports)', () => {
  it('shows the book, and asks again when the odds moved', async () => {
    let tries = 0;
    const { requests, user } = setup({
      'GET /sportsbook': () => ok(lobby),
      'POST /sportsbook/tickets': () => {
        tries += 1;
        if (tries === 1)
          return fail(409, 'odds_changed', {
            value: { legs: [{ market: 'mk-1x2', selection: 'home', odds: 1800 }] },
          });
        const ticket: Ticket = {
          id: 'tk-1',
          kind: 'single',
          currency: 'PHP',
          stake: '100.00',
          odds: 1800,
          potential: '180.00',
          status: 'open',
          payout: null,
          legs: [],
          placedAt: '2030-01-01T10:01:00.000Z',
          settledAt: null,
        };
        return ok({ ...ticket, balance: '900.00' });
      },
    });
    expect(await screen.findByTestId('sports-simulated')).toBeTruthy();
    expect(screen.getByTestId('odds-mk-ah-home').hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByTestId('odds-mk-1x2-home'));
    const slip = screen.getByTestId('bet-slip');
    await user.type(within(slip).getByTestId('slip-stake'), '100');
    expect(within(slip).getByText('₱ 186.00', { exact: false })).toBeTruthy();
    await user.click(within(slip).getByTestId('slip-place'));
    await waitFor(() =>
      expect(within(slip).getByTestId('slip-pick').getAttribute('data-state')).toBe('changed'),
    );
    expect(
      within(slip).getByTestId('slip-pick').querySelector('[data-odds]')?.getAttribute('data-odds'),
    ).toBe('1800');
    await user.click(within(slip).getByTestId('slip-place'));
    expect(await within(slip).findByTestId('slip-placed')).toBeTruthy();
    const posts = calls(requests, 'POST', '/sportsbook/tickets');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toMatchObject({
      legs: [{ market: 'mk-1x2', selection: 'home', odds: 1800 }],
      stake: '100.00',
      accept: 'none',
    });
    expect(within(slip).queryAllByTestId('slip-pick')).toHaveLength(0);
  });
});
