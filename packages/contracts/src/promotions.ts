import { z } from 'zod';

/** Every kind of promotion the platform knows; each kind has its own rules. */
export const promotionKinds = [
  'deposit_first',
  'deposit_reload',
  'rebate',
  'new_member',
  'birthday',
  'vip_upgrade',
  'application',
  'raffle',
  'red_envelope',
  'mission',
  'referral',
] as const;
export type PromotionKind = (typeof promotionKinds)[number];

/** Activity claim states (SPEC §4), as the web app shows them. */
export const claimStates = [
  'Join',
  'Claim',
  'Applying',
  'Close',
  'Rejected',
  'Issued',
  'Claimed',
  'Process',
  'Joined',
  'Coming soon',
] as const;
export type ClaimState = (typeof claimStates)[number];

/** Why a member sees the state they see. */
export const claimReasons = [
  'login_required',
  'not_started',
  'ended',
  'budget_spent',
  'audience',
  'deposit_required',
  'deposit_below_minimum',
  'first_deposit_before_start',
  'deposit_qualified',
  'limit_reached',
  'paid_daily',
  'not_claimable',
] as const;
export type ClaimReason = (typeof claimReasons)[number];

const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/, 'A non-negative decimal amount');
const basisPoints = (max: number) => z.number().int().min(1).max(max);
const turnoverMultipleTenths = z.number().int().min(0).max(1000);

const depositBonusFields = {
  /** Bonus as a share of the qualifying deposit, in basis points (10000 = 100 %). */
  percentBps: basisPoints(100_000),
  /** Largest bonus of one claim. */
  cap: decimal,
  /** Smallest deposit that qualifies. */
  minDeposit: decimal,
  /** The bonus must be wagered this many times before a withdrawal, in tenths (50 = 5×). */
  turnoverMultipleTenths,
};

const gameTypeKey = z.string().regex(/^[A-Z0-9_]{1,16}$/, 'A game type code such as SLOT');

/** Kind-specific rules of a promotion, amounts as decimals in the merchant's currency. */
export const promotionRulesSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('deposit_first'), ...depositBonusFields }),
  z.strictObject({ kind: z.literal('deposit_reload'), ...depositBonusFields }),
  z.strictObject({
    kind: z.literal('rebate'),
    /** Rate per game type, in basis points of the day's valid bet (50 = 0.5 %). */
    ratesBps: z
      .record(gameTypeKey, basisPoints(10_000))
      .refine((r) => Object.keys(r).length > 0, 'At least one game type'),
    /** A member's day below this pays nothing. */
    minPayout: decimal,
    /** Which balance the rebate goes to. */
    wallet: z.enum(['bonus', 'main']),
    turnoverMultipleTenths,
  }),
]);
export type PromotionRules = z.infer<typeof promotionRulesSchema>;

const localisedText = (max: number) =>
  z
    .record(z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/), z.string().trim().min(1).max(max))
    .refine((t) => typeof t.en === 'string', 'English (en) is required');

/** Operator: create (no id) or update (with id) a promotion. */
export const promotionUpsertSchema = z
  .strictObject({
    id: z.uuid().optional(),
    merchantCode: z.string().min(1).max(32),
    kind: z.enum(promotionKinds),
    category: z.string().regex(/^[a-z0-9_]{1,32}$/, 'Lower-case letters, digits and _'),
    title: localisedText(120),
    content: localisedText(4000),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    audience: z.strictObject({
      /** VIP levels that may take part; null for any. */
      vipLevels: z.array(z.number().int().min(0).max(100)).min(1).max(101).nullable(),
      /** Only members who registered on or after the start. */
      newMembersOnly: z.boolean(),
    }),
    /** Total the promotion may pay; null for no limit. */
    budget: decimal.nullable(),
    /** Claims one member may make. */
    perMemberLimit: z.number().int().min(1).max(10_000),
    rules: promotionRulesSchema,
    enabled: z.boolean(),
    sort: z.number().int().min(0).max(10_000).default(0),
  })
  .superRefine((p, ctx) => {
    if (p.rules.kind !== p.kind) {
      ctx.addIssue({
        code: 'custom',
        path: ['rules', 'kind'],
        message: 'The rules must be of the promotion kind',
      });
    }
    if (p.endsAt !== null && Date.parse(p.endsAt) <= Date.parse(p.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Must be after startsAt' });
    }
  });
export type PromotionUpsert = z.infer<typeof promotionUpsertSchema>;

export const promotionListQuerySchema = z.strictObject({
  category: z
    .string()
    .regex(/^[a-z0-9_]{1,32}$/)
    .optional(),
  language: z.string().max(10).optional(),
});

export const promotionIdParamsSchema = z.strictObject({ id: z.uuid() });

export const promotionClaimBodySchema = z.strictObject({
  /** The caller's id for this claim: a retry with it answers the same claim. */
  requestId: z.string().regex(/^[\w-]{8,64}$/, '8 to 64 letters, digits, _ or -'),
});

export const promotionItemSchema = z.object({
  id: z.string(),
  kind: z.enum(promotionKinds),
  category: z.string(),
  title: z.string(),
  content: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  state: z.enum(claimStates),
  reason: z.enum(claimReasons),
  /** What a claim now would pay, when the state is Claim. */
  claimAmount: z.string().nullable(),
  claimsMade: z.number().int(),
  perMemberLimit: z.number().int(),
  currency: z.string(),
});
export type PromotionItem = z.infer<typeof promotionItemSchema>;

export const promotionListSchema = z.object({ list: z.array(promotionItemSchema) });

export const promotionDetailSchema = promotionItemSchema.extend({
  /** The rules as the member reads them: amounts as decimals, rates in basis points. */
  rules: promotionRulesSchema,
});

export const promotionClaimSchema = z.object({
  claimId: z.string(),
  promotionId: z.string(),
  amount: z.string(),
  turnoverAdded: z.string(),
  wallet: z.enum(['bonus', 'main']),
  /** True when this requestId was claimed before and this call moved nothing. */
  replayed: z.boolean(),
});

export const promotionSummarySchema = z.object({
  availablePromoCount: z.number().int(),
  availablePromo: z.array(z.object({ type: z.literal('REFERRAL'), enabled: z.boolean() })),
  /** Something waits for the member in the rewards centre. */
  rewardBadge: z.boolean(),
});

export const promotionSavedSchema = z.object({ id: z.string(), created: z.boolean() });

/** Operator: a merchant's promotions with what each has paid. */
export const opsPromotionListSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(promotionKinds),
      category: z.string(),
      title: z.record(z.string(), z.string()),
      startsAt: z.string(),
      endsAt: z.string().nullable(),
      enabled: z.boolean(),
      budget: z.string().nullable(),
      spent: z.string(),
      claims: z.number().int(),
      perMemberLimit: z.number().int(),
      rules: promotionRulesSchema,
    }),
  ),
});
