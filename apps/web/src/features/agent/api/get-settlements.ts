import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { settlementPageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { agentKeys } from '../lib/query-keys';
import type { ContractKind, Period, SettlementPage } from '../lib/types';

export const settlementsPath = '/wps/agent/settlements';

export interface SettlementFilter extends Period {
  kind: ContractKind;
  page: number;
  size: number;
}

export function getSettlements(
  filter: SettlementFilter,
  signal?: AbortSignal,
): Promise<SettlementPage> {
  return apiGet(settlementsPath, {
    query: { ...filter },
    schema: import.meta.env.DEV && settlementPageSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Each settled window of my contracts of one kind, with what it was worked out from. */
export function useSettlements(filter: SettlementFilter) {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: [...agentKeys.settlements(token), filter],
      queryFn: ({ signal }) => getSettlements(filter, signal),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}
