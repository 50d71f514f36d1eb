import { describe, expect, it } from 'vitest';
import type { LiveResult, LiveRound, LiveTablePublic } from '@taya/contracts';
import { applyLiveEvent, secondsLeft, shownPhase } from './table';

const round = (over: Partial<LiveRound> = {}): LiveRound => ({
  round: 3,
  phase: 'betting',
  serverSeedHash: null,
  bettingEndsAt: '2026-03-01T00:00:20.000Z',
  dealingEndsAt: null,
  nextAt: null,
  result: null,
  serverNow: '2026-03-01T00:00:00.000Z',
  ...over,
});
const result = (n: number, win: 'B' | 'P' | 'T'): LiveResult => ({
  round: n,
  hand: n,
  win,
  bankerPair: false,
  playerPair: false,
  pocket: null,
  dice: null,
  outcome: {},
});
const shoe = (n: number) => ({
  shoe: n,
  decks: 8,
  serverSeedHash: 'a'.repeat(64),
  clientSeed: `BAC-1:${n}`,
  serverSeed: null,
  hands: 2,
  cardsLeft: 400,
  burned: ['7h'],
  status: 'dealing' as const,
});
const table: LiveTablePublic = {
  code: 'BAC-1',
  game: 'baccarat',
  variant: 'classic',
  name: 'Baccarat 1',
  status: 'open',
  bettingMs: 20_000,
  players: 3,
  live: round(),
  results: [result(1, 'B'), result(2, 'P')],
  shoe: shoe(1),
};

describe('a table under the feed', () => {
  it('adds a result to its shoe, and starts afresh with a new shoe', () => {
    const live = round({ round: 3, phase: 'dealing', result: result(3, 'T') });
    const next = applyLiveEvent(table, {
      type: 'result',
      table: 'BAC-1',
      live,
      result: result(3, 'T'),
      shoe: shoe(1),
      winners: [],
    });
    expect(next.results.map((r) => r.win)).toEqual(['B', 'P', 'T']);
    const fresh = applyLiveEvent(next, {
      type: 'result',
      table: 'BAC-1',
      live,
      result: result(4, 'B'),
      shoe: shoe(2),
      winners: [],
    });
    expect(fresh.results.map((r) => r.round)).toEqual([4]);
    expect(fresh.shoe?.shoe).toBe(2);
  });

  it('ignores another table’s events', () => {
    expect(applyLiveEvent(table, { type: 'phase', table: 'DT-1', ...round({ round: 9 }) })).toBe(
      table,
    );
    expect(
      applyLiveEvent(table, { type: 'phase', table: 'BAC-1', ...round({ round: 9 }) }).live.round,
    ).toBe(9);
  });

  it('counts down, then shows the deal until it is over', () => {
    const now = Date.parse('2026-03-01T00:00:00.000Z');
    expect(secondsLeft(round(), now)).toBe(20);
    expect(secondsLeft(round(), now + 19_500)).toBe(1);
    expect(secondsLeft(round(), now + 21_000)).toBe(0);
    const dealt = round({
      phase: 'dealing',
      result: result(3, 'B'),
      dealingEndsAt: '2026-03-01T00:00:26.000Z',
    });
    expect(shownPhase(dealt, now + 21_000)).toBe('dealing');
    expect(shownPhase(dealt, now + 26_000)).toBe('result');
  });
});
