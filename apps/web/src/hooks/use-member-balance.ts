import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletBalanceSchema, type WalletBalance } from '@taya/contracts';
import { apiGet } from '../lib/api-client';
import { walletBalanceQueryKey } from '../lib/query-keys';
import { useSessionToken } from '../lib/session';

/** The header's balance call: the game page shares its cache entry, so both show the same. */
const walletBalancePath = '/wps/v2/wallets/balance';

export function useMemberBalance(enabled: boolean) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: walletBalanceQueryKey(token),
      queryFn: ({ signal }): Promise<WalletBalance> =>
        apiGet(walletBalancePath, { schema: import.meta.env.DEV && walletBalanceSchema, signal }),
      enabled: enabled && token !== null,
      staleTime: 30_000,
    }),
  );
}
