import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { myLotteryBetsSchema, type MyLotteryBets } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { lotteryKeys } from '../lib/query-keys';

export const myLotteryBetsPath = '/lotto/bets/mine';

/** How often bets waiting for their draw are read again. */
const pendingPollMs = 5_000;

export function getMyLotteryBets(
  gameCode: string | null,
  pageNo: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<MyLotteryBets> {
  return apiGet(myLotteryBetsPath, {
    query: { gameCode: gameCode ?? undefined, pageNo, pageSize },
    schema: import.meta.env.DEV && myLotteryBetsSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The member's lottery bets on a game, newest first. */
export function useMyLotteryBets(gameCode: string | null, pageNo = 1, pageSize = 10) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.myBets(token, gameCode, pageNo),
      queryFn: ({ signal }) => getMyLotteryBets(gameCode, pageNo, pageSize, signal),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 10_000,
      // A bet waiting for its draw changes when the draw is settled: look again until none waits.
      refetchInterval: (query) =>
        query.state.data?.list.some((bet) => bet.status === 'pending') ? pendingPollMs : false,
    }),
  );
}
