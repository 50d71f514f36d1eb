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
