import { formatAmount } from '@taya/contracts';
import { fromMinor, toMinor } from '../../../lib/money';
import { useSystemStatus } from '../../../lib/system-status';

/** Shows minor units (or a wire amount) in the merchant's currency, like the header's balance. */
export function useLotteryMoney() {
  const { data: status } = useSystemStatus();
  const symbol = status?.merchant.currencySymbol ?? '';
  const show = (minor: bigint) => {
    const text = formatAmount(fromMinor(minor < 0n ? -minor : minor));
    return `${minor < 0n ? '-' : ''}${symbol ? `${symbol} ` : ''}${text}`;
  };
  return {
    minor: show,
    wire: (amount: string) => show(toMinor(amount) ?? 0n),
  };
}
