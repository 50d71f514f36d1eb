import { queryOptions, useQuery } from '@tanstack/react-query';
import { favouriteIdsSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { usePlayer } from '../lib/player';
import { gameKeys } from '../lib/query-keys';

export const favouriteIdsPath = '/wps/relay/MCSFE_getFavoriteGameIds';

export async function getFavouriteIds(signal?: AbortSignal): Promise<string[]> {
  const value = await apiGet(favouriteIdsPath, {
    schema: import.meta.env.DEV && favouriteIdsSchema,
    ...(signal ? { signal } : {}),
  });
  return value.list;
}

/** Which games wear a filled heart. Members and agents only. */
export function useFavouriteIds() {
  const { token, kind } = usePlayer();
  return useQuery(
    queryOptions({
      queryKey: gameKeys.favouriteIds(token),
      queryFn: ({ signal }) => getFavouriteIds(signal),
      enabled: kind === 'member',
      staleTime: 5 * 60_000,
    }),
  );
}
