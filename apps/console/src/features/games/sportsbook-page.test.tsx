import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { operatorRolePermissions, type OperatorMe, type OpsFixtureList } from '@taya/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { OperatorProvider } from '../../auth/operator-context';
import { createQueryClient } from '../../lib/query-client';
import { setToken } from '../../lib/session';
import { fakeApi } from '../../testing/fake-api';
import SportsbookPage from './sportsbook-page';

const admin: OperatorMe = {
  id: 'op-1',
  username: 'demo_admin',
  role: 'admin',
  permissions: [...operatorRolePermissions.admin],
  merchants: null,
  merchantCode: 'TYPH',
  sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

const league = {
  id: 'epl',
  sport: 'football' as const,
  name: 'Premier League',
  country: 'England',
};
const list: OpsFixtureList = {
  feed: { name: 'sandbox', simulated: true },
  leagues: [league],
  fixtures: [
    {
      id: 'f1',
      sport: 'football',
      league,
      home: 'Reds',
      away: 'Blues',
      startsAt: '2026-11-27T12:00:00.000Z',
      status: 'live',
      clock: "63'",
      scores: { ft: { home: 1, away: 0 }, h1: { home: 1, away: 0 } },
      simulated: true,
      marketCount: 1,
      source: 'feed:sandbox',
      tickets: 2,
      markets: [
        {
          id: 'f1:ah',
          kind: 'ah',
          period: 'ft',
          line: -3,
          status: 'open',
          main: true,
          stakeFactor: 100,
          selections: [
            { key: 'home', odds: 1860, outcome: null },
            { key: 'away', odds: 2020, outcome: null },
          ],
          liability: {
            PH1: {
              currency: 'PHP',
              selections: [
                { key: 'home', tickets: 2, stake: '150.00', singlesReturn: '279.00', parlays: 0 },
              ],
            },
          },
        },
      ],
    },
  ],
};

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <OperatorProvider>
        <MemoryRouter initialEntries={['/console/games/sportsbook']}>
          <SportsbookPage />
        </MemoryRouter>
      </OperatorProvider>
    </QueryClientProvider>,
  );
}

describe('the sportsbook trading page', () => {
  it('shows the feed, the fixture and its market, and saves every price', async () => {
    setToken('t');
    const calls = fakeApi({
      'GET /ops/session/me': { value: admin },
      'GET /ops/sportsbook/fixtures': { value: list },
      'PATCH /ops/sportsbook/markets/f1%3Aah': {
        value: { id: 'f1:ah', status: 'open', version: 2 },
      },
    });
    renderPage();
    const fixture = await screen.findByTestId('fixture-f1');
    expect(screen.getByTestId('sportsbook-feed').textContent).toBe(
      'Feed: sandbox — simulated matches',
    );
    expect(fixture.textContent).toContain('Reds');
    expect(fixture.textContent).toContain("63'");
    expect(fixture.textContent).toContain('2 tickets');
    await userEvent.click(within(fixture).getByTestId('fixture-toggle-f1'));
    const market = screen.getByTestId('market-f1:ah');
    expect(market.textContent).toContain('-0.75 (-0.5/-1)');
    expect(within(market).getByTestId('liability-f1:ah').textContent).toContain('PH1');
    const save = (await screen.findByTestId('market-save-f1:ah')) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const home = screen.getByTestId('odds-input-f1:ah-home');
    await userEvent.clear(home);
    await userEvent.type(home, '1.9');
    await userEvent.click(save);
    await screen.findByTestId('fixture-f1');
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(String(patch!.init.body))).toEqual({ odds: { home: '1.9', away: '2.02' } });
    expect(screen.queryByTestId('sportsbook-problem')).toBeNull();
  });

  it('shows the server’s refusal of a write', async () => {
    setToken('t');
    fakeApi({
      'GET /ops/session/me': { value: admin },
      'GET /ops/sportsbook/fixtures': { value: list },
      'PATCH /ops/sportsbook/markets/f1%3Aah': {
        status: 403,
        errorCode: 'forbidden',
        message: 'Fixtures are shared by every merchant: outside your scope',
      },
    });
    renderPage();
    await userEvent.click(await screen.findByTestId('fixture-toggle-f1'));
    await userEvent.click(await screen.findByTestId('market-suspend-f1:ah'));
    expect((await screen.findByTestId('sportsbook-problem')).textContent).toContain(
      'outside your scope',
    );
  });
});
