import type { Bet, Settlement } from './types';
import { betCost } from './rules';

/** One issue of a chase: the bet placed on it and its cost in minor units. */
export interface ChaseEntry {
  readonly issueId: string;
  readonly bet: Bet;
  readonly cost: bigint;
}

/** The same bet over consecutive issues, all paid for when the chase is placed. */
export interface ChasePlan {
  readonly entries: readonly ChaseEntry[];
  readonly totalCost: bigint;
  /** Whether the entries after the first win are cancelled and refunded. */
  readonly stopOnWin: boolean;
}

/**
 * A chase of `bet` over `issueIds` (in drawing order, all different). `multipliers`, one
 * positive integer per issue, multiply the bet's units on that issue (e.g. 1, 2, 4 to double
 * up); by default every issue carries the bet as it is. Each entry is an ordinary bet: the caller
 * checks each with `validateBet` (a multiplier may exceed a type's unit limit).
 */
export function chasePlan(
  bet: Bet,
  issueIds: readonly string[],
  options: { stopOnWin: boolean; multipliers?: readonly number[] },
): ChasePlan {
  if (issueIds.length === 0) throw new Error('a chase covers at least one issue');
  if (new Set(issueIds).size !== issueIds.length) throw new Error('a chase lists each issue once');
  const multipliers = options.multipliers ?? issueIds.map(() => 1);
  if (multipliers.length !== issueIds.length)
    throw new Error('a chase has one multiplier per issue');
  if (!multipliers.every((m) => Number.isSafeInteger(m) && m >= 1))
    throw new Error('a multiplier is a positive integer');
  const entries = issueIds.map((issueId, i) => {
    const entry = { ...bet, units: bet.units * multipliers[i]! };
    return { issueId, bet: entry, cost: betCost(entry) };
  });
  return {
    entries,
    totalCost: entries.reduce((sum, e) => sum + e.cost, 0n),
    stopOnWin: options.stopOnWin,
  };
}

/**
 * What a settled issue of a chase means for the rest of it: when the plan stops on a win and the
 * bet won (a push or refund is not a win), every later entry is cancelled and its cost refunded.
 */
export function chaseAfterSettlement(
  plan: ChasePlan,
  issueId: string,
  settlement: Settlement,
): { stop: boolean; cancelled: readonly ChaseEntry[]; refund: bigint } {
  const index = plan.entries.findIndex((e) => e.issueId === issueId);
  if (index < 0) throw new Error(`issue ${issueId} is not part of this chase`);
  if (!plan.stopOnWin || settlement.outcome !== 'win')
    return { stop: false, cancelled: [], refund: 0n };
  const cancelled = plan.entries.slice(index + 1);
  return { stop: true, cancelled, refund: cancelled.reduce((sum, e) => sum + e.cost, 0n) };
}
