import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { securityKeys } from '../lib/query-keys';

export const profilePath = '/wps/member/profile';

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiGet(profilePath, {
    schema: import.meta.env.DEV && profileSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The profile fields the merchant enables, each with its value, rule and lock. */
export function useProfile() {
  const token = useSessionToken();
  return useQuery(
    queryOptions({
      queryKey: securityKeys.profile(token),
      queryFn: ({ signal }) => getProfile(signal),
      enabled: token !== null,
    }),
  );
}
