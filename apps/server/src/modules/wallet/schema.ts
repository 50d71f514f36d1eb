import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  primaryKey,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A ledger account: one balance in one currency. Members own cash, bonus and per-vendor
 * accounts; the house owns the system accounts (clearing, expenses, payables, holds).
 * `balance` always equals the sum of the account's postings.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    /** The identity account that owns it; null for system accounts. */
    ownerId: text('owner_id'),
    /** member_cash, member_bonus, member_vendor, house, payment_clearing, … */
    kind: text('kind').notNull(),
    /** Tells accounts of one kind apart: a vendor code, a payment channel; '' when none. */
    subKind: text('sub_kind').notNull().default(''),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** System accounts that stand for money outside (clearing, the house) may go below zero. */
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_identity_uq').on(
      t.merchantCode,
      t.currency,
      t.kind,
      t.subKind,
      sql`coalesce(${t.ownerId}, '')`,
    ),
    index('ledger_accounts_owner_idx').on(t.ownerId),
    check('ledger_accounts_non_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

/**
 * A journal entry: one business event (a deposit, a bet, a win, a hold, …) whose postings sum to
 * zero per currency. Never edited or deleted; a mistake is reversed by an entry pointing at it.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    /** The caller's key; the same key again returns the first result and moves nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request, to tell a true retry from a different request reusing a key. */
    requestHash: text('request_hash').notNull(),
    type: text('type').notNull(),
    /** Who caused it: an account id, an operator id, a job or a vendor. */
    actor: text('actor').notNull(),
    /** The business object it belongs to (a deposit order, a bet, a round). */
    reference: text('reference'),
    reversesEntryId: text('reverses_entry_id'),
    memo: text('memo'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_uq').on(t.merchantCode, t.idempotencyKey),
    index('ledger_entries_reference_idx').on(t.reference),
  ],
);

/** One leg of an entry: a signed amount on one account, with the balance it left. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: text('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').notNull(),
    /** Minor units; positive adds to the account's balance, negative takes from it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    /** Copied from the entry so an account statement filters by type and time on one index. */
    type: text('type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_postings_account_idx').on(t.accountId, t.createdAt, t.id),
    // The account record filtered by type pages off this one, however rare the type.
    index('ledger_postings_account_type_idx').on(t.accountId, t.type, t.createdAt, t.id),
    index('ledger_postings_entry_idx').on(t.entryId),
    // Deposits and paid withdrawals by time, for the agents' team reports.
    index('ledger_postings_cash_moves_idx')
      .on(t.createdAt)
      .where(sql`${t.type} in ('deposit', 'withdrawal')`),
  ],
);

/**
 * Transfer-type game vendors' wallets a merchant offers: the member moves money from the main
 * wallet into the vendor's wallet before playing there. Each has the account type id the
 * original platform uses for it (the main wallet is 2, points 9).
 */
export const vendorWallets = pgTable(
  'vendor_wallets',
  {
    merchantCode: text('merchant_code').notNull(),
    accountTypeId: integer('account_type_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    maintenance: boolean('maintenance').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.accountTypeId] }),
    uniqueIndex('vendor_wallets_vendor_uq').on(t.merchantCode, t.vendorCode),
  ],
);

/**
 * One transfer between the main wallet and a vendor wallet. The money first moves into the
 * member's transit account; the vendor's answer then completes it (transit → target) or
 * reverses it (transit → source). A transfer whose answer never came stays pending until the
 * reconciliation job asks the vendor.
 */
export const vendorTransfers = pgTable(
  'vendor_transfers',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    vendorCode: text('vendor_code').notNull(),
    accountTypeId: integer('account_type_id').notNull(),
    /** in: main → vendor; out: vendor → main. */
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    requestId: text('request_id').notNull(),
    status: text('status').$type<'pending' | 'completed' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vendor_transfers_request_uq').on(t.accountId, t.requestId),
    index('vendor_transfers_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A stake reserved from a player's cash until its outcome is known (a two-phase transfer: the
 * hold entry moves it to a `bets_in_play` account; exactly one later entry settles it, paying
 * whatever the outcome pays, or voids it, returning it). Entries are never edited; a hold's
 * status only moves from `held` to `settled` or `void`, once.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    /** The hold entry's id. */
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    currency: text('currency').notNull(),
    /** The player whose stake it is. */
    ownerId: text('owner_id').notNull(),
    /** The cash account the stake came from (and returns to on void). */
    accountId: text('account_id').notNull(),
    /** The `bets_in_play` account holding it. */
    inPlayAccountId: text('in_play_account_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').$type<'held' | 'settled' | 'void'>().notNull(),
    /** What it is for, e.g. `play:<round id>`. */
    reason: text('reason').notNull(),
    /** The entry that settled or voided it. */
    closeEntryId: text('close_entry_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('ledger_holds_amount_positive', sql`${t.amount} > 0`),
    check('ledger_holds_status', sql`${t.status} in ('held', 'settled', 'void')`),
    index('ledger_holds_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'held'`),
    index('ledger_holds_owner_idx').on(t.ownerId, t.createdAt),
  ],
);
