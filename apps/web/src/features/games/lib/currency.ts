import { formatAmount } from '@taya/contracts';

/** The merchant's currency as the system status names it, for showing amounts like the header. */
export interface MerchantCurrency {
  code: string;
  symbol: string;
}

/**
 * An amount in `code` for a person: "₱ 1,234.50" in the merchant's own currency, else the code
 * after it ("2,000.00 DEMO") so play money or another currency is never mistaken for it.
 */
export function currencyAmount(
  amount: string,
  code: string,
  merchant: MerchantCurrency | undefined,
): string {
  return merchant && code === merchant.code
    ? `${merchant.symbol} ${formatAmount(amount)}`
    : `${formatAmount(amount)} ${code}`;
}
