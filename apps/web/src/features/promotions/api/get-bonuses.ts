import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberBonusListSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { promotionKeys } from '../lib/query-keys';
import type { MemberBonusList } from '../lib/types';

export const memberBonusesPath = '/wps/member/bonuses';

export function getMemberBonuses(language: string, signal?: AbortSignal): Promise<MemberBonusList> {
  return apiGet(memberBonusesPath, {
    query: { language },
    schema: import.meta.env.DEV && memberBonusListSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * The member's bonuses with their turnover progress, and the turnover that blocks a withdrawal.
 * `fresh`: asked again on mount even when cached (a claim's terms add to today's figure).
 */
export function useMemberBonuses({ fresh = false }: { fresh?: boolean } = {}) {
  const token = useSessionToken();
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: promotionKeys.bonuses(token, language),
      queryFn: ({ signal }) => getMemberBonuses(language, signal),
      enabled: token !== null,
      staleTime: fresh ? 0 : 15_000,
    }),
  );
}
