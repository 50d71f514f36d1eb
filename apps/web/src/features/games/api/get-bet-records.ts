import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { betRecordPageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { usePlayer } from '../lib/player';
import { gameKeys } from '../lib/query-keys';
import type { BetRecordPage } from '../lib/types';

export const betRecordsPath = '/wps/member/bets';

export interface BetRecordFilter {
  /** Empty for every game type. */
  gameType: string;
  /** ISO 8601 with offset; null for no bound. */
  from: string | null;
  to: string | null;
  page: number;
  size: number;
}

export function getBetRecords(
  filter: BetRecordFilter,
  signal?: AbortSignal,
): Promise<BetRecordPage> {
  return apiGet(betRecordsPath, {
    query: {
      gameType: filter.gameType || undefined,
      from: filter.from,
      to: filter.to,
      page: filter.page,
      size: filter.size,
    },
    schema: import.meta.env.DEV && betRecordPageSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The betting record (personalHistoryCopy): the member's bets, newest first, with totals. */
export function useBetRecords(filter: BetRecordFilter) {
  const { token, kind } = usePlayer();
  return useQuery(
    queryOptions({
      queryKey: [...gameKeys.bets(token), filter],
      queryFn: ({ signal }) => getBetRecords(filter, signal),
      enabled: kind === 'member',
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}
