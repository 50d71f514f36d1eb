import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import { retryUnknownOutcome, useRequestId } from '../lib/request-id';
import type { Withdrawal } from '../lib/types';
import { withdrawalsPath } from './get-withdrawals';

export interface CreateWithdrawalBody {
  payoutAccountId: string;
  amount: string;
  paymentPassword: string;
}

/**
 * Carries the payment password, so the body travels sealed (SPEC §7 "E"); the idempotency key
 * makes a retry after a lost answer get the first withdrawal back instead of a second one.
 */
export function createWithdrawal(
  body: CreateWithdrawalBody,
  idempotencyKey: string,
): Promise<Withdrawal> {
  return apiPost(withdrawalsPath, {
    body,
    schema: import.meta.env.DEV && withdrawalSchema,
    sealed: true,
    idempotencyKey,
  });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  // One key per withdrawal: kept for automatic retries and for pressing the button again after
  // an unknown outcome (the password, cleared after a failure, is not part of the request's key).
  const key = useRequestId();
  return useMutation({
    mutationFn: (body: CreateWithdrawalBody) =>
      createWithdrawal(
        body,
        key.take(JSON.stringify({ payoutAccountId: body.payoutAccountId, amount: body.amount })),
      ),
    retry: retryUnknownOutcome,
    // A refusal for owed turnover or funds may mean the figures on screen are stale: refresh both.
    onSettled: (_withdrawal, error) => {
      key.settle(error ?? null);
      void queryClient.invalidateQueries({ queryKey: cashierKeys.withdrawals(token) });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.withdrawInfo(token) });
      void queryClient.invalidateQueries({ queryKey: cashierKeys.transactions(token) });
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    },
  });
}
