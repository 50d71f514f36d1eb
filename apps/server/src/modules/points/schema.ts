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
 * A merchant's points settings: how many points buy how much cash on conversion, and the least
 * number of points one conversion takes. Points never expire.
 */
export const pointsConfigs = pgTable(
  'points_configs',
  {
    merchantCode: text('merchant_code').primaryKey(),
    /** `exchangePoints` points convert into `exchangeCash` minor units of cash. */
    exchangePoints: integer('exchange_points').notNull(),
    exchangeCash: bigint('exchange_cash', { mode: 'bigint' }).notNull(),
    minConvert: integer('min_convert').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('points_configs_positive', sql`${t.exchangePoints} > 0 and ${t.exchangeCash} > 0`),
    check('points_configs_min_convert', sql`${t.minConvert} > 0`),
  ],
);

/**
 * Earning ratio per merchant and game type: `points` points for every `validBetUnit` minor units
 * of valid bet, rounded down per bet record.
 */
export const pointsRatios = pgTable(
  'points_ratios',
  {
    merchantCode: text('merchant_code').notNull(),
    gameType: text('game_type').notNull(),
    points: integer('points').notNull(),
    validBetUnit: bigint('valid_bet_unit', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.gameType] }),
    check('points_ratios_positive', sql`${t.points} >= 0 and ${t.validBetUnit} > 0`),
  ],
);

/** A member's points balance; it always equals the sum of the member's points ledger rows. */
export const pointsBalances = pgTable(
  'points_balances',
  {
    accountId: text('account_id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('points_balances_non_negative', sql`${t.balance} >= 0`)],
);

/**
 * Every change of a points balance, never edited: earned from a bet record, spent on a reward,
 * given back when a redemption is rejected, or converted into cash.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    kind: text('kind').$type<'earn' | 'redeem' | 'refund' | 'convert'>().notNull(),
    /** Signed points: positive adds to the balance, negative takes from it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    /** One change per key: `earn:<bet record id>`, `redeem:<redemption id>`, … */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Who caused it: the member, an operator, or the earning job. */
    actor: text('actor').notNull(),
    /** The bet record, redemption or wallet entry it belongs to. */
    reference: text('reference'),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_ledger_idempotency_uq').on(t.accountId, t.idempotencyKey),
    index('points_ledger_account_idx').on(t.accountId, t.createdAt, t.id),
  ],
);

/** A reward of the points mall: cash (paid into the main wallet) or an item sent to the member. */
export const pointsRewards = pgTable(
  'points_rewards',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    image: text('image'),
    kind: text('kind').$type<'cash' | 'item'>().notNull(),
    requiredPoints: bigint('required_points', { mode: 'bigint' }).notNull(),
    /** Minor units paid per unit redeemed, for a cash reward. */
    cashAmount: bigint('cash_amount', { mode: 'bigint' }),
    stock: integer('stock').notNull(),
    status: text('status').$type<'active' | 'inactive'>().notNull().default('active'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_rewards_merchant_idx').on(t.merchantCode, t.sort),
    check('points_rewards_stock_non_negative', sql`${t.stock} >= 0`),
    check('points_rewards_required_positive', sql`${t.requiredPoints} > 0`),
    check(
      'points_rewards_cash_amount',
      sql`(${t.kind} = 'cash') = (${t.cashAmount} is not null and ${t.cashAmount} > 0)`,
    ),
  ],
);

/** A member's redemption of a reward: In Process until an operator approves or rejects it. */
export const pointsRedemptions = pgTable(
  'points_redemptions',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    rewardId: text('reward_id').notNull(),
    quantity: integer('quantity').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    /** Minor units due on approval (cash rewards), null for items. */
    cashAmount: bigint('cash_amount', { mode: 'bigint' }),
    redeemType: text('redeem_type').notNull(),
    province: text('province'),
    remarks: text('remarks'),
    status: text('status').$type<'in_process' | 'rejected' | 'approved'>().notNull(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The operator's reason for the decision, shown to the member (why a redemption was rejected). */
    decisionNote: text('decision_note'),
    /** The wallet ledger entry that paid a cash reward. */
    entryId: text('entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_redemptions_account_idx').on(t.accountId, t.createdAt),
    index('points_redemptions_status_idx').on(t.merchantCode, t.status, t.createdAt),
  ],
);

/**
 * How far the earning job has read each merchant's settled bet records, by (settled time, id).
 * It reads only records settled a while ago, so a settlement committing late is not skipped.
 */
export const pointsEarnCursors = pgTable('points_earn_cursors', {
  merchantCode: text('merchant_code').primaryKey(),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  betRecordId: text('bet_record_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each member has earned toward the next point of a game type (see `earnOnTotal`): points are
 * earned on the running valid-bet total, so a bet too small for a point on its own still counts.
 * Written only by the earning job, in the batch transaction that holds the merchant's cursor.
 */
export const pointsEarnCarry = pgTable(
  'points_earn_carry',
  {
    accountId: text('account_id').notNull(),
    gameType: text('game_type').notNull(),
    /** Owed `owed / unit` of a point. */
    owed: bigint('owed', { mode: 'bigint' }).notNull(),
    unit: bigint('unit', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.gameType] }),
    check(
      'points_earn_carry_range',
      sql`${t.owed} >= 0 and ${t.unit} > 0 and ${t.owed} < ${t.unit}`,
    ),
  ],
);
