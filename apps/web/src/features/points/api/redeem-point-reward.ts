import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redemptionSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { pointsKeys } from '../lib/query-keys';
import type { Redemption } from '../lib/types';

export const redeemPointRewardPath = '/wps/relay/passwordCheck/MCS2_redeemPointReward';

export interface RedeemPointRewardBody {
  rewardId: string;
  quantity: number;
  /** CASH for a cash reward, ITEM for a thing to deliver. */
  redeemType: 'CASH' | 'ITEM';
  password: string;
  province?: string;
  remarks?: string;
}

/** Carries the payment password, so the body travels sealed (SPEC §7 "E"). */
export function redeemPointReward(body: RedeemPointRewardBody): Promise<Redemption> {
  return apiPost(redeemPointRewardPath, {
    body,
    schema: import.meta.env.DEV && redemptionSchema,
    sealed: true,
  });
}

export function useRedeemPointReward() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: redeemPointReward,
    // Balance, stock, history and detail all change; a refusal may mean the stock on screen was stale.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pointsKeys.all(token) });
    },
  });
}
