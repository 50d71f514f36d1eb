import { useMoney } from '../../../hooks/use-money';
import { fromMinor, toMinor } from '../../../lib/money';

/** Shows minor units (or a wire amount) in the merchant's currency, like the header's balance. */
export function useLotteryMoney() {
  const { money } = useMoney();
  const show = (minor: bigint) => money(fromMinor(minor));
  return {
    minor: show,
    wire: (amount: string) => show(toMinor(amount) ?? 0n),
  };
}
