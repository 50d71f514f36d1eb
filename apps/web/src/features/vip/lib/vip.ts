import { bpsToRate, minorToDecimal } from '@taya/contracts';
import { currentLanguage, toBcp47 } from '../../../lib/i18n';
import { formatDecimal, moneyScale, toMinor } from '../../../lib/money';

/** What is still missing to reach `target` from `current` (wire amounts), never below zero. */
export function remaining(current: string, target: string): string {
  const gap = (toMinor(target) ?? 0n) - (toMinor(current) ?? 0n);
  return minorToDecimal(gap > 0n ? gap : 0n, moneyScale);
}

/**
 * A rate in basis points (100 = 1 %) as a percentage with two decimals, in the player's digits:
 * 40 → "0.40%".
 */
export function formatRate(bps: number): string {
  return `${formatDecimal(bpsToRate(Math.trunc(bps)), toBcp47(currentLanguage()))}%`;
}
