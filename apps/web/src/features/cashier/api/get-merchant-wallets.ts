import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantWalletSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { MerchantWallets } from '../lib/types';

export const merchantWalletsPath = '/wps/relay/GCS_merchantWallet';

export function getMerchantWallets(signal?: AbortSignal): Promise<MerchantWallets> {
  return apiGet(merchantWalletsPath, {
    schema: import.meta.env.DEV && merchantWalletSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The merchant's game wallets (names, maintenance) and whether it has a single wallet at all. */
export function useMerchantWallets() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: cashierKeys.merchantWallets(token),
      queryFn: ({ signal }) => getMerchantWallets(signal),
      enabled: token !== null,
      staleTime: 60_000,
    }),
  );
}
