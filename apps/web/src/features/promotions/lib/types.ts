import type {
  memberBonusListSchema,
  memberClaimPageSchema,
  promotionClaimSchema,
  promotionApplyResultSchema,
  promotionDetailSchema,
  promotionSummarySchema,
  raffleClaimSchema,
} from '@taya/contracts';

export type { ClaimReason, ClaimState, PromotionItem, PromotionKind } from '@taya/contracts';

type Parsed<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

export type PromotionDetail = Parsed<typeof promotionDetailSchema>;
export type PromotionClaimResult = Parsed<typeof promotionClaimSchema>;
export type PromotionSummary = Parsed<typeof promotionSummarySchema>;
export type MemberClaimPage = Parsed<typeof memberClaimPageSchema>;
export type MemberBonusList = Parsed<typeof memberBonusListSchema>;
export type MemberBonus = MemberBonusList['list'][number];
export type RaffleDraw = Parsed<typeof raffleClaimSchema>;
export type PromotionApplyResult = Parsed<typeof promotionApplyResultSchema>;
export type PromotionRules = PromotionDetail['rules'];
