import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletBalanceSchema, type WalletBalance } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { walletBalanceQueryKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';

export const walletBalancePath = '/wps/v2/wallets/balance';

/** Amounts stay decimal strings ("1234.50"): they are shown, never added up here. */
export function getWalletBalance(signal?: AbortSignal): Promise<WalletBalance> {
  return apiGet(walletBalancePath, {
    schema: import.meta.env.DEV && walletBalanceSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Keyed by token so one account's balance never shows for another. */
export function walletBalanceQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: walletBalanceQueryKey(token),
    queryFn: ({ signal }) => getWalletBalance(signal),
    enabled: token !== null,
    staleTime: 30_000,
  });
}

export function useWalletBalance() {
  const token = useSessionToken();
  return useQuery(walletBalanceQueryOptions(token));
}
