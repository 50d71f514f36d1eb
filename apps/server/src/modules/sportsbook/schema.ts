import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

export interface ScoreJson {
  home: number;
  away: number;
}

/** A league (or tournament) of one sport. */
export const sportsLeagues = pgTable('sports_leagues', {
  id: text('id').primaryKey(),
  sport: text('sport').notNull(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * A fixture: `scheduled` → `live` → `finished`, or `postponed` / `cancelled`. Its scores by period
 * as they stand (live) and as resulted; `source` is the feed it came from (`feed:<name>` with the
 * feed's own reference) or `manual` (a trader's).
 */
export const sportsFixtures = pgTable(
  'sports_fixtures',
  {
    id: text('id').primaryKey(),
    sport: text('sport').notNull(),
    leagueId: text('league_id')
      .notNull()
      .references(() => sportsLeagues.id),
    home: text('home').notNull(),
    away: text('away').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    status: text('status')
      .$type<'scheduled' | 'live' | 'finished' | 'cancelled' | 'postponed'>()
      .notNull()
      .default('scheduled'),
    clock: text('clock'),
    scores: jsonb('scores').$type<Record<string, ScoreJson>>().notNull().default({}),
    /** The scores the markets settled on (null until resulted). */
    result: jsonb('result').$type<Record<string, ScoreJson>>(),
    source: text('source').notNull(),
    feedRef: text('feed_ref'),
    simulated: boolean('simulated').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sports_fixtures_feed_uq').on(t.source, t.feedRef),
    index('sports_fixtures_status_idx').on(t.status, t.startsAt),
    check(
      'sports_fixtures_status',
      sql`${t.status} in ('scheduled', 'live', 'finished', 'cancelled', 'postponed')`,
    ),
  ],
);

/**
 * A market of a fixture with its selections' prices (decimal thousandths by selection):
 * `open`, `suspended`, `settled` (on `score`, the period's result) or `void`. `stakeFactor` scales
 * the currency's max stake per player for this market (percent).
 */
export const sportsMarkets = pgTable(
  'sports_markets',
  {
    id: text('id').primaryKey(),
    fixtureId: text('fixture_id')
      .notNull()
      .references(() => sportsFixtures.id),
    kind: text('kind').$type<'1x2' | 'ml' | 'ah' | 'ou' | 'btts' | 'cs' | 'oe'>().notNull(),
    period: text('period').$type<'ft' | 'h1' | 'ot' | 'maps'>().notNull(),
    line: integer('line'),
    scoresOffered: jsonb('scores_offered').$type<string[]>(),
    odds: jsonb('odds').$type<Record<string, number>>().notNull(),
    status: text('status')
      .$type<'open' | 'suspended' | 'settled' | 'void'>()
      .notNull()
      .default('open'),
    main: boolean('main').notNull().default(false),
    stakeFactor: integer('stake_factor').notNull().default(100),
    score: jsonb('score').$type<ScoreJson>(),
    sort: integer('sort').notNull().default(0),
    /** Bumped at every price change: a bet compares the prices it saw. */
    version: integer('version').notNull().default(1),
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('sports_markets_fixture_idx').on(t.fixtureId, t.sort),
    check('sports_markets_status', sql`${t.status} in ('open', 'suspended', 'settled', 'void')`),
    check('sports_markets_factor', sql`${t.stakeFactor} between 1 and 1000`),
  ],
);

/** A currency's stake limits (minor units). */
export const sportsLimits = pgTable(
  'sports_limits',
  {
    currency: text('currency').primaryKey(),
    minStake: bigint('min_stake', { mode: 'bigint' }).notNull(),
    maxStake: bigint('max_stake', { mode: 'bigint' }).notNull(),
    maxPayout: bigint('max_payout', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    check(
      'sports_limits_range',
      sql`${t.minStake} > 0 and ${t.maxStake} >= ${t.minStake} and ${t.maxPayout} > ${t.maxStake}`,
    ),
  ],
);

/**
 * A member's ticket, held by the wagering kernel (`id` = the kernel bet's id, in a round of its
 * own) until its last leg settles; a corrected result resettles it through the kernel.
 */
export const sportsTickets = pgTable(
  'sports_tickets',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    player: text('player').notNull(),
    currency: text('currency').notNull(),
    scale: integer('scale').notNull(),
    requestId: text('request_id').notNull(),
    kind: text('kind').$type<'single' | 'parlay'>().notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    odds: integer('odds').notNull(),
    potential: bigint('potential', { mode: 'bigint' }).notNull(),
    status: text('status')
      .$type<'open' | 'won' | 'half-won' | 'push' | 'half-lost' | 'lost' | 'void'>()
      .notNull()
      .default('open'),
    payout: bigint('payout', { mode: 'bigint' }),
    kernelRoundId: text('kernel_round_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('sports_tickets_request_uq').on(t.player, t.requestId),
    index('sports_tickets_player_idx').on(t.player, t.createdAt),
    check('sports_tickets_stake', sql`${t.stake} > 0`),
  ],
);

/** A ticket's leg: the selection and the price it was accepted at, and its outcome once settled. */
export const sportsTicketLegs = pgTable(
  'sports_ticket_legs',
  {
    ticketId: text('ticket_id')
      .notNull()
      .references(() => sportsTickets.id),
    idx: integer('idx').notNull(),
    fixtureId: text('fixture_id').notNull(),
    marketId: text('market_id')
      .notNull()
      .references(() => sportsMarkets.id),
    selection: text('selection').notNull(),
    odds: integer('odds').notNull(),
    scoreAtBet: jsonb('score_at_bet').$type<ScoreJson>(),
    outcome: text('outcome').$type<'win' | 'half-win' | 'push' | 'half-loss' | 'lose' | 'void'>(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.idx] }),
    index('sports_ticket_legs_market_idx').on(t.marketId, t.selection),
  ],
);
