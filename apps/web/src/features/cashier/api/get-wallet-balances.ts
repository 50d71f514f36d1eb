import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletBalanceSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { walletBalanceQueryKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import type { WalletBalance } from '../lib/types';

export const walletBalancesPath = '/wps/v2/wallets/balance';

export function getWalletBalances(signal?: AbortSignal): Promise<WalletBalance> {
  return apiGet(walletBalancesPath, {
    schema: import.meta.env.DEV && walletBalanceSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * Every wallet's balance (main and each game wallet). The same call and cache entry as the
 * header's balance (`lib/query-keys.ts`), so a transfer that updates one updates both.
 */
export function useWalletBalances() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: walletBalanceQueryKey(token),
      queryFn: ({ signal }) => getWalletBalances(signal),
      enabled: token !== null,
      staleTime: 30_000,
    }),
  );
}
