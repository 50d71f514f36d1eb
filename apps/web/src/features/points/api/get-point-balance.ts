import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointBalanceSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { pointsKeys } from '../lib/query-keys';
import type { PointBalance } from '../lib/types';

export const pointBalancePath = '/wps/relay/MCS2_getPointBalance';

export function getPointBalance(signal?: AbortSignal): Promise<PointBalance> {
  return apiGet(pointBalancePath, {
    schema: import.meta.env.DEV && pointBalanceSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The member's points (`enabled` false for visitors and trial players, who have none). */
export function usePointBalance(enabled: boolean) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: pointsKeys.balance(token),
      queryFn: ({ signal }) => getPointBalance(signal),
      enabled: enabled && token !== null,
      staleTime: 15_000,
    }),
  );
}
