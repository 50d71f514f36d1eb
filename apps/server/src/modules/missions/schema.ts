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
import type { MissionPeriod, MissionTask } from '@taya/contracts';

/** A merchant's daily or weekly mission: a task with a target, and the reward for reaching it. */
export const missions = pgTable(
  'missions',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    period: text('period').$type<MissionPeriod>().notNull(),
    task: text('task').$type<MissionTask>().notNull(),
    /** Game types a bet task counts; empty for every game type. */
    gameTypes: text('game_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Minor units for amount tasks, a number of bets or deposits for count tasks. */
    target: bigint('target', { mode: 'bigint' }).notNull(),
    /** Paid into the bonus balance, in minor units. */
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    turnoverMultipleTenths: integer('turnover_multiple_tenths').notNull(),
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    description: jsonb('description').$type<Record<string, string>>().notNull(),
    /** Total the mission may pay, in minor units; null for no limit. */
    budget: bigint('budget', { mode: 'bigint' }),
    /** What it has paid so far; never above the budget. */
    spent: bigint('spent', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('missions_merchant_idx').on(t.merchantCode, t.enabled, t.sort),
    check('missions_spent_within_budget', sql`${t.budget} is null or ${t.spent} <= ${t.budget}`),
    check('missions_target_positive', sql`${t.target} > 0`),
    check('missions_reward_positive', sql`${t.reward} > 0`),
  ],
);

/** A mission's reward paid to a member: at most one per mission, member and period. */
export const missionClaims = pgTable(
  'mission_claims',
  {
    id: text('id').primaryKey(),
    missionId: text('mission_id')
      .notNull()
      .references(() => missions.id),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    /** The period's first local day, yyyy-MM-dd (a Monday for weekly missions). */
    periodKey: text('period_key').notNull(),
    /** The caller's id for the claim. */
    requestId: text('request_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    turnover: bigint('turnover', { mode: 'bigint' }).notNull(),
    entryId: text('entry_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mission_claims_period_uq').on(t.missionId, t.accountId, t.periodKey),
    uniqueIndex('mission_claims_request_uq').on(t.missionId, t.accountId, t.requestId),
    index('mission_claims_account_idx').on(t.accountId, t.periodKey),
  ],
);
