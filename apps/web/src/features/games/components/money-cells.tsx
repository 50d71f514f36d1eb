import { formatAmount } from '@taya/contracts';
import { amountSign } from '../../../lib/money';

/** A signed result: + green for a win, − red for a loss, like the account record. */
export function WinLoss({ value, testId }: { value: string; testId?: string }) {
  const sign = amountSign(value);
  const tone = sign > 0 ? 'is-credit' : sign < 0 ? 'is-debit' : '';
  return (
    <span className={`record-amount ${tone}`} data-testid={testId}>
      {sign > 0 ? '+' : ''}
      {formatAmount(value)}
    </span>
  );
}
