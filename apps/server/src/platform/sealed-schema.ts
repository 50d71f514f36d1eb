import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Nonces of sealed requests seen lately: a second request with the same nonce is a replay. */
export const sealedNonces = pgTable('sealed_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
