import {
  index,
  integer,
  json,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of money commands (an `Idempotency-Key` header): the first answer under a key,
 * replayed to every repeat. A row without a status is a request still running, or one that died;
 * its lease lets a later repeat take it over.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey(),
    /** Who sent it (`role:subjectId`): keys of different callers never meet. */
    owner: text('owner').notNull(),
    /** Method and route pattern, e.g. `POST /wps/cashier/withdrawals`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body (secrets left out): the same key must carry the same request. */
    requestHash: text('request_hash').notNull(),
    /** The claim of the request running under the key; a completion must hold it. */
    token: uuid('token').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    response: json('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_owner_route_key').on(t.owner, t.route, t.key),
    index('idempotency_keys_created_at').on(t.createdAt),
  ],
);
