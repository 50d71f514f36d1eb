import { z } from 'zod';
import { chatBodyMax, chatRoles } from './chat-limits';

/** A chat message's text: plain text, 1 to 1000 characters after trimming. */
export const chatBodySchema = z
  .string()
  .trim()
  .min(1, 'is empty')
  .max(chatBodyMax, `at most ${chatBodyMax} characters`);

/** A chat topic of `CBS_modelList`, with its name per interface language. */
export const chatModelSchema = z.object({
  id: z.string(),
  name: z.record(z.string(), z.string()),
});
export type ChatModel = z.infer<typeof chatModelSchema>;

export const chatModelListSchema = z.object({ list: z.array(chatModelSchema) });
export type ChatModelList = z.infer<typeof chatModelListSchema>;

/** `POST /wps/relay/CBS_launchChat`. */
export const chatLaunchBodySchema = z.strictObject({
  modelId: z
    .string()
    .min(1, 'is empty')
    .max(40)
    .regex(/^[a-z0-9_-]+$/i, 'an unknown topic'),
});
export type ChatLaunchBody = z.infer<typeof chatLaunchBodySchema>;

export const chatLaunchResultSchema = z.object({ chatUrl: z.string() });
export type ChatLaunchResult = z.infer<typeof chatLaunchResultSchema>;

const sessionId = z.uuid('an unknown chat');
const accessKey = z.string().min(20, 'an unknown chat').max(100, 'an unknown chat');

/** A chat message as its player sees it. */
export const chatMessageSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  role: z.enum(chatRoles),
  body: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat message as an operator sees it: with who sent it. */
export const chatOperatorMessageSchema = chatMessageSchema.extend({ senderId: z.string() });
export type ChatOperatorMessage = z.infer<typeof chatOperatorMessageSchema>;

export const chatStatusSchema = z.enum(['open', 'closed']);
export type ChatStatus = z.infer<typeof chatStatusSchema>;

/** `GET /wps/support/chat/messages` (and the WebSocket's `?session=&key=`). */
export const chatHistoryQuerySchema = z.strictObject({
  session: sessionId,
  key: accessKey,
  afterSeq: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;

export const chatSocketQuerySchema = chatHistoryQuerySchema.omit({ afterSeq: true });

export const chatHistorySchema = z.object({
  status: chatStatusSchema,
  messages: z.array(chatMessageSchema),
  /** More messages follow the last one given (ask again after its `seq`). */
  hasMore: z.boolean(),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** `POST /wps/support/chat/messages`: sending without a socket. */
export const chatSendBodySchema = z.strictObject({
  session: sessionId,
  key: accessKey,
  body: chatBodySchema,
});
export type ChatSendBody = z.infer<typeof chatSendBodySchema>;

/** What a player's socket sends. */
export const chatClientFrameSchema = z.strictObject({
  type: z.literal('message'),
  body: chatBodySchema,
  clientId: z.string().min(1, 'is empty').max(64),
});
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** What the server sends on a chat's socket. */
export type ChatServerFrame =
  | { type: 'history'; status: ChatStatus; messages: ChatMessage[] }
  | { type: 'message'; message: ChatMessage }
  | { type: 'ack'; clientId: string; message: ChatMessage }
  | {
      type: 'error';
      clientId?: string;
      errorCode: string;
      message: string;
      fields?: { path: string; code: string; message: string }[];
    }
  | { type: 'closed' };

/** `GET /ops/support/chats`. */
export const chatOpsListQuerySchema = z.strictObject({
  merchantCode: z.string().min(1).max(32),
  status: chatStatusSchema.default('open'),
  /** `mine`: assigned to the caller; `unassigned`: to nobody; `all` (default). */
  assigned: z.enum(['all', 'mine', 'unassigned']).default('all'),
});

export const chatOpsSummarySchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  accountId: z.string().nullable(),
  modelId: z.string(),
  status: chatStatusSchema,
  createdAt: z.string(),
  lastActivityAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  lastMessage: chatOperatorMessageSchema.nullable(),
  unread: z.number().int(),
  /** The operator the chat is assigned to (claim or transfer), and their username. */
  assigneeId: z.string().nullable(),
  assignee: z.string().nullable(),
});
export type ChatOpsSummary = z.infer<typeof chatOpsSummarySchema>;

export const chatOpsListSchema = z.object({ list: z.array(chatOpsSummarySchema) });

export const chatOpsMessagesQuerySchema = z.strictObject({
  afterSeq: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
});

export const chatOpsMessagesSchema = z.object({
  chat: chatOpsSummarySchema,
  messages: z.array(chatOperatorMessageSchema),
  hasMore: z.boolean(),
});

export const chatOpsSendBodySchema = z.strictObject({ body: chatBodySchema });
