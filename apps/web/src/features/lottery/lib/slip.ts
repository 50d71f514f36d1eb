import type { LotteryBetInput, LotteryBetType, LotteryGame } from '@taya/contracts';
import { fromMinor, toMinor } from '../../../lib/money';

/** One bet waiting on the slip. Money is minor units; `units` is the multiplier. */
export interface SlipLine {
  key: string;
  type: string;
  selection: string[];
  positions: number[];
  unitStake: bigint;
  units: number;
}

/** A line's cost: stake per unit × multiplier. */
export function lineCost(line: Pick<SlipLine, 'unitStake' | 'units'>): bigint {
  return line.unitStake * BigInt(line.units);
}

/** The slip's cost for one issue. */
export function slipTotal(lines: readonly Pick<SlipLine, 'unitStake' | 'units'>[]): bigint {
  return lines.reduce((sum, line) => sum + lineCost(line), 0n);
}

/** What the slip costs in all: one issue's total, times the issues a chase covers. */
export function slipGrandTotal(
  lines: readonly Pick<SlipLine, 'unitStake' | 'units'>[],
  issues: number,
): bigint {
  return slipTotal(lines) * BigInt(Math.max(1, issues));
}

/** The wire form of a slip line. */
export function toBetInput(line: SlipLine): LotteryBetInput {
  return {
    type: line.type,
    selection: line.selection,
    ...(line.positions.length > 0 ? { positions: line.positions } : {}),
    unitStake: fromMinor(line.unitStake),
    units: line.units,
  };
}

/** Why a line cannot be placed as it is, checked before sending (the server checks again). */
export type LineProblem =
  | { code: 'below_min'; min: bigint }
  | { code: 'above_max'; max: bigint }
  | { code: 'above_units'; max: number };

export function lineProblem(
  line: SlipLine,
  betType: LotteryBetType | undefined,
): LineProblem | null {
  if (!betType) return null;
  const cost = lineCost(line);
  const min = toMinor(betType.minCost) ?? 0n;
  const max = toMinor(betType.maxCost) ?? 0n;
  if (line.units > betType.maxUnits) return { code: 'above_units', max: betType.maxUnits };
  if (cost < min) return { code: 'below_min', min };
  if (max > 0n && cost > max) return { code: 'above_max', max };
  return null;
}

/**
 * How much more the player may stake on the open issue: the game's per-player limit less what
 * is already staked (never negative).
 */
export function issueAllowance(game: LotteryGame, stakedThisIssue: string): bigint {
  const limit = toMinor(game.maxCostPerPlayerPerIssue) ?? 0n;
  const staked = toMinor(stakedThisIssue) ?? 0n;
  return limit > staked ? limit - staked : 0n;
}

let counter = 0;

/** A key for a new slip line. */
export function newLineKey(): string {
  counter += 1;
  return `line-${counter}`;
}
