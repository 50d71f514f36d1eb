import { queryOptions, useQuery } from '@tanstack/react-query';
import { securityOverviewSchema, type SecurityOverview } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { securityKeys } from '../lib/query-keys';

export const securityOverviewPath = '/wps/member/security';

export function getSecurityOverview(signal?: AbortSignal): Promise<SecurityOverview> {
  return apiGet(securityOverviewPath, {
    schema: import.meta.env.DEV && securityOverviewSchema,
    ...(signal ? { signal } : {}),
  });
}

/** What is bound (masked): e-mail, mobile, payment password, authenticator. */
export function useSecurityOverview() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: securityKeys.overview(token),
      queryFn: ({ signal }) => getSecurityOverview(signal),
      enabled: token !== null,
    }),
  );
}
