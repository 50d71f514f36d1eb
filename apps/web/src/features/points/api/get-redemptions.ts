import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { redemptionPageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { pointsKeys } from '../lib/query-keys';
import type { RedemptionPage } from '../lib/types';

export const redemptionsPath = '/wps/relay/MCS2_getRedeemPointList';
export const redemptionPageSize = 10;

export function getRedemptions(page: number, signal?: AbortSignal): Promise<RedemptionPage> {
  return apiGet(redemptionsPath, {
    query: { page, size: redemptionPageSize },
    schema: import.meta.env.DEV && redemptionPageSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The exchange history: the member's redemptions, newest first. */
export function useRedemptions(page: number) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: pointsKeys.redemptions(token, page),
      queryFn: ({ signal }) => getRedemptions(page, signal),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
  );
}
