import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A Colour Game round, numbered from 1: `betting` until `betting_ends_at`, then `rolled` (its
 * dice drawn and every bet settled in one transaction at `rolled_at`); the next round opens at
 * `next_at` (after the dice's roll and the result on show). The server seed is drawn when the
 * round opens, its SHA-256 shown from then on, the seed itself only once rolled.
 */
export const colorRounds = pgTable(
  'color_rounds',
  {
    number: integer('number').primaryKey(),
    serverSeed: text('server_seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    status: text('status').$type<'betting' | 'rolled'>().notNull(),
    /** The three dice (colour names), once rolled. */
    dice: jsonb('dice').$type<string[]>(),
    bettingEndsAt: timestamp('betting_ends_at', { withTimezone: true, precision: 3 }).notNull(),
    rolledAt: timestamp('rolled_at', { withTimezone: true, precision: 3 }),
    nextAt: timestamp('next_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('color_rounds_status', sql`${t.status} in ('betting', 'rolled')`),
    index('color_rounds_status_idx').on(t.status, t.number),
  ],
);

/**
 * A bet in a Colour Game round: a member's (its total stake held by the wagering kernel, `id` =
 * the kernel bet's id) or free play's (`demo`, the player being the demo session's token hash).
 * `stakes` maps each colour bet on to its stake (minor units, as text); the payout is written
 * when the round rolls. A player may bet several times in a round.
 */
export const colorBets = pgTable(
  'color_bets',
  {
    id: text('id').primaryKey(),
    round: integer('round').notNull(),
    merchantCode: text('merchant_code').notNull(),
    player: text('player').notNull(),
    demo: boolean('demo').notNull().default(false),
    /** The masked name shown on the public feed. */
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    scale: integer('scale').notNull(),
    requestId: text('request_id').notNull(),
    stakes: jsonb('stakes').$type<Record<string, string>>().notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }),
    kernelRoundId: text('kernel_round_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('color_bets_stake', sql`${t.stake} > 0`),
    uniqueIndex('color_bets_request_uq').on(t.player, t.requestId),
    index('color_bets_round_idx').on(t.round),
    index('color_bets_player_idx').on(t.player, t.round),
  ],
);
