import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelLotteryBetResultSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { lotteryKeys } from '../lib/query-keys';

export function cancelLotteryBetPath(id: string): string {
  return `/lotto/bets/${encodeURIComponent(id)}/cancel`;
}

/** Cancels a bet before its issue closes; the cost comes back. */
export function cancelLotteryBet(id: string) {
  return apiPost(cancelLotteryBetPath(id), {
    body: {},
    schema: import.meta.env.DEV && cancelLotteryBetResultSchema,
  });
}

export function useCancelLotteryBet() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: cancelLotteryBet,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.account(token) });
    },
  });
}
