/**
 * Odds (GAMES.md §11.3). A price is held as decimal odds in thousandths (1.860 → 1860), an
 * integer: the ticket stores it, settlement multiplies by it, and the other formats are only
 * how it is shown (and typed, by traders).
 *
 * - Decimal D; Hong Kong H = D − 1; Malay M = D − 1 when D ≤ 2, else −1/(D − 1); Indonesian
 *   I = D − 1 when D ≥ 2, else −1/(D − 1); American +100(D − 1) when D ≥ 2, else −100/(D − 1).
 * - Shown with two decimals (American whole), rounded half away from zero; decimal odds are
 *   shown with two decimals, or three when the third is not zero.
 * - The stake a player enters is always the amount at risk, in every format; the ticket keeps
 *   the stake and the return it was offered, never re-derived from what was shown.
 */

export const ODDS_FORMATS = ['decimal', 'hk', 'malay', 'indo', 'american'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** The smallest and largest decimal price a market may carry (1.010 … 1000.000). */
export const MIN_ODDS = 1010;
export const MAX_ODDS = 1_000_000;

const ONE = 1000n;

/** `num / den` rounded half away from zero to `places` decimals, as text with that many. */
function ratioText(num: bigint, den: bigint, places: number): string {
  const negative = num < 0n !== den < 0n && num !== 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const scale = 10n ** BigInt(places);
  const scaled = (n * scale * 2n + d) / (2n * d);
  const whole = scaled / scale;
  const frac = places > 0 ? `.${(scaled % scale).toString().padStart(places, '0')}` : '';
  return `${negative && scaled !== 0n ? '-' : ''}${whole}${frac}`;
}

/** Decimal odds in thousandths as the player reads them ("1.86", "2.375", "11.00"). */
export function decimalOddsText(milli: number): string {
  const m = BigInt(milli);
  const whole = m / ONE;
  const frac = (m % ONE).toString().padStart(3, '0');
  return `${whole}.${frac.endsWith('0') ? frac.slice(0, 2) : frac}`;
}

/** A price shown in a format. */
export function formatOdds(milli: number, format: OddsFormat): string {
  const d = BigInt(milli);
  const profit = d - ONE; // D − 1, in thousandths
  switch (format) {
    case 'decimal':
      return decimalOddsText(milli);
    case 'hk':
      return ratioText(profit, ONE, 2);
    case 'malay':
      return d <= 2n * ONE ? ratioText(profit, ONE, 2) : ratioText(-ONE, profit, 2);
    case 'indo':
      return d >= 2n * ONE ? ratioText(profit, ONE, 2) : ratioText(-ONE, profit, 2);
    case 'american':
      return d >= 2n * ONE
        ? `+${ratioText(profit * 100n, ONE, 0)}`
        : ratioText(-100n * ONE, profit, 0);
  }
}

/**
 * A price typed in a format, as decimal thousandths rounded half up, or null when the text is
 * not a price in that format (or falls outside {@link MIN_ODDS} … {@link MAX_ODDS}).
 */
export function parseOdds(text: string, format: OddsFormat): number | null {
  const m = /^([+-]?)(\d{1,7})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!m) return null;
  const frac = m[3] ?? '';
  const scale = 10n ** BigInt(frac.length);
  const abs = BigInt(m[2]!) * scale + BigInt(frac || '0'); // |value| × scale
  const negative = m[1] === '-';
  if (abs === 0n) return null;
  // Decimal thousandths from a ratio num/den, rounded half up.
  const milli = (num: bigint, den: bigint) => Number((num * 2n + den) / (2n * den));
  let out: number;
  switch (format) {
    case 'decimal':
      if (negative) return null;
      out = milli(abs * ONE, scale);
      break;
    case 'hk':
      if (negative) return null;
      out = milli((abs + scale) * ONE, scale);
      break;
    case 'malay':
    case 'indo': {
      // Malay |M| ≤ 1, Indonesian |I| ≥ 1. Positive: D = 1 + x; negative: D = 1 + 1/|x|.
      if (format === 'malay' ? abs > scale : abs < scale) return null;
      out = negative ? milli((abs + scale) * ONE, abs) : milli((abs + scale) * ONE, scale);
      break;
    }
    case 'american': {
      if (frac) return null;
      if (negative) {
        if (abs < 100n) return null;
        out = milli((abs + 100n) * ONE, abs);
      } else {
        if (abs < 100n) return null;
        out = milli((abs + 100n) * ONE, 100n);
      }
      break;
    }
  }
  return out >= MIN_ODDS && out <= MAX_ODDS ? out : null;
}

/** Reads "1.86" / "2.375" as decimal thousandths, or null. */
export function oddsOf(text: string): number | null {
  return parseOdds(text, 'decimal');
}
