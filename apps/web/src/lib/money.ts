import { minorToDecimal, parseAmount } from '@taya/contracts';
import { numberLocale } from './number-locale';

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

// ---- on screen ----

const decimalText = /^-?\d+(\.\d+)?$/;

export interface NumberDisplayOptions {
  /** Decimals shown, exactly: the wire's are padded or cut to this many (never rounded). */
  decimals?: number;
  /** Whether Intl has a locale's number data (tests stand in for a browser without). */
  supports?: (locale: string) => boolean;
}

/**
 * A decimal cut (not rounded) to `decimals` places. Intl would round a longer fraction half-even;
 * money never has one (the wire carries the merchant's scale), and a count has none.
 */
function toScale(decimal: string, decimals: number): string {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return decimals > 0 ? `${whole}.${fraction.padEnd(decimals, '0').slice(0, decimals)}` : whole;
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, decimals: number, currency: boolean): Intl.NumberFormat {
  const key = `${locale}|${decimals}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions = {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      // XXX (ISO "no currency") stands in for the merchant's symbol so the language places it.
      ...(currency ? { style: 'currency', currency: 'XXX', currencyDisplay: 'code' } : {}),
    };
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      format = new Intl.NumberFormat('en', options);
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * The parts of a decimal string in `locale`'s digits, grouping and signs. Intl.NumberFormat reads
 * a string as an exact decimal (no float in between), so every digit of any balance survives.
 */
function decimalParts(
  decimal: string,
  locale: string,
  currency: boolean,
  { decimals = moneyScale, supports }: NumberDisplayOptions,
): Intl.NumberFormatPart[] | null {
  if (!decimalText.test(decimal)) return null;
  const format = numberFormat(numberLocale(locale, supports), decimals, currency);
  // The lib typings predate string input (ES2023 Intl.NumberFormat v3).
  return format.formatToParts(toScale(decimal, decimals) as unknown as number);
}

/**
 * A decimal amount ("1234567.5") as the player's language writes it: "1,234,567.50" in English,
 * "၁,၂၃၄,၅၆၇.၅၀" in Burmese, "12,34,567.50" in Hindi. Exact for any length. Anything that is not
 * a plain decimal is shown as it came.
 */
export function formatDecimal(
  decimal: string,
  locale: string,
  options: NumberDisplayOptions = {},
): string {
  const parts = decimalParts(decimal, locale, false, options);
  return parts ? parts.map((part) => part.value).join('') : decimal;
}

/** A whole count (points, players) in the player's language: 12345 → "12,345". */
export function formatCount(count: number | bigint, locale: string): string {
  const whole = typeof count === 'bigint' ? count.toString() : String(Math.trunc(count));
  return formatDecimal(whole, locale, { decimals: 0 });
}

/**
 * An amount with the currency's symbol where the language puts one: "₱ 1,234.50" in English,
 * "၁,၂၃၄.၅၀ K" in Burmese. Without a symbol (not yet known) it is the number alone.
 */
export function formatMoney(
  decimal: string,
  locale: string,
  symbol: string,
  options: NumberDisplayOptions = {},
): string {
  if (!symbol) return formatDecimal(decimal, locale, options);
  const parts = decimalParts(decimal, locale, true, options);
  if (!parts) return `${symbol} ${decimal}`;
  return parts.map((part) => (part.type === 'currency' ? symbol : part.value)).join('');
}
