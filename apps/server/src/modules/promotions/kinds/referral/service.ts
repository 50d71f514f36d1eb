import { and, eq } from 'drizzle-orm';
import { minorToDecimal, type MerchantInfo, type ReferralFriendStatus } from '@taya/contracts';
import { pickText } from '../../../../platform/localised';
import type { Member } from '../../../../platform/principal';
import type { Db } from '../../../../platform/db';
import type { SystemService } from '../../../system';
import type { IdentityService } from '../../../identity';
import { maskName } from '../../../games';
import {
  referralFriends,
  referralFriendsUnpaid,
  referralReferrers,
  referralTotals,
} from '../../../reports';
import { runningOfKind } from '../../core';
import type { PromotionRow, VipLevelOf } from '../../model';
import { audienceVipLevel, inAudience } from '../../rules';
import { promotionClaims, promotions } from '../../schema';
import type { PromotionsService } from '../../service';

type ReferralRules = Extract<PromotionRow['rules'], { kind: 'referral' }>;

const rewardActor = 'job:referral.reward';

/** Whether a friend's totals reach a referral promotion's thresholds (a zero one always does). */
export function friendQualifies(
  rules: { minDepositMinor: string; minValidBetMinor: string },
  deposited: bigint,
  validBet: bigint,
): boolean {
  return deposited >= BigInt(rules.minDepositMinor) && validBet >= BigInt(rules.minValidBetMinor);
}

/**
 * Refer and earn: a member's invite code, the friends who registered with it, and the reward a
 * referral promotion pays the referrer once per friend who reaches its deposit and valid-bet
 * thresholds (paid by the `referral.reward` job, one claim per friend: the claim's source).
 */
export class ReferralService {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly identity: IdentityService,
    private readonly promotions: PromotionsService,
    private readonly vipLevelOf: VipLevelOf | null = null,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The merchant's referral promotions running at `now`, in the operators' order. */
  private async running(merchantCode: string, now: Date) {
    const rows = await runningOfKind(this.db, merchantCode, 'referral', now);
    return rows.flatMap((promo) =>
      promo.rules.kind === 'referral' ? [{ promo, rules: promo.rules }] : [],
    );
  }

  /** Credited deposits and settled valid bets of these accounts, in total. */
  private totals(ids: string[]) {
    return referralTotals(this.db, ids);
  }

  /** My invite code, the running promotion, my friends' progress and what I have earned. */
  async summary(member: Member, language: string | undefined) {
    const merchant: MerchantInfo = await this.system.merchantFor(member.merchantCode, undefined);
    const lang = (language ?? merchant.defaultLanguage).toLowerCase();
    const scale = merchant.currencyScale;
    const code = await this.identity.memberInviteCode(member.accountId);
    const now = this.clock();
    const [current] = await this.running(merchant.merchantCode, now);
    const friends = await referralFriends(this.db, member.accountId, merchant.merchantCode);
    const { deposited, validBet } = await this.totals(friends.map((f) => f.id));
    const claims = await this.db
      .select({ sourceId: promotionClaims.sourceId, amount: promotionClaims.amount })
      .from(promotionClaims)
      .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
      .where(and(eq(promotionClaims.accountId, member.accountId), eq(promotions.kind, 'referral')));
    const rewards = new Map<string, bigint>();
    let total = 0n;
    for (const c of claims) {
      rewards.set(c.sourceId, (rewards.get(c.sourceId) ?? 0n) + c.amount);
      total += c.amount;
    }
    const statusOf = (f: (typeof friends)[number]): ReferralFriendStatus => {
      if (rewards.has(f.id)) return 'rewarded';
      if (!current || f.createdAt < current.promo.startsAt) return 'not_eligible';
      return friendQualifies(current.rules, deposited.get(f.id) ?? 0n, validBet.get(f.id) ?? 0n)
        ? 'qualified'
        : 'in_progress';
    };
    return {
      code,
      promotion: current
        ? {
            id: current.promo.id,
            title: pickText(current.promo.title, lang),
            content: pickText(current.promo.content, lang),
            reward: minorToDecimal(BigInt(current.rules.rewardMinor), scale),
            minDeposit: minorToDecimal(BigInt(current.rules.minDepositMinor), scale),
            minValidBet: minorToDecimal(BigInt(current.rules.minValidBetMinor), scale),
            maxFriends: Math.min(current.rules.maxFriends, current.promo.perMemberLimit),
            turnoverMultipleTenths: current.rules.turnoverMultipleTenths,
            endsAt: current.promo.endsAt?.toISOString() ?? null,
          }
        : null,
      friends: friends.map((f) => {
        const reward = rewards.get(f.id);
        return {
          name: maskName(f.username),
          registeredAt: f.createdAt.toISOString(),
          deposited: minorToDecimal(deposited.get(f.id) ?? 0n, scale),
          validBet: minorToDecimal(validBet.get(f.id) ?? 0n, scale),
          status: statusOf(f),
          reward: reward === undefined ? null : minorToDecimal(reward, scale),
        };
      }),
      friendsRewarded: friends.filter((f) => rewards.has(f.id)).length,
      totalEarned: minorToDecimal(total, scale),
      currency: merchant.currency,
    };
  }

  /**
   * The job: every running referral promotion pays each referrer once per friend who registered
   * during it and has reached its thresholds, within the budget and the referrer's limit. A pair
   * paid before is skipped (and the claims' unique source index would refuse it anyway).
   */
  async rewardDue(now: Date = this.clock()) {
    let paid = 0;
    let amount = 0n;
    for (const merchant of await this.system.merchants()) {
      for (const { promo, rules } of await this.running(merchant.merchantCode, now)) {
        const r = await this.rewardPromotion(merchant, promo, rules);
        paid += r.paid;
        amount += r.amount;
      }
    }
    return { paid, amount };
  }

  private async rewardPromotion(merchant: MerchantInfo, promo: PromotionRow, rules: ReferralRules) {
    const friends = await referralFriendsUnpaid(this.db, merchant.merchantCode, promo);
    const { deposited, validBet } = await this.totals(friends.map((f) => f.id));
    const qualified = friends.filter((f) =>
      friendQualifies(rules, deposited.get(f.id) ?? 0n, validBet.get(f.id) ?? 0n),
    );
    if (qualified.length === 0) return { paid: 0, amount: 0n };

    const referrerIds = [...new Set(qualified.map((f) => f.referrerId!))];
    const referrers = new Map(
      (await referralReferrers(this.db, referrerIds, merchant.merchantCode)).map((a) => [a.id, a]),
    );
    const reward = BigInt(rules.rewardMinor);
    const limit = Math.min(rules.maxFriends, promo.perMemberLimit);
    let paid = 0;
    let amount = 0n;
    for (const friend of qualified) {
      const referrer = referrers.get(friend.referrerId!);
      if (!referrer || referrer.type !== 0 || referrer.status !== 'active') continue;
      const level = await audienceVipLevel(this.vipLevelOf, promo.audience, {
        accountId: referrer.id,
        merchantCode: merchant.merchantCode,
      });
      if (!inAudience(promo, referrer.createdAt, level)) continue;
      const claim = await this.promotions.payUnderLock(merchant, promo.id, async (tx, locked) => {
        if (!locked.enabled) return null;
        if (locked.budget !== null && locked.spent + reward > locked.budget) return null;
        const earlier = await tx
          .select({ sourceId: promotionClaims.sourceId })
          .from(promotionClaims)
          .where(
            and(
              eq(promotionClaims.promotionId, promo.id),
              eq(promotionClaims.accountId, referrer.id),
            ),
          );
        if (earlier.some((c) => c.sourceId === friend.id) || earlier.length >= limit) return null;
        return {
          accountId: referrer.id,
          requestId: `referral-${friend.id}`,
          sourceId: friend.id,
          amount: reward,
          wallet: 'bonus',
          turnoverMultipleTenths: rules.turnoverMultipleTenths,
          actor: rewardActor,
        };
      });
      if (claim) {
        paid++;
        amount += claim.amount;
      }
    }
    return { paid, amount };
  }
}
