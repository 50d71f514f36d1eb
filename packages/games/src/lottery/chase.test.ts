import { describe, expect, it } from 'vitest';
import { chaseAfterSettlement, chasePlan } from './chase';
import { ELOTT_1M } from './games';
import { settleBet, validateBet } from './rules';
import type { Bet } from './types';

const bet: Bet = { type: 'POS_DIGIT', selection: ['7'], positions: [5], unitStake: 200n, units: 1 };
const issues = ['20261124-0601', '20261124-0602', '20261124-0603', '20261124-0604'];

describe('chase plans', () => {
  it('repeats the bet over the issues with per-issue multipliers', () => {
    const plan = chasePlan(bet, issues, { stopOnWin: true, multipliers: [1, 2, 4, 8] });
    expect(plan.entries.map((e) => [e.issueId, e.bet.units, e.cost])).toEqual([
      ['20261124-0601', 1, 200n],
      ['20261124-0602', 2, 400n],
      ['20261124-0603', 4, 800n],
      ['20261124-0604', 8, 1600n],
    ]);
    expect(plan.totalCost).toBe(3000n);
    for (const e of plan.entries) expect(validateBet(ELOTT_1M, e.bet)).toEqual([]);
    const flat = chasePlan({ ...bet, units: 3 }, issues.slice(0, 2), { stopOnWin: false });
    expect(flat.totalCost).toBe(1200n);
  });

  it('stops after a win and refunds the rest, only when asked to', () => {
    const plan = chasePlan(bet, issues, { stopOnWin: true, multipliers: [1, 2, 4, 8] });
    const won = settleBet(ELOTT_1M, plan.entries[1]!.bet, {
      kind: 'ELOTT',
      digits: [0, 0, 0, 0, 7],
    });
    expect(won.payout).toBe(3880n);
    expect(chaseAfterSettlement(plan, '20261124-0602', won)).toEqual({
      stop: true,
      cancelled: plan.entries.slice(2),
      refund: 2400n,
    });
    const lost = settleBet(ELOTT_1M, plan.entries[1]!.bet, {
      kind: 'ELOTT',
      digits: [0, 0, 0, 0, 6],
    });
    expect(chaseAfterSettlement(plan, '20261124-0602', lost)).toEqual({
      stop: false,
      cancelled: [],
      refund: 0n,
    });
    const keepGoing = chasePlan(bet, issues, { stopOnWin: false });
    expect(chaseAfterSettlement(keepGoing, '20261124-0601', won).stop).toBe(false);
    expect(() => chaseAfterSettlement(plan, 'other', won)).toThrow();
  });

  it('refuses a malformed plan', () => {
    expect(() => chasePlan(bet, [], { stopOnWin: true })).toThrow();
    expect(() => chasePlan(bet, ['a', 'a'], { stopOnWin: true })).toThrow();
    expect(() => chasePlan(bet, ['a', 'b'], { stopOnWin: true, multipliers: [1] })).toThrow();
    expect(() => chasePlan(bet, ['a', 'b'], { stopOnWin: true, multipliers: [1, 0] })).toThrow();
  });
});
