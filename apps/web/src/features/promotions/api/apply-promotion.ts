import { useMutation } from '@tanstack/react-query';
import { promotionApplyResultSchema, type PromotionApplyBody } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import type { PromotionApplyResult } from '../lib/types';
import { promotionPath } from './get-promotion';
import { useRefreshAfterClaim } from './refresh';

export interface ApplyVariables extends PromotionApplyBody {
  promotionId: string;
}

/** An application (SPEC §3): a comment and up to three uploaded images, for an operator to decide. */
export function applyPromotion({
  promotionId,
  ...body
}: ApplyVariables): Promise<PromotionApplyResult> {
  return apiPost(`${promotionPath(promotionId)}/apply`, {
    body,
    schema: import.meta.env.DEV && promotionApplyResultSchema,
  });
}

export function useApplyPromotion() {
  const refresh = useRefreshAfterClaim();
  return useMutation({ mutationFn: applyPromotion, onSettled: refresh });
}
