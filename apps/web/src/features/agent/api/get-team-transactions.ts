import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teamTransactionPageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { agentKeys } from '../lib/query-keys';
import type { Period, TeamTransactionPage } from '../lib/types';

export const teamTransactionsPath = '/wps/relay/ODSFE2_MemTransDet';

export interface TeamTransactionFilter extends Period {
  /** One member of my team by username; '' for everyone. */
  username: string;
  /** One ledger entry type; '' for every type. */
  type: string;
  page: number;
  size: number;
}

/** The relay takes the period in epoch milliseconds. */
export function getTeamTransactions(
  filter: TeamTransactionFilter,
  signal?: AbortSignal,
): Promise<TeamTransactionPage> {
  return apiGet(teamTransactionsPath, {
    query: {
      subordinateName: filter.username || undefined,
      startTime: Date.parse(filter.from),
      endTime: Date.parse(filter.to),
      txTypeIds: filter.type || undefined,
      page: filter.page,
      size: filter.size,
    },
    schema: import.meta.env.DEV && teamTransactionPageSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Downline transaction details: money movements of my team's members. */
export function useTeamTransactions(filter: TeamTransactionFilter) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: [...agentKeys.transactions(token), filter],
      queryFn: ({ signal }) => getTeamTransactions(filter, signal),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}
