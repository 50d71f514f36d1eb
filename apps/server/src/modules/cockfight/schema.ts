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
 * An arena (a cockpit whose fights are streamed): `open` (an operator may run fights) or
 * `closed`; its commission on the Meron + Wala pool (basis points) and the draw's ratio.
 */
export const cockfightArenas = pgTable(
  'cockfight_arenas',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    streamUrl: text('stream_url'),
    commissionBp: integer('commission_bp').notNull().default(500),
    drawRatio: integer('draw_ratio').notNull().default(8),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cockfight_arenas_status', sql`${t.status} in ('open', 'closed')`),
    check('cockfight_arenas_commission', sql`${t.commissionBp} between 0 and 2000`),
    check('cockfight_arenas_draw', sql`${t.drawRatio} between 1 and 50`),
  ],
);

/**
 * An arena's limits in one currency (minor units): the smallest bet, and the most one player may
 * put on Meron and Wala together, and on Draw, in one fight.
 */
export const cockfightArenaLimits = pgTable(
  'cockfight_arena_limits',
  {
    arena: text('arena_code')
      .notNull()
      .references(() => cockfightArenas.code),
    currency: text('currency').notNull(),
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
    maxBet: bigint('max_bet', { mode: 'bigint' }).notNull(),
    drawMaxBet: bigint('draw_max_bet', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.arena, t.currency] }),
    check(
      'cockfight_arena_limits_range',
      sql`${t.minBet} > 0 and ${t.maxBet} >= ${t.minBet} and ${t.drawMaxBet} >= ${t.minBet}`,
    ),
  ],
);

/** Per merchant at close: the pools and frozen odds (hundredths per 100), and the settled result. */
export interface FightBook {
  meron: string;
  wala: string;
  draw: string;
  meronOdds: number | null;
  walaOdds: number | null;
  result?: 'meron' | 'wala' | 'draw' | 'cancelled';
  reason?: string;
}

/**
 * A fight, numbered from 1 per arena (`<arena>:<number>`): `scheduled` → `open` → `last-call` →
 * `closed` → `settled` (result Meron, Wala, Draw or Cancelled), every move an operator's.
 */
export const cockfightFights = pgTable(
  'cockfight_fights',
  {
    id: text('id').primaryKey(),
    arena: text('arena_code')
      .notNull()
      .references(() => cockfightArenas.code),
    number: integer('number').notNull(),
    meron: text('meron').notNull(),
    wala: text('wala').notNull(),
    status: text('status')
      .$type<'scheduled' | 'open' | 'last-call' | 'closed' | 'settled'>()
      .notNull()
      .default('scheduled'),
    declared: text('declared').$type<'meron' | 'wala' | 'draw' | 'cancelled'>(),
    reason: text('reason'),
    /** Per merchant: pools and odds frozen at close, and what each merchant's pool settled as. */
    books: jsonb('books').$type<Record<string, FightBook>>().notNull().default({}),
    commissionBp: integer('commission_bp').notNull(),
    drawRatio: integer('draw_ratio').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }),
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('cockfight_fights_arena_number_uq').on(t.arena, t.number),
    check(
      'cockfight_fights_status',
      sql`${t.status} in ('scheduled', 'open', 'last-call', 'closed', 'settled')`,
    ),
    check(
      'cockfight_fights_declared',
      sql`${t.declared} is null or ${t.declared} in ('meron', 'wala', 'draw', 'cancelled')`,
    ),
  ],
);

/**
 * A member's bet on one side of a fight, held by the wagering kernel (`id` = the kernel bet's id)
 * in the merchant's kernel round of the fight; its payout once settled.
 */
export const cockfightBets = pgTable(
  'cockfight_bets',
  {
    id: text('id').primaryKey(),
    fightId: text('fight_id')
      .notNull()
      .references(() => cockfightFights.id),
    arena: text('arena_code').notNull(),
    merchantCode: text('merchant_code').notNull(),
    player: text('player').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    scale: integer('scale').notNull(),
    requestId: text('request_id').notNull(),
    side: text('side').$type<'meron' | 'wala' | 'draw'>().notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }),
    kernelRoundId: text('kernel_round_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cockfight_bets_stake', sql`${t.stake} > 0`),
    check('cockfight_bets_side', sql`${t.side} in ('meron', 'wala', 'draw')`),
    uniqueIndex('cockfight_bets_request_uq').on(t.player, t.requestId),
    index('cockfight_bets_fight_idx').on(t.fightId, t.merchantCode),
    index('cockfight_bets_player_idx').on(t.player, t.createdAt),
  ],
);
