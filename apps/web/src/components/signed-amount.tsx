import { amountSign } from '../lib/money';
import { useMoney } from '../hooks/use-money';

/**
 * A signed amount: + green above zero, − red below, like the account record. Used for a player's
 * result and for the team's profit (what its players lost), which are each good news for whoever
 * reads them when positive.
 */
export function SignedAmount({ value, testId }: { value: string; testId?: string }) {
  const fmt = useMoney();
  const sign = amountSign(value);
  const colour = sign > 0 ? 'is-credit' : sign < 0 ? 'is-debit' : '';
  return (
    <span className={`record-amount ${colour}`} data-testid={testId}>
      {sign > 0 ? '+' : ''}
      {fmt.money(value)}
    </span>
  );
}
