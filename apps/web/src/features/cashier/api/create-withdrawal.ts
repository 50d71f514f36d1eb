import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { Withdrawal } from '../lib/types';
import { withdrawalsPath } from './get-withdrawals';

export interface CreateWithdrawalBody {
  payoutAccountId: string;
  amount: string;
  paymentPassword: string;
}

/** Carries the payment password, so the body travels sealed (SPEC §7 "E"). */
export function createWithdrawal(body: CreateWithdrawalBody): Promise<Withdrawal> {
  return apiPost(withdrawalsPath, { body, schema: withdrawalSchema, sealed: true });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: createWithdrawal,
    // A refusal for owed turnover or funds may mean the figures on screen are stale: refresh both.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cashierKeys.withdrawals(token) });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.withdrawInfo(token) });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.transactions(token) });
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    },
  });
}
