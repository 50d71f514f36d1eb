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

/** How members of a merchant may pay in: a bank transfer checked by hand, or a gateway. */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    merchantCode: text('merchant_code').notNull(),
    code: text('code').notNull(),
    kind: text('kind').$type<'bank_transfer' | 'online'>().notNull(),
    name: text('name').notNull(),
    /** The gateway adapter for online channels ("sandbox" offline). */
    gateway: text('gateway'),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    /** Where a bank transfer goes: bank, account name and number, shown to the member. */
    receiving: jsonb('receiving').$type<Record<string, string>>().notNull().default({}),
    /** The member's fee on a deposit: a fixed part (minor units) plus basis points of the amount. */
    feeFixed: bigint('fee_fixed', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    feeBps: integer('fee_bps').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.code] })],
);

export const depositOrders = pgTable(
  'deposit_orders',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    channelCode: text('channel_code').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'pending' | 'credited' | 'rejected'>().notNull(),
    /** The gateway's own id for the payment, once it calls back. */
    gatewayRef: text('gateway_ref'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** An operator id, or "gateway:<name>" for a verified callback. */
    decidedBy: text('decided_by'),
    ledgerEntryId: text('ledger_entry_id'),
    /** Uploaded receipt images (bank transfers). */
    receiptIds: text('receipt_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('deposit_orders_account_idx').on(t.accountId, t.createdAt),
    index('deposit_orders_status_idx').on(t.merchantCode, t.status, t.createdAt),
    uniqueIndex('deposit_orders_gateway_ref_uq')
      .on(t.channelCode, t.gatewayRef)
      .where(sql`${t.gatewayRef} is not null`),
  ],
);

/** Bank or e-wallet accounts a member withdraws to. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    kind: text('kind').$type<'bank' | 'ewallet'>().notNull(),
    provider: text('provider').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_accounts_uq').on(t.accountId, t.kind, t.provider, t.accountNumber)],
);

export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    payoutAccountId: text('payout_account_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
    /** After approval: what the member says arrived (SPEC §4 withdrawal confirmation). */
    confirmation: text('confirmation').$type<
      'awaiting' | 'received' | 'partial' | 'not_received' | 'auto_received'
    >(),
    receivedAmount: bigint('received_amount', { mode: 'bigint' }),
    confirmDeadline: timestamp('confirm_deadline', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    holdEntryId: text('hold_entry_id').notNull(),
    settleEntryId: text('settle_entry_id'),
    /** The entry that closed the payout when the member (or the deadline) confirmed receipt. */
    confirmEntryId: text('confirm_entry_id'),
    /** Images the member sent with "not received" or "partly received". */
    proofIds: text('proof_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** An operator's settlement of a disputed payout. */
    resolution: text('resolution').$type<'paid' | 'returned'>(),
    resolvedBy: text('resolved_by'),
    resolveEntryId: text('resolve_entry_id'),
    /** The bank's or gateway's reference for the money an operator sent. */
    paymentRef: text('payment_ref'),
    /** The operator's reason for a rejection (or note on an approval), shown to the member. */
    decisionNote: text('decision_note'),
  },
  (t) => [
    index('withdrawal_requests_account_idx').on(t.accountId, t.createdAt),
    index('withdrawal_requests_status_idx').on(t.merchantCode, t.status, t.createdAt),
    // The auto-confirmation job reads the approved withdrawals still awaiting the member.
    index('withdrawal_requests_awaiting_idx')
      .on(t.confirmDeadline)
      .where(sql`${t.confirmation} = 'awaiting'`),
  ],
);

/** Per-merchant cashier rules. */
export const cashierSettings = pgTable('cashier_settings', {
  merchantCode: text('merchant_code').primaryKey(),
  withdrawMin: bigint('withdraw_min', { mode: 'bigint' }).notNull(),
  withdrawMax: bigint('withdraw_max', { mode: 'bigint' }).notNull(),
  withdrawDailyCount: integer('withdraw_daily_count').notNull(),
  /** Deposits must be wagered this many times before a withdrawal (in tenths: 10 = 1×). */
  turnoverMultipleTenths: integer('turnover_multiple_tenths').notNull(),
  /** Minutes after approval before an unconfirmed withdrawal counts as received. */
  confirmMinutes: integer('confirm_minutes').notNull(),
  /** A withdrawal above this amount is flagged for a closer look (null: none is). */
  reviewThreshold: bigint('review_threshold', { mode: 'bigint' }),
});

/** Wagering a member owes before withdrawing, one row per deposit or bonus that added to it. */
export const turnoverRequirements = pgTable(
  'turnover_requirements',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    source: text('source').$type<'deposit' | 'bonus' | 'transfer'>().notNull(),
    sourceId: text('source_id').notNull(),
    required: bigint('required', { mode: 'bigint' }).notNull(),
    progressed: bigint('progressed', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * A bonus held in the bonus balance until this wagering is done, then moved into cash; null
     * for a deposit's or a transfer's requirement, which locks nothing.
     */
    releaseAmount: bigint('release_amount', { mode: 'bigint' }),
    /** The ledger entry that moved the bonus into cash, once it has. */
    releaseEntryId: text('release_entry_id'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('turnover_requirements_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('turnover_requirements_source_uq').on(t.source, t.sourceId),
  ],
);

/** Money an agent sent to its upline or to a member of its own team. */
export const agentTransfers = pgTable(
  'agent_transfers',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    fromAccountId: text('from_account_id').notNull(),
    toAccountId: text('to_account_id').notNull(),
    direction: text('direction').$type<'upline' | 'downline'>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The sender's id for the request: a retry with it moves nothing more. */
    requestId: text('request_id').notNull(),
    entryId: text('entry_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_transfers_request_uq').on(t.fromAccountId, t.requestId),
    index('agent_transfers_from_idx').on(t.fromAccountId, t.createdAt),
    index('agent_transfers_to_idx').on(t.toAccountId, t.createdAt),
  ],
);
