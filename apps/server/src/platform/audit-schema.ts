import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log: every operator write and every significant system event, one row each. Rows
 * are hash-chained: `hash` is SHA-256 over `prev_hash` and the row's canonical text, so a row
 * altered or deleted in the database breaks the chain at that row (audit.ts, `verify`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().unique(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: text('actor_id'),
    actorUsername: text('actor_username'),
    actorRole: text('actor_role'),
    merchantCode: text('merchant_code'),
    address: text('address'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorUsername, t.seq),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * The chain's head, one row: the last seq and hash. An append locks it (`for update`), so appends
 * from any number of connections take turns and never fork the chain; a deleted last row still
 * shows as the missing seq the head remembers.
 */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
