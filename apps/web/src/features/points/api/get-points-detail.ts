import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pointTxTypeIds, teamTransactionPageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { pointsKeys } from '../lib/query-keys';
import type { PointsDetailPage } from '../lib/types';

export const pointsDetailPath = '/wps/relay/ODSFE2_MemTransDet';
export const pointsDetailPageSize = 20;

/** Points never expire, so the detail goes back to the start; it ends a day ahead of now. */
function detailWindow(): { startTime: number; endTime: number } {
  const day = 24 * 60 * 60 * 1000;
  return { startTime: 0, endTime: (Math.floor(Date.now() / day) + 2) * day };
}

export function getPointsDetail(page: number, signal?: AbortSignal): Promise<PointsDetailPage> {
  return apiGet(pointsDetailPath, {
    // Naming only points movements asks for the caller's own points detail.
    query: {
      ...detailWindow(),
      txTypeIds: pointTxTypeIds.join(','),
      page,
      size: pointsDetailPageSize,
    },
    schema: import.meta.env.DEV && teamTransactionPageSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Points earned and spent, newest first. */
export function usePointsDetail(page: number) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: pointsKeys.detail(token, page),
      queryFn: ({ signal }) => getPointsDetail(page, signal),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),
  );
}
