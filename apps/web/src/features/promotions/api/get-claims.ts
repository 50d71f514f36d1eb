import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { memberClaimPageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { promotionKeys } from '../lib/query-keys';
import type { MemberClaimPage } from '../lib/types';

export const memberClaimsPath = '/wps/member/promotions/claims';

export const claimsPageSize = 10;

export function getMemberClaims(
  page: number,
  language: string,
  signal?: AbortSignal,
): Promise<MemberClaimPage> {
  return apiGet(memberClaimsPath, {
    query: { page, size: claimsPageSize, language },
    schema: import.meta.env.DEV && memberClaimPageSchema,
    ...(signal ? { signal } : {}),
  });
}

/** One page of the rewards the member received, newest first. */
export function useMemberClaims(page: number) {
  const token = useSessionToken();
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: [...promotionKeys.claims(token), language, page],
      queryFn: ({ signal }) => getMemberClaims(page, language, signal),
      enabled: token !== null,
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}
