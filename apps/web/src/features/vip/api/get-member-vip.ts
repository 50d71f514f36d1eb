import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberVipSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { vipKeys } from '../lib/query-keys';
import type { MemberVip } from '../lib/types';

export const memberVipPath = '/wps/member/vip';

export function getMemberVip(language: string, signal?: AbortSignal): Promise<MemberVip> {
  return apiGet(memberVipPath, {
    query: { language },
    schema: import.meta.env.DEV && memberVipSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The member's own rank, their totals and what the next rank needs. */
export function useMemberVip() {
  const token = useSessionToken();
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: vipKeys.member(token, language),
      queryFn: ({ signal }) => getMemberVip(language, signal),
      enabled: token !== null,
      staleTime: 30_000,
    }),
  );
}
