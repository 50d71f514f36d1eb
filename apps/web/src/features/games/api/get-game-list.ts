import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gameListSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { catalogStaleTime } from '../lib/player';
import { gameKeys } from '../lib/query-keys';
import type { GameListPage } from '../lib/types';

export const gameListPath = '/wps/relay/GCSGAME_gameList';

export interface GameListParams {
  gameType?: string;
  /** A vendor code; absent for every vendor. */
  vassalage?: string;
  /** Search by name; absent or empty for every game. */
  gameName?: string;
  pageNo: number;
  pageSize: number;
}

export function getGameList(
  params: GameListParams,
  language: string,
  signal?: AbortSignal,
): Promise<GameListPage> {
  return apiGet(gameListPath, {
    query: {
      gameType: params.gameType,
      vassalage: params.vassalage,
      gameName: params.gameName?.trim() || undefined,
      language,
      pageNo: params.pageNo,
      pageSize: params.pageSize,
    },
    schema: import.meta.env.DEV && gameListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useGameList(params: GameListParams, { enabled = true } = {}) {
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: gameKeys.list(language, params),
      queryFn: ({ signal }) => getGameList(params, language, signal),
      enabled,
      staleTime: catalogStaleTime,
      // The old page stays on screen while the next one loads, so the pager does not jump.
      placeholderData: keepPreviousData,
    }),
  );
}
