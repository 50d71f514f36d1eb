import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import type { PromotionKind } from '@taya/contracts';

/** Who may take part, beyond the merchant (region) the promotion belongs to. */
export interface PromotionAudience {
  /** VIP levels that may take part; null for any. */
  vipLevels: number[] | null;
  /** Only members who registered on or after the promotion's start. */
  newMembersOnly: boolean;
}

/** Kind-specific rules as stored: amounts in minor units, as decimal strings. */
export type StoredRules =
  | {
      kind: 'deposit_first' | 'deposit_reload';
      percentBps: number;
      capMinor: string;
      minDepositMinor: string;
      turnoverMultipleTenths: number;
    }
  | {
      kind: 'rebate';
      ratesBps: Record<string, number>;
      minPayoutMinor: string;
      wallet: 'bonus' | 'main';
      turnoverMultipleTenths: number;
    }
  | {
      kind: 'red_envelope';
      minAmountMinor: string;
      maxAmountMinor: string;
      /** Daily windows, HH:mm in the merchant's time zone, in order and not overlapping. */
      windows: { start: string; end: string }[];
      turnoverMultipleTenths: number;
    }
  | {
      kind: 'new_member';
      amountMinor: string;
      withinDays: number;
      turnoverMultipleTenths: number;
    }
  | {
      kind: 'birthday';
      amountMinor: string;
      /** By VIP rank level ("0", "1", …). */
      amountsByVipLevelMinor: Record<string, string>;
      turnoverMultipleTenths: number;
    }
  | {
      kind: 'vip_upgrade';
      /** By the rank reached ("1", "2", …). */
      amountsByRankMinor: Record<string, string>;
      turnoverMultipleTenths: number;
    }
  | {
      kind: 'application';
      amountMinor: string;
      maxAmountMinor: string;
      turnoverMultipleTenths: number;
    }
  | {
      kind: 'raffle';
      prizes: { amountMinor: string; weight: number }[];
      turnoverMultipleTenths: number;
    }
  | {
      kind: 'referral';
      rewardMinor: string;
      minDepositMinor: string;
      minValidBetMinor: string;
      maxFriends: number;
      turnoverMultipleTenths: number;
    };

export const promotions = pgTable(
  'promotions',
  {
    id: text('id').primaryKey(),
    merchantCode: text('merchant_code').notNull(),
    kind: text('kind').$type<PromotionKind>().notNull(),
    category: text('category').notNull(),
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    content: jsonb('content').$type<Record<string, string>>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    audience: jsonb('audience').$type<PromotionAudience>().notNull(),
    /** Total the promotion may pay, in minor units; null for no limit. */
    budget: bigint('budget', { mode: 'bigint' }),
    /** What it has paid so far; never above the budget. */
    spent: bigint('spent', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    perMemberLimit: integer('per_member_limit').notNull(),
    rules: jsonb('rules').$type<StoredRules>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotions_merchant_idx').on(t.merchantCode, t.enabled, t.sort),
    index('promotions_kind_idx').on(t.kind, t.enabled),
    check('promotions_spent_within_budget', sql`${t.budget} is null or ${t.spent} <= ${t.budget}`),
  ],
);

/** What a member received from a promotion: one row per claim (or per rebate day). */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    id: text('id').primaryKey(),
    promotionId: text('promotion_id')
      .notNull()
      .references(() => promotions.id),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    /** The caller's id for the claim ("job:<day>" for a rebate). */
    requestId: text('request_id').notNull(),
    /** What the claim is for: the qualifying deposit's id, or the rebate's local day. */
    sourceId: text('source_id').notNull(),
    /** Issued, or a lucky draw that won nothing (it counts toward the limit, moves no money). */
    status: text('status').$type<'issued' | 'no_prize'>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    turnover: bigint('turnover', { mode: 'bigint' }).notNull(),
    wallet: text('wallet').$type<'bonus' | 'main'>().notNull(),
    /** The ledger entry; null when nothing was paid (a draw without a prize). */
    entryId: text('entry_id'),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_claims_request_uq').on(t.promotionId, t.accountId, t.requestId),
    uniqueIndex('promotion_claims_source_uq').on(t.promotionId, t.accountId, t.sourceId),
    index('promotion_claims_account_idx').on(t.accountId, t.promotionId),
  ],
);

/** A rebate promotion's local day once it has been paid (the job settles each day once). */
export const promotionRebateDays = pgTable(
  'promotion_rebate_days',
  {
    promotionId: text('promotion_id')
      .notNull()
      .references(() => promotions.id),
    day: date('day').notNull(),
    members: integer('members').notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.day] })],
);

/**
 * A member's application to an application promotion (SPEC §3: a remark and up to 3 images); an
 * operator approves it (paying a claim) or rejects it with a reason, once.
 */
export const promotionApplications = pgTable(
  'promotion_applications',
  {
    id: text('id').primaryKey(),
    promotionId: text('promotion_id')
      .notNull()
      .references(() => promotions.id),
    merchantCode: text('merchant_code').notNull(),
    accountId: text('account_id').notNull(),
    /** The caller's id for the application: a retry with it answers the same application. */
    requestId: text('request_id').notNull(),
    comment: text('comment').notNull(),
    imageIds: jsonb('image_ids').$type<string[]>().notNull(),
    status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The operator's reason for a rejection, which the member reads. */
    reason: text('reason'),
    /** The claim an approval paid. */
    claimId: text('claim_id').references(() => promotionClaims.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_applications_request_uq').on(t.promotionId, t.accountId, t.requestId),
    // One application at a time waits per member and promotion.
    uniqueIndex('promotion_applications_pending_uq')
      .on(t.promotionId, t.accountId)
      .where(sql`${t.status} = 'pending'`),
    index('promotion_applications_status_idx').on(t.merchantCode, t.status, t.createdAt),
    check(
      'promotion_applications_status_ck',
      sql`${t.status} in ('pending', 'approved', 'rejected')`,
    ),
  ],
);

/** Players an operator excluded from promotions: no claim, application or payment for them. */
export const promotionExclusions = pgTable('promotion_exclusions', {
  accountId: text('account_id').primaryKey(),
  merchantCode: text('merchant_code').notNull(),
  reason: text('reason').notNull(),
  excludedBy: text('excluded_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
