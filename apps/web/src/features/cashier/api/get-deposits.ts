import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositOrderSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { DepositOrder } from '../lib/types';

export const depositsPath = '/wps/cashier/deposits';

const depositListParser = depositOrderSchema.array();

export function getDeposits(signal?: AbortSignal): Promise<DepositOrder[]> {
  return apiGet(depositsPath, { schema: depositListParser, ...(signal ? { signal } : {}) });
}

export function useDeposits() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: cashierKeys.deposits(token),
      queryFn: ({ signal }) => getDeposits(signal),
      enabled: token !== null,
      staleTime: 15_000,
    }),
  );
}
