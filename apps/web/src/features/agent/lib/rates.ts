/**
 * Contract rates are percentages with at most two decimals ("0.60" is 0.60 %). Here they become
 * whole hundredths of a percent (basis points), so comparing two rates never touches floats.
 */
export const maxRateBps = 10_000;

/** "0.6" → 60, "35" → 3500; null when it is not a rate the contracts accept. */
export function rateToBps(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bps <= maxRateBps ? bps : null;
}

/** 60 → "0.60", the wire form. */
export function bpsToRate(bps: number): string {
  return `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
}

/** A rate to show: "0.60 %". */
export function formatRate(rate: string): string {
  const bps = rateToBps(rate);
  return `${bps === null ? rate : bpsToRate(bps)} %`;
}
