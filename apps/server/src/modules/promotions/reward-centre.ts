import { and, desc, eq } from 'drizzle-orm';
import { minorToDecimal } from '@taya/contracts';
import { pickText } from '../../platform/localised';
import type { Member } from '../../platform/principal';
import { memberBonusTurnover } from '../reports';
import { accountKinds } from '../wallet';
import type { PromotionsContext } from './model';
import { promotionClaims, promotions } from './schema';

/** A page of the member's own claims, newest first, with each promotion's title. */
export async function memberClaims(
  ctx: PromotionsContext,
  member: Member,
  query: { page: number; size: number; language?: string | undefined },
) {
  const merchant = await ctx.merchant(member.merchantCode);
  const language = (query.language ?? merchant.defaultLanguage).toLowerCase();
  const rows = await ctx.db
    .select({ claim: promotionClaims, kind: promotions.kind, title: promotions.title })
    .from(promotionClaims)
    .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
    .where(
      and(
        eq(promotionClaims.accountId, member.accountId),
        eq(promotionClaims.merchantCode, merchant.merchantCode),
      ),
    )
    .orderBy(desc(promotionClaims.createdAt), desc(promotionClaims.id))
    .limit(query.size + 1)
    .offset((query.page - 1) * query.size);
  const scale = merchant.currencyScale;
  return {
    list: rows.slice(0, query.size).map(({ claim, kind, title }) => ({
      id: claim.id,
      promotionId: claim.promotionId,
      kind,
      title: pickText(title, language),
      amount: minorToDecimal(claim.amount, scale),
      turnover: minorToDecimal(claim.turnover, scale),
      wallet: claim.wallet,
      createdAt: claim.createdAt.toISOString(),
    })),
    page: query.page,
    size: query.size,
    hasMore: rows.length > query.size,
    currency: merchant.currency,
  };
}

/**
 * The member's bonus turnover requirements (newest first, the latest 100) with the claim and
 * promotion behind each, and all the turnover it still has to wager before a withdrawal.
 */
export async function memberBonuses(
  ctx: PromotionsContext,
  member: Member,
  query: { language?: string | undefined },
) {
  const merchant = await ctx.merchant(member.merchantCode);
  const language = (query.language ?? merchant.defaultLanguage).toLowerCase();
  const { rows, turnoverRemaining, bonusBalance } = await memberBonusTurnover(ctx.db, {
    accountId: member.accountId,
    merchantCode: merchant.merchantCode,
    currency: merchant.currency,
    bonusKind: accountKinds.memberBonus,
  });
  const scale = merchant.currencyScale;
  // A bonus that is no promotion's claim (a mission reward) is named by whoever paid it.
  const untitled = rows.filter((r) => r.claimId === null).map((r) => r.requirement.sourceId);
  const others =
    untitled.length > 0 && ctx.extras.rewardsPaid
      ? await ctx.extras.rewardsPaid(untitled, language)
      : new Map<string, { title: string; amount: bigint }>();
  return {
    list: rows.map(({ requirement: r, claimId, promotionId, amount: claimed, title }) => {
      const other = others.get(r.sourceId);
      const amount = claimed ?? other?.amount ?? null;
      const progressed = r.progressed < r.required ? r.progressed : r.required;
      return {
        id: r.id,
        claimId,
        promotionId,
        title: title ? pickText(title, language) : (other?.title ?? null),
        amount: amount === null ? null : minorToDecimal(amount, scale),
        required: minorToDecimal(r.required, scale),
        progressed: minorToDecimal(progressed, scale),
        remaining: minorToDecimal(r.required - progressed, scale),
        complete: progressed >= r.required,
        releasedAt: r.releasedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      };
    }),
    bonusBalance: minorToDecimal(bonusBalance, scale),
    turnoverRemaining: minorToDecimal(turnoverRemaining, scale),
    currency: merchant.currency,
  };
}
