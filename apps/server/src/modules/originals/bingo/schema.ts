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
 * A bingo game, numbered from 1: `open` while it sells cards (until `buy_ends_at`), `calling`
 * from `started_at` (a ball every `call_ms` until `ends_at`), `done` once settled. Its server
 * seed is drawn when it opens and only its SHA-256 (`commitment`) is shown until it is done; the
 * ball order (`balls`, all 75) comes from it and stays on the server until then.
 */
export const bingoGames = pgTable(
  'bingo_games',
  {
    number: integer('number').primaryKey(),
    serverSeed: text('server_seed').notNull(),
    commitment: text('commitment').notNull(),
    balls: jsonb('balls').$type<number[]>().notNull(),
    status: text('status').$type<'open' | 'calling' | 'done'>().notNull(),
    buyEndsAt: timestamp('buy_ends_at', { withTimezone: true, precision: 3 }).notNull(),
    callMs: integer('call_ms').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
    endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }),
    doneAt: timestamp('done_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('bingo_games_status', sql`${t.status} in ('open', 'calling', 'done')`),
    index('bingo_games_status_idx').on(t.status, t.number),
  ],
);

/**
 * A bingo card: a member's (its price held by the wagering kernel, `id` = the kernel bet's id)
 * or free play's (`demo`, the player being the demo session's token hash). Its numbers were drawn
 * at purchase from the player's seed pair (free play: a one-off seed, `server_seed`); its
 * pattern and payout are written when the game settles.
 */
export const bingoCards = pgTable(
  'bingo_cards',
  {
    id: text('id').primaryKey(),
    game: integer('game').notNull(),
    merchantCode: text('merchant_code').notNull(),
    player: text('player').notNull(),
    demo: boolean('demo').notNull().default(false),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    scale: integer('scale').notNull(),
    requestId: text('request_id').notNull(),
    /** The card's place in its purchase (0–3). */
    idx: integer('idx').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    numbers: jsonb('numbers').$type<number[]>().notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    serverSeed: text('server_seed'),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    pattern: text('pattern'),
    payout: bigint('payout', { mode: 'bigint' }),
    kernelRoundId: text('kernel_round_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bingo_cards_stake', sql`${t.stake} > 0`),
    uniqueIndex('bingo_cards_request_uq').on(t.player, t.requestId, t.idx),
    index('bingo_cards_game_idx').on(t.game, t.player),
    index('bingo_cards_player_idx').on(t.player, t.game),
  ],
);
