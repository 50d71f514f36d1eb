import { queryOptions, useQuery } from '@tanstack/react-query';
import { contractListSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { agentKeys } from '../lib/query-keys';
import type { ContractList } from '../lib/types';

export const contractsPath = '/wps/agent/contracts';

/** Every kind at once: the downline page shows them side by side. */
export function getContracts(signal?: AbortSignal): Promise<ContractList> {
  return apiGet(contractsPath, {
    schema: import.meta.env.DEV && contractListSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * `mine`: contracts that pay me (active, and offers waiting for my answer); `granted`: what I
 * granted my direct subordinates.
 */
export function useContracts() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: agentKeys.contracts(token),
      queryFn: ({ signal }) => getContracts(signal),
      enabled: token !== null,
      staleTime: 15_000,
    }),
  );
}
