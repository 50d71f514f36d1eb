import { queryOptions, useQuery } from '@tanstack/react-query';
import { jackpotSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { gameKeys } from '../lib/query-keys';
import type { JackpotPool } from '../lib/types';

export const jackpotPath = '/wps/games/jackpot';

/** The pool grows with every qualifying bet, so the counter asks again this often. */
export const jackpotRefreshMs = 5_000;

/** The merchant's progressive jackpot pools, as the ledger holds them now (none: an empty list). */
export async function getJackpot(language: string, signal?: AbortSignal): Promise<JackpotPool[]> {
  const value = await apiGet(jackpotPath, {
    query: { language },
    schema: import.meta.env.DEV && jackpotSchema,
    ...(signal ? { signal } : {}),
  });
  return value.pools;
}

export function useJackpot() {
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: gameKeys.jackpot(language),
      queryFn: ({ signal }) => getJackpot(language, signal),
      staleTime: jackpotRefreshMs,
      refetchInterval: jackpotRefreshMs,
    }),
  );
}
