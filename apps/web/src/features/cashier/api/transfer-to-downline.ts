import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentTransferSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { AgentTransfer } from '../lib/types';
import type { UplineTransferBody } from './transfer-to-upline';

export const downlineTransferPath = '/wps/agent/transfers/downline';

export interface DownlineTransferBody extends UplineTransferBody {
  /** The direct subordinate that receives the money. */
  username: string;
}

/** Carries the payment password, so the body travels sealed (SPEC §7 "E"), like the upline one. */
export function transferToDownline(body: DownlineTransferBody): Promise<AgentTransfer> {
  // The form's request id, kept across retries, is the idempotency key too.
  return apiPost(downlineTransferPath, {
    body,
    schema: import.meta.env.DEV && agentTransferSchema,
    sealed: true,
    idempotencyKey: body.requestId,
  });
}

export function useTransferToDownline() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: transferToDownline,
    // A refusal for funds may mean the balance on screen is stale: refresh it either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cashierKeys.agentTransferInfo(token) });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.transactions(token) });
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    },
  });
}
