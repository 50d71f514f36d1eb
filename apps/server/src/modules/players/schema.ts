import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Operators' notes on a player, never edited. */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    merchantCode: text('merchant_code').notNull(),
    authorId: text('author_id').notNull(),
    authorUsername: text('author_username').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_notes_account_idx').on(t.accountId, t.createdAt)],
);

/** A player's tags (set as a whole by an operator). */
export const playerTags = pgTable(
  'player_tags',
  {
    accountId: text('account_id').notNull(),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.tag] })],
);

/** Per-merchant rules of player management; a merchant without a row takes the defaults. */
export const playerOpsSettings = pgTable('player_ops_settings', {
  merchantCode: text('merchant_code').primaryKey(),
  /** A manual adjustment above this (minor units) waits for a second operator's approval. */
  adjustApprovalAbove: bigint('adjust_approval_above', { mode: 'bigint' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Four-eyes approvals: an action one operator asks for and another decides. `kind` names what
 * to do and `payload` its arguments; approving runs it once, under the row's lock.
 */
export const opsApprovals = pgTable(
  'ops_approvals',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    merchantCode: text('merchant_code').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedByUsername: text('requested_by_username').notNull(),
    /** The caller's key: the same request again answers the first approval. */
    requestKey: text('request_key').notNull(),
    decidedBy: text('decided_by'),
    decidedByUsername: text('decided_by_username'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    /** What running it answered (an approved one). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ops_approvals_status_idx').on(t.merchantCode, t.status, t.createdAt),
    uniqueIndex('ops_approvals_request_uq').on(t.requestedBy, t.requestKey),
  ],
);
