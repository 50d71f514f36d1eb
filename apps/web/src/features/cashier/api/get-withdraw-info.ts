import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawInfoSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { WithdrawInfo } from '../lib/types';

export const withdrawInfoPath = '/wps/cashier/withdraw-info';

export function getWithdrawInfo(signal?: AbortSignal): Promise<WithdrawInfo> {
  return apiGet(withdrawInfoPath, {
    schema: import.meta.env.DEV && withdrawInfoSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useWithdrawInfo() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: cashierKeys.withdrawInfo(token),
      queryFn: ({ signal }) => getWithdrawInfo(signal),
      enabled: token !== null,
      staleTime: 15_000,
    }),
  );
}
