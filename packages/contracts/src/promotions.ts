import { z } from 'zod';
import { opsReason } from './ops-reason';

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
  // Red envelopes: a window is open now, none is open, or this window's envelope is opened.
  'window_open',
  'window_closed',
  'window_grabbed',
  // Refer and earn: the member takes part by inviting friends; the reward is paid by a job.
  'invite_friends',
  // New-member bonus: registered before the start, the window after registering has passed, or
  // the member qualifies.
  'registered_before_start',
  'registration_window_passed',
  'new_member_qualified',
  // Birthday bonus: no birthday on the profile, not the birthday month, claimed this year, or due.
  'birthday_missing',
  'not_birthday_month',
  'claimed_this_year',
  'birthday_qualified',
  // VIP upgrade bonus: no unclaimed upgrade to a rank with a bonus, or one waits.
  'vip_upgrade_required',
  'vip_upgrade_qualified',
  // Application promotions: may apply, an application waits, was rejected, or was approved.
  'apply_open',
  'application_pending',
  'application_rejected',
  'application_approved',
  // Lucky draw: a draw is available, or today's draws are used.
  'draw_available',
  'daily_limit_reached',
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

/** A local time of day, HH:mm (24 h). */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day such as 20:00');

/** A red-envelope window within one local day: it opens at `start` and closes at `end`. */
export const redEnvelopeWindowSchema = z
  .strictObject({ start: timeOfDay, end: timeOfDay })
  .refine((w) => w.end > w.start, { message: 'end must be after start', path: ['end'] });
export type RedEnvelopeWindow = z.infer<typeof redEnvelopeWindowSchema>;

/** An amount per VIP rank level ("0", "1", …), as decimals. */
const amountsByRank = z.record(
  z.string().regex(/^\d{1,3}$/, 'A VIP rank level such as 1'),
  decimal,
);

/** One prize of a lucky draw: its amount ("0" for no prize) and its weight among the prizes. */
export const rafflePrizeSchema = z.strictObject({
  amount: decimal,
  weight: z.number().int().min(1).max(1_000_000),
});

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
  z.strictObject({
    kind: z.literal('red_envelope'),
    /** Smallest and largest envelope; each grab is a random amount between them. */
    minAmount: decimal,
    maxAmount: decimal,
    /** Daily windows in the merchant's time zone when envelopes can be grabbed, one per member. */
    windows: z.array(redEnvelopeWindowSchema).min(1).max(24),
    turnoverMultipleTenths,
  }),
  z.strictObject({
    kind: z.literal('referral'),
    /** Paid to the referrer once per referred friend who qualifies. */
    reward: decimal,
    /** Credited deposits the friend must reach in total ("0": no deposit condition). */
    minDeposit: decimal,
    /** Valid bet the friend must reach in total ("0": no bet condition). */
    minValidBet: decimal,
    /** Friends one referrer may be rewarded for. */
    maxFriends: z.number().int().min(1).max(10_000),
    turnoverMultipleTenths,
  }),
  z.strictObject({
    kind: z.literal('new_member'),
    /** Paid once to a member who registered on or after the start, within `withinDays` days. */
    amount: decimal,
    withinDays: z.number().int().min(1).max(365),
    turnoverMultipleTenths,
  }),
  z.strictObject({
    kind: z.literal('birthday'),
    /** Paid once a year in the member's birthday month (the merchant's calendar). */
    amount: decimal,
    /** The amount for a VIP rank level, instead of `amount`. */
    amountsByVipLevel: amountsByRank,
    turnoverMultipleTenths,
  }),
  z.strictObject({
    kind: z.literal('vip_upgrade'),
    /** Paid once per rank reached (ranks not listed pay nothing). */
    amountsByRank: amountsByRank.refine((r) => Object.keys(r).length > 0, 'At least one rank'),
    turnoverMultipleTenths,
  }),
  z.strictObject({
    kind: z.literal('application'),
    /** Paid on approval unless the operator names another amount, which is at most `maxAmount`. */
    amount: decimal,
    maxAmount: decimal,
    turnoverMultipleTenths,
  }),
  z.strictObject({
    kind: z.literal('raffle'),
    /** Drawn by weight; the per-member limit counts draws per local day of the merchant. */
    prizes: z.array(rafflePrizeSchema).min(1).max(20),
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
    /** Why it is created or changed, for the audit log. */
    reason: opsReason,
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
    if (p.kind === 'red_envelope' && p.budget === null) {
      ctx.addIssue({ code: 'custom', path: ['budget'], message: 'A red envelope needs a pool' });
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

/** Member: apply to an application promotion with a remark and up to three uploaded images. */
export const promotionApplyBodySchema = z.strictObject({
  /** The caller's id for this application: a retry with it answers the same application. */
  requestId: z.string().regex(/^[\w-]{8,64}$/, '8 to 64 letters, digits, _ or -'),
  comment: z.string().trim().min(1).max(140),
  imageIds: z.array(z.uuid()).max(3),
});
export type PromotionApplyBody = z.infer<typeof promotionApplyBodySchema>;

/** An application as its member sees it (the operator's reason when rejected). */
export const promotionApplicationSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  comment: z.string(),
  imageIds: z.array(z.string()),
  /** The operator's reason, when rejected. */
  reason: z.string().nullable(),
  /** What the approval paid. */
  amount: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PromotionApplication = z.infer<typeof promotionApplicationSchema>;

/** The answer to an application: true `replayed` when this requestId applied before. */
export const promotionApplyResultSchema = promotionApplicationSchema.extend({
  replayed: z.boolean(),
});

/** `MCS2_claimRafflePromotion`: one draw of a lucky draw. */
export const raffleClaimBodySchema = z.strictObject({
  promotionId: z.uuid(),
  /** The caller's id for this draw: a retry with it answers the same draw. */
  requestId: z.string().regex(/^[\w-]{8,64}$/, '8 to 64 letters, digits, _ or -'),
});

/** Operator: the applications of a merchant, by status. */
export const opsApplicationQuerySchema = z.strictObject({
  merchantCode: z.string().min(1).max(32),
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
});

export const opsApplicationSchema = promotionApplicationSchema.extend({
  accountId: z.string(),
  username: z.string(),
  promotionTitle: z.record(z.string(), z.string()),
  decidedBy: z.string().nullable(),
});
export const opsApplicationListSchema = z.object({ list: z.array(opsApplicationSchema) });

/** Operator: approve, paying the rules' amount or `amount` (at most the rules' maximum). */
export const applicationApproveBodySchema = z.strictObject({
  amount: decimal.optional(),
  /** Why it is approved, for the audit log. */
  reason: opsReason.optional(),
});

/** Operator: reject, with the reason the member reads. */
export const applicationRejectBodySchema = z.strictObject({
  reason: z.string().trim().min(1).max(200),
});

/**
 * What claiming a promotion commits the member to, from the promotion's configuration: the
 * turnover is `turnoverMultipleTenths` / 10 × the bonus (`turnoverOn`), and until it is wagered a
 * withdrawal waits (the bonus itself stays in the bonus balance).
 */
export const promotionTermsSchema = z.object({
  /** The bonus a claim now pays (null when the state is not Claim or the amount is drawn). */
  bonus: z.string().nullable(),
  turnoverMultipleTenths: z.number().int(),
  /** What the multiple applies to: the bonus alone (a deposit's own turnover is separate). */
  turnoverOn: z.literal('bonus'),
  /** The wagering a claim now adds, `bonus` × the multiple (null when `bonus` is). */
  turnoverRequired: z.string().nullable(),
  /** Whose valid bets count toward it: every game type's, in full (no game type is weighted). */
  countedGames: z.literal('all'),
  /** Where the bonus is paid. */
  wallet: z.enum(['bonus', 'main']),
  /** When an unwagered bonus lapses; null: it never does, the turnover has no deadline. */
  expiresAt: z.string().nullable(),
});
export type PromotionTerms = z.infer<typeof promotionTermsSchema>;

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
  /** The member's latest application, for an application promotion. */
  application: promotionApplicationSchema.nullable().optional(),
  /** What a claim commits the member to (shown before a claim). */
  terms: promotionTermsSchema.optional(),
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

/** A lucky draw's answer: the prize ("0.00" when the draw won nothing) and the draws left today. */
export const raffleClaimSchema = promotionClaimSchema.extend({
  won: z.boolean(),
  drawsLeftToday: z.number().int(),
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
      content: z.record(z.string(), z.string()),
      audience: z.object({
        vipLevels: z.array(z.number().int()).nullable(),
        newMembersOnly: z.boolean(),
      }),
      sort: z.number().int(),
    }),
  ),
});

/** Member: a page of its own promotion claims (the reward centre's history). */
export const memberClaimsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  language: z.string().max(10).optional(),
});

/** One reward a member received from a promotion (a claim, or a day of rebate). */
export const memberClaimSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  kind: z.enum(promotionKinds),
  title: z.string(),
  amount: z.string(),
  turnover: z.string(),
  wallet: z.enum(['bonus', 'main']),
  createdAt: z.string(),
});
export type MemberClaim = z.infer<typeof memberClaimSchema>;

export const memberClaimPageSchema = z.object({
  list: z.array(memberClaimSchema),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
  currency: z.string(),
});

/** Member: its bonuses, newest first, each with the turnover it requires and the progress. */
export const memberBonusQuerySchema = z.strictObject({
  language: z.string().max(10).optional(),
});

export const memberBonusSchema = z.object({
  /** The turnover requirement's id. */
  id: z.string(),
  /** The claim that paid the bonus, its promotion and that promotion's title (null when the
   * bonus came from elsewhere). */
  claimId: z.string().nullable(),
  promotionId: z.string().nullable(),
  title: z.string().nullable(),
  /** The bonus paid, when a claim paid it. */
  amount: z.string().nullable(),
  required: z.string(),
  progressed: z.string(),
  remaining: z.string(),
  complete: z.boolean(),
  /** When the bonus moved from the bonus balance into cash (its wagering done); else null. */
  releasedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberBonus = z.infer<typeof memberBonusSchema>;

export const memberBonusListSchema = z.object({
  list: z.array(memberBonusSchema),
  /** What the member's bonus balance holds now. */
  bonusBalance: z.string(),
  /** All turnover still to wager (bonuses, deposits and transfers): a withdrawal waits for 0. */
  turnoverRemaining: z.string(),
  currency: z.string(),
});
