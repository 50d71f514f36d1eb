import { queryOptions, useQuery } from '@tanstack/react-query';
import { promotionDetailSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { promotionKeys } from '../lib/query-keys';
import type { PromotionDetail } from '../lib/types';

export const promotionPath = (id: string) => `/wps/promotions/${encodeURIComponent(id)}`;

export function getPromotion(
  id: string,
  language: string,
  signal?: AbortSignal,
): Promise<PromotionDetail> {
  return apiGet(promotionPath(id), {
    query: { language },
    schema: import.meta.env.DEV && promotionDetailSchema,
    ...(signal ? { signal } : {}),
  });
}

/** One promotion with its rules (the detail under /promotions#{id}); nothing asked while `id` is null. */
export function usePromotion(id: string | null) {
  const token = useSessionToken();
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: promotionKeys.detail(token, language, id ?? ''),
      queryFn: ({ signal }) => getPromotion(id!, language, signal),
      enabled: id !== null,
      staleTime: 30_000,
    }),
  );
}
