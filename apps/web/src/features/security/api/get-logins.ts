import { queryOptions, useQuery } from '@tanstack/react-query';
import { loginEntrySchema, type LoginEntry } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { securityKeys } from '../lib/query-keys';

export const loginsPath = '/wps/member/logins';

const loginListSchema = loginEntrySchema.array();

export function getLogins(signal?: AbortSignal): Promise<LoginEntry[]> {
  return apiGet(loginsPath, {
    schema: import.meta.env.DEV && loginListSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The account's recent log-ins, newest first. */
export function useLogins() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: securityKeys.logins(token),
      queryFn: ({ signal }) => getLogins(signal),
      enabled: token !== null,
    }),
  );
}
