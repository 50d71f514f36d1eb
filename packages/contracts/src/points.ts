import { z } from 'zod';
import { amountString } from './wallet';

/** Kinds of change in a member's points ledger. */
export const pointChangeKinds = ['earn', 'redeem', 'refund', 'convert'] as const;
export type PointChangeKind = (typeof pointChangeKinds)[number];

/**
 * The `txTypeId` of points movements in `ODSFE2_MemTransDet`: a query naming only these asks for
 * the caller's own points detail.
 */
export const pointTxTypeIds = pointChangeKinds.map((k) => `point_${k}`) as [
  'point_earn',
  'point_redeem',
  'point_refund',
  'point_convert',
];

/** Redemption states as SPEC §4 names them. */
export const redemptionStatuses = ['In Process', 'Rejected', 'Approved'] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

const points = z.number().int().min(0);

/** `MCS2_getPointBalance`: points are account type 9 of the original platform. */
export const pointBalanceSchema = z.object({
  accountTypeId: z.literal(9),
  balance: points,
});

export const pointRewardQuerySchema = z.strictObject({
  language: z
    .string()
    .regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/)
    .optional(),
});

/** A reward of the points mall (`MCS2_getPointReward`). */
export const pointRewardSchema = z.object({
  id: z.string(),
  /** In the asked language, else English. */
  name: z.string(),
  names: z.record(z.string(), z.string()),
  image: z.string().nullable(),
  type: z.enum(['cash', 'item']),
  requiredPoints: points,
  /** Cash paid per unit for a cash reward; null for an item. */
  amount: amountString.nullable(),
  quantity: z.number().int().min(0),
  status: z.enum(['active', 'inactive', 'sold_out']),
});

export const pointRewardListSchema = z.object({ list: z.array(pointRewardSchema) });

export const redeemPointListQuerySchema = z.strictObject({
  status: z.enum(redemptionStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

/** One redemption of a reward by a member. */
export const redemptionSchema = z.object({
  id: z.string(),
  rewardId: z.string(),
  rewardName: z.string(),
  type: z.enum(['cash', 'item']),
  quantity: z.number().int().min(1),
  points,
  amount: amountString.nullable(),
  redeemType: z.string(),
  province: z.string().nullable(),
  remarks: z.string().nullable(),
  status: z.enum(redemptionStatuses),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The operator's reason given with the decision (why it was rejected), if any. */
  decisionNote: z.string().nullable(),
});

export const redemptionPageSchema = z.object({
  list: z.array(redemptionSchema),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});

/** `MCS2_getPointConfig`: how points are earned and what they convert into. */
export const pointConfigSchema = z.object({
  ratios: z.array(
    z.object({
      gameType: z.string(),
      /** `points` points for every `validBet` of valid bet. */
      points,
      validBet: amountString,
    }),
  ),
  exchange: z.object({ points: z.number().int().min(1), cash: amountString }).nullable(),
  minConvert: z.number().int().min(1).nullable(),
});

/** `passwordCheck/MCS2_redeemPointReward` (sealed: it carries the payment password). */
export const redeemPointRewardBodySchema = z.strictObject({
  rewardId: z.string().trim().min(1).max(64),
  quantity: z.number().int().min(1).max(100),
  redeemType: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, 'letters, digits, - or _ (at most 20)'),
  password: z.string().min(1).max(32),
  province: z.string().trim().max(60).optional(),
  remarks: z.string().trim().max(140).optional(),
});

/** `passwordCheck/MCS2_convertPoint`: points into cash; `requestId` makes a retry safe. */
export const convertPointBodySchema = z.strictObject({
  amount: z.number().int().min(1).max(1_000_000_000_000),
  password: z.string().min(1).max(32),
  requestId: z.uuid().optional(),
});

export const convertPointResultSchema = z.object({
  requestId: z.string(),
  points,
  cash: amountString,
  pointBalance: points,
});

export const redemptionDecisionBodySchema = z.strictObject({
  note: z.string().trim().max(500).optional(),
});

export const opsRedemptionQuerySchema = z.strictObject({
  merchantCode: z.string().min(1).max(32),
  status: z.enum(redemptionStatuses).default('In Process'),
});

/** Operator: a merchant's points-mall rewards, every language of each name. */
export const opsPointRewardSchema = pointRewardSchema.omit({ name: true, status: true }).extend({
  status: z.enum(['active', 'inactive']),
  sort: z.number().int(),
});
export type OpsPointReward = z.infer<typeof opsPointRewardSchema>;
export const opsPointRewardListSchema = z.object({ list: z.array(opsPointRewardSchema) });

/** Operator: create (no id) or update (with id) a reward of the points mall. */
export const opsPointRewardBodySchema = z
  .strictObject({
    id: z.string().trim().min(1).max(64).optional(),
    merchantCode: z.string().min(1).max(32),
    names: z
      .record(z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/), z.string().trim().min(1).max(80))
      .refine((t) => typeof t.en === 'string', 'English (en) is required'),
    image: z.string().trim().max(500).nullable(),
    type: z.enum(['cash', 'item']),
    requiredPoints: z.number().int().min(1).max(1_000_000_000),
    /** Cash paid per unit, for a cash reward only. */
    amount: amountString.nullable(),
    quantity: z.number().int().min(0).max(1_000_000),
    status: z.enum(['active', 'inactive']),
    sort: z.number().int().min(0).max(10_000).default(0),
    /** Why it is created or changed, for the audit log. */
    reason: z.string().trim().min(5).max(200),
  })
  .superRefine((r, ctx) => {
    if ((r.type === 'cash') !== (r.amount !== null && !/^0+(\.0+)?$/.test(r.amount))) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'A cash reward needs an amount above zero; an item has none',
      });
    }
  });
export type OpsPointRewardBody = z.infer<typeof opsPointRewardBodySchema>;
