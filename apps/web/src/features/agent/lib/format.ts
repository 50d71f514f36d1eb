import { formatAmount } from '@taya/contracts';

/** A head count with thousands separators, like the money figures beside it: 1234 → "1,234". */
export function formatCount(count: number): string {
  return formatAmount(String(Math.trunc(count)), 0);
}
