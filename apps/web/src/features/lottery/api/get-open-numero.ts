import { queryOptions, useQuery } from '@tanstack/react-query';
import { lotteryOpenNumeroSchema, type LotteryOpenNumero } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { lotteryKeys } from '../lib/query-keys';

export const openNumeroPath = '/lotto/lgw/games/opened/numero';

/** The issue open for betting, its countdown, the latest result and what the caller staked. */
export function getOpenNumero(gameCode: string, signal?: AbortSignal): Promise<LotteryOpenNumero> {
  return apiGet(openNumeroPath, {
    query: { gameCode },
    schema: import.meta.env.DEV && lotteryOpenNumeroSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The open issue, stamped with when the answer arrived on this device's clock (for the countdown). */
async function fetchOpenNumero(gameCode: string, signal: AbortSignal) {
  const value = await getOpenNumero(gameCode, signal);
  return { ...value, receivedAt: Date.now() };
}

/**
 * The open issue of a game (members only). `pollMs` re-reads it on a timer when the live events
 * are not arriving (the socket is down).
 */
export function useOpenNumero(gameCode: string | null, pollMs: number | false) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.openNumero(token, gameCode ?? ''),
      queryFn: ({ signal }) => fetchOpenNumero(gameCode!, signal),
      enabled: gameCode !== null && token !== null,
      refetchInterval: pollMs,
      staleTime: 0,
    }),
  );
}
