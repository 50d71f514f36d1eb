import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contractViewSchema, type ContractProcessBody } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { agentKeys } from '../lib/query-keys';
import type { Contract, ContractKind } from '../lib/types';

/** SPEC §7: one call per contract kind, all with the same body. */
export const contractPaths: Record<ContractKind, string> = {
  dividend: '/wps/relay/MCS2_processDividendReq',
  daily: '/wps/relay/MCS2_processDailySalContract',
  hourly: '/wps/relay/MCS2_processContractHourSalary',
  realtime: '/wps/relay/MCSFE_processRealTimeSalaryContract',
};

export interface ProcessContractInput {
  kind: ContractKind;
  body: ContractProcessBody;
}

/** Offer (REQUEST), accept (A), reject (R) or terminate (C) a contract. */
export function processContract({ kind, body }: ProcessContractInput): Promise<Contract> {
  return apiPost(contractPaths[kind], { body, schema: import.meta.env.DEV && contractViewSchema });
}

export function useProcessContract() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: processContract,
    // A refusal may mean the list on screen is stale (answered elsewhere): refresh either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: agentKeys.contracts(token) });
    },
  });
}
