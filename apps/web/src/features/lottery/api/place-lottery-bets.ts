import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  placeLotteryBetsResultSchema,
  type PlaceLotteryBets,
  type PlaceLotteryBetsResult,
} from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { walletBalanceKey } from '../../../lib/query-keys';
import { useSessionToken } from '../../../lib/session';
import { lotteryKeys } from '../lib/query-keys';

export const placeLotteryBetsPath = '/lotto/bets';

export function placeLotteryBets(body: PlaceLotteryBets): Promise<PlaceLotteryBetsResult> {
  return apiPost(placeLotteryBetsPath, {
    body,
    schema: import.meta.env.DEV && placeLotteryBetsResultSchema,
  });
}

export function usePlaceLotteryBets() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: placeLotteryBets,
    // The balance, the staked amount on the issue and my bets all change; a refusal may mean
    // the issue on screen had closed.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.account(token) });
    },
  });
}
