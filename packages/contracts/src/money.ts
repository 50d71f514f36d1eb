/**
 * Money at the edges. Inside, amounts are integers of minor units (bigint); they cross the wire
 * as decimal strings ("1234.50") so no float ever touches them. Nothing else rounds money.
 *
 * Rates live here too. A rate is a whole number of basis points (1 bp = 0.01 %, 10,000 bp = the
 * whole amount); on the wire and on screen it is a percentage with two decimals ("1.25" = 125 bp).
 *
 * The one rounding rule: a share of an amount is `amount × bps / 10,000` in integer arithmetic,
 * truncated toward zero. Every amount a share is taken of (a stake, a deposit, a valid bet, a
 * net loss clamped at zero) is non-negative, so in practice a share is rounded DOWN to the minor
 * unit and the fraction stays with whoever pays it (the house, the upline). Nothing else rounds:
 * parsing refuses a decimal with more digits than its scale instead of rounding it, and
 * formatting writes integers (minor units, basis points) out exactly.
 */

const decimalPattern = /^(\d{1,15})(?:\.(\d{1,18}))?$/;

/**
 * "1234.5" → 123450n at scale 2. Null for anything that is not a plain non-negative decimal with
 * at most `scale` decimals (no signs, exponents, spaces or fractions of a cent).
 */
export function parseAmount(text: string, scale: number): bigint | null {
  const m = decimalPattern.exec(text);
  if (!m) return null;
  const fraction = m[2] ?? '';
  if (fraction.length > scale) return null;
  return BigInt(m[1]!) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/** 123450n at scale 2 → "1234.50". */
export function minorToDecimal(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const unit = 10n ** BigInt(scale);
  const whole = (abs / unit).toString();
  const fraction = scale > 0 ? `.${(abs % unit).toString().padStart(scale, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** "1234567.5" → "1,234,567.50": thousands separators and exactly `scale` decimals (§9). */
export function formatAmount(decimal: string, scale = 2): string {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = scale > 0 ? `.${fraction.padEnd(scale, '0').slice(0, scale)}` : '';
  return `${negative ? '-' : ''}${grouped}${decimals}`;
}

/** A decimal without the zeros that end its fraction: "2.50" → "2.5", "100.00" → "100". */
export function trimDecimal(decimal: string): string {
  if (!decimal.includes('.')) return decimal;
  return decimal.replace(/0+$/, '').replace(/\.$/, '');
}

// ---- basis points and rates ----

/** The whole amount in basis points: 100 %. */
export const bpsPerWhole = 10_000;

/** A rate's percentage has two decimals, so its basis points are its "minor units". */
const rateScale = 2;

/**
 * `bps` basis points of `amount`, by the rounding rule above: truncated toward zero, i.e.
 * floor(amount × bps / 10,000) for a non-negative amount. `bps` is a whole number (a fraction
 * throws).
 */
export function applyBps(amount: bigint, bps: number | bigint): bigint {
  return (amount * BigInt(bps)) / BigInt(bpsPerWhole);
}

const ratePattern = /^\d{1,3}(?:\.\d{1,2})?$/;

/**
 * A typed percentage as basis points: "0.6" → 60, "1.25" → 125, "35" → 3500. Null for anything
 * but one to three digits with at most two decimals (no signs, spaces, exponents, third decimals:
 * a rate is never rounded). The upper bound is the caller's (contracts allow 100 %, deposit
 * bonuses more).
 */
export function parseRate(text: string): number | null {
  if (!ratePattern.test(text)) return null;
  return Number(parseAmount(text, rateScale));
}

/**
 * A wire rate already checked by its schema (`ratePercent`) as basis points: "1.25" → 125.
 * Throws on anything else, which can only be a programming error.
 */
export function rateToBps(rate: string): number {
  const bps = parseRate(rate);
  if (bps === null) throw new RangeError(`Not a rate: ${JSON.stringify(rate)}`);
  return bps;
}

/** Basis points as the wire rate, two decimals: 125 → "1.25", 60 → "0.60", 10000 → "100.00". */
export function bpsToRate(bps: number | bigint): string {
  return minorToDecimal(BigInt(bps), rateScale);
}

/** Basis points as a percentage to show, without trailing zeros: 10000 → "100", 50 → "0.5". */
export function bpsToPercent(bps: number | bigint): string {
  return trimDecimal(bpsToRate(bps));
}

// ---- currency symbols ----

/**
 * Symbols of the currencies our merchants use, for a screen that has only the code. A merchant's
 * own configuration (`currencySymbol`) wins over this; a code not listed shows as itself.
 */
const currencySymbols: Readonly<Record<string, string>> = { TLB: '₱', PHP: '₱', MMK: 'K' };

/** "TLB" → "₱", "MMK" → "K"; an unknown code (play money such as "DEMO") stays as it is. */
export function currencySymbolOf(code: string): string {
  return currencySymbols[code] ?? code;
}
