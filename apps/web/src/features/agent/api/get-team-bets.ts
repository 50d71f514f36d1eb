import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamBetPageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { agentKeys } from '../lib/query-keys';
import type { Period, TeamBetPage } from '../lib/types';

export const teamBetsPath = '/wps/agent/team/bets';

export interface TeamBetFilter extends Period {
  /** One member by exact username; '' for the whole team. */
  username: string;
  /** '' for every game type. */
  gameType: string;
  page: number;
  size: number;
}

export function getTeamBets(filter: TeamBetFilter, signal?: AbortSignal): Promise<TeamBetPage> {
  return apiGet(teamBetsPath, {
    query: {
      ...filter,
      username: filter.username || undefined,
      gameType: filter.gameType || undefined,
    },
    schema: import.meta.env.DEV && teamBetPageSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Team betting: bets of anyone in my team, with the totals over the whole filter. */
export function useTeamBets(filter: TeamBetFilter) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: [...agentKeys.teamBets(token), filter],
      queryFn: ({ signal }) => getTeamBets(filter, signal),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}
