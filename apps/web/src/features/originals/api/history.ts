import { queryOptions, useQuery } from '@tanstack/react-query';
import { originalHistorySchema, type OriginalGame, type OriginalRound } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { originalKeys } from '../lib/query-keys';
import { originalsApi } from './paths';

export function getHistory(
  game: OriginalGame,
  signal?: AbortSignal,
): Promise<{ list: OriginalRound[] }> {
  return apiGet(originalsApi.history(game), {
    schema: import.meta.env.DEV && originalHistorySchema,
    ...(signal ? { signal } : {}),
  });
}

/** The member's last rounds of the game, newest first. */
export function useHistory(game: OriginalGame, enabled: boolean) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: originalKeys.history(token, game),
      queryFn: ({ signal }) => getHistory(game, signal),
      enabled: enabled && token !== null,
      staleTime: 10_000,
    }),
  );
}
