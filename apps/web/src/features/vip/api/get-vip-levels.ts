import { queryOptions, useQuery } from '@tanstack/react-query';
import { vipLevelListSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { vipKeys } from '../lib/query-keys';
import type { VipLevelList } from '../lib/types';

export const vipLevelsPath = '/wps/vip/levels';

export function getVipLevels(language: string, signal?: AbortSignal): Promise<VipLevelList> {
  return apiGet(vipLevelsPath, {
    query: { language },
    schema: import.meta.env.DEV && vipLevelListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The merchant's VIP ladder and what each rank gives, lowest first. */
export function useVipLevels() {
  const token = useSessionToken();
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: vipKeys.levels(token, language),
      queryFn: ({ signal }) => getVipLevels(language, signal),
      staleTime: 5 * 60_000,
    }),
  );
}
