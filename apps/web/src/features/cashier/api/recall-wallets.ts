import { useMutation, useQueryClient } from '@tanstack/react-query';
import { walletReturnSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey, walletBalanceQueryKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { WalletReturn } from '../lib/types';

export const walletReturnPath = '/wps/relay/GCS_walletReturn';

/** Every game wallet's balance back to the main wallet. */
export function recallWallets(): Promise<WalletReturn> {
  return apiPost(walletReturnPath, { body: {}, schema: import.meta.env.DEV && walletReturnSchema });
}

export function useRecallWallets() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: recallWallets,
    onSuccess: (result) => {
      queryClient.setQueryData(walletBalanceQueryKey(token), result.balance);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.transactions(token) });
    },
  });
}
