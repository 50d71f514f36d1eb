import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { MerchantInfo } from '@taya/contracts';
import { promotionRegisteredAt, rebateValidBets } from '../reports';
import { enabledPromotions, payUnderLock } from './core';
import { isExcluded } from './exclusions';
import type { PromotionRow, PromotionsContext } from './model';
import { audienceVipLevel, inAudience, localDay, rebateOf } from './rules';
import { promotionClaims, promotionRebateDays } from './schema';

const rebateActor = 'job:promotions.rebate';

/** How many ended days back the rebate job looks for a day it has not settled. */
const rebateCatchUpDays = 3;

/**
 * The rebate job: for every rebate promotion, each ended local day of its merchant not yet
 * settled (yesterday, and a few days back after an outage) is paid once.
 */
export async function settleRebates(ctx: PromotionsContext, now: Date = ctx.clock()) {
  let days = 0;
  let paid = 0n;
  for (const merchant of await ctx.system.merchants()) {
    const rows = (await enabledPromotions(ctx.db, merchant.merchantCode)).filter(
      (r) => r.kind === 'rebate',
    );
    for (const promo of rows) {
      const today = localDay(merchant.timeZone, now);
      for (let back = rebateCatchUpDays; back >= 1; back--) {
        const at = DateTime.fromJSDate(today.start, { zone: merchant.timeZone })
          .minus({ days: back })
          .toJSDate();
        const day = localDay(merchant.timeZone, at);
        if (day.end <= promo.startsAt || (promo.endsAt && day.start >= promo.endsAt)) continue;
        const r = await settleRebateDay(ctx, merchant, promo, day);
        if (r) {
          days++;
          paid += r.paid;
        }
      }
    }
  }
  return { days, paid };
}

/** Pays one rebate day of one promotion, unless it was settled before (then null). */
export async function settleRebateDay(
  ctx: PromotionsContext,
  merchant: MerchantInfo,
  promo: PromotionRow,
  day: { day: string; start: Date; end: Date },
): Promise<{ members: number; paid: bigint } | null> {
  const rules = promo.rules;
  if (rules.kind !== 'rebate') return null;
  const [done] = await ctx.db
    .select({ day: promotionRebateDays.day })
    .from(promotionRebateDays)
    .where(
      and(eq(promotionRebateDays.promotionId, promo.id), eq(promotionRebateDays.day, day.day)),
    );
  if (done) return null;
  const gameTypes = Object.keys(rules.ratesBps);
  const bets = await rebateValidBets(ctx.db, merchant.merchantCode, day.start, day.end, gameTypes);
  const byMember = new Map<string, Map<string, bigint>>();
  for (const b of bets) {
    const m = byMember.get(b.accountId) ?? new Map<string, bigint>();
    m.set(b.gameType, BigInt(b.validBet));
    byMember.set(b.accountId, m);
  }
  const minPayout = BigInt(rules.minPayoutMinor);
  const members = [...byMember.keys()].sort();
  const registered = new Map<string, Date>();
  if (promo.audience.newMembersOnly && members.length > 0) {
    const rows = await promotionRegisteredAt(ctx.db, members);
    for (const r of rows) registered.set(r.id, r.createdAt);
  }
  let count = 0;
  let paid = 0n;
  for (const accountId of members) {
    const amount = rebateOf(byMember.get(accountId)!, rules.ratesBps);
    if (amount === 0n || amount < minPayout) continue;
    const member = { accountId, merchantCode: merchant.merchantCode };
    const level = await audienceVipLevel(ctx.vipLevelOf, promo.audience, member);
    if (!inAudience(promo, registered.get(accountId) ?? null, level)) continue;
    const claim = await payUnderLock(ctx, merchant, promo.id, async (tx, locked) => {
      if (locked.budget !== null && locked.spent + amount > locked.budget) return null;
      // A player excluded from promotions is skipped, not paid.
      if (await isExcluded(tx, accountId)) return null;
      const [exists] = await tx
        .select({ id: promotionClaims.id })
        .from(promotionClaims)
        .where(
          and(
            eq(promotionClaims.promotionId, promo.id),
            eq(promotionClaims.accountId, accountId),
            eq(promotionClaims.sourceId, day.day),
          ),
        );
      if (exists) return null;
      return {
        accountId,
        requestId: `rebate-${day.day}`,
        sourceId: day.day,
        amount,
        wallet: rules.wallet,
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
        actor: rebateActor,
      };
    });
    if (claim) {
      count++;
      paid += claim.amount;
    }
  }
  await ctx.db
    .insert(promotionRebateDays)
    .values({ promotionId: promo.id, day: day.day, members: count, paid })
    .onConflictDoNothing();
  return { members: count, paid };
}
