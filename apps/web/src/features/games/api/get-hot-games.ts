import { queryOptions, useQuery } from '@tanstack/react-query';
import { hotGamesSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { catalogStaleTime } from '../lib/player';
import { gameKeys } from '../lib/query-keys';
import type { GameCard } from '../lib/types';

export const hotGamesPath = '/wps/relay/GCSGAME_hotGamesV2';

/** Up to 12 games, ranked by what was really played lately (SPEC §9). */
export async function getHotGames(language: string, signal?: AbortSignal): Promise<GameCard[]> {
  const value = await apiGet(hotGamesPath, {
    query: { language },
    schema: import.meta.env.DEV && hotGamesSchema,
    ...(signal ? { signal } : {}),
  });
  return value.list;
}

/** Cached for the visit (SPEC §4); `refetch` is the force refresh. */
export function useHotGames() {
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: gameKeys.hot(language),
      queryFn: ({ signal }) => getHotGames(language, signal),
      staleTime: catalogStaleTime,
    }),
  );
}
