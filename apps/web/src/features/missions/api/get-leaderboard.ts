import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  missionLeaderboardSchema,
  type MissionLeaderboard,
  type MissionPeriod,
} from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { missionKeys, missionStaleTime } from '../lib/query-keys';

export const leaderboardPath = '/wps/missions/leaderboard';

export function getLeaderboard(
  period: MissionPeriod,
  signal?: AbortSignal,
): Promise<MissionLeaderboard> {
  return apiGet(leaderboardPath, {
    query: { period },
    schema: import.meta.env.DEV && missionLeaderboardSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The day's or the week's leaderboard, with the caller's own rank. */
export function useLeaderboard(period: MissionPeriod) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: missionKeys.leaderboard(token, period),
      queryFn: ({ signal }) => getLeaderboard(period, signal),
      staleTime: missionStaleTime,
      placeholderData: keepPreviousData,
    }),
  );
}
