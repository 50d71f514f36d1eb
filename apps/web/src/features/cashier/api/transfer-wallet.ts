import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletTransferSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey, walletBalanceQueryKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { WalletTransfer } from '../lib/types';

export const walletTransferPath = '/wps/relay/GCS_walletTransfer';

export interface WalletTransferBody {
  fromAccountTypeId: number;
  toAccountTypeId: number;
  amount: string;
  /** Reused when the same form is sent again, so a retry moves nothing more. */
  requestId: string;
}

export function transferWallet(body: WalletTransferBody): Promise<WalletTransfer> {
  // The form's request id, kept across retries, is the idempotency key too.
  return apiPost(walletTransferPath, {
    body,
    schema: import.meta.env.DEV && walletTransferSchema,
    idempotencyKey: body.requestId,
  });
}

export function useTransferWallet() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: transferWallet,
    onSuccess: (transfer) => {
      // The answer carries the balances after the transfer: show them at once.
      queryClient.setQueryData(walletBalanceQueryKey(token), transfer.balance);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.transactions(token) });
    },
  });
}
