import { queryOptions, useQuery } from '@tanstack/react-query';
import { favouritePageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { usePlayer } from '../lib/player';
import { gameKeys } from '../lib/query-keys';
import type { GameCard } from '../lib/types';

export const favouriteGamesPath = '/wps/relay/MCSFE_getFavoriteGames';

/** SPEC §9: favourites come in one page of up to 999. */
export const favouritePageSize = 999;

export async function getFavouriteGames(
  language: string,
  signal?: AbortSignal,
): Promise<GameCard[]> {
  const value = await apiGet(favouriteGamesPath, {
    query: { pageNo: 1, pageSize: favouritePageSize, language },
    schema: import.meta.env.DEV && favouritePageSchema,
    ...(signal ? { signal } : {}),
  });
  return value.content;
}

export function favouriteGamesKey(token: string | null, language: string) {
  return [...gameKeys.favourites(token), language] as const;
}

export function useFavouriteGames() {
  const { token, kind } = usePlayer();
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: favouriteGamesKey(token, language),
      queryFn: ({ signal }) => getFavouriteGames(language, signal),
      enabled: kind === 'member',
      staleTime: 5 * 60_000,
    }),
  );
}
