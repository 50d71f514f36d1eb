import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositOrderSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import { retryUnknownOutcome, useRequestId } from '../lib/request-id';
import type { DepositOrder } from '../lib/types';
import { depositsPath } from './get-deposits';

export interface CreateDepositBody {
  channelCode: string;
  /** A decimal string, as typed ("500" or "99.50"). */
  amount: string;
  /** Uploaded receipt images; bank transfers need at least one. */
  receiptIds?: string[];
}

/** The idempotency key makes a retry after a lost answer get the first order, not a second. */
export function createDeposit(
  body: CreateDepositBody,
  idempotencyKey: string,
): Promise<DepositOrder> {
  return apiPost(depositsPath, {
    body,
    schema: import.meta.env.DEV && depositOrderSchema,
    idempotencyKey,
  });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const key = useRequestId();
  return useMutation({
    mutationFn: (body: CreateDepositBody) => createDeposit(body, key.take(JSON.stringify(body))),
    retry: retryUnknownOutcome,
    onSettled: (_order, error) => key.settle(error ?? null),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cashierKeys.deposits(token) });
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    },
  });
}
