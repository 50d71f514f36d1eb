import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operators: back-office accounts, a realm of their own (not members). One role each
 * (contracts' `operatorRoles`), a merchant scope (null: every merchant), a password (argon2id) and
 * a mandatory TOTP second factor whose secret is kept sealed (platform/secret-box.ts).
 * An operator is created with a one-time enrolment token (only its hash is kept); enrolment sets
 * the password and proves the authenticator, and the token is gone.
 */
export const operators = pgTable('operators', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  /** Null until enrolment sets it. */
  passwordHash: text('password_hash'),
  role: text('role').notNull(),
  /** Merchant codes the operator may see and change; null: every merchant. */
  merchants: text('merchants').array(),
  status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
  /** Null only for a development demo operator until the server seals its fixed secret. */
  totpSecretSealed: text('totp_secret_sealed'),
  /** The last TOTP step used: a code is good once. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  enrolled: boolean('enrolled').notNull().default(false),
  enrolTokenHash: text('enrol_token_hash').unique(),
  enrolExpiresAt: timestamp('enrol_expires_at', { withTimezone: true }),
  /** Addresses or CIDR blocks a log-in may come from; null or empty: anywhere. */
  ipAllowList: text('ip_allow_list').array(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

export type OperatorRow = typeof operators.$inferSelect;
