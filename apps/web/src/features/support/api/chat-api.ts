import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  chatHistorySchema,
  chatLaunchResultSchema,
  chatMessageSchema,
  chatModelListSchema,
  type ChatHistory,
  type ChatMessage,
  type ChatModel,
} from '@taya/contracts';
import { apiGet, apiPost } from '../../../lib/api-client';
import { searchParams } from '../../../lib/paths';
import { getMerchantCode } from '../../../lib/session';

export const chatModelsPath = '/wps/relay/CBS_modelList';
export const launchChatPath = '/wps/relay/CBS_launchChat';
export const chatMessagesPath = '/wps/support/chat/messages';
export const chatSocketPath = '/ws/chat';

/** A chat the player can reach: its id and access key (from the chat page's address). */
export interface ChatAccess {
  session: string;
  key: string;
}

export function chatModelsQueryOptions(merchant: string | null) {
  return queryOptions({
    queryKey: ['support', 'models', merchant],
    queryFn: ({ signal }) =>
      apiGet(chatModelsPath, { schema: import.meta.env.DEV && chatModelListSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The merchant's chat topics (`CBS_modelList`). */
export function useChatModels() {
  return useQuery(chatModelsQueryOptions(getMerchantCode()));
}

/** A topic's name in a site language (EN, TY, MY…), else English, else its id. */
export function modelName(model: ChatModel, language: string): string {
  return model.name[language.toLowerCase()] ?? model.name.en ?? model.id;
}

/** The session and key of a chat page address (`/chat?session=…&key=…`), if it has both. */
export function parseChatUrl(url: string): ChatAccess | null {
  try {
    const parsed = new URL(url, 'http://chat.invalid');
    const session = parsed.searchParams.get(searchParams.chatSession);
    const key = parsed.searchParams.get(searchParams.chatKey);
    return session && key ? { session, key } : null;
  } catch {
    return null;
  }
}

/** Opens a chat on a topic (`CBS_launchChat`); a member gets their open chat back. */
export async function launchChat(modelId: string): Promise<ChatAccess & { chatUrl: string }> {
  const { chatUrl } = await apiPost(launchChatPath, {
    body: { modelId },
    schema: import.meta.env.DEV && chatLaunchResultSchema,
  });
  const access = parseChatUrl(chatUrl);
  if (!access) throw new Error('The chat address has no session');
  return { ...access, chatUrl };
}

/** A chat's newest messages, or those after `afterSeq` (catching up after a reconnect). */
export function getChatHistory(
  access: ChatAccess,
  afterSeq?: number,
  signal?: AbortSignal,
): Promise<ChatHistory> {
  return apiGet(chatMessagesPath, {
    query: { session: access.session, key: access.key, afterSeq },
    schema: import.meta.env.DEV && chatHistorySchema,
    ...(signal ? { signal } : {}),
  });
}

/** Sends a message without the socket. */
export function postChatMessage(access: ChatAccess, body: string): Promise<ChatMessage> {
  return apiPost(chatMessagesPath, {
    body: { session: access.session, key: access.key, body },
    schema: import.meta.env.DEV && chatMessageSchema,
  });
}

/** The socket address of a chat, on this site's host. */
export function chatSocketUrl(access: ChatAccess): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ session: access.session, key: access.key });
  return `${scheme}//${window.location.host}${chatSocketPath}?${query.toString()}`;
}
