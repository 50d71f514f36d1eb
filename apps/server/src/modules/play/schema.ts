import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A 64-bit transaction id (PostgreSQL's `xid8`), read as text: it orders the stream's cursor. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * A round of a game: private (one player's spin) or shared (a draw many bet on). Its state is the
 * engine's; its seeds let anyone check the outcome after it closes.
 */
export const rounds = pgTable(
  'rounds',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    /** The catalog's game (a slot, a lottery, a vendor's game) and its vendor and type. */
    gameId: text('game_id').notNull(),
    gameCode: text('game_code').notNull(),
    gameType: text('game_type').notNull(),
    vendorCode: text('vendor_code').notNull(),
    /** The engine that ran it, with its version: `taya-slot@1`, `vendor:<code>`. */
    engine: text('engine').notNull(),
    status: text('status').$type<'open' | 'settled' | 'void'>().notNull(),
    /** The engine's state: for an instant game, the whole outcome. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    /** SHA-256 of the server seed, shown before the round is played. */
    seedCommitment: text('seed_commitment'),
    /** The server seed, revealed when the round closes. */
    serverSeed: text('server_seed'),
    clientSeed: text('client_seed'),
    /** When an open round is given up on: the recovery job finishes or voids it after this. */
    recoverAfter: timestamp('recover_after', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('rounds_status', sql`${t.status} in ('open', 'settled', 'void')`),
    index('rounds_open_idx')
      .on(t.recoverAfter)
      .where(sql`${t.status} = 'open'`),
    // Rounds whose server seed is still secret (the originals' pairs): found by the commitment
    // when the pair is rotated and its seed revealed.
    index('rounds_unrevealed_seed_idx')
      .on(t.seedCommitment)
      .where(sql`${t.serverSeed} is null and ${t.seedCommitment} is not null`),
  ],
);

/** A player's bet in a round: a held stake, then its payout or its return. */
export const bets = pgTable(
  'bets',
  {
    id: text('id').primaryKey(),
    roundId: text('round_id')
      .notNull()
      .references(() => rounds.id),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    currency: text('currency').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** What counts toward turnover, VIP and commissions. */
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').$type<'held' | 'settled' | 'void'>().notNull(),
    /** The wallet hold of the stake (its entry's id). */
    holdId: text('hold_id').notNull(),
    /** The entry that settled or voided it. */
    closeEntryId: text('close_entry_id'),
    /** The engine's view of the bet (lines, numbers, choices). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('bets_status', sql`${t.status} in ('held', 'settled', 'void')`),
    index('bets_account_idx').on(t.accountId, t.placedAt),
    index('bets_round_idx').on(t.roundId),
  ],
);

/** An operator's or a job's action on a round (void, resettle, recovery), kept for ever. */
export const roundActions = pgTable(
  'round_actions',
  {
    id: text('id').primaryKey(),
    roundId: text('round_id')
      .notNull()
      .references(() => rounds.id),
    action: text('action').$type<'void' | 'resettle' | 'recover'>().notNull(),
    actor: text('actor').notNull(),
    reason: text('reason').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('round_actions_round_idx').on(t.roundId, t.createdAt)],
);

/**
 * The settled-bet stream: one record per round of one member (a vendor's round, a spin, a lottery
 * bet) with its stake, valid bet and payout. Reports, VIP, points, missions, agents and winners
 * read it through the `betStream` service, never the table.
 *
 * `seq` and `xid` are set by a trigger on every insert, and again when a record's amounts or status
 * change in place (a vendor's win after its bet): the record then moves to the stream's head so a
 * cursor reader sees the change. The cursor orders by (xid, seq) and reads only rows whose
 * transaction is older than every transaction still running (see README).
 */
export const betRecords = pgTable(
  'bet_records',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    gameId: text('game_id').notNull(),
    gameType: text('game_type').notNull(),
    roundId: text('round_id').notNull(),
    currency: text('currency').notNull(),
    stake: bigint('stake', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').$type<'open' | 'settled' | 'cancelled'>().notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Position in the stream; advances when the record changes. */
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    /** The transaction that last wrote the record (`pg_current_xact_id()`). */
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    uniqueIndex('bet_records_round_uq').on(t.vendorCode, t.roundId, t.accountId),
    index('bet_records_account_idx').on(t.accountId, t.placedAt),
    index('bet_records_settled_idx').on(t.merchantCode, t.settledAt),
    index('bet_records_game_idx').on(t.gameId, t.settledAt),
    uniqueIndex('bet_records_seq_uq').on(t.seq),
    index('bet_records_stream_idx').on(t.xid, t.seq),
    check('bet_records_stake_nonnegative', sql`${t.stake} >= 0`),
  ],
);
