import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Crash's hash chains (bustabit v2, GAMES.md §9.1): grown from a secret, the terminating hash
 * published before the chain's first round, its games played from the end backwards. The salt
 * is the HMAC key of every game of the chain. One chain is active; a used-up chain makes way for
 * a new one.
 */
export const crashChains = pgTable(
  'crash_chains',
  {
    id: serial('id').primaryKey(),
    /** Secret while the chain plays: a game's hash is revealed only once its round crashes. */
    secret: text('secret').notNull(),
    length: integer('length').notNull(),
    terminatingHash: text('terminating_hash').notNull(),
    /** The HMAC key of every game (GAMES.md Appendix C, 9): the hash of the Bitcoin block at
     *  `salt_block_height`, entered by an operator once that block is mined; null until then,
     *  and no round opens on the chain meanwhile. A sandbox salt (development data) is random. */
    salt: text('salt'),
    /** The future block whose hash becomes the salt, published with the terminating hash. */
    saltBlockHeight: integer('salt_block_height'),
    /** True for a development chain's random salt (labelled as such on the verify page). */
    saltSandbox: boolean('salt_sandbox').notNull().default(false),
    saltSetAt: timestamp('salt_set_at', { withTimezone: true }),
    /** The games played so far (the next round takes game `played + 1`). */
    played: integer('played').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crash_chains_played', sql`${t.played} >= 0 and ${t.played} <= ${t.length}`),
    uniqueIndex('crash_chains_active_uq')
      .on(t.active)
      .where(sql`${t.active}`),
  ],
);

/**
 * A crash round, numbered from 1: `open` while it takes bets (its betting phase is
 * `betting_ends_at`; null while the round before still runs), `running` from `started_at`,
 * `crashed` once settled. The crash point (hundredths) and game hash are known from its creation
 * and shown only once it has crashed.
 */
export const crashRounds = pgTable(
  'crash_rounds',
  {
    number: integer('number').primaryKey(),
    chainId: integer('chain_id').notNull(),
    game: integer('game').notNull(),
    hash: text('hash').notNull(),
    crashPoint: bigint('crash_point', { mode: 'bigint' }).notNull(),
    rtpBps: integer('rtp_bps').notNull(),
    status: text('status').$type<'open' | 'running' | 'crashed'>().notNull(),
    bettingEndsAt: timestamp('betting_ends_at', { withTimezone: true, precision: 3 }),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
    /** When the multiplier reaches the crash point: started_at + timeToReach(crash point). */
    crashAt: timestamp('crash_at', { withTimezone: true, precision: 3 }),
    crashedAt: timestamp('crashed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check('crash_rounds_status', sql`${t.status} in ('open', 'running', 'crashed')`),
    index('crash_rounds_status_idx').on(t.status, t.number),
  ],
);

/**
 * A bet in a crash round: a member's (its stake held by the wagering kernel, `id` = the kernel
 * bet's id) or free play's (`demo`, the player being the demo session's token hash). The auto
 * cash-out and the cash-out multiplier are in hundredths; the payout is written when the round
 * settles.
 */
export const crashBets = pgTable(
  'crash_bets',
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
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    autoCashout: bigint('auto_cashout', { mode: 'bigint' }),
    cashout: bigint('cashout', { mode: 'bigint' }),
    payout: bigint('payout', { mode: 'bigint' }),
    kernelRoundId: text('kernel_round_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('crash_bets_stake', sql`${t.stake} > 0`),
    check('crash_bets_auto', sql`${t.autoCashout} is null or ${t.autoCashout} > 100`),
    uniqueIndex('crash_bets_request_uq').on(t.player, t.requestId),
    uniqueIndex('crash_bets_round_player_uq').on(t.round, t.player),
    index('crash_bets_player_idx').on(t.player, t.round),
  ],
);
