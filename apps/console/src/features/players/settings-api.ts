import type { z } from 'zod';
import { opsPlayerSettings, opsPromotionListSchema } from '@taya/contracts';
import { get, request } from '../../lib/api-client';

export type PlayerSettings = z.infer<typeof opsPlayerSettings>;
export type PromotionList = z.infer<typeof opsPromotionListSchema>;

export const fetchPlayerSettings = (merchantCode: string, signal?: AbortSignal) =>
  get<PlayerSettings>(`/ops/player-settings/${encodeURIComponent(merchantCode)}`, {
    schema: import.meta.env.DEV && opsPlayerSettings,
    signal,
  });

/** The manual-adjustment threshold above which a second operator approves (minor units). */
export const putPlayerSettings = (
  merchantCode: string,
  body: { adjustApprovalAbove: string; reason: string },
) =>
  request<PlayerSettings>('PUT', `/ops/player-settings/${encodeURIComponent(merchantCode)}`, {
    body,
    schema: import.meta.env.DEV && opsPlayerSettings,
  });

/** The merchant's promotions (for the bonus grant's picker). */
export const fetchMerchantPromotions = (merchantCode: string, signal?: AbortSignal) =>
  get<PromotionList>('/ops/promotions', {
    query: { merchantCode },
    schema: import.meta.env.DEV && opsPromotionListSchema,
    signal,
  });
