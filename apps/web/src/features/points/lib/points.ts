import { minorToDecimal } from '@taya/contracts';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage, toBcp47 } from '../../../lib/i18n';
import { formatCount, moneyScale, toMinor } from '../../../lib/money';
import type { PointConfig, PointReward } from './types';

/**
 * Points as the player reads them: whole numbers grouped like the site's amounts, in the
 * player's language (1,000; ၁,၀၀၀). Components re-render on a language change (useTranslation).
 */
export function formatPoints(points: number): string {
  return formatCount(points, toBcp47(currentLanguage()));
}

export type RedeemBlock = 'sold_out' | 'inactive' | 'not_enough' | null;

/** Why a reward cannot be redeemed now by a member holding `balance` points, if it cannot. */
export function redeemBlock(reward: PointReward, balance: number | null): RedeemBlock {
  if (reward.status === 'inactive') return 'inactive';
  if (reward.status === 'sold_out' || reward.quantity === 0) return 'sold_out';
  if (balance !== null && balance < reward.requiredPoints) return 'not_enough';
  return null;
}

/** The most units a member may redeem at once: stock, points and the call's limit of 100. */
export function maxQuantity(reward: PointReward, balance: number): number {
  const affordable = reward.requiredPoints > 0 ? Math.floor(balance / reward.requiredPoints) : 100;
  return Math.max(0, Math.min(100, reward.quantity, affordable));
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export interface ConversionRule {
  /** `points` points give `cash` (a wire amount). */
  points: number;
  cash: string;
  /** The fewest points converted at a time. */
  min: number;
  /** Points are converted in multiples of this, so the cash is whole cents. */
  step: number;
}

/** The merchant's conversion rule, or null when points do not convert into cash. */
export function conversionRule(config: PointConfig | undefined): ConversionRule | null {
  const exchange = config?.exchange;
  const cashMinor = exchange ? toMinor(exchange.cash) : null;
  if (!exchange || cashMinor === null || cashMinor === 0n) return null;
  const points = BigInt(exchange.points);
  const step = Number(points / gcd(points, cashMinor));
  const min = Math.max(config?.minConvert ?? 1, 1);
  return { points: exchange.points, cash: exchange.cash, min, step };
}

export type ConvertProblem = 'required' | 'invalid' | 'below_min' | 'not_multiple' | 'over_balance';

/** Checks points typed for conversion; the amount when they are fine. */
export function checkConversion(
  text: string,
  rule: ConversionRule,
  balance: number,
): { problem: ConvertProblem } | { amount: number } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'required' };
  if (!/^\d{1,13}$/.test(trimmed)) return { problem: 'invalid' };
  const amount = Number(trimmed);
  if (amount === 0) return { problem: 'invalid' };
  if (amount < rule.min) return { problem: 'below_min' };
  if (amount % rule.step !== 0) return { problem: 'not_multiple' };
  if (amount > balance) return { problem: 'over_balance' };
  return { amount };
}

/** The cash `points` convert into, as a wire amount (exact: `points` is a multiple of the step). */
export function cashFor(points: number, rule: ConversionRule): string {
  const cashMinor = toMinor(rule.cash) ?? 0n;
  return minorToDecimal((BigInt(points) * cashMinor) / BigInt(rule.points), moneyScale);
}

export type PointsFailure =
  | 'password_wrong'
  | 'password_locked'
  | 'not_enough_points'
  | 'out_of_stock'
  | 'unavailable'
  | null;

/** What a refused redemption or conversion means to the member; null for any other failure. */
export function pointsFailure(error: unknown): PointsFailure {
  if (!(error instanceof ApiError)) return null;
  if (error.fields.some((issue) => issue.path === 'password')) return 'password_wrong';
  switch (error.errorCode) {
    case 'account_locked':
      return 'password_locked';
    case 'insufficient_funds':
      return 'not_enough_points';
    case 'reward_out_of_stock':
      return 'out_of_stock';
    case 'function.not.available':
      return 'unavailable';
    default:
      return null;
  }
}
