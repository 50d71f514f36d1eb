import { describe, expect, it } from 'vitest';
import type { ArenaState, Fight } from '@taya/contracts';
import { applyCockfightEvent, beadColumns, resultCounts } from './arena';

const fight = (number: number, status: Fight['status'], result: Fight['result'] = null): Fight => ({
  id: `SAB-1:${number}`,
  arena: 'SAB-1',
  number,
  meron: 'Red',
  wala: 'White',
  status,
  result,
  reason: null,
  openedAt: null,
  closedAt: null,
  settledAt: status === 'settled' ? '2026-11-29T10:00:00Z' : null,
});
const board = (meron: string, wala: string, meronOdds: string | null, walaOdds: string | null) => ({
  currency: 'TLB',
  meron,
  wala,
  draw: '0.00',
  bets: 2,
  meronOdds,
  walaOdds,
});
const base: ArenaState = {
  code: 'SAB-1',
  name: 'Arena',
  status: 'open',
  streamUrl: null,
  commission: '5.00',
  drawRatio: 8,
  fight: fight(3, 'open'),
  board: board('0.00', '0.00', null, null),
  currency: 'TLB',
  minBet: '20.00',
  maxBet: '50000.00',
  drawMaxBet: '5000.00',
  results: [],
  serverNow: '2026-11-29T10:00:00Z',
};

describe('an arena on the feed', () => {
  it('takes this merchant’s boards only, for the fight on show', () => {
    const b = board('600.00', '400.00', '158.33', '237.50');
    const other = applyCockfightEvent(
      base,
      { type: 'board', arena: 'SAB-1', fight: 3, merchantCode: 'TYMM', board: b },
      'TYPH',
    );
    expect(other).toBe(base);
    const old = applyCockfightEvent(
      base,
      { type: 'board', arena: 'SAB-1', fight: 2, merchantCode: 'TYPH', board: b },
      'TYPH',
    );
    expect(old).toBe(base);
    expect(
      applyCockfightEvent(
        base,
        { type: 'board', arena: 'SAB-1', fight: 3, merchantCode: 'TYPH', board: b },
        'TYPH',
      ).board,
    ).toEqual(b);
  });

  it('adds a settled fight to the results once, with its odds; a new fight starts empty', () => {
    const withBoard = { ...base, board: board('600.00', '400.00', '158.33', '237.50') };
    const settled = applyCockfightEvent(
      withBoard,
      { type: 'fight', arena: 'SAB-1', fight: fight(3, 'settled', 'meron'), boards: {} },
      'TYPH',
    );
    expect(settled.results).toEqual([
      {
        number: 3,
        result: 'meron',
        meronOdds: '158.33',
        walaOdds: '237.50',
        settledAt: '2026-11-29T10:00:00Z',
      },
    ]);
    const again = applyCockfightEvent(
      settled,
      { type: 'fight', arena: 'SAB-1', fight: fight(3, 'settled', 'meron'), boards: {} },
      'TYPH',
    );
    expect(again.results).toHaveLength(1);
    const next = applyCockfightEvent(
      again,
      { type: 'fight', arena: 'SAB-1', fight: fight(4, 'scheduled'), boards: {} },
      'TYPH',
    );
    expect(next.fight?.number).toBe(4);
    expect(next.board).toMatchObject({ meron: '0.00', bets: 0, meronOdds: null });
  });

  it('counts results and lays them out six to a column', () => {
    const results = (['meron', 'wala', 'meron', 'draw', 'cancelled', 'wala', 'meron'] as const).map(
      (r, i) => ({
        number: i + 1,
        result: r,
        meronOdds: null,
        walaOdds: null,
        settledAt: '',
      }),
    );
    expect(resultCounts(results)).toEqual({ meron: 3, wala: 2, draw: 1, cancelled: 1 });
    expect(beadColumns(results).map((c) => c.length)).toEqual([6, 1]);
  });
});
