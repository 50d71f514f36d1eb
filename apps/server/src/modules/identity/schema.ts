import { sql } from 'drizzle-orm';
import type { AccountChangeKind, ChangedField } from '@taya/contracts';
import type { CodePurpose } from './codes';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  boolean,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { merchants } from '../system/schema';

/** Contact and personal details that are shown and edited but never searched. */
export interface ProfileDetails {
  fullname?: string;
  qqNum?: string;
  line?: string;
  whatsapp?: string;
  facebook?: string;
  wechat?: string;
  zalo?: string;
  telegram?: string;
  addressPermanent?: string;
  addressCurrent?: string;
  nationality?: string;
  occupation?: string;
  incomeSource?: string;
  placeOfBirth?: string;
}

/**
 * Every person who can log in: members (type 0), agents (1, 2, 41, 42) and trial players (4),
 * per merchant. Usernames are unique per merchant regardless of case.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code')
      .notNull()
      .references(() => merchants.code),
    username: text('username').notNull(),
    usernameKey: text('username_key').notNull(),
    type: integer('type').notNull(),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    paymentPasswordHash: text('payment_password_hash'),
    countryDialingCode: text('country_dialing_code'),
    mobile: text('mobile'),
    email: text('email'),
    payeeName: text('payee_name'),
    nickname: text('nickname'),
    birthday: date('birthday'),
    idNumber: text('id_number'),
    icon: text('icon'),
    profile: jsonb('profile').$type<ProfileDetails>().notNull().default({}),
    /** The upline agent; null for top agents and members who came without one. */
    parentId: text('parent_id'),
    /** An agent's invitation (affiliate / referral) code, or a member's refer-and-earn code. */
    referralCode: text('referral_code'),
    /** The member whose invite code (or recommender ID) this account registered with. */
    referredBy: text('referred_by'),
    registerMethod: text('register_method').notNull(),
    registerIp: text('register_ip'),
    registerDomain: text('register_domain'),
    loginCount: integer('login_count').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_username_uq').on(t.merchantCode, t.usernameKey),
    uniqueIndex('accounts_mobile_uq')
      .on(t.merchantCode, t.countryDialingCode, t.mobile)
      .where(sql`${t.mobile} is not null`),
    uniqueIndex('accounts_referral_code_uq')
      .on(t.merchantCode, t.referralCode)
      .where(sql`${t.referralCode} is not null`),
    index('accounts_parent_idx').on(t.parentId),
    index('accounts_referred_by_idx').on(t.referredBy),
    // Sign-ups by time, for the agents' team reports.
    index('accounts_created_idx').on(t.merchantCode, t.createdAt),
  ],
);

/**
 * Failed log-ins per typed username (existing or not, so the answer never tells which) from all
 * addresses together, and failed tries of the other secret checks (`payment-password:<id>`,
 * `totp:<id>`, …), for the captcha and the temporary lock. A try is counted by the statement that
 * lets it through, so parallel tries never get past the limit.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    merchantCode: text('merchant_code').notNull(),
    usernameKey: text('username_key').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.usernameKey] })],
);

/** Failed log-ins per typed username and client address (an IPv6 /64): what locks a name. */
export const loginAddressThrottle = pgTable(
  'login_address_throttle',
  {
    merchantCode: text('merchant_code').notNull(),
    usernameKey: text('username_key').notNull(),
    clientIp: text('client_ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.usernameKey, t.clientIp] })],
);

/**
 * Recent sends per key (`code-to:<destination>`, `code-from:<address>`, `captcha:<address>`):
 * the times within the longest window, taken and checked in one statement.
 */
export const sendWindows = pgTable('send_windows', {
  key: text('key').primaryKey(),
  hits: timestamp('hits', { withTimezone: true }).array().notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
});

/** Addresses an account has logged in from; a new one asks for an extra verification. */
export const accountLoginIps = pgTable(
  'account_login_ips',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.ip] })],
);

/** Captcha answers, bound to the browser that fetched the image; each is good for one try. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: text('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    clientIp: text('client_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captcha_challenges_ip_idx').on(t.clientIp, t.createdAt)],
);

/** One-time codes sent by SMS or e-mail, stored hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    /** "+639171234567" or an e-mail address. */
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    clientIp: text('client_ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_destination_idx').on(t.destination, t.createdAt),
    index('verification_codes_ip_idx').on(t.clientIp, t.createdAt),
  ],
);

/** Single-use, expiring password-reset links sent by e-mail (only the hash is kept). */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A log-in that passed its password from an address the account never used: no token until the
 * player proves one of the bound channels (SPEC §4, unregistered IP).
 */
export const loginChallenges = pgTable('login_challenges', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  ip: text('ip').notNull(),
  methods: jsonb('methods').$type<string[]>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/**
 * An account's authenticator (RFC 6238 TOTP). The secret is stored sealed (AES-256-GCM); the row
 * is pending until the member proves a first code, and `lastStep` refuses a code used twice.
 */
export const accountAuthenticators = pgTable('account_authenticators', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  boundAt: timestamp('bound_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** Single-use recovery codes for a lost authenticator, stored hashed. */
export const accountRecoveryCodes = pgTable(
  'account_recovery_codes',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_recovery_codes_account_idx').on(t.accountId)],
);

/**
 * Every change to an account's details and security (SPEC: time, address, what changed). Plain
 * details keep their old and new values, contact channels masked ones, secrets none at all.
 */
export const accountChanges = pgTable(
  'account_changes',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** Who made the change: the account itself, or an operator later. */
    actorId: text('actor_id').notNull(),
    kind: text('kind').$type<AccountChangeKind>().notNull(),
    changes: jsonb('changes').$type<ChangedField[]>().notNull(),
    ip: text('ip'),
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_changes_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * Sign-in tickets: what the app download QR code carries instead of the session token. A
 * signed-in player's session asks for one; it signs another device in once, within minutes,
 * while that session lasts. Stored only as a hash.
 */
export const sessionTickets = pgTable(
  'session_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    accountId: text('account_id').notNull(),
    /** The session that asked for it: the ticket dies with it. */
    sessionId: text('session_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('session_tickets_expires_idx').on(t.expiresAt)],
);
