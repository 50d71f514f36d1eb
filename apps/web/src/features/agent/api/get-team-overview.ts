import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamOverviewSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { agentKeys } from '../lib/query-keys';
import type { Period, TeamOverview } from '../lib/types';

export const teamOverviewPath = '/wps/agent/team/overview';

export function getTeamOverview(period: Period, signal?: AbortSignal): Promise<TeamOverview> {
  return apiGet(teamOverviewPath, {
    query: { from: period.from, to: period.to },
    schema: import.meta.env.DEV && teamOverviewSchema,
    ...(signal ? { signal } : {}),
  });
}

/** agentTeamOverview: the team's size and figures over a period, and per merchant-zone day. */
export function useTeamOverview(period: Period) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: [...agentKeys.overview(token), period],
      queryFn: ({ signal }) => getTeamOverview(period, signal),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}
