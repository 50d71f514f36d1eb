import { DateTime } from 'luxon';
import type { ClaimReason, ClaimState, PromotionRules } from '@taya/contracts';
import { fieldError } from '../../../platform/errors';
import { localPeriod } from '../../../platform/periods';
import type { promotionApplications, promotionClaims, promotions, StoredRules } from '../schema';

type PromotionRow = typeof promotions.$inferSelect;
type ClaimRow = typeof promotionClaims.$inferSelect;
export type ApplicationRow = typeof promotionApplications.$inferSelect;

/** The kinds a member claims for itself once its own facts qualify (no deposit behind them). */
const memberRewardKinds = ['new_member', 'birthday', 'vip_upgrade', 'application', 'raffle'];
type MemberRewardKind = 'new_member' | 'birthday' | 'vip_upgrade' | 'application' | 'raffle';

export type MemberRewardRules = Extract<StoredRules, { kind: MemberRewardKind }>;

export function isMemberReward(rules: StoredRules): rules is MemberRewardRules {
  return memberRewardKinds.includes(rules.kind);
}

export type PublicMemberRewardRules = Extract<PromotionRules, { kind: MemberRewardKind }>;

export function isPublicMemberReward(rules: PromotionRules): rules is PublicMemberRewardRules {
  return memberRewardKinds.includes(rules.kind);
}

/** What a member has that decides these kinds, beyond registration time and VIP level. */
export interface MemberRewardFacts {
  registeredAt: Date;
  vipLevel: number | null;
  /** yyyy-MM-dd, or null when the profile has none. */
  birthday: string | null;
  /** Ranks the member reached, as recorded by the VIP module. */
  upgrades: { toLevel: number; at: Date }[];
  /** This member's applications, by promotion, oldest first. */
  applications: Map<string, ApplicationRow[]>;
}

export interface RewardEvaluation {
  state: ClaimState;
  reason: ClaimReason;
  amount: bigint | null;
  sourceId: string | null;
}

const msPerDay = 86_400_000;

/** The source id of the one new-member claim. */
export const newMemberSource = 'new_member';

const verdict = (
  state: ClaimState,
  reason: ClaimReason,
  amount: bigint | null = null,
  sourceId: string | null = null,
): RewardEvaluation => ({ state, reason, amount, sourceId });

function fits(promo: PromotionRow, amount: bigint): boolean {
  return promo.budget === null || promo.spent + amount <= promo.budget;
}

/** Remaining budget, or null for none. */
export function remainingBudget(promo: PromotionRow): bigint | null {
  return promo.budget === null ? null : promo.budget - promo.spent;
}

/** The birthday bonus for a VIP level: the level's own amount, else the default. */
export function birthdayAmount(
  rules: Extract<StoredRules, { kind: 'birthday' }>,
  vipLevel: number | null,
): bigint {
  const own = vipLevel === null ? undefined : rules.amountsByVipLevelMinor[String(vipLevel)];
  return BigInt(own ?? rules.amountMinor);
}

/** The prizes a draw may pick now: those the remaining budget can pay (a zero prize always). */
export function drawablePrizes(
  prizes: { amountMinor: string; weight: number }[],
  remaining: bigint | null,
) {
  return prizes
    .map((p) => ({ amount: BigInt(p.amountMinor), weight: p.weight }))
    .filter((p) => remaining === null || p.amount <= remaining);
}

/**
 * Picks one prize by weight: `roll` is a uniform integer in [0, total weight) (node's
 * crypto.randomInt in production).
 */
export function pickPrize(
  prizes: { amount: bigint; weight: number }[],
  roll: (max: number) => number,
): bigint {
  const total = prizes.reduce((n, p) => n + p.weight, 0);
  let r = roll(total);
  for (const p of prizes) {
    if (r < p.weight) return p.amount;
    r -= p.weight;
  }
  throw new Error('A roll outside the total weight');
}

/** The merchant's local day of `now` that a lucky draw's daily limit counts in. */
export function drawDay(timeZone: string, now: Date): string {
  return localPeriod('day', timeZone, now).key;
}

/**
 * The states of an application promotion that hold whatever the period or budget: an
 * application waits (Applying) or the approvals used the per-member limit (Issued).
 */
export function applicationProgress(
  promo: PromotionRow,
  applications: ApplicationRow[],
  claims: ClaimRow[],
): RewardEvaluation | null {
  const latest = applications.at(-1);
  if (latest?.status === 'pending') return verdict('Applying', 'application_pending');
  if (claims.length >= promo.perMemberLimit) return verdict('Issued', 'application_approved');
  return null;
}

/**
 * State of a member-reward promotion for a member who passed the period, budget and audience
 * checks (see `evaluate`).
 */
export function evaluateMemberReward(
  promo: PromotionRow,
  rules: MemberRewardRules,
  member: MemberRewardFacts,
  claims: ClaimRow[],
  now: Date,
  timeZone: string,
): RewardEvaluation {
  const inPeriod = (at: Date) => at >= promo.startsAt && (!promo.endsAt || at < promo.endsAt);
  const limitReached = claims.length >= promo.perMemberLimit;
  switch (rules.kind) {
    case 'new_member': {
      if (limitReached || claims.some((c) => c.sourceId === newMemberSource)) {
        return verdict('Claimed', 'limit_reached');
      }
      if (member.registeredAt < promo.startsAt) return verdict('Close', 'registered_before_start');
      if (now.getTime() >= member.registeredAt.getTime() + rules.withinDays * msPerDay) {
        return verdict('Close', 'registration_window_passed');
      }
      const amount = BigInt(rules.amountMinor);
      if (!fits(promo, amount)) return verdict('Close', 'budget_spent');
      return verdict('Claim', 'new_member_qualified', amount, newMemberSource);
    }
    case 'birthday': {
      if (!member.birthday) return verdict('Close', 'birthday_missing');
      const local = DateTime.fromJSDate(now, { zone: timeZone });
      const year = String(local.year);
      if (claims.some((c) => c.sourceId === year)) return verdict('Claimed', 'claimed_this_year');
      if (limitReached) return verdict('Claimed', 'limit_reached');
      if (Number(member.birthday.slice(5, 7)) !== local.month) {
        return verdict('Close', 'not_birthday_month');
      }
      const amount = birthdayAmount(rules, member.vipLevel);
      if (amount <= 0n) return verdict('Close', 'audience');
      if (!fits(promo, amount)) return verdict('Close', 'budget_spent');
      return verdict('Claim', 'birthday_qualified', amount, year);
    }
    case 'vip_upgrade': {
      if (limitReached) return verdict('Claimed', 'limit_reached');
      const used = new Set(claims.map((c) => c.sourceId));
      const next = member.upgrades
        .filter(
          (u) =>
            inPeriod(u.at) &&
            BigInt(rules.amountsByRankMinor[String(u.toLevel)] ?? '0') > 0n &&
            !used.has(`rank:${u.toLevel}`),
        )
        .sort((a, b) => a.at.getTime() - b.at.getTime() || a.toLevel - b.toLevel)[0];
      if (!next) {
        return claims.length > 0
          ? verdict('Claimed', 'vip_upgrade_required')
          : verdict('Join', 'vip_upgrade_required');
      }
      const amount = BigInt(rules.amountsByRankMinor[String(next.toLevel)]!);
      if (!fits(promo, amount)) return verdict('Close', 'budget_spent');
      return verdict('Claim', 'vip_upgrade_qualified', amount, `rank:${next.toLevel}`);
    }
    case 'application': {
      const early = applicationProgress(promo, member.applications.get(promo.id) ?? [], claims);
      if (early) return early;
      const latest = member.applications.get(promo.id)?.at(-1);
      if (latest?.status === 'rejected') return verdict('Rejected', 'application_rejected');
      return verdict('Join', 'apply_open');
    }
    case 'raffle': {
      const day = drawDay(timeZone, now);
      const today = claims.filter((c) => c.sourceId.startsWith(`${day}:`)).length;
      if (today >= promo.perMemberLimit) return verdict('Claimed', 'daily_limit_reached');
      const prizes = drawablePrizes(rules.prizes, remainingBudget(promo));
      if (!prizes.some((p) => p.amount > 0n)) return verdict('Close', 'budget_spent');
      return verdict('Claim', 'draw_available', null, `${day}:${today + 1}`);
    }
  }
}

/** The rules of these kinds as stored (minor units). */
export function storeMemberRewardRules(
  rules: PublicMemberRewardRules,
  minor: (text: string, path: string) => string,
): MemberRewardRules {
  const positive = (text: string, path: string) => {
    const v = minor(text, path);
    if (BigInt(v) <= 0n) throw fieldError(`rules.${path}`, 'invalid', 'Must be above zero');
    return v;
  };
  const byRank = (record: Record<string, string>, path: string) =>
    Object.fromEntries(
      Object.entries(record).map(([rank, amount]) => [
        String(Number(rank)),
        minor(amount, `${path}.${rank}`),
      ]),
    );
  switch (rules.kind) {
    case 'new_member':
      return {
        kind: 'new_member',
        amountMinor: positive(rules.amount, 'amount'),
        withinDays: rules.withinDays,
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
      };
    case 'birthday':
      return {
        kind: 'birthday',
        amountMinor: minor(rules.amount, 'amount'),
        amountsByVipLevelMinor: byRank(rules.amountsByVipLevel, 'amountsByVipLevel'),
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
      };
    case 'vip_upgrade':
      return {
        kind: 'vip_upgrade',
        amountsByRankMinor: byRank(rules.amountsByRank, 'amountsByRank'),
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
      };
    case 'application': {
      const amountMinor = positive(rules.amount, 'amount');
      const maxAmountMinor = positive(rules.maxAmount, 'maxAmount');
      if (BigInt(maxAmountMinor) < BigInt(amountMinor)) {
        throw fieldError('rules.maxAmount', 'invalid', 'Must be at least the amount');
      }
      return {
        kind: 'application',
        amountMinor,
        maxAmountMinor,
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
      };
    }
    case 'raffle': {
      const prizes = rules.prizes.map((p, i) => ({
        amountMinor: minor(p.amount, `prizes.${i}.amount`),
        weight: p.weight,
      }));
      if (!prizes.some((p) => BigInt(p.amountMinor) > 0n)) {
        throw fieldError('rules.prizes', 'invalid', 'At least one prize above zero');
      }
      return { kind: 'raffle', prizes, turnoverMultipleTenths: rules.turnoverMultipleTenths };
    }
  }
}

/** These kinds' rules as the member reads them (decimals). */
export function publicMemberRewardRules(
  rules: MemberRewardRules,
  dec: (minor: string) => string,
): PublicMemberRewardRules {
  const byRank = (record: Record<string, string>) =>
    Object.fromEntries(Object.entries(record).map(([rank, amount]) => [rank, dec(amount)]));
  switch (rules.kind) {
    case 'new_member':
      return {
        kind: 'new_member',
        amount: dec(rules.amountMinor),
        withinDays: rules.withinDays,
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
      };
    case 'birthday':
      return {
        kind: 'birthday',
        amount: dec(rules.amountMinor),
        amountsByVipLevel: byRank(rules.amountsByVipLevelMinor),
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
      };
    case 'vip_upgrade':
      return {
        kind: 'vip_upgrade',
        amountsByRank: byRank(rules.amountsByRankMinor),
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
      };
    case 'application':
      return {
        kind: 'application',
        amount: dec(rules.amountMinor),
        maxAmount: dec(rules.maxAmountMinor),
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
      };
    case 'raffle':
      return {
        kind: 'raffle',
        prizes: rules.prizes.map((p) => ({ amount: dec(p.amountMinor), weight: p.weight })),
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
      };
  }
}
