import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralSummarySchema, type ReferralSummary } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';

export const referralPath = '/wps/member/referral';

export function getReferral(language: string, signal?: AbortSignal): Promise<ReferralSummary> {
  return apiGet(referralPath, {
    query: { language },
    schema: import.meta.env.DEV && referralSummarySchema,
    ...(signal ? { signal } : {}),
  });
}

/** My invite code, the running referral promotion, my friends' progress and my earnings. */
export function useReferral() {
  const token = useSessionToken();
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: ['referral', token, language] as const,
      queryFn: ({ signal }) => getReferral(language, signal),
      enabled: token !== null,
      staleTime: 60_000,
    }),
  );
}
