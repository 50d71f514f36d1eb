import { useMemo } from 'react';
import { currencySymbolOf } from '@taya/contracts';
import { formatCount, formatDecimal, formatMoney } from '../lib/money';
import { toBcp47, useCurrentLanguage } from '../lib/i18n';
import { useSystemStatus } from '../lib/system-status';

export interface MoneyDisplay {
  /**
   * An amount with the merchant's currency symbol, in the player's language ("₱ 1,234.50").
   * `code`: the currency the amount is in, when it may not be the merchant's (play money shows
   * its own code or symbol so it is never mistaken for it).
   */
  money: (amount: string, code?: string) => string;
  /** The number alone, for a table column or a figure whose label names the currency. */
  amount: (amount: string) => string;
  /** A whole count (points, players) in the player's language. */
  count: (count: number | bigint) => string;
  /** The merchant's symbol ("₱", "K"); empty until the system status has arrived. */
  symbol: string;
  /** The BCP-47 locale the numbers are written in. */
  locale: string;
}

/**
 * The one way amounts reach the screen: the merchant's currency symbol (its configuration in
 * the system status) and the digits and grouping of the player's language.
 */
export function useMoney(): MoneyDisplay {
  const locale = toBcp47(useCurrentLanguage());
  const merchant = useSystemStatus().data?.merchant;
  const code = merchant?.currency;
  const merchantSymbol = merchant?.currencySymbol;
  const scale = merchant?.currencyScale ?? 2;
  return useMemo(() => {
    const symbolOf = (other?: string) =>
      other === undefined || other === code
        ? (merchantSymbol ?? (other ? currencySymbolOf(other) : ''))
        : currencySymbolOf(other);
    return {
      money: (amount, other) => formatMoney(amount, locale, symbolOf(other), { decimals: scale }),
      amount: (amount) => formatDecimal(amount, locale, { decimals: scale }),
      count: (count) => formatCount(count, locale),
      symbol: symbolOf(),
      locale,
    };
  }, [locale, code, merchantSymbol, scale]);
}
