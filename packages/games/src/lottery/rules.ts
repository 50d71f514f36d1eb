import type {
  Bet,
  BetTypeDefinition,
  Evaluation,
  GameDefinition,
  LotteryProblem,
  LotteryResult,
  Ratio,
  Settlement,
} from './types';
import { elottResultProblems, elottSelectionProblems, evaluateElott } from './elott';
import { evaluateVn, vnResultProblems, vnSelectionProblems } from './vn';
import {
  evaluateFourD,
  evaluateThai,
  fourDResultProblems,
  fourDSelectionProblems,
  thaiResultProblems,
  thaiSelectionProblems,
} from './sea';
import { payoutForHits } from './ratio';

/** Thrown when a bet or result that should have been refused reaches settlement. */
export class LotteryRuleError extends Error {
  constructor(readonly problems: readonly LotteryProblem[]) {
    super(problems.map((p) => `${p.code}: ${p.message}`).join('; '));
    this.name = 'LotteryRuleError';
  }
}

/** The bet type of a game with this code, if any. */
export function findBetType(def: GameDefinition, code: string): BetTypeDefinition | undefined {
  return def.betTypes.find((t) => t.code === code);
}

/** What a bet costs in minor units: stake per unit × units. */
export function betCost(bet: Bet): bigint {
  return bet.unitStake * BigInt(bet.units);
}

/**
 * Everything wrong with a bet for a game; empty when it may be placed. Checks the type, the
 * selection and positions, the stake and units, the type's limits, and — when `stakedThisIssue`
 * (what the player already staked on the issue, in minor units) is given — the per-issue limit.
 * Whether the issue is open and the player has the funds is the server's to check.
 */
export function validateBet(
  def: GameDefinition,
  bet: Bet,
  context: { stakedThisIssue?: bigint } = {},
): LotteryProblem[] {
  const type = findBetType(def, bet.type);
  if (!type)
    return [
      {
        code: 'UNKNOWN_BET_TYPE',
        field: 'type',
        message: `${def.code} has no bet type ${bet.type}`,
      },
    ];
  const problems = selectionProblems(def, bet);
  if (typeof bet.unitStake !== 'bigint' || bet.unitStake <= 0n)
    problems.push({
      code: 'BAD_STAKE',
      field: 'unitStake',
      message: 'the stake per unit is a positive whole number of minor units',
    });
  if (!Number.isSafeInteger(bet.units) || bet.units < 1)
    problems.push({ code: 'BAD_UNITS', field: 'units', message: 'units is a positive integer' });
  if (problems.some((p) => p.field === 'unitStake' || p.field === 'units')) return problems;
  const { limits } = type;
  const cost = betCost(bet);
  if (bet.units > limits.maxUnits)
    problems.push({
      code: 'ABOVE_MAX_UNITS',
      field: 'units',
      message: `at most ${limits.maxUnits} units`,
    });
  if (cost < limits.minCost)
    problems.push({
      code: 'BELOW_MIN_COST',
      field: 'unitStake',
      message: `a bet costs at least ${limits.minCost}`,
    });
  if (cost > limits.maxCost)
    problems.push({
      code: 'ABOVE_MAX_COST',
      field: 'unitStake',
      message: `a bet costs at most ${limits.maxCost}`,
    });
  if (
    context.stakedThisIssue !== undefined &&
    context.stakedThisIssue + cost > def.maxCostPerPlayerPerIssue
  )
    problems.push({
      code: 'ABOVE_ISSUE_LIMIT',
      field: 'unitStake',
      message: `at most ${def.maxCostPerPlayerPerIssue} per player on one issue`,
    });
  return problems;
}

function selectionProblems(def: GameDefinition, bet: Bet): LotteryProblem[] {
  if (!Array.isArray(bet.selection) || !bet.selection.every((s) => typeof s === 'string'))
    return [
      { code: 'BAD_SELECTION', field: 'selection', message: 'a selection is a list of text' },
    ];
  switch (def.family) {
    case 'ELOTT':
      return elottSelectionProblems(bet);
    case 'VN':
      return vnSelectionProblems(bet);
    case 'SEA_4D':
      return fourDSelectionProblems(bet);
    case 'THAI':
      return thaiSelectionProblems(bet);
  }
}

/** Everything wrong with a result entered or received for a game; empty when it is sound. */
export function validateResult(def: GameDefinition, result: LotteryResult): LotteryProblem[] {
  if (result.kind === 'cancelled') return [];
  const format = def.numberFormat;
  if (result.kind !== format.kind)
    return [
      { code: 'BAD_RESULT', field: 'result', message: `${def.code} takes ${format.kind} results` },
    ];
  switch (result.kind) {
    case 'ELOTT':
      return elottResultProblems(result);
    case 'VN':
      return vnResultProblems(format.kind === 'VN' ? format.region : 'north', result);
    case 'SEA_4D':
      return fourDResultProblems(result);
    case 'THAI':
      return thaiResultProblems(result);
  }
}

/** What a bet hits on a result, before money. Throws {@link LotteryRuleError} on bad input. */
export function evaluateBet(def: GameDefinition, bet: Bet, result: LotteryResult): Evaluation {
  const problems = [...selectionProblems(def, bet), ...validateResult(def, result)];
  if (!findBetType(def, bet.type))
    problems.unshift({ code: 'UNKNOWN_BET_TYPE', field: 'type', message: bet.type });
  if (problems.length > 0) throw new LotteryRuleError(problems);
  switch (result.kind) {
    case 'ELOTT':
      return evaluateElott(bet, result.digits);
    case 'VN':
      return evaluateVn(bet, result);
    case 'SEA_4D':
      return evaluateFourD(bet, result);
    case 'THAI':
      return evaluateThai(bet, result);
    case 'cancelled':
      return { hits: [] };
  }
}

/**
 * Settles a bet against its issue's result, in minor units. A cancelled issue refunds the cost;
 * a tie the type leaves undecided is a push (the cost comes back); otherwise the payout is
 * `floor(cost × Σ hits × ratio / divisor)` from the bet type's table. Throws
 * {@link LotteryRuleError} for a bet of an unknown type or a malformed selection or result
 * (those are refused before; stakes and limits are not rechecked, so a bet placed under
 * earlier limits still settles).
 */
export function settleBet(def: GameDefinition, bet: Bet, result: LotteryResult): Settlement {
  const cost = betCost(bet);
  if (result.kind === 'cancelled') return { outcome: 'refund', payout: cost, hits: [] };
  const evaluation = evaluateBet(def, bet, result);
  if (evaluation.push) return { outcome: 'push', payout: cost, hits: [] };
  if (evaluation.hits.length === 0) return { outcome: 'lose', payout: 0n, hits: [] };
  const type = findBetType(def, bet.type)!;
  const payout = payoutForHits(cost, evaluation.hits, type.pays) / BigInt(evaluation.divisor ?? 1);
  return { outcome: 'win', payout, hits: evaluation.hits };
}

/**
 * The exact return to player of a fast e-lottery bet, as a fraction of its cost: the average
 * over all 100,000 equally likely results of what one unit returns (a push returns 1), before
 * rounding to minor units.
 */
export function elottReturnToPlayer(def: GameDefinition, bet: Bet): Ratio {
  const problems = [...selectionProblems(def, bet)];
  const type = findBetType(def, bet.type);
  if (def.family !== 'ELOTT' || !type || problems.length > 0)
    throw new LotteryRuleError(
      problems.length > 0
        ? problems
        : [{ code: 'UNKNOWN_BET_TYPE', field: 'type', message: 'not a fast e-lottery bet type' }],
    );
  const counts = new Map<string, bigint>();
  let pushes = 0n;
  const digits = [0, 0, 0, 0, 0];
  for (let n = 0; n < 100_000; n++) {
    let rest = n;
    for (let i = 4; i >= 0; i--) {
      digits[i] = rest % 10;
      rest = Math.floor(rest / 10);
    }
    const e = evaluateElott(bet, digits);
    if (e.push) pushes += 1n;
    for (const h of e.hits) counts.set(h.prize, (counts.get(h.prize) ?? 0n) + BigInt(h.count));
  }
  let num = pushes;
  let den = 1n;
  for (const [prize, count] of counts) {
    const r = type.pays[prize]!;
    num = num * r.den + count * r.num * den;
    den *= r.den;
  }
  return { num, den: den * 100_000n };
}
