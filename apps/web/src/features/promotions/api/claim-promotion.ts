import { useMutation } from '@tanstack/react-query';
import { promotionClaimSchema } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import type { PromotionClaimResult } from '../lib/types';
import { promotionPath } from './get-promotion';
import { useRefreshAfterClaim } from './refresh';

export interface ClaimVariables {
  promotionId: string;
  /** One per intent to claim, the same on a retry (the server answers the same claim). */
  requestId: string;
}

export function claimPromotion({
  promotionId,
  requestId,
}: ClaimVariables): Promise<PromotionClaimResult> {
  return apiPost(`${promotionPath(promotionId)}/claim`, {
    body: { requestId },
    schema: import.meta.env.DEV && promotionClaimSchema,
  });
}

export function useClaimPromotion() {
  const refresh = useRefreshAfterClaim();
  return useMutation({ mutationFn: claimPromotion, onSettled: refresh });
}
