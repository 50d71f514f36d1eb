import { minorToDecimal, parseAmount } from '@taya/contracts';
import { moneyScale, signedMinor, toMinor } from '../../../lib/money';

/** The core conversions live in lib/money.ts; these are the cashier's own checks on top. */
export { moneyScale, signedMinor, toMinor };

export type AmountProblem = 'required' | 'invalid' | 'range';

/** Checks an amount the player typed against a channel's or the withdrawal's limits. */
export function amountProblem(text: string, min: string, max: string): AmountProblem | null {
  if (text.trim() === '') return 'required';
  const value = toMinor(text);
  if (value === null || value === 0n) return 'invalid';
  const low = toMinor(min);
  const high = toMinor(max);
  if ((low !== null && value < low) || (high !== null && value > high)) return 'range';
  return null;
}

/** What travels to the server: the typed amount without surrounding spaces. */
export function wireAmount(text: string): string {
  return text.trim();
}

/**
 * A balance as an amount to send ("All" fills the source wallet's balance): whole cents, any
 * finer digits dropped (never rounded up past what is there); '' when there is nothing to move.
 */
export function balanceToAmount(balance: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(balance.trim());
  if (!match) return '';
  const cents = (match[2] ?? '').slice(0, moneyScale).padEnd(moneyScale, '0');
  const minor = parseAmount(`${match[1]}.${cents}`, moneyScale);
  return minor === null || minor === 0n ? '' : minorToDecimal(minor, moneyScale);
}

/** The sum of wire amounts, as a wire amount. */
export function sumAmounts(amounts: readonly string[]): string {
  const total = amounts.reduce((sum, text) => sum + (signedMinor(text) ?? 0n), 0n);
  return minorToDecimal(total, moneyScale);
}
