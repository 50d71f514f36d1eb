import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentTransferInfoSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { AgentTransferInfo } from '../lib/types';

export const agentTransferInfoPath = '/wps/agent/transfers/info';

export function getAgentTransferInfo(signal?: AbortSignal): Promise<AgentTransferInfo> {
  return apiGet(agentTransferInfoPath, {
    schema: import.meta.env.DEV && agentTransferInfoSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The agent's upline (null when there is none) and the balance a transfer may use. */
export function useAgentTransferInfo() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: cashierKeys.agentTransferInfo(token),
      queryFn: ({ signal }) => getAgentTransferInfo(signal),
      enabled: token !== null,
      staleTime: 15_000,
    }),
  );
}
