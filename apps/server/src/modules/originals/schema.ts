import { sql } from 'drizzle-orm';
import {
  bigint,
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

/**
 * A member's seed pair for one original (`dice`, `limbo`, …): the server seed, committed by its
 * SHA-256 before any bet uses it, the client seed and the nonce of the next bet. One pair per
 * member and game is active; rotating reveals it and starts another.
 */
export const originalSeedPairs = pgTable(
  'original_seed_pairs',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    /** The game's short name (`dice`). */
    game: text('game').notNull(),
    /** Secret while the pair is active: never in an answer until it is revealed. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce the next bet takes (the count of bets made on the pair). */
    nextNonce: integer('next_nonce').notNull().default(0),
    status: text('status').$type<'active' | 'revealed'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    check('original_seed_pairs_status', sql`${t.status} in ('active', 'revealed')`),
    check('original_seed_pairs_nonce', sql`${t.nextNonce} >= 0`),
    uniqueIndex('original_seed_pairs_active_uq')
      .on(t.accountId, t.game)
      .where(sql`${t.status} = 'active'`),
    index('original_seed_pairs_revealed_idx').on(t.accountId, t.game, t.revealedAt),
  ],
);

/**
 * A bet's request id and the answer it got: the same id answers the same again (and refuses
 * other content), written in the bet's own transaction.
 */
export const originalRequests = pgTable(
  'original_requests',
  {
    accountId: text('account_id').notNull(),
    requestId: text('request_id').notNull(),
    game: text('game').notNull(),
    roundId: text('round_id').notNull(),
    /** SHA-256 of the game, amount and parameters: a repeat must carry the same. */
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.requestId] })],
);

/** Free play of the originals: play money per session for two hours; no ledger, no kernel. */
export const originalDemoSessions = pgTable(
  'original_demo_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    game: text('game').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull(),
    /** The open round of a game played in steps (mines, video poker): its stake, seeds and state. */
    round: jsonb('round').$type<Record<string, unknown>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('original_demo_sessions_balance', sql`${t.balance} >= 0`)],
);

/**
 * An original's limits for a merchant, in its currency's minor units, and its return to player
 * (9,500–9,900 basis points; the engines scale their pay with it). A game without a row plays at
 * the defaults of `limits.ts`.
 */
export const originalLimits = pgTable(
  'original_limits',
  {
    merchantCode: text('merchant_code').notNull(),
    game: text('game').notNull(),
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
    maxBet: bigint('max_bet', { mode: 'bigint' }).notNull(),
    /** The most one bet may win above its stake: stake × (max multiplier − 1) ≤ this. */
    maxProfit: bigint('max_profit', { mode: 'bigint' }).notNull(),
    rtpBps: integer('rtp_bps').notNull().default(9900),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.game] }),
    check(
      'original_limits_bets',
      sql`${t.minBet} > 0 and ${t.maxBet} >= ${t.minBet} and ${t.maxProfit} > 0`,
    ),
    check('original_limits_rtp', sql`${t.rtpBps} between 9500 and 9900`),
  ],
);
