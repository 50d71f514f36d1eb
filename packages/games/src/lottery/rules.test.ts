import { describe, expect, it } from 'vitest';
import { ELOTT_1M, LOTTERY_GAMES, VN_NORTH, withLimits } from './games';
import { betCost, LotteryRuleError, settleBet, validateBet } from './rules';
import { payoutForHits, ratio } from './ratio';
import type { Bet } from './types';

const big = (unitStake: bigint, units = 1): Bet => ({
  type: 'SUM_BS',
  selection: ['big'],
  unitStake,
  units,
});

describe('common rules', () => {
  it('costs stake per unit × units', () => {
    expect(betCost(big(250n, 4))).toBe(1000n);
  });

  it('checks stake, units and limits with clear codes', () => {
    const def = withLimits(ELOTT_1M, { minCost: 100n, maxCost: 10_000n, maxUnits: 50 }, 20_000n);
    const codes = (b: Bet, staked?: bigint) =>
      validateBet(def, b, staked === undefined ? {} : { stakedThisIssue: staked }).map(
        (p) => p.code,
      );
    expect(codes(big(100n))).toEqual([]);
    expect(codes(big(0n))).toEqual(['BAD_STAKE']);
    expect(codes(big(-5n))).toEqual(['BAD_STAKE']);
    expect(codes(big(100n, 0))).toEqual(['BAD_UNITS']);
    expect(codes(big(100n, 1.5))).toEqual(['BAD_UNITS']);
    expect(codes(big(99n))).toEqual(['BELOW_MIN_COST']);
    expect(codes(big(10_001n))).toEqual(['ABOVE_MAX_COST']);
    expect(codes(big(1n, 51))).toEqual(['ABOVE_MAX_UNITS', 'BELOW_MIN_COST']);
    expect(codes(big(10_000n), 10_000n)).toEqual([]);
    expect(codes(big(10_000n), 10_001n)).toEqual(['ABOVE_ISSUE_LIMIT']);
    const problems = validateBet(def, { ...big(100n), selection: ['huge'], units: 0 });
    expect(problems.map((p) => [p.code, p.field])).toEqual([
      ['BAD_SELECTION', 'selection'],
      ['BAD_UNITS', 'units'],
    ]);
    expect(problems[0]!.message).toContain('big, small');
  });

  it('refuses at settlement a bet or result that should never have got there', () => {
    expect(() => settleBet(ELOTT_1M, big(100n), { kind: 'ELOTT', digits: [1, 2, 3, 4] })).toThrow(
      LotteryRuleError,
    );
    expect(() =>
      settleBet(ELOTT_1M, { ...big(100n), type: 'DE' }, { kind: 'ELOTT', digits: [1, 2, 3, 4, 5] }),
    ).toThrow(/UNKNOWN_BET_TYPE/);
    expect(() =>
      settleBet(
        VN_NORTH,
        { type: 'DE', selection: ['12'], unitStake: 1n, units: 1 },
        {
          kind: 'ELOTT',
          digits: [1, 2, 3, 4, 5],
        },
      ),
    ).toThrow(/BAD_RESULT/);
    // A cancelled issue refunds whatever the game.
    for (const def of LOTTERY_GAMES)
      expect(
        settleBet(
          def,
          { type: def.betTypes[0]!.code, selection: [], unitStake: 7n, units: 3 },
          {
            kind: 'cancelled',
          },
        ),
      ).toEqual({ outcome: 'refund', payout: 21n, hits: [] });
  });

  it('sums hits exactly before the one rounding down', () => {
    const pays = { a: ratio(1, 3), b: ratio(2, 3) };
    expect(
      payoutForHits(
        3n,
        [
          { prize: 'a', count: 1 },
          { prize: 'b', count: 1 },
        ],
        pays,
      ),
    ).toBe(3n);
    expect(payoutForHits(10n, [{ prize: 'a', count: 2 }], pays)).toBe(6n);
    expect(() => ratio(1, 0)).toThrow();
    expect(() => payoutForHits(1n, [{ prize: 'c', count: 1 }], pays)).toThrow();
  });

  it('ships games with every field the server needs', () => {
    expect(LOTTERY_GAMES.map((g) => [g.code, g.family, g.prizeMode, g.betTypes.length])).toEqual([
      ['ELOTT_1M', 'ELOTT', 'ELOTT', 10],
      ['ELOTT_3M', 'ELOTT', 'ELOTT', 10],
      ['ELOTT_5M', 'ELOTT', 'ELOTT', 10],
      ['VN_NORTH', 'VN', 'LOTT', 9],
      ['VN_CENTRAL', 'VN', 'LOTT', 9],
      ['VN_SOUTH', 'VN', 'LOTT', 9],
      ['SEA_4D', 'SEA_4D', 'SEA', 4],
      ['THAI', 'THAI', 'SEA', 3],
    ]);
  });
});
