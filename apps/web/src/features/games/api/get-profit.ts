import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { profitSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { usePlayer } from '../lib/player';
import { gameKeys } from '../lib/query-keys';
import type { Profit } from '../lib/types';

export const profitPath = '/wps/member/profit';

/** Both bounds are required: ISO 8601 with offset, `to` exclusive. */
export interface ProfitRange {
  from: string;
  to: string;
}

export function getProfit(range: ProfitRange, signal?: AbortSignal): Promise<Profit> {
  return apiGet(profitPath, {
    query: { from: range.from, to: range.to },
    schema: import.meta.env.DEV && profitSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Profit and loss (personalProfit): the member's result per game type over a period. */
export function useProfit(range: ProfitRange) {
  const { token, kind } = usePlayer();
  return useQuery(
    queryOptions({
      queryKey: [...gameKeys.profit(token), range],
      queryFn: ({ signal }) => getProfit(range, signal),
      enabled: kind === 'member',
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}
