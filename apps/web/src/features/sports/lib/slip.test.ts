import { describe, expect, it } from 'vitest';
import type { Fixture, SportsLobby, SportsMarket } from '@taya/contracts';
import { patchLobby } from './feed';
import { selectionLabel, initials, marketsByPeriod } from './labels';
import {
  applyFixture,
  applyOddsChanged,
  confirmChanges,
  emptySlip,
  parlayOdds,
  parlayProblem,
  pickOf,
  stakeProblem,
  ticketPotential,
  togglePick,
  type SlipPick,
} from './slip';

const market = (over: Partial<SportsMarket> = {}): SportsMarket => ({
  id: 'm1',
  kind: 'ah',
  period: 'ft',
  line: -3,
  status: 'open',
  main: true,
  selections: [
    { key: 'home', odds: 1920, outcome: null },
    { key: 'away', odds: 1950, outcome: null },
  ],
  ...over,
});

const fixture = (over: Partial<Fixture> = {}): Fixture => ({
  id: 'f1',
  sport: 'football',
  league: { id: 'l1', sport: 'football', name: 'League', country: 'PH' },
  home: 'Manila Kings',
  away: 'Cebu',
  startsAt: '2030-01-01T10:00:00.000Z',
  status: 'scheduled',
  clock: null,
  scores: {},
  simulated: true,
  markets: [market()],
  marketCount: 1,
  ...over,
});

const pick = (over: Partial<SlipPick> = {}): SlipPick => ({
  ...pickOf(fixture(), market(), 'home'),
  ...over,
});

describe('selection labels', () => {
  it('names teams, words, lines and scores', () => {
    expect(selectionLabel({ kind: '1x2', line: null }, 'draw').word).toBe('draw');
    expect(selectionLabel({ kind: '1x2', line: null }, 'away').team).toBe('away');
    expect(selectionLabel({ kind: 'ml', line: null }, 'home').team).toBe('home');
    // −0.75 home: the away side reads +0.75, both the Asian way.
    expect(selectionLabel({ kind: 'ah', line: -3 }, 'home')).toMatchObject({
      team: 'home',
      line: '-0.5/-1',
    });
    expect(selectionLabel({ kind: 'ah', line: -3 }, 'away').line).toBe('+0.5/+1');
    expect(selectionLabel({ kind: 'ah', line: 2 }, 'away').line).toBe('-0.5');
    expect(selectionLabel({ kind: 'ou', line: 10 }, 'under')).toMatchObject({
      word: 'under',
      line: '2.5',
    });
    expect(selectionLabel({ kind: 'cs', line: null }, '2-1').score).toBe('2-1');
    expect(selectionLabel({ kind: 'cs', line: null }, 'other').word).toBe('other');
    expect(selectionLabel({ kind: 'oe', line: null }, 'even').word).toBe('even');
    expect(selectionLabel({ kind: 'btts', line: null }, 'no').word).toBe('no');
    expect(initials('Manila Kings')).toBe('MK');
    expect(initials('Cebu')).toBe('CE');
  });

  it('groups markets by period, full time first', () => {
    const groups = marketsByPeriod([
      market({ id: 'a', period: 'h1' }),
      market({ id: 'b', kind: 'ou', line: 10 }),
      market({ id: 'c', kind: '1x2', line: null }),
    ]);
    expect(groups.map((g) => [g.period, g.markets.map((m) => m.id)])).toEqual([
      ['ft', ['c', 'b']],
      ['h1', ['a']],
    ]);
  });
});

describe('slip maths', () => {
  it('multiplies a parlay exactly and returns minor units rounded down', () => {
    expect(parlayOdds([{ odds: 1860 }, { odds: 2100 }])).toBe(3906);
    // 1.86 × 2.10 × 1.333 = 5.206698 → 5.206 in thousandths.
    expect(parlayOdds([{ odds: 1860 }, { odds: 2100 }, { odds: 1333 }])).toBe(5206);
    // 100.00 at 1.86 × 2.10 × 1.333: 520.6698 → 520.66, never a float.
    expect(ticketPotential(10_000n, [1860, 2100, 1333])).toBe(52_066n);
    expect(ticketPotential(1n, [1999])).toBe(1n);
  });

  it('checks the stake against the limits', () => {
    const limits = { minStake: 1_000n, maxPayout: 100_000n };
    expect(stakeProblem(null, 0n, limits)).toBe('stake_missing');
    expect(stakeProblem(500n, 900n, limits)).toBe('below_min');
    expect(stakeProblem(60_000n, 120_000n, limits)).toBe('above_payout');
    expect(stakeProblem(10_000n, 19_000n, limits)).toBeNull();
  });

  it('toggles, replaces within a market and checks parlays', () => {
    let slip = togglePick(emptySlip, pick());
    expect(slip.picks).toHaveLength(1);
    slip = togglePick(slip, pickOf(fixture(), market(), 'away'));
    expect(slip.picks.map((p) => p.selection)).toEqual(['away']);
    slip = togglePick(slip, pickOf(fixture(), market(), 'away'));
    expect(slip.picks).toHaveLength(0);
    expect(parlayProblem([pick()])).toBe('too_few');
    expect(parlayProblem([pick(), pick({ market: 'm2' })])).toBe('same_fixture');
    expect(parlayProblem([pick(), pick({ market: 'm2', fixture: 'f2' })])).toBeNull();
    expect(parlayProblem([pick(), pick({ market: 'm2', fixture: 'f2', state: 'gone' })])).toBe(
      'unavailable',
    );
  });
});

describe('odds changes', () => {
  it('merges the 409 odds_changed prices and marks what moved', () => {
    const picks = [pick(), pick({ market: 'm2', fixture: 'f2' }), pick({ market: 'm3' })];
    const merged = applyOddsChanged(picks, [
      { market: 'm1', selection: 'home', odds: 1800 },
      { market: 'm2', selection: 'home', odds: null },
      { market: 'm3', selection: 'home', odds: 1920 },
    ]);
    expect(merged[0]).toMatchObject({ odds: 1800, previous: 1920, state: 'changed' });
    expect(merged[1]!.state).toBe('gone');
    expect(merged[2]).toBe(picks[2]);
    expect(confirmChanges(merged)[0]).toMatchObject({ odds: 1800, state: 'ok', previous: null });
  });

  it('follows the feed: moved prices, suspended and settled markets', () => {
    const picks = [pick()];
    const moved = applyFixture(
      picks,
      fixture({
        markets: [
          market({
            selections: [
              { key: 'home', odds: 2010, outcome: null },
              { key: 'away', odds: 1800, outcome: null },
            ],
          }),
        ],
      }),
    );
    expect(moved[0]).toMatchObject({ odds: 2010, previous: 1920, state: 'changed' });
    expect(
      applyFixture(picks, fixture({ markets: [market({ status: 'suspended' })] }))[0]!.state,
    ).toBe('locked');
    expect(
      applyFixture(picks, fixture({ markets: [market({ status: 'settled' })] }))[0]!.state,
    ).toBe('gone');
    expect(applyFixture(picks, fixture({ id: 'other' }))).toBe(picks);
  });
});

describe('lobby patch', () => {
  const lobby = (live: Fixture[], upcoming: Fixture[]): SportsLobby => ({
    sports: [],
    leagues: [],
    live,
    upcoming,
    results: [],
    limits: { currency: 'PHP', minStake: '10.00', maxStake: '1000.00', maxPayout: '100000.00' },
    serverNow: '2030-01-01T10:00:00.000Z',
  });

  it('replaces a fixture with its main markets and tells when it moved list', () => {
    const extra = market({ id: 'x', main: false });
    const before = lobby([], [fixture()]);
    const same = patchLobby(before, { family: 'sports' }, fixture({ markets: [market(), extra] }));
    expect(same.moved).toBe(false);
    expect(same.lobby.upcoming[0]!.markets.map((m) => m.id)).toEqual(['m1']);
    const kicked = patchLobby(before, { family: 'sports' }, fixture({ status: 'live' }));
    expect(kicked.moved).toBe(true);
    const esports = patchLobby(before, { family: 'esports' }, fixture({ status: 'live' }));
    expect(esports).toEqual({ lobby: before, moved: false });
  });
});
