import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unreadCountSchema, type MessagePage } from '@taya/contracts';
import { apiPost } from '../../../lib/api-client';
import { useSessionToken } from '../../../lib/session';
import { contentKeys } from '../lib/query-keys';
import { messagesPath } from './get-messages';

/** Marks one message read; the answer is the account's new unread count. */
export async function markMessageRead(id: string): Promise<number> {
  const value = await apiPost(`${messagesPath}/${encodeURIComponent(id)}/read`, {
    schema: import.meta.env.DEV && unreadCountSchema,
  });
  return value.count;
}

/**
 * Marking a message read changes the badges and the list: the new count and the read flag go
 * into the cache at once (no wait for the next poll), then the count is asked again.
 */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: markMessageRead,
    onSuccess: async (count, id) => {
      queryClient.setQueryData(contentKeys.unreadCount(token), count);
      queryClient.setQueriesData<MessagePage>({ queryKey: contentKeys.messages(token) }, (page) =>
        page
          ? {
              ...page,
              unread: count,
              list: page.list.map((item) => (item.id === id ? { ...item, read: true } : item)),
            }
          : page,
      );
      await queryClient.invalidateQueries({ queryKey: contentKeys.unreadCount(token) });
    },
  });
}
