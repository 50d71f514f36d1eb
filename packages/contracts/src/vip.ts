import { z } from 'zod';
import { amountString } from './wallet';

/** ?language= of the VIP calls: an interface language code such as EN, TY or MY. */
export const vipQuerySchema = z.strictObject({
  language: z
    .string()
    .regex(/^[A-Za-z]{2}(-[A-Za-z]{2})?$/, 'a language code such as EN')
    .optional(),
});

/** What a VIP rank gives. Rates are in basis points (100 = 1 %). */
export const vipBenefitsSchema = z.object({
  /** Rebate on valid bet for game types without a rate of their own. */
  rebateRateBps: z.number().int(),
  /** Rebate by game type (SLOT, LIVE, FISH, …). */
  rebateRatesBps: z.record(z.string(), z.number().int()),
  /** Withdrawals allowed a day; null when the rank sets no limit. */
  dailyWithdrawCount: z.number().int().nullable(),
  /** Amount withdrawable a day; null when the rank sets no limit. */
  dailyWithdrawAmount: amountString.nullable(),
  /** Paid once on reaching the rank. */
  upgradeBonus: amountString,
});
export type VipBenefits = z.infer<typeof vipBenefitsSchema>;

export const vipLevelSchema = z.object({
  rankLevel: z.number().int(),
  labelName: z.string(),
  /** Cumulative valid bet needed. */
  validBetThreshold: amountString,
  /** Cumulative credited deposits needed. */
  depositThreshold: amountString,
  benefits: vipBenefitsSchema,
});
export type VipLevel = z.infer<typeof vipLevelSchema>;

/** GET /wps/vip/levels: the merchant's ladder, lowest rank first. */
export const vipLevelListSchema = z.object({
  currency: z.string(),
  levels: z.array(vipLevelSchema),
});
export type VipLevelList = z.infer<typeof vipLevelListSchema>;

/** GET /wps/member/vip: the caller's rank, what the next one needs, and what theirs gives. */
export const memberVipSchema = z.object({
  /** True once the member holds a rank above 0 (the header shows the label then). */
  hasVip: z.boolean(),
  /** The current rank's label (rank 0 included); null when the merchant has no VIP ladder. */
  vipLabelName: z.string().nullable(),
  vipRankLevel: z.number().int(),
  level: vipLevelSchema.nullable(),
  nextLevel: vipLevelSchema.nullable(),
  progress: z.object({
    validBet: amountString,
    deposits: amountString,
    /** The next rank's thresholds; null at the top rank. */
    nextValidBet: amountString.nullable(),
    nextDeposits: amountString.nullable(),
    /** 0–100, how far each total is toward the next rank (100 at the top rank). */
    validBetPercent: z.number().int().min(0).max(100),
    depositsPercent: z.number().int().min(0).max(100),
  }),
  benefits: vipBenefitsSchema.nullable(),
});
export type MemberVip = z.infer<typeof memberVipSchema>;

const vipLabel = z
  .record(z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/), z.string().trim().min(1).max(40))
  .refine((t) => typeof t.en === 'string', 'English (en) is required');
const gameTypeRates = z.record(
  z.string().regex(/^[A-Z0-9_]{1,16}$/, 'A game type code such as SLOT'),
  z.number().int().min(0).max(10_000),
);

/** Operator: one rank with its label in every language it has. */
export const opsVipLevelSchema = vipLevelSchema.omit({ labelName: true }).extend({
  label: z.record(z.string(), z.string()),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type OpsVipLevel = z.infer<typeof opsVipLevelSchema>;
export const opsVipLevelListSchema = z.object({
  currency: z.string(),
  list: z.array(opsVipLevelSchema),
});

export const opsVipLevelParamsSchema = z.strictObject({
  rankLevel: z.coerce.number().int().min(0).max(100),
});

/** Operator: create or replace one rank's thresholds and benefits. */
export const opsVipLevelBodySchema = z.strictObject({
  merchantCode: z.string().min(1).max(32),
  label: vipLabel,
  validBetThreshold: amountString,
  depositThreshold: amountString,
  rebateRateBps: z.number().int().min(0).max(10_000),
  rebateRatesBps: gameTypeRates,
  dailyWithdrawCount: z.number().int().min(1).max(1000).nullable(),
  dailyWithdrawAmount: amountString.nullable(),
  upgradeBonus: amountString,
  /** Why it changes, for the audit log. */
  reason: z.string().trim().min(5).max(200),
});
export type OpsVipLevelBody = z.infer<typeof opsVipLevelBodySchema>;
export type OpsVipLevelList = z.infer<typeof opsVipLevelListSchema>;
