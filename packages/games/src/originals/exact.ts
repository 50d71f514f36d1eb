import type { Multiplier } from './types';

/**
 * Exact arithmetic shared by the originals' engines: reduced bigint fractions, binomial
 * coefficients and the merchant's RTP bounds. No floats anywhere.
 */

/** The lowest and highest return to player a merchant may set, in basis points (Appendix C 8). */
export const MIN_RTP_BPS = 9_500;
export const MAX_RTP_BPS = 9_900;

/** Refuses an RTP outside 9,500–9,900 bps (a programming error: the server checks it first). */
export function checkRtpBps(rtpBps: number): bigint {
  if (!Number.isInteger(rtpBps) || rtpBps < MIN_RTP_BPS || rtpBps > MAX_RTP_BPS)
    throw new Error(`rtpBps must be an integer in ${MIN_RTP_BPS}..${MAX_RTP_BPS}`);
  return BigInt(rtpBps);
}

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** num/den in lowest terms (den > 0; 0 is 0/1). */
export function fraction(num: bigint, den: bigint): Multiplier {
  if (den <= 0n) throw new Error('a fraction needs a positive denominator');
  if (num === 0n) return { num: 0n, den: 1n };
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

export function addFractions(a: Multiplier, b: Multiplier): Multiplier {
  return fraction(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function mulFractions(a: Multiplier, b: Multiplier): Multiplier {
  return fraction(a.num * b.num, a.den * b.den);
}

/** a < b, a = b, a > b as −1, 0, 1. */
export function compareFractions(a: Multiplier, b: Multiplier): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** C(n, k) as a bigint (0 when k is outside 0..n). */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  k = Math.min(k, n - k);
  let c = 1n;
  for (let i = 1; i <= k; i++) c = (c * BigInt(n - k + i)) / BigInt(i);
  return c;
}

/** A fraction as a percentage with `digits` decimals, rounded down ("98.9769"). */
export function percentText(f: Multiplier, digits = 4): string {
  const scale = 10n ** BigInt(digits);
  const v = (f.num * 100n * scale) / f.den;
  const frac = (v % scale).toString().padStart(digits, '0');
  return digits > 0 ? `${v / scale}.${frac}` : (v / scale).toString();
}
