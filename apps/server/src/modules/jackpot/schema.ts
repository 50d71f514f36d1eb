import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A progressive jackpot pool of a merchant. Its value is money in the ledger: the balances of its
 * shard accounts (kind `jackpot_pool`), fed by a share of every qualifying bet and paid whole to
 * the bet that hits it, then restarted at its seed from the house.
 */
export const jackpotPools = pgTable(
  'jackpot_pools',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    /** The pool's name per interface language (`en` at least). */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    /** Vendors whose bets feed the pool and may hit it. */
    vendorCodes: text('vendor_codes').array().notNull(),
    /** Share of each qualifying stake moved into the pool, in basis points (100 = 1 %). */
    contributionBps: integer('contribution_bps').notNull(),
    /** What the pool restarts at after a hit, paid by the house (minor units). */
    seed: bigint('seed', { mode: 'bigint' }).notNull(),
    /** A bet hits with probability stake ÷ hitOdds (stake and odds in minor units). */
    hitOdds: bigint('hit_odds', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'active' | 'closed'>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jackpot_pools_merchant_idx').on(t.merchantCode)],
);

/** A bet that hit a pool: drawn in the bet's transaction, paid in one of its own right after. */
export const jackpotHits = pgTable(
  'jackpot_hits',
  {
    id: text('id').primaryKey(),
    poolId: text('pool_id').notNull(),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    roundId: text('round_id').notNull(),
    /** The vendor's transaction id of the bet that hit. */
    betTxId: text('bet_tx_id').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** The pool's value when it was paid (minor units); null until then. */
    amount: bigint('amount', { mode: 'bigint' }),
    status: text('status').$type<'pending' | 'paid'>().notNull().default('pending'),
    entryId: text('entry_id'),
    hitAt: timestamp('hit_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jackpot_hits_bet_uq').on(t.poolId, t.vendorCode, t.betTxId),
    index('jackpot_hits_round_idx').on(t.vendorCode, t.roundId, t.accountId),
    index('jackpot_hits_pool_idx').on(t.poolId, t.paidAt),
    index('jackpot_hits_pending_idx').on(t.status, t.hitAt),
  ],
);
