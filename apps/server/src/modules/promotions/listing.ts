import { and, eq } from 'drizzle-orm';
import {
  minorToDecimal,
  type MerchantInfo,
  type PromotionItem,
  type PromotionTerms,
} from '@taya/contracts';
import { AppError } from '../../platform/errors';
import { pickText } from '../../platform/localised';
import type { Member } from '../../platform/principal';
import { applicationView } from './applications';
import { enabledPromotions, memberFacts } from './core';
import type { Evaluation, MemberFacts, PromotionRow, PromotionsContext } from './model';
import { claimsCounted, evaluate, needsVipLevel, toPublicRules } from './rules';
import { promotions } from './schema';

/** The member's latest application to an application promotion, as it reads it. */
function latestApplication(promo: PromotionRow, facts: MemberFacts | null, scale: number) {
  const row = facts?.applications.get(promo.id)?.at(-1);
  if (!row) return null;
  const claim = row.claimId ? facts?.claims.get(promo.id)?.find((c) => c.id === row.claimId) : null;
  return applicationView(row, claim?.amount ?? null, scale);
}

/**
 * What a claim now commits the member to, computed as `core.ts` `pay` does: the turnover is the
 * bonus × the multiple, every game's valid bet counts toward it in full, and it never lapses.
 */
export function terms(promo: PromotionRow, amount: bigint | null, scale: number): PromotionTerms {
  const multiple = promo.rules.turnoverMultipleTenths;
  return {
    bonus: amount === null ? null : minorToDecimal(amount, scale),
    turnoverMultipleTenths: multiple,
    turnoverOn: 'bonus',
    turnoverRequired:
      amount === null ? null : minorToDecimal((amount * BigInt(multiple)) / 10n, scale),
    countedGames: 'all',
    wallet: promo.rules.kind === 'rebate' ? promo.rules.wallet : 'bonus',
    expiresAt: null,
  };
}

/** A promotion as the member's list shows it: its state and why, and the claims made. */
export function item(
  ctx: PromotionsContext,
  promo: PromotionRow,
  evaluation: Evaluation,
  facts: MemberFacts | null,
  merchant: MerchantInfo,
  language: string,
): PromotionItem {
  return {
    id: promo.id,
    kind: promo.kind,
    category: promo.category,
    title: pickText(promo.title, language),
    content: pickText(promo.content, language),
    startsAt: promo.startsAt.toISOString(),
    endsAt: promo.endsAt?.toISOString() ?? null,
    state: evaluation.state,
    reason: evaluation.reason,
    claimAmount:
      evaluation.amount === null ? null : minorToDecimal(evaluation.amount, merchant.currencyScale),
    claimsMade: claimsCounted(promo, facts, merchant.timeZone, ctx.clock()),
    perMemberLimit: promo.perMemberLimit,
    currency: merchant.currency,
    terms: terms(
      promo,
      evaluation.state === 'Claim' ? evaluation.amount : null,
      merchant.currencyScale,
    ),
    ...(promo.kind === 'application'
      ? { application: latestApplication(promo, facts, merchant.currencyScale) }
      : {}),
  };
}

/** The merchant's promotions with each one's state for the caller (a visitor: null). */
export async function list(
  ctx: PromotionsContext,
  merchantCode: string | undefined,
  member: Member | null,
  query: { category?: string | undefined; language?: string | undefined },
) {
  const merchant = await ctx.merchant(member?.merchantCode ?? merchantCode);
  const rows = await enabledPromotions(ctx.db, merchant.merchantCode, query.category);
  const facts = member
    ? await memberFacts(
        ctx,
        ctx.db,
        member,
        rows.map((r) => r.id),
        rows.some(needsVipLevel),
      )
    : null;
  const now = ctx.clock();
  const language = (query.language ?? merchant.defaultLanguage).toLowerCase();
  return {
    list: rows.map((r) =>
      item(ctx, r, evaluate(r, facts, now, merchant.timeZone), facts, merchant, language),
    ),
  };
}

export async function detail(
  ctx: PromotionsContext,
  merchantCode: string | undefined,
  member: Member | null,
  id: string,
  language: string | undefined,
) {
  const merchant = await ctx.merchant(member?.merchantCode ?? merchantCode);
  const [promo] = await ctx.db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.id, id),
        eq(promotions.merchantCode, merchant.merchantCode),
        eq(promotions.enabled, true),
      ),
    );
  if (!promo) throw new AppError('not_found', 'No such promotion');
  const facts = member
    ? await memberFacts(ctx, ctx.db, member, [promo.id], needsVipLevel(promo))
    : null;
  const lang = (language ?? merchant.defaultLanguage).toLowerCase();
  return {
    ...item(
      ctx,
      promo,
      evaluate(promo, facts, ctx.clock(), merchant.timeZone),
      facts,
      merchant,
      lang,
    ),
    rules: toPublicRules(promo.rules, merchant.currencyScale),
  };
}

/** The public-state counts: promotions waiting to be claimed, and whether referral is on. */
export async function summary(ctx: PromotionsContext, member: Member) {
  const merchant = await ctx.merchant(member.merchantCode);
  const rows = await enabledPromotions(ctx.db, merchant.merchantCode);
  const now = ctx.clock();
  // Every kind counts whose state is Claim now (deposit bonuses, new-member, birthday and VIP
  // upgrade bonuses, a lucky draw with draws left).
  const facts = await memberFacts(
    ctx,
    ctx.db,
    member,
    rows.map((r) => r.id),
    rows.some(needsVipLevel),
  );
  const count = rows.filter(
    (r) => evaluate(r, facts, now, merchant.timeZone).state === 'Claim',
  ).length;
  const referral = rows.some(
    (r) => r.kind === 'referral' && r.startsAt <= now && (!r.endsAt || now < r.endsAt),
  );
  return {
    availablePromoCount: count,
    availablePromo: [{ type: 'REFERRAL' as const, enabled: referral }],
    rewardBadge: count > 0,
  };
}
