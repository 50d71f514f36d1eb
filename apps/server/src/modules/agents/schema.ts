import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
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
 * The downline tree as a closure table: one row for every account and each of its ancestors
 * (and itself, at depth 0). A team is `ancestor_id = agent`, one index range, at any depth. Kept
 * by a trigger on `accounts` (migration 0012), so every way an account is created or moved keeps
 * it right.
 */
export const agentTree = pgTable(
  'agent_tree',
  {
    ancestorId: text('ancestor_id').notNull(),
    descendantId: text('descendant_id').notNull(),
    depth: integer('depth').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    index('agent_tree_descendant_idx').on(t.descendantId, t.depth),
  ],
);

export type ContractKind = 'dividend' | 'daily' | 'hourly' | 'realtime';
export type DividendPeriod = 'D' | 'W' | 'H' | 'M';
export type ContractStatus = 'pending' | 'active' | 'rejected' | 'terminated' | 'superseded';

/** One tier of a contract: the rate applies when the team reaches both minimums in the window. */
export interface ContractTier {
  /** Basis points (1/100 of a percent) of the team's valid bet, or of its net loss (dividend). */
  rate: number;
  minActiveMembers: number;
  /** Minor units of team valid bet in the window. */
  minPeriodBet: string;
}

/**
 * A contract between an agent (upline) and a direct subordinate agent (downline); `upline_id`
 * null is a top agent's contract with the operator. At most one active and one pending contract
 * per downline, kind and product.
 */
export const agentContracts = pgTable(
  'agent_contracts',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    kind: text('kind').$type<ContractKind>().notNull(),
    /** The games it covers: CONS (consolidated, every game) for now. */
    productType: text('product_type').notNull().default('CONS'),
    /** Dividends only: D daily, W weekly, H semi-monthly, M monthly. */
    period: text('period').$type<DividendPeriod>(),
    uplineId: text('upline_id'),
    downlineId: text('downline_id').notNull(),
    tiers: jsonb('tiers').$type<ContractTier[]>().notNull(),
    /** The highest tier's rate (basis points): what the "never above the upline" rule compares. */
    maxRate: integer('max_rate').notNull(),
    status: text('status').$type<ContractStatus>().notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** When it took effect; it pays for the windows it covers entirely. */
    activeFrom: timestamp('active_from', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: text('ended_by'),
    endReason: text('end_reason'),
  },
  (t) => [
    uniqueIndex('agent_contracts_active_uq')
      .on(t.downlineId, t.kind, t.productType)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('agent_contracts_pending_uq')
      .on(t.downlineId, t.kind, t.productType)
      .where(sql`${t.status} = 'pending'`),
    index('agent_contracts_upline_idx').on(t.uplineId, t.kind, t.status),
    index('agent_contracts_merchant_idx').on(t.merchantCode, t.kind, t.status),
  ],
);

/**
 * One contract's pay for one window, with every input it was computed from. The unique key on
 * (contract, window) is what makes a settlement happen once, however many times or on however
 * many nodes the job runs.
 */
export const agentSettlements = pgTable(
  'agent_settlements',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    contractId: text('contract_id').notNull(),
    agentId: text('agent_id').notNull(),
    kind: text('kind').$type<ContractKind>().notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    teamValidBet: bigint('team_valid_bet', { mode: 'bigint' }).notNull(),
    teamNetLoss: bigint('team_net_loss', { mode: 'bigint' }).notNull(),
    activeMembers: integer('active_members').notNull(),
    /** The tier reached (index into the contract's tiers), or null when none was. */
    tier: integer('tier'),
    rate: integer('rate').notNull(),
    /** rate × base (valid bet, or net loss for dividends), before the subordinates' share. */
    gross: bigint('gross', { mode: 'bigint' }).notNull(),
    subordinatesGross: bigint('subordinates_gross', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    entryId: text('entry_id'),
    /** The direct subordinates' contracts deducted: [{contractId, agentId, gross}]. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_settlements_window_uq').on(t.contractId, t.windowStart),
    index('agent_settlements_agent_idx').on(t.agentId, t.kind, t.windowStart),
  ],
);

/** The windows settled per merchant and schedule: where the job goes on from. */
export const agentSettlementRuns = pgTable(
  'agent_settlement_runs',
  {
    merchantCode: text('merchant_code').notNull(),
    /** realtime, hourly, daily, dividend:D, dividend:W, dividend:H or dividend:M. */
    schedule: text('schedule').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    contracts: integer('contracts').notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.schedule, t.windowStart] })],
);

/** A member's settled bets per day in its merchant's time zone (the team reports' raw rows). */
export const memberDailyStats = pgTable(
  'member_daily_stats',
  {
    accountId: text('account_id').notNull(),
    day: date('day').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    netLoss: bigint('net_loss', { mode: 'bigint' }).notNull(),
    bets: integer('bets').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/**
 * Each agent's whole team per day (members below it at any depth): what the team overview reads,
 * a handful of rows whatever the team's size. Rolled up window by window by the
 * `agents.rollup-teams` job.
 */
export const teamDailyStats = pgTable(
  'team_daily_stats',
  {
    agentId: text('agent_id').notNull(),
    day: date('day').notNull(),
    merchantCode: text('merchant_code').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    netLoss: bigint('net_loss', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bets: integer('bets').notNull().default(0),
    activeMembers: integer('active_members').notNull().default(0),
    newMembers: integer('new_members').notNull().default(0),
    deposits: bigint('deposits', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    withdrawals: bigint('withdrawals', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day] })],
);

/** The five-minute windows rolled into the daily stats, once each. */
export const teamRollupRuns = pgTable(
  'team_rollup_runs',
  {
    merchantCode: text('merchant_code').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.windowStart] })],
);

/**
 * Agents whose settlement an operator paused: while a row is here, the settlement job records
 * and pays nothing for the agent's own contracts (its upline's pay is computed as before).
 */
export const agentSettlementPauses = pgTable('agent_settlement_pauses', {
  agentId: text('agent_id').primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  pausedBy: text('paused_by').notNull(),
  reason: text('reason').notNull(),
  pausedAt: timestamp('paused_at', { withTimezone: true }).notNull().defaultNow(),
});
