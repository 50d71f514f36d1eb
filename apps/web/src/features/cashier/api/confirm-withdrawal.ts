import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { Withdrawal } from '../lib/types';
import { withdrawalsPath } from './get-withdrawals';

/** Proof images (uploaded first) are required for not_received and optional for partial. */
export type ConfirmWithdrawalBody =
  | { result: 'received' }
  | { result: 'partial'; receivedAmount: string; proofIds?: string[] }
  | { result: 'not_received'; proofIds: string[] };

export function confirmWithdrawal({
  id,
  body,
}: {
  id: string;
  body: ConfirmWithdrawalBody;
}): Promise<Withdrawal> {
  return apiPost(`${withdrawalsPath}/${encodeURIComponent(id)}/confirm`, {
    body,
    schema: import.meta.env.DEV && withdrawalSchema,
  });
}

export function useConfirmWithdrawal() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: confirmWithdrawal,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cashierKeys.withdrawals(token) });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.transactions(token) });
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    },
  });
}
