import { refuseExcluded } from './exclusions';
import { and, eq, sql } from 'drizzle-orm';
import { minorToDecimal } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import type { Member } from '../../platform/principal';
import {
  claimAnswer,
  claimByRequest,
  lockPromotion,
  memberFacts,
  pay,
  recordNoPrize,
} from './core';
import { drawablePrizes, drawDay, pickPrize, remainingBudget } from './kinds/member-rewards';
import type { PromotionsContext } from './model';
import { evaluate } from './rules';
import { promotionClaims, promotions } from './schema';

/**
 * A member claims a promotion for itself. The promotion's row is locked while the state is
 * decided again and the money moves, so concurrent claims never pass the budget or the limit;
 * the same requestId answers the same claim and moves nothing.
 */
export async function claim(
  ctx: PromotionsContext,
  member: Member,
  promotionId: string,
  requestId: string,
) {
  const merchant = await ctx.merchant(member.merchantCode);
  const scale = merchant.currencyScale;
  const earlier = await claimByRequest(ctx.db, promotionId, member.accountId, requestId);
  if (earlier) return claimAnswer(earlier, scale, true);
  await refuseExcluded(ctx.db, member.accountId);
  const [found] = await ctx.db
    .select({
      vip: sql<boolean>`${promotions.audience}->'vipLevels' <> 'null'::jsonb or ${promotions.kind} = 'birthday'`,
    })
    .from(promotions)
    .where(
      and(
        eq(promotions.id, promotionId),
        eq(promotions.merchantCode, merchant.merchantCode),
        eq(promotions.enabled, true),
      ),
    );
  if (!found) throw new AppError('not_found', 'No such promotion');
  const vipLevel =
    found.vip && ctx.vipLevelOf
      ? await ctx.vipLevelOf(member.accountId, member.merchantCode)
      : null;
  const now = ctx.clock();
  const outcome = await ctx.db.transaction(async (tx) => {
    const promo = await lockPromotion(tx, promotionId);
    const again = await claimByRequest(tx, promotionId, member.accountId, requestId);
    if (again) return { claim: again, replayed: true };
    const facts = await memberFacts(ctx, tx, member, [promotionId], false);
    facts.vipLevel = vipLevel;
    const evaluation = evaluate(promo!, facts, now, merchant.timeZone);
    const rules = promo!.rules;
    // A rebate is paid by its job; an application is applied for and decided by an operator;
    // a red envelope is grabbed (red-envelopes module); a referral reward is paid by its job.
    const byMember =
      rules.kind !== 'rebate' &&
      rules.kind !== 'application' &&
      rules.kind !== 'red_envelope' &&
      rules.kind !== 'referral';
    if (evaluation.state !== 'Claim' || !byMember) {
      throw new AppError('conflict', 'This promotion cannot be claimed now', undefined, {
        state: evaluation.state,
        reason: byMember ? evaluation.reason : 'not_claimable',
      });
    }
    if (rules.kind === 'raffle') {
      // Only prizes the remaining budget can pay are drawn, by their weights.
      const amount = pickPrize(drawablePrizes(rules.prizes, remainingBudget(promo!)), ctx.roll);
      const claim = {
        accountId: member.accountId,
        requestId,
        sourceId: evaluation.sourceId!,
        amount,
        wallet: 'bonus' as const,
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
        actor: member.accountId,
      };
      return {
        claim:
          amount > 0n
            ? await pay(ctx, tx, merchant, promo!, claim)
            : await recordNoPrize(tx, merchant, promo!, claim),
        replayed: false,
      };
    }
    const claim = await pay(ctx, tx, merchant, promo!, {
      accountId: member.accountId,
      requestId,
      sourceId: evaluation.sourceId!,
      amount: evaluation.amount!,
      wallet: 'bonus',
      turnoverMultipleTenths: rules.turnoverMultipleTenths,
      actor: member.accountId,
    });
    return { claim, replayed: false };
  });
  return claimAnswer(outcome.claim, scale, outcome.replayed);
}

/**
 * `MCS2_claimRafflePromotion`: one draw of a lucky draw (the same path as a claim), with
 * whether it won and the draws left today.
 */
export async function drawRaffle(
  ctx: PromotionsContext,
  member: Member,
  promotionId: string,
  requestId: string,
) {
  const merchant = await ctx.merchant(member.merchantCode);
  const [promo] = await ctx.db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, promotionId), eq(promotions.merchantCode, merchant.merchantCode)));
  if (!promo || promo.kind !== 'raffle' || !promo.enabled) {
    throw new AppError('not_found', 'No such lucky draw');
  }
  const answer = await claim(ctx, member, promotionId, requestId);
  const day = drawDay(merchant.timeZone, ctx.clock());
  const [today] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(promotionClaims)
    .where(
      and(
        eq(promotionClaims.promotionId, promotionId),
        eq(promotionClaims.accountId, member.accountId),
        sql`${promotionClaims.sourceId} like ${`${day}:%`}`,
      ),
    );
  return {
    ...answer,
    won: answer.amount !== minorToDecimal(0n, merchant.currencyScale),
    drawsLeftToday: Math.max(0, promo.perMemberLimit - (today?.n ?? 0)),
  };
}
