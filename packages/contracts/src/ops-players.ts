import { z } from 'zod';
import { opsReason } from './ops-reason';

/**
 * Operator player management (`/ops/players…`): search, the 360° summary and its paged
 * sub-resources, and the actions on a player. Amounts are integer minor units as text.
 * Operators see a player's mobile number and e-mail in full (the member app masks them; an
 * operator needs them to reach the player, and every read is behind `players.read`).
 */

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(200).default(50);
const minor = z.string().regex(/^-?\d+$/);
const merchantCode = z.string().regex(/^[A-Z0-9]{2,16}$/);

export const playerStatuses = ['active', 'disabled'] as const;
export const playerSortKeys = ['createdAt', 'lastLoginAt', 'username'] as const;

export const opsPlayerSearchQuery = z.strictObject({
  /** Username prefix, mobile, e-mail, player id, a log-in address or a payout account number. */
  q: z.string().trim().min(1).max(100).optional(),
  status: z.enum(playerStatuses).optional(),
  merchantCode: merchantCode.optional(),
  /** Players anywhere below this agent (its whole downline). */
  agentId: z.string().min(1).max(80).optional(),
  page,
  pageSize,
  sort: z.enum(playerSortKeys).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type OpsPlayerSearchQuery = z.infer<typeof opsPlayerSearchQuery>;

export const opsPlayerRow = z.object({
  id: z.string(),
  merchantCode: z.string(),
  username: z.string(),
  type: z.number().int(),
  status: z.enum(playerStatuses),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  parentId: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type OpsPlayerRow = z.infer<typeof opsPlayerRow>;

/** A page of any list: rows, the total matching and the page asked for. */
export const opsPage = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const opsPlayerPage = opsPage(opsPlayerRow);
export type OpsPlayerPage = z.infer<typeof opsPlayerPage>;

export const opsPlayerIdParams = z.strictObject({ id: z.string().min(1).max(80) });

export const opsPlayerSummary = z.object({
  id: z.string(),
  merchantCode: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  fullname: z.string().nullable(),
  type: z.number().int(),
  /** In full: see the note at the top of this file. */
  mobile: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(playerStatuses),
  locks: z.object({
    /** The log-in lock (the name, from any address), until when; null when not locked. */
    loginLockedUntil: z.string().nullable(),
    /** Addresses the name is locked from, each until when. */
    loginAddressLocks: z.array(z.object({ address: z.string(), until: z.string() })),
    paymentPasswordLockedUntil: z.string().nullable(),
  }),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  loginCount: z.number().int(),
  registerIp: z.string().nullable(),
  balances: z.object({
    currency: z.string().nullable(),
    cash: minor,
    bonus: minor,
    /** Withdrawals held, pending their decision. */
    locked: minor,
  }),
  vipLevel: z.number().int(),
  points: minor,
  /** The upline agents, nearest first. */
  upline: z.array(z.object({ id: z.string(), username: z.string(), depth: z.number().int() })),
  tags: z.array(z.string()),
  notesCount: z.number().int(),
  /** Excluded from promotions: every claim and payment is refused. */
  promotionsExcluded: z.boolean(),
  turnover: z.object({ required: minor, done: minor }),
});
export type OpsPlayerSummary = z.infer<typeof opsPlayerSummary>;

export const opsPagingQuery = z.strictObject({ page, pageSize });
export type OpsPagingQuery = z.infer<typeof opsPagingQuery>;

export const opsLedgerLine = z.object({
  id: z.string(),
  entryId: z.string(),
  at: z.string(),
  /** member_cash, member_bonus, … */
  accountKind: z.string(),
  type: z.string(),
  amount: minor,
  balanceAfter: minor,
  currency: z.string(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
});
export const opsLedgerPage = opsPage(opsLedgerLine);

export const opsBetRow = z.object({
  id: z.string(),
  /** For the round recall. */
  roundId: z.string(),
  gameCode: z.string().nullable(),
  stake: minor,
  validBet: minor,
  payout: minor,
  currency: z.string(),
  status: z.enum(['held', 'settled', 'void']),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export const opsBetPage = opsPage(opsBetRow);

export const opsCashierRow = z.object({
  id: z.string(),
  kind: z.enum(['deposit', 'withdrawal']),
  amount: minor,
  currency: z.string(),
  status: z.string(),
  /** The payment channel of a deposit, the payout account's provider of a withdrawal. */
  channel: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export const opsCashierPage = opsPage(opsCashierRow);

export const opsBonusRow = z.object({
  id: z.string(),
  source: z.enum(['deposit', 'bonus', 'transfer']),
  sourceId: z.string(),
  required: minor,
  done: minor,
  /** The bonus held until the wagering is done; null for a deposit's or transfer's requirement. */
  releaseAmount: minor.nullable(),
  releasedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const opsBonusPage = opsPage(opsBonusRow);

export const opsLoginRow = z.object({
  /** A session, or an address the account logged in from. */
  kind: z.enum(['session', 'address']),
  id: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  firstAt: z.string(),
  lastAt: z.string(),
  /** Sessions: whether it still lasts. */
  active: z.boolean().nullable(),
});
export const opsLoginPage = opsPage(opsLoginRow);

export const opsChangeRow = z.object({
  id: z.string(),
  at: z.string(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export const opsChangePage = opsPage(opsChangeRow);

const reason = opsReason;

/** Disable or enable: a reason is required (it changes access). */
export const opsPlayerStatusBody = z.strictObject({ reason });
export type OpsPlayerStatusBody = z.infer<typeof opsPlayerStatusBody>;

export const opsPlayerUnlockBody = z.strictObject({ reason });

export const opsPlayerStatusValue = z.object({
  id: z.string(),
  status: z.enum(playerStatuses),
  /** Sessions ended by this call. */
  sessionsEnded: z.number().int(),
});
export type OpsPlayerStatusValue = z.infer<typeof opsPlayerStatusValue>;

export const opsDone = z.object({ done: z.literal(true) });

export const opsPlayerTagsBody = z.strictObject({
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(32)
        .regex(/^[\p{L}\p{N} _.-]+$/u, 'Letters, digits, space, _ . -'),
    )
    .max(20),
});
export type OpsPlayerTagsBody = z.infer<typeof opsPlayerTagsBody>;
export const opsPlayerTagsValue = z.object({ tags: z.array(z.string()) });

export const opsPlayerNoteBody = z.strictObject({ body: z.string().trim().min(1).max(2000) });
export type OpsPlayerNoteBody = z.infer<typeof opsPlayerNoteBody>;
export const opsPlayerNote = z.object({
  id: z.string(),
  authorUsername: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type OpsPlayerNote = z.infer<typeof opsPlayerNote>;
export const opsPlayerNotePage = opsPage(opsPlayerNote);

export const opsPromotionExclusionBody = z.strictObject({ reason });
export const opsPromotionExclusionValue = z.object({ excluded: z.boolean() });

export const opsResetLinkValue = z.object({
  channel: z.literal('email'),
  destination: z.string(),
});

export const opsUnlockValue = z.object({ cleared: z.number().int() });

/** Amounts in minor units, as text: positive. */
const positiveMinor = z.string().regex(/^[1-9]\d{0,17}$/, 'A whole number of minor units, above 0');

export const opsAdjustmentBody = z.strictObject({
  direction: z.enum(['credit', 'debit']),
  wallet: z.enum(['cash', 'bonus']),
  amount: positiveMinor,
  reason,
  /** The caller's key: the same key again answers the first result and moves nothing. */
  requestId: z.string().min(8).max(80),
});
export type OpsAdjustmentBody = z.infer<typeof opsAdjustmentBody>;

export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;

export const opsApproval = z.object({
  id: z.string(),
  /** What it does, e.g. `player.adjustment`. */
  kind: z.string(),
  merchantCode: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  payload: z.record(z.string(), z.unknown()),
  reason: z.string(),
  status: z.enum(approvalStatuses),
  requestedBy: z.string(),
  requestedByUsername: z.string(),
  decidedByUsername: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type OpsApproval = z.infer<typeof opsApproval>;
export const opsApprovalPage = opsPage(opsApproval);

export const opsApprovalQuery = z.strictObject({
  status: z.enum(approvalStatuses).default('pending'),
  kind: z.string().max(64).optional(),
  merchantCode: merchantCode.optional(),
  page,
  pageSize,
});
export type OpsApprovalQuery = z.infer<typeof opsApprovalQuery>;

export const opsApprovalDecisionBody = z.strictObject({
  note: z.string().trim().max(500).optional(),
});

/** An adjustment applied now (`applied`) or waiting for a second operator (`pending`). */
export const opsAdjustmentValue = z.object({
  state: z.enum(['applied', 'pending']),
  entryId: z.string().nullable(),
  approval: opsApproval.nullable(),
});
export type OpsAdjustmentValue = z.infer<typeof opsAdjustmentValue>;

export const opsBonusGrantBody = z.strictObject({
  promotionId: z.string().min(1).max(80),
  amount: positiveMinor,
  /** The turnover the bonus must be wagered, in tenths of the bonus (10 = 1×). */
  turnoverMultipleTenths: z.number().int().min(0).max(1000),
  reason,
  requestId: z.string().min(8).max(80),
});
export type OpsBonusGrantBody = z.infer<typeof opsBonusGrantBody>;
export const opsBonusGrantValue = z.object({
  claimId: z.string(),
  amount: minor,
  turnover: minor,
  replayed: z.boolean(),
});

export const opsPlayerSettings = z.object({
  merchantCode: z.string(),
  /** A manual adjustment above this (minor units) waits for a second operator. */
  adjustApprovalAbove: minor,
});
export const opsPlayerSettingsBody = z.strictObject({
  adjustApprovalAbove: positiveMinor,
  /** Kept in the audit log. */
  reason,
});
export const opsMerchantParams = z.strictObject({ merchantCode });
