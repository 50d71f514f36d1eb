import { queryOptions, useQuery } from '@tanstack/react-query';
import { winnersSchema, type Winners, type WinnersPeriod } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { gameKeys } from '../lib/query-keys';

export const leaderboardPath = '/wps/winners';

/** The page lists the top 20 of a period. */
export const leaderboardLimit = 20;

/** The biggest settled wins of the merchant's current day, week or month, names masked. */
export function getLeaderboard(
  period: WinnersPeriod,
  language: string,
  signal?: AbortSignal,
): Promise<Winners> {
  return apiGet(leaderboardPath, {
    query: { period, limit: leaderboardLimit, language },
    schema: import.meta.env.DEV && winnersSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useLeaderboard(period: WinnersPeriod) {
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: gameKeys.leaderboard(language, period),
      queryFn: ({ signal }) => getLeaderboard(period, language, signal),
      staleTime: 60_000,
    }),
  );
}
