import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamLossPageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { agentKeys } from '../lib/query-keys';
import type { Period, TeamLossPage } from '../lib/types';

export const teamLossPath = '/wps/agent/team/loss';

export interface TeamLossFilter extends Period {
  /** Below one of my team's agents; null for my own direct subordinates. */
  parentId: string | null;
  page: number;
  size: number;
}

export function getTeamLoss(filter: TeamLossFilter, signal?: AbortSignal): Promise<TeamLossPage> {
  return apiGet(teamLossPath, {
    query: { ...filter },
    schema: import.meta.env.DEV && teamLossPageSchema,
    ...(signal ? { signal } : {}),
  });
}

/** User loss: each direct subordinate (of me or of `parentId`) with its own line's results. */
export function useTeamLoss(filter: TeamLossFilter) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: [...agentKeys.teamLoss(token), filter],
      queryFn: ({ signal }) => getTeamLoss(filter, signal),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}
