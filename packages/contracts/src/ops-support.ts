import { z } from 'zod';
import { opsReason } from './ops-reason';
import { chatBodySchema, chatOperatorMessageSchema } from './support';

/**
 * `POST /ops/support/ws-ticket`: a short-lived, single-use ticket for the support desk's
 * WebSocket (`/ws/ops/support?merchantCode=…&ticket=…`), since a browser cannot set the
 * Authorization header on a socket.
 */
export const supportWsTicketSchema = z.object({
  ticket: z.string(),
  expiresAt: z.string(),
});
export type SupportWsTicket = z.infer<typeof supportWsTicketSchema>;

/** The operator socket's query: its merchant, and a ticket when no Authorization header comes. */
export const supportWsQuerySchema = z.strictObject({
  merchantCode: z.string().min(1).max(32),
  ticket: z.string().min(20).max(100).optional(),
});

/** What the operator socket sends: every message and closing of the merchant's chats. */
export const supportWsEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    chatId: z.string(),
    merchantCode: z.string(),
    message: chatOperatorMessageSchema,
  }),
  z.object({ type: z.literal('closed'), chatId: z.string(), merchantCode: z.string() }),
  z.object({
    type: z.literal('assigned'),
    chatId: z.string(),
    merchantCode: z.string(),
    assigneeId: z.string().nullable(),
    assignee: z.string().nullable(),
  }),
]);
export type SupportWsEvent = z.infer<typeof supportWsEventSchema>;

/**
 * `POST /ops/support/chats/:id/claim`: assigns the chat to the caller. A chat someone else holds
 * answers `conflict` unless `takeOver` is set, which needs a reason.
 */
export const supportClaimBodySchema = z
  .strictObject({ takeOver: z.boolean().optional(), reason: opsReason.optional() })
  .refine((b) => !b.takeOver || b.reason !== undefined, {
    path: ['reason'],
    message: 'a reason is needed to take over a chat',
  });
export type SupportClaimBody = z.infer<typeof supportClaimBodySchema>;

/** `POST /ops/support/chats/:id/transfer`: hands the chat to another operator of its merchant. */
export const supportTransferBodySchema = z.strictObject({
  operatorId: z.string().min(1).max(100),
  reason: opsReason,
});
export type SupportTransferBody = z.infer<typeof supportTransferBodySchema>;

/** `GET /ops/support/operators`: the operators who may answer a merchant's chats. */
export const supportOperatorsQuerySchema = z.strictObject({
  merchantCode: z.string().min(1).max(32),
});
export const supportOperatorListSchema = z.object({
  list: z.array(z.object({ id: z.string(), username: z.string() })),
});
export type SupportOperatorList = z.infer<typeof supportOperatorListSchema>;

/** A canned reply of a merchant: a title to pick it by and the text it inserts. */
export const cannedReplySchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;
export const cannedReplyListSchema = z.object({ list: z.array(cannedReplySchema) });
export type CannedReplyList = z.infer<typeof cannedReplyListSchema>;

export const cannedReplyListQuerySchema = z.strictObject({
  merchantCode: z.string().min(1).max(32),
});

const cannedFields = {
  title: z.string().trim().min(1, 'is empty').max(80, 'at most 80 characters'),
  body: chatBodySchema,
  reason: opsReason,
};

/** `POST /ops/support/canned-replies`. */
export const cannedReplyCreateBodySchema = z.strictObject({
  merchantCode: z.string().min(1).max(32),
  ...cannedFields,
});
export type CannedReplyCreateBody = z.infer<typeof cannedReplyCreateBodySchema>;

/** `PUT /ops/support/canned-replies/:id`. */
export const cannedReplyUpdateBodySchema = z.strictObject(cannedFields);
export type CannedReplyUpdateBody = z.infer<typeof cannedReplyUpdateBodySchema>;

/** `POST /ops/support/canned-replies/:id/delete`. */
export const cannedReplyDeleteBodySchema = z.strictObject({ reason: opsReason });
