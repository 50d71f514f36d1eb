import { z } from 'zod';
import { chatOperatorMessageSchema } from './support';

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
]);
export type SupportWsEvent = z.infer<typeof supportWsEventSchema>;
