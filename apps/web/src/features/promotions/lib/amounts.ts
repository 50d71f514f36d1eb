import { minorToDecimal, parseAmount } from '@taya/contracts';

const scaleOf = (decimal: string) => decimal.split('.')[1]?.length ?? 0;

/** Adds decimal amounts exactly (no floating point), at the finest scale among them. */
export function addAmounts(...amounts: string[]): string {
  const scale = Math.max(0, ...amounts.map(scaleOf));
  const total = amounts.reduce((sum, amount) => sum + (parseAmount(amount, scale) ?? 0n), 0n);
  return minorToDecimal(total, scale);
}

/** `a` − `b`, exactly, never below zero. */
export function subtractAmounts(a: string, b: string): string {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const left = (parseAmount(a, scale) ?? 0n) - (parseAmount(b, scale) ?? 0n);
  return minorToDecimal(left > 0n ? left : 0n, scale);
}

/** Whether a decimal amount is above zero (any non-zero digit). */
export const isPositive = (decimal: string) => /[1-9]/.test(decimal);
