import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SABONG_TERMS as TERMS,
  effectiveResult,
  sabongBoard,
  sabongOddsText,
  sabongPayout,
  type SabongResult,
  type SabongSide,
} from './sabong';

const pools = (meron: bigint, wala: bigint, draw = 0n) => ({ meron, wala, draw });

describe('sabong odds', () => {
  it('GAMES.md §10’s example: M 60,000, W 40,000, 5 % → 158.33 and 237.50', () => {
    const board = sabongBoard(pools(60_000_00n, 40_000_00n), TERMS);
    expect(board).toEqual({ meron: 15_833, wala: 23_750 });
    expect(sabongOddsText(board.meron!)).toBe('158.33');
    expect(sabongOddsText(board.wala!)).toBe('237.50');
    // 10 % arriba.
    expect(sabongBoard(pools(60_000_00n, 40_000_00n), { ...TERMS, commissionBp: 1_000 })).toEqual({
      meron: 15_000,
      wala: 22_500,
    });
  });

  it('shows no odds for a side while either side is empty', () => {
    expect(sabongBoard(pools(0n, 0n), TERMS)).toEqual({ meron: null, wala: null });
    expect(sabongBoard(pools(100n, 0n), TERMS)).toEqual({ meron: null, wala: null });
  });
});

describe('sabong settlement', () => {
  it('pays the winners at the frozen odds, rounded down; losers and draw bets get nothing', () => {
    const p = pools(60_000_00n, 40_000_00n);
    const r = effectiveResult('meron', p, TERMS);
    expect(r).toEqual({ result: 'meron', odds: 15_833 });
    expect(sabongPayout({ side: 'meron', stake: 100_00n }, r.result, r.odds, TERMS)).toBe(158_33n);
    expect(sabongPayout({ side: 'meron', stake: 33n }, r.result, r.odds, TERMS)).toBe(52n); // 52.24
    expect(sabongPayout({ side: 'wala', stake: 100_00n }, r.result, r.odds, TERMS)).toBe(0n);
    expect(sabongPayout({ side: 'draw', stake: 100_00n }, r.result, r.odds, TERMS)).toBe(0n);
  });

  it('a draw pays 8:1 on draw bets and returns Meron and Wala; a cancelled fight returns all', () => {
    for (const side of ['meron', 'wala'] as const) {
      expect(sabongPayout({ side, stake: 50_00n }, 'draw', null, TERMS)).toBe(50_00n);
      expect(sabongPayout({ side, stake: 50_00n }, 'cancelled', null, TERMS)).toBe(50_00n);
    }
    expect(sabongPayout({ side: 'draw', stake: 50_00n }, 'draw', null, TERMS)).toBe(450_00n);
    expect(sabongPayout({ side: 'draw', stake: 50_00n }, 'cancelled', null, TERMS)).toBe(50_00n);
  });

  it('refunds a one-sided fight, and one whose winners would get less than their stake', () => {
    expect(effectiveResult('meron', pools(100_00n, 0n), TERMS)).toMatchObject({
      result: 'cancelled',
      reason: 'one-sided',
    });
    // M 99, W 1: Meron returns 95.95 per 100 → below the stake.
    expect(effectiveResult('meron', pools(99_00n, 1_00n), TERMS)).toEqual({
      result: 'cancelled',
      odds: 9_595,
      reason: 'below-stake',
    });
    expect(effectiveResult('wala', pools(99_00n, 1_00n), TERMS)).toMatchObject({ result: 'wala' });
    expect(effectiveResult('draw', pools(0n, 0n), TERMS)).toEqual({ result: 'draw', odds: null });
  });

  it('property: winners are paid no more than the pool less commission; refunds return every stake', () => {
    const bet = fc.record({
      side: fc.constantFrom<SabongSide>('meron', 'wala', 'draw'),
      stake: fc.bigInt({ min: 1n, max: 5_000_000n }),
    });
    fc.assert(
      fc.property(
        fc.array(bet, { minLength: 1, maxLength: 300 }),
        fc.constantFrom<SabongResult>('meron', 'wala', 'draw', 'cancelled'),
        fc.integer({ min: 0, max: 2_000 }),
        (bets, declared, commissionBp) => {
          const terms = { commissionBp, drawRatio: 8 };
          const p = { meron: 0n, wala: 0n, draw: 0n };
          for (const b of bets) p[b.side] += b.stake;
          const r = effectiveResult(declared, p, terms);
          const paid = bets.map((b) => sabongPayout(b, r.result, r.odds, terms));
          const sum = (side: SabongSide) =>
            bets.reduce((s, b, i) => (b.side === side ? s + paid[i]! : s), 0n);
          if (r.result === 'meron' || r.result === 'wala') {
            const net = ((p.meron + p.wala) * BigInt(10_000 - commissionBp)) / 10_000n;
            expect(sum(r.result) <= net).toBe(true);
            // Every winner gets at least its stake back; the remainder is under one unit per bet
            // plus the odds' truncation (under 0.01 per 100 of the side's pool).
            bets.forEach((b, i) => {
              if (b.side === r.result) expect(paid[i]! >= b.stake).toBe(true);
            });
            const slack = net - sum(r.result);
            expect(slack <= BigInt(bets.length) + p[r.result] / 10_000n + 1n).toBe(true);
          } else if (r.result === 'cancelled') {
            paid.forEach((v, i) => expect(v).toBe(bets[i]!.stake));
          } else {
            expect(sum('draw')).toBe(p.draw * 9n);
            expect(sum('meron') + sum('wala')).toBe(p.meron + p.wala);
          }
        },
      ),
    );
  });
});
