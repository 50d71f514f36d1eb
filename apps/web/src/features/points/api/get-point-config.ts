import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointConfigSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { pointsKeys } from '../lib/query-keys';
import type { PointConfig } from '../lib/types';

export const pointConfigPath = '/wps/relay/MCS2_getPointConfig';

export function getPointConfig(signal?: AbortSignal): Promise<PointConfig> {
  return apiGet(pointConfigPath, {
    schema: import.meta.env.DEV && pointConfigSchema,
    ...(signal ? { signal } : {}),
  });
}

/** How points are earned and what they convert into. */
export function usePointConfig(enabled: boolean) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: pointsKeys.config(token),
      queryFn: ({ signal }) => getPointConfig(signal),
      enabled: enabled && token !== null,
      staleTime: 5 * 60_000,
    }),
  );
}
