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

/** Text per interface language (`en` at least). */
export type VipLocalised = Record<string, string>;

/**
 * A merchant's VIP ladder: rank 0 is where every member starts; a member reaches a rank once both
 * their cumulative valid bet and their cumulative credited deposits (minor units of the
 * merchant's currency) are at least its thresholds.
 */
export const vipLevels = pgTable(
  'vip_levels',
  {
    merchantCode: text('merchant_code').notNull(),
    rankLevel: integer('rank_level').notNull(),
    label: jsonb('label').$type<VipLocalised>().notNull(),
    validBetThreshold: bigint('valid_bet_threshold', { mode: 'bigint' }).notNull(),
    depositThreshold: bigint('deposit_threshold', { mode: 'bigint' }).notNull(),
    /** Rebate on valid bet, in basis points, for game types without their own rate. */
    rebateRateBps: integer('rebate_rate_bps').notNull().default(0),
    /** Rebate per game type (SLOT, LIVE, …), in basis points. */
    rebateRatesBps: jsonb('rebate_rates_bps')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Withdrawals a day; null for no VIP limit. */
    dailyWithdrawCount: integer('daily_withdraw_count'),
    /** Withdrawn per day in minor units; null for no VIP limit. */
    dailyWithdrawAmount: bigint('daily_withdraw_amount', { mode: 'bigint' }),
    /** Paid once per member on reaching this rank (by the promotions engine). */
    upgradeBonus: bigint('upgrade_bonus', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.rankLevel] }),
    check('vip_levels_rank_ck', sql`${t.rankLevel} >= 0`),
    check(
      'vip_levels_amounts_ck',
      sql`${t.validBetThreshold} >= 0 and ${t.depositThreshold} >= 0 and ${t.upgradeBonus} >= 0 and ${t.rebateRateBps} between 0 and 10000`,
    ),
  ],
);

/** A member's cumulative valid bet and credited deposits, and the rank they have reached. */
export const vipProgress = pgTable('vip_progress', {
  accountId: text('account_id').primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  validBet: bigint('valid_bet', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  deposits: bigint('deposits', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  rankLevel: integer('rank_level').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each settled bet record and credited deposit folded into progress, so that a re-run or a second
 * node never counts one twice.
 */
export const vipCounted = pgTable(
  'vip_counted',
  {
    source: text('source').$type<'bet' | 'deposit'>().notNull(),
    recordId: text('record_id').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.recordId] })],
);

/** How far each source has been read per merchant: the newest settle or credit time counted. */
export const vipCursors = pgTable(
  'vip_cursors',
  {
    source: text('source').$type<'bet' | 'deposit'>().notNull(),
    merchantCode: text('merchant_code').notNull(),
    readTo: timestamp('read_to', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.merchantCode] })],
);

/** One row per rank a member passed, so the upgrade bonus is paid once per (member, rank). */
export const vipUpgrades = pgTable(
  'vip_upgrades',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    fromLevel: integer('from_level').notNull(),
    toLevel: integer('to_level').notNull(),
    upgradedAt: timestamp('upgraded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vip_upgrades_member_level_uq').on(t.accountId, t.toLevel),
    index('vip_upgrades_merchant_idx').on(t.merchantCode, t.upgradedAt),
  ],
);
