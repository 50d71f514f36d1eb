import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { accountChangesPageSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { securityKeys } from '../lib/query-keys';

export const accountChangesPath = '/wps/member/security/changes';
const pageSize = 20;

export function getAccountChanges(pageNo: number, signal?: AbortSignal) {
  return apiGet(accountChangesPath, {
    query: { pageNo, pageSize },
    schema: import.meta.env.DEV && accountChangesPageSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The record of changes to the account, newest first, a page at a time ("More"). */
export function useAccountChanges() {
  const token = useSessionToken();
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: securityKeys.changes(token),
      queryFn: ({ pageParam, signal }) => getAccountChanges(pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
      enabled: token !== null,
    }),
  );
}
