import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MissionItem, MissionLeaderboard } from '@taya/contracts';
import { startSession } from '../lib/session';
import { statusWithFlags } from '../testing/auth-status';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { identityRoutes, memberInfoFixture } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const missionsPath = '/wps/missions';
const summaryPath = '/wps/missions/summary';
const leaderboardPath = '/wps/missions/leaderboard';

const now = '2026-03-04T10:00:00.000Z';

function mission(id: string, overrides: Partial<MissionItem> = {}): MissionItem {
  return {
    id,
    period: 'daily',
    task: 'bet_amount',
    gameTypes: ['RNG'],
    title: `Mission ${id}`,
    description: `About ${id}`,
    target: '100.00',
    reward: '5.00',
    turnoverMultipleTenths: 30,
    currency: 'TLB',
    periodKey: '2026-03-04',
    periodStartsAt: '2026-03-03T16:00:00.000Z',
    // 5 h 30 min after `now`.
    periodEndsAt: '2026-03-04T15:30:00.000Z',
    progress: '40.00',
    state: 'in_progress',
    ...overrides,
  };
}

function board(period: 'daily' | 'weekly', overrides: Partial<MissionLeaderboard> = {}) {
  return {
    period,
    periodKey: period === 'daily' ? '2026-03-04' : '2026-03-02',
    periodStartsAt: '2026-03-03T16:00:00.000Z',
    periodEndsAt: '2026-03-04T16:00:00.000Z',
    currency: 'TLB',
    gameTypes: ['RNG'],
    list: [
      { rank: 1, name: 'al***88', validBet: '900.00' },
      { rank: 2, name: 'bo***99', validBet: '300.00' },
    ],
    me: { rank: 2, validBet: '300.00' },
    ...overrides,
  };
}

/** The server's missions for one member: the list, the summary and the claim agree. */
function missionRoutes(list: MissionItem[]): FakeRoutes {
  const count = (state: string) => list.filter((m) => m.state === state).length;
  return {
    [`GET ${missionsPath}`]: () => ok({ list, now }),
    [`GET ${summaryPath}`]: () =>
      ok({
        claimable: count('claimable'),
        inProgress: count('in_progress'),
        claimed: count('claimed'),
      }),
    [`GET ${leaderboardPath}`]: (request) =>
      ok(
        request.query.get('period') === 'weekly'
          ? board('weekly', {
              list: [{ rank: 1, name: 'ca***77', validBet: '5000.00' }],
              me: { rank: null, validBet: '0.00' },
            })
          : board('daily'),
      ),
    [`POST ${missionsPath}/m2/claim`]: () => {
      const found = list.find((m) => m.id === 'm2');
      if (!found || found.state !== 'claimable') return fail(409, 'conflict');
      found.state = 'claimed';
      return ok({
        claimId: 'c1',
        missionId: 'm2',
        periodKey: found.periodKey,
        amount: '2.00',
        turnoverAdded: '2.00',
        replayed: false,
      });
    },
  };
}

function setup(list: MissionItem[]) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes({
      'GET /wps/member/info': () => ok(memberInfoFixture({ type: 0, account: 'alice88' })),
      'GET /wps/system/notices': () => ok({ list: [] }),
      ...missionRoutes(list),
    }),
  );
  startSession('token-alice', 0);
  const user = userEvent.setup();
  renderApp('/member?tab=missionLeaderboard');
  return { ...api, user };
}

describe('missions and leaderboard (missionLeaderboard)', () => {
  it('groups missions by period with progress, time left and states, and claims one', async () => {
    const list = [
      mission('m1'),
      mission('m2', {
        task: 'bet_count',
        title: '10 spins today',
        target: '10',
        progress: '12',
        reward: '2.00',
        turnoverMultipleTenths: 10,
        state: 'claimable',
      }),
      mission('m3', {
        period: 'weekly',
        task: 'deposit_amount',
        gameTypes: [],
        title: 'Deposit 500 this week',
        target: '500.00',
        progress: '500.00',
        periodKey: '2026-03-02',
        periodEndsAt: '2026-03-08T16:00:00.000Z',
        state: 'claimed',
      }),
    ];
    const { requests, user } = setup(list);

    const daily = await screen.findByTestId('missions-daily');
    const weekly = screen.getByTestId('missions-weekly');
    expect(within(daily).getByText('Today')).toBeTruthy();
    expect(within(daily).getByTestId('mission-time-left').textContent).toBe('5 h 30 min left');
    expect(within(weekly).getByTestId('mission-time-left').textContent).toBe('4 d 6 h left');

    const [first, second] = within(daily).getAllByTestId('mission');
    if (!first || !second) throw new Error('missions missing');
    expect(first.getAttribute('data-state')).toBe('in_progress');
    expect(within(first).getByTestId('mission-progress').textContent).toBe(
      'Progress: ₱\u00a040.00 / ₱\u00a0100.00',
    );
    expect(within(first).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(first).getByTestId('mission-status').textContent).toBe('In progress');
    expect(within(first).getByTestId('mission-reward').textContent).toBe('Reward ₱\u00a05.00');
    // Past the target the bar stays full, not beyond.
    expect(within(second).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(second).getByTestId('mission-progress').textContent).toBe('Progress: 12 / 10');
    const [claimed] = within(weekly).getAllByTestId('mission');
    expect(within(claimed!).getByTestId('mission-status').textContent).toBe('Claimed');

    // The tab carries the red count of missions waiting to be claimed.
    const tab = screen.getByRole('tab', { name: /Missions/ });
    const badge = await within(tab).findByTestId('mission-badge');
    expect(badge.textContent).toBe('1');
    expect(badge.getAttribute('aria-label')).toBe('Missions ready to claim: 1');

    await user.click(within(second).getByRole('button', { name: 'Claim' }));
    await waitFor(() =>
      expect(calls(requests, 'POST', `${missionsPath}/m2/claim`)).toHaveLength(1),
    );
    const body = calls(requests, 'POST', `${missionsPath}/m2/claim`)[0]?.body as {
      requestId: string;
    };
    expect(body.requestId).toMatch(/^[\w-]{8,64}$/);
    await waitFor(() =>
      expect(
        within(screen.getByTestId('missions-daily'))
          .getAllByTestId('mission')[1]!
          .getAttribute('data-state'),
      ).toBe('claimed'),
    );
    await waitFor(() => expect(within(tab).queryByTestId('mission-badge')).toBeNull());
  });

  it('shows the leaderboard by period with masked names and my rank', async () => {
    const { user, requests } = setup([mission('m1')]);
    const leaderboard = await screen.findByTestId('mission-leaderboard');
    const rows = await within(leaderboard).findAllByTestId('leaderboard-row');
    expect(rows.map((r) => r.textContent)).toEqual(['1al***88900.00', '2bo***99300.00']);
    expect(within(leaderboard).getByTestId('leaderboard-me').textContent).toBe(
      'Your rank: #2 · ₱\u00a0300.00',
    );
    expect(calls(requests, 'GET', leaderboardPath)[0]?.query.get('period')).toBe('daily');

    await user.click(within(leaderboard).getByRole('tab', { name: 'This week' }));
    await waitFor(() =>
      expect(within(leaderboard).getByTestId('leaderboard-me').textContent).toBe(
        'You are not ranked yet: place a bet to join',
      ),
    );
    expect(within(leaderboard).getAllByTestId('leaderboard-row')).toHaveLength(1);
    expect(calls(requests, 'GET', leaderboardPath).at(-1)?.query.get('period')).toBe('weekly');
  });

  it('says so when there are no missions, and offers a retry when loading fails', async () => {
    let failing = true;
    const api = installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'GET /wps/member/info': () => ok(memberInfoFixture({ type: 0, account: 'alice88' })),
        'GET /wps/system/notices': () => ok({ list: [] }),
        [`GET ${missionsPath}`]: () =>
          failing ? fail(500, 'internal_error') : ok({ list: [], now }),
        [`GET ${summaryPath}`]: () => ok({ claimable: 0, inProgress: 0, claimed: 0 }),
        [`GET ${leaderboardPath}`]: () => ok(board('daily', { list: [] })),
      }),
    );
    startSession('token-alice', 0);
    const user = userEvent.setup();
    renderApp('/member?tab=missionLeaderboard');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    failing = false;
    await user.click(retry);
    expect(await screen.findByTestId('missions-empty')).toBeTruthy();
    expect(await screen.findByTestId('leaderboard-empty')).toBeTruthy();
    expect(calls(api.requests, 'GET', missionsPath).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByTestId('mission-badge')).toBeNull();
  });
});
