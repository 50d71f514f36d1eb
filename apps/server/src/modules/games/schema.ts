import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A game vendor (vassalage) a merchant offers, with how its games reach the wallet. */
export const gameVendors = pgTable(
  'game_vendors',
  {
    merchantCode: text('merchant_code').notNull(),
    /** The vassalage code, e.g. TAYA. */
    code: text('code').notNull(),
    /** Its main game type (RNG, LIVE, FISH, …); its games carry their own. */
    gameType: text('game_type').notNull(),
    displayName: text('display_name').notNull(),
    largeIcon: text('large_icon'),
    /** seamless: the vendor debits and credits our wallet; transfer: a wallet of its own. */
    walletMode: text('wallet_mode').$type<'seamless' | 'transfer'>().notNull(),
    maintenance: boolean('maintenance').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.code] })],
);

/** One game of a vendor, as a merchant lists it. */
export const games = pgTable(
  'games',
  {
    /** The node id clients address a game by. */
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code').notNull(),
    gameType: text('game_type').notNull(),
    /** The game's name in English; `names` holds it per interface language. */
    name: text('name').notNull(),
    names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
    icon: text('icon'),
    /** A vendor lobby card rather than one game ("VASSALAGE"). */
    isGame: boolean('is_game').notNull().default(true),
    isNew: boolean('is_new').notNull().default(false),
    maintenance: boolean('maintenance').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** Shown among the hot games whatever the rankings say (operator's pick). */
    hot: boolean('hot').notNull().default(false),
    /** The operator's lobby category, when it differs from the game type. */
    category: text('category'),
    /** An uploaded artwork (modules/uploads id) replacing the vendor's icon. */
    artworkUploadId: text('artwork_upload_id'),
    /** Whether free (demo) play may be launched, where the vendor offers it. */
    demoAllowed: boolean('demo_allowed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_vendor_code_uq').on(t.merchantCode, t.vendorCode, t.gameCode),
    index('games_type_idx').on(t.merchantCode, t.gameType, t.sort),
  ],
);

export const favouriteGames = pgTable(
  'favourite_games',
  {
    accountId: text('account_id').notNull(),
    gameId: text('game_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.gameId] }),
    index('favourite_games_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** A one-time, short-lived token in a launch URL, bound to member, game and currency. */
export const launchTokens = pgTable('launch_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: text('account_id').notNull(),
  merchantCode: text('merchant_code').notNull(),
  gameId: text('game_id').notNull(),
  currency: text('currency').notNull(),
  mode: text('mode').$type<'real' | 'demo'>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The player session a vendor gets for a launch token; it names the player in wallet calls. */
export const vendorSessions = pgTable(
  'vendor_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    vendorCode: text('vendor_code').notNull(),
    accountId: text('account_id').notNull(),
    merchantCode: text('merchant_code').notNull(),
    gameId: text('game_id').notNull(),
    currency: text('currency').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vendor_sessions_account_idx').on(t.accountId)],
);

/**
 * Every wallet call a vendor made, by its transaction id: a retry is answered from here and
 * moves nothing. A rollback for a bet not seen yet is kept too, so the late bet is refused.
 */
export const vendorTransactions = pgTable(
  'vendor_transactions',
  {
    vendorCode: text('vendor_code').notNull(),
    txId: text('tx_id').notNull(),
    kind: text('kind').$type<'bet' | 'win' | 'rollback'>().notNull(),
    accountId: text('account_id').notNull(),
    roundId: text('round_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** For a rollback: the bet it refunds. */
    refTxId: text('ref_tx_id'),
    requestHash: text('request_hash').notNull(),
    /** The balance the first answer gave, to answer a retry the same way. */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    entryId: text('entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorCode, t.txId] }),
    index('vendor_transactions_round_idx').on(t.vendorCode, t.roundId),
    index('vendor_transactions_ref_idx')
      .on(t.vendorCode, t.refTxId)
      .where(sql`${t.refTxId} is not null`),
    // A bet is refunded at most once: one rollback with money (an entry) per bet, whatever the
    // rollback's own id. Later rollbacks of the bet are kept without an entry.
    uniqueIndex('vendor_transactions_void_uq')
      .on(t.vendorCode, t.refTxId)
      .where(sql`${t.kind} = 'rollback' and ${t.entryId} is not null`),
  ],
);

/**
 * Bet records are the wagering kernel's settled-bet stream (modules/play). Re-exported only for
 * the vendors' seamless wallet, which reads and updates them until it becomes the kernel's
 * adapter; every other reader goes through play's `betStream` service.
 */
export { betRecords } from '../play/schema';

/** The in-house vendor's own record of each slot round: what it drew and what it paid. */
export const tayaSlotRounds = pgTable(
  'taya_slot_rounds',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    gameCode: text('game_code').notNull(),
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    stops: jsonb('stops').$type<number[]>().notNull(),
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'debited' | 'settled' | 'refunded'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('taya_slot_rounds_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * Free play of the in-house games (trial players, or anyone choosing demo): play money kept by
 * the vendor alone; nothing reaches the wallet or the bet records.
 */
export const tayaDemoSessions = pgTable('taya_demo_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  gameCode: text('game_code').notNull(),
  balance: bigint('balance', { mode: 'bigint' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The rankings rollup (`rankings.ts`): settled rounds per merchant, game and hour, recomputed
 * from the settled-bet stream for each hour the stream's cursor shows a change in. Hot games
 * read it instead of scanning a week of bet records.
 */
export const gamePlayHourly = pgTable(
  'game_play_hourly',
  {
    merchantCode: text('merchant_code').notNull(),
    /** The start of the UTC hour the rounds were settled in. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    gameId: text('game_id').notNull(),
    /** Records settled in the hour, whatever their status (as hot games have always counted). */
    rounds: integer('rounds').notNull(),
    /** Sums over the records settled as `settled` (cancelled ones left out). */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.hour, t.gameId] })],
);

/**
 * The biggest net wins of each merchant's quarter hours (at most `topWinsPerQuarter` a quarter,
 * the most any board asks for): the winner boards of a local day, week or month, whose bounds
 * always fall on a quarter hour, read the exact top of their period from these.
 */
export const gameTopWins = pgTable(
  'game_top_wins',
  {
    merchantCode: text('merchant_code').notNull(),
    /** The start of the UTC quarter hour the round was settled in. */
    quarter: timestamp('quarter', { withTimezone: true }).notNull(),
    betRecordId: text('bet_record_id').notNull(),
    accountId: text('account_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    gameId: text('game_id').notNull(),
    gameType: text('game_type').notNull(),
    currency: text('currency').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    /** payout − stake, above zero. */
    win: bigint('win', { mode: 'bigint' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.quarter, t.betRecordId] }),
    index('game_top_wins_rank_idx').on(t.merchantCode, t.win.desc(), t.settledAt),
  ],
);

/** How far the rankings rollup has read the settled-bet stream (one row per rollup). */
export const gameRollupCursors = pgTable('game_rollup_cursors', {
  name: text('name').primaryKey(),
  /** The stream's opaque cursor (`''` is its start). */
  cursor: text('cursor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Gaming switched off by an operator: for a whole merchant (`account_id` empty) or one player.
 * While a row is here, launch and the kernel's bets refuse (`gaming_disabled`).
 */
export const gamingBlocks = pgTable(
  'gaming_blocks',
  {
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull().default(''),
    blockedBy: text('blocked_by').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.accountId] })],
);
