import { queryOptions, useQuery } from '@tanstack/react-query';
import { recentGamesSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { usePlayer } from '../lib/player';
import { gameKeys } from '../lib/query-keys';
import type { GameCard } from '../lib/types';

export const recentGamesPath = '/wps/relay/GCS_recentGame';

/** SPEC §9: recent page size 20. */
export const recentPageSize = 20;

export async function getRecentGames(language: string, signal?: AbortSignal): Promise<GameCard[]> {
  const value = await apiGet(recentGamesPath, {
    query: { page: 1, pageSize: recentPageSize, language },
    schema: import.meta.env.DEV && recentGamesSchema,
    ...(signal ? { signal } : {}),
  });
  return value.list;
}

/** The member's recently played games; members and agents only (trial players have none). */
export function useRecentGames() {
  const { token, kind } = usePlayer();
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: [...gameKeys.recent(token), language],
      queryFn: ({ signal }) => getRecentGames(language, signal),
      enabled: kind === 'member',
      staleTime: 30_000,
    }),
  );
}
