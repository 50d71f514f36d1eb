import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messagePageSchema, type MessagePage } from '@taya/contracts';
import { apiGet } from '../../../lib/api-client';
import { useCurrentLanguage } from '../../../lib/i18n';
import { useSessionToken } from '../../../lib/session';
import { contentKeys } from '../lib/query-keys';

export const messagesPath = '/wps/member/messages';

export type Message = MessagePage['list'][number];

export interface MessageFilter {
  page: number;
  size: number;
}

/** One page of the account's messages (messageV2), newest first. */
export function getMessages(
  filter: MessageFilter,
  language: string,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return apiGet(messagesPath, {
    query: { page: filter.page, size: filter.size, language },
    schema: import.meta.env.DEV && messagePageSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useMessages(filter: MessageFilter) {
  const token = useSessionToken();
  const language = useCurrentLanguage();
  return useQuery(
    queryOptions({
      queryKey: [...contentKeys.messages(token), language, filter],
      queryFn: ({ signal }) => getMessages(filter, language, signal),
      enabled: token !== null,
      // The old page stays on screen while the next one loads, so the pager does not jump.
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}
