import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { lotteryHistorySchema, type LotteryHistory } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { lotteryKeys } from '../lib/query-keys';

export const lotteryHistoryPath = '/lgw/vn/numeros/opened/game';

/** A game's drawn issues, newest first. */
export function getLotteryHistory(
  gameCode: string,
  pageNo: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<LotteryHistory> {
  return apiGet(lotteryHistoryPath, {
    query: { gameCode, pageNo, pageSize },
    schema: import.meta.env.DEV && lotteryHistorySchema,
    ...(signal ? { signal } : {}),
  });
}

export function useLotteryHistory(gameCode: string | null, pageNo = 1, pageSize = 20) {
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.history(gameCode ?? '', pageNo, pageSize),
      queryFn: ({ signal }) => getLotteryHistory(gameCode!, pageNo, pageSize, signal),
      enabled: gameCode !== null,
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}
