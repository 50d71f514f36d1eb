import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberInfoSchema, type MemberInfo } from '@taya/contracts';
import { apiGet } from './api-client';
import { useSessionToken } from './session';

export const memberInfoPath = '/wps/member/info';

/** Everything under this key belongs to the logged-in account and goes at log-in and log-out. */
export const memberInfoKey = ['member', 'info'] as const;

export function getMemberInfo(signal?: AbortSignal): Promise<MemberInfo> {
  return apiGet(memberInfoPath, {
    schema: import.meta.env.DEV && memberInfoSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Keyed by token so one account's details never show for another. */
export function memberInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...memberInfoKey, token],
    queryFn: ({ signal }) => getMemberInfo(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

export function useMemberInfo() {
  const token = useSessionToken();
  return useQuery(memberInfoQueryOptions(token));
}
