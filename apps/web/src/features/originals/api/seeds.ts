import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { originalSeedsSchema, type OriginalGame, type OriginalSeeds } from '@taya/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { originalKeys } from '../lib/query-keys';
import { originalsApi } from './paths';

export function getSeeds(game: OriginalGame, signal?: AbortSignal): Promise<OriginalSeeds> {
  return apiGet(originalsApi.seeds(game), {
    schema: import.meta.env.DEV && originalSeedsSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The member's seed pair for the game (the server seed as its hash) and the last one revealed. */
export function useSeeds(game: OriginalGame, enabled: boolean) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: originalKeys.seeds(token, game),
      queryFn: ({ signal }) => getSeeds(game, signal),
      enabled: enabled && token !== null,
    }),
  );
}

/** Reveals the pair in use and starts a new one with the given client seed (or a random one). */
export function useRotateSeeds(game: OriginalGame) {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string | null) =>
      apiPost(originalsApi.rotate(game), {
        body: clientSeed ? { clientSeed } : {},
        schema: import.meta.env.DEV && originalSeedsSchema,
      }) as Promise<OriginalSeeds>,
    onSuccess: (seeds) => {
      queryClient.setQueryData(originalKeys.seeds(token, game), seeds);
      // Rounds of the rotated pair now show their server seed.
      void queryClient.invalidateQueries({ queryKey: originalKeys.history(token, game) });
    },
  });
}
