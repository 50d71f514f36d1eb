/**
 * Money at the edges. Inside, amounts are integers of minor units (bigint); they cross the wire
 * as decimal strings ("1234.50") so no float ever touches them. Nothing else rounds money.
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
