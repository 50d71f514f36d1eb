import { queryOptions, useQuery } from '@tanstack/react-query';
import { originalInfoSchema, type OriginalGame, type OriginalInfo } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { originalKeys } from '../lib/query-keys';
import { originalsApi } from './paths';

export function getOriginalInfo(game: OriginalGame, signal?: AbortSignal): Promise<OriginalInfo> {
  return apiGet(originalsApi.info(game), {
    schema: import.meta.env.DEV && originalInfoSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The game's limits, RTP and maintenance flag: the same for every visitor. */
export function useOriginalInfo(game: OriginalGame) {
  return useQuery(
    queryOptions({
      queryKey: originalKeys.info(game),
      queryFn: ({ signal }) => getOriginalInfo(game, signal),
      staleTime: 60_000,
    }),
  );
}
