import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { Withdrawal } from '../lib/types';

export const withdrawalsPath = '/wps/cashier/withdrawals';

const withdrawalListParser = withdrawalSchema.array();

export function getWithdrawals(signal?: AbortSignal): Promise<Withdrawal[]> {
  return apiGet(withdrawalsPath, { schema: withdrawalListParser, ...(signal ? { signal } : {}) });
}

export function useWithdrawals() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: cashierKeys.withdrawals(token),
      queryFn: ({ signal }) => getWithdrawals(signal),
      enabled: token !== null,
      staleTime: 15_000,
    }),
  );
}
