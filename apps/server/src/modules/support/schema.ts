import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { merchants } from '../system/schema';

/** Text per interface language (`en` at least); plain text. */
export type ChatLocalised = Record<string, string>;

/** A chat topic of a merchant (`CBS_modelList`): deposit, withdrawal, account, games, other… */
export const chatModels = pgTable(
  'chat_models',
  {
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    id: text('id').notNull(),
    name: jsonb('name').$type<ChatLocalised>().notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.id] })],
);

/**
 * A live chat between a player (a member, or a visitor with `account_id` null) and the merchant's
 * operators. The player reaches it with a random access key; only its SHA-256 is kept.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    accountId: text('account_id'),
    keyHash: text('key_hash').notNull(),
    modelId: text('model_id').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    /** The sequence number of the newest message. */
    lastSeq: integer('last_seq').notNull().default(0),
    /** The newest sequence number an operator has read. */
    operatorReadSeq: integer('operator_read_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** `operator:<id>`, `member:<id>` or `visitor` for who closed it. */
    closedBy: text('closed_by'),
    /** The operator answering the chat (claim or transfer); null while it waits in the queue. */
    assignedOperatorId: text('assigned_operator_id'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_sessions_merchant_open_idx').on(t.merchantCode, t.status, t.lastActivityAt),
    index('chat_sessions_account_idx').on(t.accountId, t.status),
    check('chat_sessions_status_ck', sql`${t.status} in ('open', 'closed')`),
  ],
);

/** A message of a chat, numbered from 1 within its chat; plain text. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => chatSessions.id),
    seq: integer('seq').notNull(),
    senderRole: text('sender_role').$type<'member' | 'visitor' | 'operator'>().notNull(),
    /** The member's or operator's account id; for a visitor, the chat's id. */
    senderId: text('sender_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_session_seq_uq').on(t.sessionId, t.seq),
    check('chat_messages_role_ck', sql`${t.senderRole} in ('member', 'visitor', 'operator')`),
    check('chat_messages_body_ck', sql`char_length(${t.body}) between 1 and 1000`),
  ],
);

/** A merchant's canned reply: a title to pick it by and the text the desk inserts. */
export const supportCannedReplies = pgTable(
  'support_canned_replies',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_canned_replies_merchant_idx').on(t.merchantCode, t.title),
    check('support_canned_replies_body_ck', sql`char_length(${t.body}) between 1 and 1000`),
  ],
);

/**
 * Single-use tickets for the operator desk's socket (tickets.ts): a ticket's hash, the session's
 * bearer token sealed with the secrets key, and its short lifetime. In the database so that a
 * ticket issued by one node opens the socket on any other.
 */
export const wsTickets = pgTable(
  'ws_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    tokenSealed: text('token_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ws_tickets_expires_at_idx').on(t.expiresAt)],
);
