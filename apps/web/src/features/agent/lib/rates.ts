import { bpsPerWhole, bpsToRate, parseRate } from '@taya/contracts';

/**
 * Contract rates are percentages with at most two decimals ("0.60" is 0.60 %), held as whole
 * basis points so comparing two rates never touches floats; the conversions are the contracts'
 * money module's. What a person types is read by the wire's rule with two additions of the
 * form's: spaces around it are ignored, and a contract pays at most 100 %.
 */
export const maxRateBps = bpsPerWhole;

/** "0.6" → 60, " 35 " → 3500; null when it is not a rate the contracts accept. */
export function rateToBps(text: string): number | null {
  const bps = parseRate(text.trim());
  return bps !== null && bps <= maxRateBps ? bps : null;
}

/** 60 → "0.60", the wire form. */
export { bpsToRate };

/** A rate to show: "0.60 %". */
export function formatRate(rate: string): string {
  const bps = rateToBps(rate);
  return `${bps === null ? rate : bpsToRate(bps)} %`;
}
