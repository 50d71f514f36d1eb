import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payoutAccountSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { PayoutAccount } from '../lib/types';
import { payoutAccountsPath } from './get-payout-accounts';

export interface AddPayoutAccountBody {
  kind: 'bank' | 'ewallet';
  provider: string;
  accountName: string;
  accountNumber: string;
}

export function addPayoutAccount(body: AddPayoutAccountBody): Promise<PayoutAccount> {
  return apiPost(payoutAccountsPath, { body, schema: import.meta.env.DEV && payoutAccountSchema });
}

export function useAddPayoutAccount() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: addPayoutAccount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cashierKeys.payoutAccounts(token) });
    },
  });
}
