import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionPageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { TransactionPage } from '../lib/types';

export const transactionsPath = '/wps/member/transactions';

export interface TransactionFilter {
  /** Empty for every type. */
  type: string;
  /** ISO 8601 with offset; null for no bound. */
  from: string | null;
  to: string | null;
  page: number;
  size: number;
}

export function getTransactions(
  filter: TransactionFilter,
  signal?: AbortSignal,
): Promise<TransactionPage> {
  return apiGet(transactionsPath, {
    query: {
      type: filter.type || undefined,
      from: filter.from,
      to: filter.to,
      page: filter.page,
      size: filter.size,
    },
    schema: import.meta.env.DEV && transactionPageSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useTransactions(filter: TransactionFilter) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: [...cashierKeys.transactions(token), filter],
      queryFn: ({ signal }) => getTransactions(filter, signal),
      enabled: token !== null,
      // The old page stays on screen while the next one loads, so the pager does not jump.
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}
