import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { revenueSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { agentKeys } from '../lib/query-keys';
import type { Period, Revenue } from '../lib/types';

export const revenuePath = '/wps/agent/revenue';

export function getRevenue(period: Period, signal?: AbortSignal): Promise<Revenue> {
  return apiGet(revenuePath, {
    query: { from: period.from, to: period.to },
    schema: import.meta.env.DEV && revenueSchema,
    ...(signal ? { signal } : {}),
  });
}

/** My income: settled contract pay by kind over a period, and the total. */
export function useRevenue(period: Period) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: [...agentKeys.revenue(token), period],
      queryFn: ({ signal }) => getRevenue(period, signal),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}
