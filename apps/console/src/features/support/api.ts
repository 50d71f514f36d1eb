import {
  chatOperatorMessageSchema,
  chatOpsListSchema,
  chatOpsMessagesSchema,
  chatOpsSummarySchema,
  supportWsTicketSchema,
  type ChatOperatorMessage,
  type ChatOpsSummary,
  type ChatStatus,
  type SupportWsTicket,
} from '@taya/contracts';
import { get, post } from '../../lib/api-client';

export const chatsKey = (merchantCode: string, status: ChatStatus) =>
  ['ops', 'support', 'chats', merchantCode, status] as const;
export const messagesKey = (chatId: string) => ['ops', 'support', 'messages', chatId] as const;

export const fetchChats = (merchantCode: string, status: ChatStatus, signal?: AbortSignal) =>
  get<{ list: ChatOpsSummary[] }>('/ops/support/chats', {
    query: { merchantCode, status },
    schema: import.meta.env.DEV && chatOpsListSchema,
    signal,
  });

export interface ChatMessagesValue {
  chat: ChatOpsSummary;
  messages: ChatOperatorMessage[];
  hasMore: boolean;
}

export const fetchMessages = (chatId: string, signal?: AbortSignal) =>
  get<ChatMessagesValue>(`/ops/support/chats/${chatId}/messages`, {
    schema: import.meta.env.DEV && chatOpsMessagesSchema,
    signal,
  });

export const sendAnswer = (chatId: string, body: string) =>
  post<ChatOperatorMessage>(
    `/ops/support/chats/${chatId}/messages`,
    { body },
    { schema: import.meta.env.DEV && chatOperatorMessageSchema },
  );

export const closeChat = (chatId: string) =>
  post<ChatOpsSummary>(`/ops/support/chats/${chatId}/close`, undefined, {
    schema: import.meta.env.DEV && chatOpsSummarySchema,
  });

export const fetchSocketTicket = () =>
  post<SupportWsTicket>('/ops/support/ws-ticket', undefined, {
    schema: import.meta.env.DEV && supportWsTicketSchema,
  });
