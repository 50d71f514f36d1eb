import { queryOptions, useQuery } from '@tanstack/react-query';
import { promotionListSchema, type PromotionItem } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { promotionKeys } from '../lib/query-keys';

export const promotionsPath = '/wps/promotions';

/** The merchant's promotions, each with the state the caller sees (a visitor: Join). */
export async function getPromotions(
  language: string,
  signal?: AbortSignal,
): Promise<PromotionItem[]> {
  const value = await apiGet(promotionsPath, {
    query: { language },
    schema: import.meta.env.DEV && promotionListSchema,
    ...(signal ? { signal } : {}),
  });
  return value.list;
}

/**
 * Every promotion in one call: the category tabs come from the data and filter on the client,
 * so switching tabs never waits on the network.
 */
export function usePromotions() {
  const token = useSessionToken();
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: promotionKeys.list(token, language),
      queryFn: ({ signal }) => getPromotions(language, signal),
      staleTime: 30_000,
    }),
  );
}
