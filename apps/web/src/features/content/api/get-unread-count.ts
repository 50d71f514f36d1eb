import { queryOptions, useQuery } from '@tanstack/react-query';
import { unreadCountSchema } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { trialCustomerType, useCustomerType, useSessionToken } from '../../../lib/session';
import { contentKeys } from '../lib/query-keys';

export const unreadCountPath = '/wps/relay/CSP_unreadCount';

/** New messages should reach the badges within a minute without a reload. */
export const unreadPollInterval = 60_000;

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const value = await apiGet(unreadCountPath, {
    schema: import.meta.env.DEV && unreadCountSchema,
    ...(signal ? { signal } : {}),
  });
  return value.count;
}

/**
 * The account's unread-message count, asked again every minute. Only members and agents have
 * messages: a visitor has no session and a trial player gets no unread-message loading (SPEC
 * §6), so for them nothing is asked and the count stays unknown.
 */
export function useUnreadCount() {
  const token = useSessionToken();
  const customerType = useCustomerType();
  const enabled = token !== null && customerType !== null && customerType !== trialCustomerType;
  return useQuery(
    queryOptions({
      queryKey: contentKeys.unreadCount(token),
      queryFn: ({ signal }) => getUnreadCount(signal),
      enabled,
      refetchInterval: unreadPollInterval,
      staleTime: 30_000,
    }),
  );
}
