import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentTransferSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { AgentTransfer } from '../lib/types';

export const uplineTransferPath = '/wps/agent/transfers/upline';

export interface UplineTransferBody {
  requestId: string;
  amount: string;
  paymentPassword: string;
}

/** Carries the payment password, so the body travels sealed (SPEC §7 "E"). */
export function transferToUpline(body: UplineTransferBody): Promise<AgentTransfer> {
  // The form's request id, kept across retries, is the idempotency key too.
  return apiPost(uplineTransferPath, {
    body,
    schema: import.meta.env.DEV && agentTransferSchema,
    sealed: true,
    idempotencyKey: body.requestId,
  });
}

export function useTransferToUpline() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: transferToUpline,
    // A refusal for funds may mean the balance on screen is stale: refresh it either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cashierKeys.agentTransferInfo(token) });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.transactions(token) });
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    },
  });
}
