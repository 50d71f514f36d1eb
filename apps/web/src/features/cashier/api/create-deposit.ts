import { useMutation, useQueryClient } from '@tanstack/react-query';
import { depositOrderSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { cashierKeys } from '../lib/query-keys';
import type { DepositOrder } from '../lib/types';
import { depositsPath } from './get-deposits';

export interface CreateDepositBody {
  channelCode: string;
  /** A decimal string, as typed ("500" or "99.50"). */
  amount: string;
  /** Uploaded receipt images; bank transfers need at least one. */
  receiptIds?: string[];
}

export function createDeposit(body: CreateDepositBody): Promise<DepositOrder> {
  return apiPost(depositsPath, { body, schema: depositOrderSchema });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cashierKeys.deposits(token) });
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    },
  });
}
