import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LotteryResult } from '@taya/games';

export type LotteryIssueStatus = 'open' | 'closed' | 'drawn' | 'settled' | 'cancelled';
export type LotteryResultSource = 'house' | 'feed' | 'operator' | 'house_demo';
export type LotteryBetStatus = 'pending' | 'won' | 'lost' | 'push' | 'refunded' | 'cancelled';

/**
 * One issue (numero) of a lottery game. Issues are global per game, not per merchant: the draw
 * is the house's (or the official draw's), so every merchant's players bet on the same issue and
 * see the same result. The seed is secret until betting closes; its commitment is published from
 * the moment the issue is created.
 */
export const lotteryIssues = pgTable(
  'lottery_issues',
  {
    id: text('id').primaryKey(),
    gameCode: text('game_code').notNull(),
    /** The numero, e.g. 20261124-0001 or 20261124. */
    issueId: text('issue_id').notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    status: text('status').$type<LotteryIssueStatus>().notNull().default('open'),
    /** SHA-256 of the seed's bytes, lowercase hex. */
    commitment: text('commitment').notNull(),
    /** 64 hex digits; shown only once the issue has closed. */
    seed: text('seed').notNull(),
    result: jsonb('result').$type<LotteryResult>(),
    resultSource: text('result_source').$type<LotteryResultSource>(),
    betCount: integer('bet_count').notNull().default(0),
    settledCount: integer('settled_count').notNull().default(0),
    /** What settlement paid back (wins, pushes, refunds), minor units of each bet's currency. */
    paidTotal: bigint('paid_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by'),
    /** Every change stamps this, so each node's live feed finds what changed. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lottery_issues_game_issue_uq').on(t.gameCode, t.issueId),
    index('lottery_issues_game_draw_idx').on(t.gameCode, t.drawAt),
    index('lottery_issues_status_idx').on(t.status, t.closesAt),
    index('lottery_issues_updated_idx').on(t.updatedAt),
  ],
);

/**
 * A result an operator entered for an issue of a feed game (Vietnamese, 4D, Thai). It counts only
 * once a second, different operator confirms it.
 */
export const lotteryResultEntries = pgTable(
  'lottery_result_entries',
  {
    id: text('id').primaryKey(),
    issueRowId: text('issue_row_id').notNull(),
    result: jsonb('result').$type<LotteryResult>().notNull(),
    status: text('status').$type<'pending' | 'confirmed' | 'superseded'>().notNull(),
    enteredBy: text('entered_by').notNull(),
    confirmedBy: text('confirmed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('lottery_result_entries_issue_idx').on(t.issueRowId, t.createdAt)],
);

/** A chase: the same bets over consecutive issues, all placed and paid for up front. */
export const lotteryChases = pgTable(
  'lottery_chases',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    merchantCode: text('merchant_code').notNull(),
    gameCode: text('game_code').notNull(),
    /** The bet as placed on the first issue (type, selection, positions, unitStake, units). */
    bet: jsonb('bet').$type<Record<string, unknown>>().notNull(),
    issueIds: jsonb('issue_ids').$type<string[]>().notNull(),
    multipliers: jsonb('multipliers').$type<number[]>().notNull(),
    stopOnWin: boolean('stop_on_win').notNull(),
    status: text('status').$type<'active' | 'completed' | 'stopped' | 'cancelled'>().notNull(),
    totalCost: bigint('total_cost', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('lottery_chases_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * One lottery bet of a member on one issue. Its money moves through the wagering kernel only: its
 * kernel bet (`bets`) has the same id, `debit_entry_id` is its hold and `payout_entry_id` the entry
 * that settled or returned it.
 */
export const lotteryBets = pgTable(
  'lottery_bets',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    gameCode: text('game_code').notNull(),
    issueRowId: text('issue_row_id').notNull(),
    issueId: text('issue_id').notNull(),
    betType: text('bet_type').notNull(),
    selection: jsonb('selection').$type<string[]>().notNull(),
    positions: jsonb('positions').$type<number[] | null>(),
    unitStake: bigint('unit_stake', { mode: 'bigint' }).notNull(),
    units: integer('units').notNull(),
    cost: bigint('cost', { mode: 'bigint' }).notNull(),
    status: text('status').$type<LotteryBetStatus>().notNull().default('pending'),
    /** What settlement or a cancel returned (stake included); null while pending. */
    payout: bigint('payout', { mode: 'bigint' }),
    /** The prizes hit, as the rules counted them. */
    hits: jsonb('hits').$type<{ prize: string; count: number }[]>(),
    /** The placing request (the member's idempotency key) and the bet's place in it. */
    requestId: text('request_id').notNull(),
    seq: integer('seq').notNull(),
    debitEntryId: text('debit_entry_id').notNull(),
    payoutEntryId: text('payout_entry_id'),
    chaseId: text('chase_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lottery_bets_request_uq').on(t.accountId, t.requestId, t.seq),
    index('lottery_bets_pending_idx')
      .on(t.issueRowId, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('lottery_bets_issue_account_idx').on(t.issueRowId, t.accountId),
    index('lottery_bets_account_idx').on(t.accountId, t.createdAt),
    index('lottery_bets_chase_idx')
      .on(t.chaseId)
      .where(sql`${t.chaseId} is not null`),
  ],
);
