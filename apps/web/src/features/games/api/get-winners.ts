import { queryOptions, useQuery } from '@tanstack/react-query';
import { rankListSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { gameKeys } from '../lib/query-keys';
import type { Winner } from '../lib/types';

export const rankListPath = '/wps/relay/GCSGAME_getRankList';

/** SPEC §9: the board asks for 20 and shows 6. */
export const winnerLimit = 20;

/** The biggest real wins of the week, names already masked by the server. */
export async function getWinners(language: string, signal?: AbortSignal): Promise<Winner[]> {
  const value = await apiGet(rankListPath, {
    query: { gameCategory: 'ALL', language, limitNum: winnerLimit },
    schema: import.meta.env.DEV && rankListSchema,
    ...(signal ? { signal } : {}),
  });
  return value.list.map((item) => item.vo);
}

export function useWinners() {
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: gameKeys.winners(language),
      queryFn: ({ signal }) => getWinners(language, signal),
      staleTime: 60_000,
    }),
  );
}
