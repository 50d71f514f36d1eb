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
 * A live table (auto-dealer): its game and variant, `open` (rounds run) or `paused` by an
 * operator (the round under way finishes; no new one opens), and its betting time.
 */
export const liveTables = pgTable(
  'live_tables',
  {
    code: text('code').primaryKey(),
    game: text('game').notNull(),
    variant: text('variant'),
    name: text('name').notNull(),
    status: text('status').$type<'open' | 'paused'>().notNull().default('open'),
    bettingMs: integer('betting_ms').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('live_tables_status', sql`${t.status} in ('open', 'paused')`)],
);

/**
 * A table's limits in one currency (minor units): the smallest stake on a spot, the largest on
 * the main spots, and the largest on the side spots (ties, pairs, totals …).
 */
export const liveTableLimits = pgTable(
  'live_table_limits',
  {
    table: text('table_code')
      .notNull()
      .references(() => liveTables.code),
    currency: text('currency').notNull(),
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
    maxBet: bigint('max_bet', { mode: 'bigint' }).notNull(),
    sideMaxBet: bigint('side_max_bet', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.table, t.currency] }),
    check(
      'live_table_limits_range',
      sql`${t.minBet} > 0 and ${t.maxBet} >= ${t.minBet} and ${t.sideMaxBet} >= ${t.minBet}`,
    ),
  ],
);

/**
 * A card table's shoe: shuffled from `server_seed` (its SHA-256 public from the first hand, the
 * seed itself once `finished`), dealt in order from `position`; `cut` follows the cut card.
 */
export const liveShoes = pgTable(
  'live_shoes',
  {
    id: text('id').primaryKey(),
    table: text('table_code')
      .notNull()
      .references(() => liveTables.code),
    number: integer('number').notNull(),
    decks: integer('decks').notNull(),
    serverSeed: text('server_seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    position: integer('position').notNull(),
    cut: text('cut').$type<'in' | 'one-more' | 'done'>().notNull().default('in'),
    hands: integer('hands').notNull().default(0),
    status: text('status').$type<'dealing' | 'finished'>().notNull().default('dealing'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('live_shoes_table_number_uq').on(t.table, t.number),
    check('live_shoes_status', sql`${t.status} in ('dealing', 'finished')`),
  ],
);

/**
 * A round at a table, numbered from 1 per table: `betting` until `betting_ends_at`, then `dealt`
 * (outcome drawn and every bet settled in one transaction) or `void` (an operator's, every stake
 * returned). Card rounds name their shoe and hand; roulette and sic bo carry their own seed.
 */
export const liveRounds = pgTable(
  'live_rounds',
  {
    id: text('id').primaryKey(),
    table: text('table_code')
      .notNull()
      .references(() => liveTables.code),
    number: integer('number').notNull(),
    shoeId: text('shoe_id').references(() => liveShoes.id),
    hand: integer('hand'),
    serverSeed: text('server_seed'),
    seedHash: text('seed_hash'),
    clientSeed: text('client_seed'),
    status: text('status').$type<'betting' | 'dealt' | 'void'>().notNull(),
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    voidReason: text('void_reason'),
    bettingEndsAt: timestamp('betting_ends_at', { withTimezone: true, precision: 3 }).notNull(),
    dealtAt: timestamp('dealt_at', { withTimezone: true, precision: 3 }),
    nextAt: timestamp('next_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('live_rounds_table_number_uq').on(t.table, t.number),
    index('live_rounds_shoe_idx').on(t.shoeId, t.hand),
    check('live_rounds_status', sql`${t.status} in ('betting', 'dealt', 'void')`),
  ],
);

/**
 * A member's bet in a round: its stakes per spot (minor units as text), their sum held by the
 * wagering kernel as ONE kernel bet (`id` = the kernel bet's id), the payout once dealt.
 */
export const liveBets = pgTable(
  'live_bets',
  {
    id: text('id').primaryKey(),
    roundId: text('round_id')
      .notNull()
      .references(() => liveRounds.id),
    table: text('table_code').notNull(),
    merchantCode: text('merchant_code').notNull(),
    player: text('player').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    scale: integer('scale').notNull(),
    requestId: text('request_id').notNull(),
    stakes: jsonb('stakes').$type<Record<string, string>>().notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }),
    kernelRoundId: text('kernel_round_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('live_bets_stake', sql`${t.stake} > 0`),
    uniqueIndex('live_bets_request_uq').on(t.player, t.requestId),
    index('live_bets_round_idx').on(t.roundId),
    index('live_bets_player_idx').on(t.player, t.createdAt),
  ],
);
