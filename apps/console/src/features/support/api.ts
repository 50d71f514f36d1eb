import {
  chatOperatorMessageSchema,
  chatOpsListSchema,
  chatOpsMessagesSchema,
  chatOpsSummarySchema,
  supportWsTicketSchema,
  cannedReplyListSchema,
  cannedReplySchema,
  supportOperatorListSchema,
  type CannedReply,
  type CannedReplyList,
  type SupportOperatorList,
  type ChatOperatorMessage,
  type ChatOpsSummary,
  type ChatStatus,
  type SupportWsTicket,
} from '@taya/contracts';
import { get, post, request } from '../../lib/api-client';

export type AssignedFilter = 'all' | 'mine' | 'unassigned';

export const chatsKey = (merchantCode: string, status: ChatStatus, assigned: AssignedFilter) =>
  ['ops', 'support', 'chats', merchantCode, status, assigned] as const;
export const messagesKey = (chatId: string) => ['ops', 'support', 'messages', chatId] as const;

export const fetchChats = (
  merchantCode: string,
  status: ChatStatus,
  assigned: AssignedFilter,
  signal?: AbortSignal,
) =>
  get<{ list: ChatOpsSummary[] }>('/ops/support/chats', {
    query: { merchantCode, status, assigned },
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

const summary = { schema: import.meta.env.DEV && chatOpsSummarySchema };

/** Takes the chat; `takeOver` (with a reason) takes it from the operator holding it. */
export const claimChat = (chatId: string, takeOver?: { reason: string }) =>
  post<ChatOpsSummary>(
    `/ops/support/chats/${chatId}/claim`,
    takeOver ? { takeOver: true, reason: takeOver.reason } : {},
    summary,
  );

export const transferChat = (chatId: string, operatorId: string, reason: string) =>
  post<ChatOpsSummary>(`/ops/support/chats/${chatId}/transfer`, { operatorId, reason }, summary);

export const operatorsKey = (merchantCode: string) =>
  ['ops', 'support', 'operators', merchantCode] as const;
export const fetchDeskOperators = (merchantCode: string, signal?: AbortSignal) =>
  get<SupportOperatorList>('/ops/support/operators', {
    query: { merchantCode },
    schema: import.meta.env.DEV && supportOperatorListSchema,
    signal,
  });

export const cannedKey = (merchantCode: string) =>
  ['ops', 'support', 'canned', merchantCode] as const;
export const fetchCannedReplies = (merchantCode: string, signal?: AbortSignal) =>
  get<CannedReplyList>('/ops/support/canned-replies', {
    query: { merchantCode },
    schema: import.meta.env.DEV && cannedReplyListSchema,
    signal,
  });

export interface CannedInput {
  title: string;
  body: string;
  reason: string;
}

export const createCannedReply = (merchantCode: string, input: CannedInput) =>
  post<CannedReply>(
    '/ops/support/canned-replies',
    { merchantCode, ...input },
    { schema: import.meta.env.DEV && cannedReplySchema },
  );

export const updateCannedReply = (id: string, input: CannedInput) =>
  request<CannedReply>('PUT', `/ops/support/canned-replies/${id}`, {
    body: input,
    schema: import.meta.env.DEV && cannedReplySchema,
  });

export const deleteCannedReply = (id: string, reason: string) =>
  post<{ id: string }>(`/ops/support/canned-replies/${id}/delete`, { reason });
