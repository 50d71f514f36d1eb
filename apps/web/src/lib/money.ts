import { minorToDecimal, parseAmount } from '@taya/contracts';

/**
 * The site's money maths, in one place (STYLE: nothing else rounds money). Amounts arrive as
 * decimal strings with two decimals; here they become bigint minor units and go back as strings.
 */
export const moneyScale = 2;

/** "1234.5" → 123450n; null when it is not a plain non-negative amount. */
export function toMinor(text: string): bigint | null {
  return parseAmount(text.trim(), moneyScale);
}

/** 123450n → "1234.50", the wire form of minor units. */
export function fromMinor(minor: bigint): string {
  return minorToDecimal(minor, moneyScale);
}

/** A signed wire amount ("-100.00") as minor units; null when it is not a decimal. */
export function signedMinor(text: string): bigint | null {
  const negative = text.startsWith('-');
  const minor = parseAmount(negative ? text.slice(1) : text, moneyScale);
  if (minor === null) return null;
  return negative ? -minor : minor;
}

/** -1, 0 or 1 for a signed wire amount (0 when it cannot be read). */
export function amountSign(text: string): -1 | 0 | 1 {
  const minor = signedMinor(text) ?? 0n;
  return minor > 0n ? 1 : minor < 0n ? -1 : 0;
}

/**
 * An amount split evenly, e.g. a slot's total bet over its lines. Whole cents only; a remainder
 * is dropped (the slot's bets always divide exactly).
 */
export function divideAmount(amount: string, parts: number): string {
  const minor = toMinor(amount) ?? 0n;
  return minorToDecimal(minor / BigInt(Math.max(1, parts)), moneyScale);
}

/** An amount times a whole multiple, e.g. a line bet times a paytable multiple. */
export function multiplyAmount(amount: string, multiple: number): string {
  const minor = toMinor(amount) ?? 0n;
  return minorToDecimal(minor * BigInt(Math.trunc(multiple)), moneyScale);
}

/** Steps in a tween's progress: far more than the frames of any count-up, so it runs smoothly. */
const tweenSteps = 1_000_000n;

/**
 * A point between two amounts in minor units, for counting a shown amount up (or down) to a new
 * one. `progress` runs from 0 to 1 (already eased); it is the only float, and it is turned into a
 * whole number of steps, so the result is exact minor units, moves one way only as progress
 * grows, and is exactly `to` at 1.
 */
export function tweenMinor(from: bigint, to: bigint, progress: number): bigint {
  if (!(progress > 0)) return from;
  if (progress >= 1) return to;
  const steps = BigInt(Math.round(progress * Number(tweenSteps)));
  return from + ((to - from) * steps) / tweenSteps;
}
