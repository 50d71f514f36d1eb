import { queryOptions, useQuery } from '@tanstack/react-query';
import { lotteryRecentSchema, type LotteryRecent } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { lotteryKeys } from '../lib/query-keys';

export const recentLotteryGamesPath = '/lgw/vn/games/game_menu/recent';

export function getRecentLotteryGames(signal?: AbortSignal): Promise<LotteryRecent> {
  return apiGet(recentLotteryGamesPath, {
    schema: import.meta.env.DEV && lotteryRecentSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The lottery games the member bet on lately, newest first (members only). */
export function useRecentLotteryGames() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.recent(token),
      queryFn: ({ signal }) => getRecentLotteryGames(signal),
      enabled: token !== null,
      staleTime: 30_000,
    }),
  );
}
