import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sessions: opaque random tokens, stored only as their SHA-256 hash. The subject is whatever
 * account the identity module authenticated; the platform knows only its id and role.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    subjectId: text('subject_id').notNull(),
    role: text('role').notNull(),
    merchantCode: text('merchant_code').notNull(),
    ip: text('ip'),
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Set when the log-in found a password that must be changed first: until it is, the session
     * may only change it, read its own account and log out (platform/auth/guard.ts).
     */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** An operator session's role (modules/operators) and merchant scope (null: every merchant). */
    operatorRole: text('operator_role'),
    operatorUsername: text('operator_username'),
    operatorMerchants: text('operator_merchants').array(),
    /** The session's own idle timeout, when shorter than the platform's (operators: 30 min). */
    idleMinutes: integer('idle_minutes'),
  },
  (t) => [index('auth_sessions_subject_idx').on(t.subjectId)],
);
