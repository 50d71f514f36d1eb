import { queryOptions, useQuery } from '@tanstack/react-query';
import { missionSummarySchema, type MissionSummary } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { trialCustomerType, useCustomerType, useSessionToken } from '../../../lib/session';
import { missionKeys, missionStaleTime } from '../lib/query-keys';

export const missionSummaryPath = '/wps/missions/summary';

export function getMissionSummary(signal?: AbortSignal): Promise<MissionSummary> {
  return apiGet(missionSummaryPath, {
    schema: import.meta.env.DEV && missionSummarySchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * The member's mission summary, asked again every minute so a finished mission lights the badge
 * without a reload. Only members and agents take part: nothing is asked for visitors and trial
 * players.
 */
export function useMissionSummary() {
  const token = useSessionToken();
  const customerType = useCustomerType();
  const enabled = token !== null && customerType !== null && customerType !== trialCustomerType;
  return useQuery(
    queryOptions({
      queryKey: missionKeys.summary(token),
      queryFn: ({ signal }) => getMissionSummary(signal),
      enabled,
      refetchInterval: 60_000,
      staleTime: missionStaleTime,
    }),
  );
}
