import {
  minorToDecimal,
  parseAmount,
  type ClaimReason,
  type ClaimState,
  type PromotionRules,
  applyBps,
} from '@taya/contracts';
import { fieldError } from '../../platform/errors';
import { localPeriod } from '../../platform/periods';
import type { Member } from '../../platform/principal';
import {
  applicationProgress,
  drawDay,
  evaluateMemberReward,
  isMemberReward,
  isPublicMemberReward,
  publicMemberRewardRules,
  storeMemberRewardRules,
} from './kinds/member-rewards';
import { windowsAt, windowsProblem } from './kinds/red-envelopes/windows';
import type { Evaluation, MemberFacts, PromotionRow, VipLevelOf } from './model';
import type { PromotionAudience, StoredRules } from './schema';

/** A member's VIP level when the audience is chosen by level; null otherwise (nothing asked). */
export async function audienceVipLevel(
  vipLevelOf: VipLevelOf | null,
  audience: PromotionAudience,
  member: Member,
): Promise<number | null> {
  return audience.vipLevels !== null && vipLevelOf
    ? vipLevelOf(member.accountId, member.merchantCode)
    : null;
}

/**
 * Whether a promotion's audience takes a member registered at `registeredAt` (null: unknown)
 * with `vipLevel`: new members only means registered at or after the start.
 */
export function inAudience(
  promo: Pick<PromotionRow, 'audience' | 'startsAt'>,
  registeredAt: Date | null,
  vipLevel: number | null,
): boolean {
  const { audience } = promo;
  if (audience.newMembersOnly && (!registeredAt || registeredAt < promo.startsAt)) return false;
  return (
    audience.vipLevels === null || (vipLevel !== null && audience.vipLevels.includes(vipLevel))
  );
}

/** floor(amount × bps / 10000), in minor units: the money module's one rounding rule. */
export { applyBps };

/** The bonus a deposit earns under deposit-bonus rules: the percentage, floored, capped. */
export function depositBonus(deposit: bigint, rules: { percentBps: number; capMinor: string }) {
  const raw = applyBps(deposit, rules.percentBps);
  const cap = BigInt(rules.capMinor);
  return raw < cap ? raw : cap;
}

/** The rebate of a member's day: each game type's valid bet at its rate, floored per type. */
export function rebateOf(validBets: Map<string, bigint>, ratesBps: Record<string, number>): bigint {
  let total = 0n;
  for (const [gameType, bet] of validBets) {
    const bps = ratesBps[gameType];
    if (bps !== undefined) total += applyBps(bet, bps);
  }
  return total;
}

/** The local calendar day of `zone` that contains `at`, as [start, end) and yyyy-MM-dd. */
export function localDay(zone: string, at: Date) {
  const { key, start, end } = localPeriod('day', zone, at);
  return { day: key, start, end };
}

/**
 * State of one promotion for one member (SPEC §4 claim states), with the reason. Pure: the
 * caller gathers the facts (`member` null for a visitor).
 */
export function evaluate(
  promo: PromotionRow,
  member: MemberFacts | null,
  now: Date,
  /**
   * The merchant's time zone: red-envelope windows are local times of day; birthday months and
   * lucky-draw days are the merchant's too.
   */
  timeZone = 'UTC',
): Evaluation {
  const result = (state: ClaimState, reason: ClaimReason, amount: bigint | null = null) => ({
    state,
    reason,
    amount,
    sourceId: null as string | null,
  });
  if (member && promo.rules.kind === 'application') {
    // An application made in the period is decided even after the period or the budget ends.
    const progress = applicationProgress(
      promo,
      member.applications.get(promo.id) ?? [],
      member.claims.get(promo.id) ?? [],
    );
    if (progress) return progress;
  }
  if (now < promo.startsAt) return result('Coming soon', 'not_started');
  if (promo.endsAt && now >= promo.endsAt) return result('Close', 'ended');
  if (promo.budget !== null && promo.spent >= promo.budget) return result('Close', 'budget_spent');
  if (!member) return result('Join', 'login_required');
  if (!inAudience(promo, member.registeredAt, member.vipLevel)) return result('Close', 'audience');
  const rules = promo.rules;
  if (isMemberReward(rules)) {
    return evaluateMemberReward(
      promo,
      rules,
      member,
      member.claims.get(promo.id) ?? [],
      now,
      timeZone,
    );
  }
  if (rules.kind === 'rebate') return result('Joined', 'paid_daily');
  // Refer and earn: the job pays the referrer as each invited friend qualifies.
  if (rules.kind === 'referral') return result('Joined', 'invite_friends');
  const claims = member.claims.get(promo.id) ?? [];
  if (claims.length >= promo.perMemberLimit) return result('Claimed', 'limit_reached');
  if (rules.kind === 'red_envelope') {
    if (promo.budget !== null && promo.budget - promo.spent < BigInt(rules.minAmountMinor)) {
      return result('Close', 'budget_spent');
    }
    const { open } = windowsAt(rules.windows, timeZone, now);
    if (!open) return result('Coming soon', 'window_closed');
    if (claims.some((c) => c.sourceId === open.key)) return result('Claimed', 'window_grabbed');
    return result('Join', 'window_open');
  }
  const used = new Set(claims.map((c) => c.sourceId));
  const min = BigInt(rules.minDepositMinor);
  const inPeriod = (at: Date) => at >= promo.startsAt && (!promo.endsAt || at < promo.endsAt);
  let qualifying: { id: string; amount: bigint } | undefined;
  if (rules.kind === 'deposit_first') {
    const first = member.deposits[0];
    if (!first) return result('Join', 'deposit_required');
    if (used.has(first.id)) return result('Claimed', 'limit_reached');
    if (!inPeriod(first.at)) return result('Close', 'first_deposit_before_start');
    if (first.amount < min) return result('Close', 'deposit_below_minimum');
    qualifying = first;
  } else {
    const reloads = member.deposits.slice(1).filter((d) => inPeriod(d.at) && !used.has(d.id));
    qualifying = reloads.filter((d) => d.amount >= min).at(-1);
    if (!qualifying) {
      return reloads.length > 0
        ? result('Join', 'deposit_below_minimum')
        : result('Join', 'deposit_required');
    }
  }
  const amount = depositBonus(qualifying.amount, rules);
  if (promo.budget !== null && promo.spent + amount > promo.budget) {
    return result('Close', 'budget_spent');
  }
  return { state: 'Claim', reason: 'deposit_qualified', amount, sourceId: qualifying.id };
}

export function toStoredRules(rules: PromotionRules, scale: number): StoredRules {
  const minor = (text: string, path: string) => {
    const v = parseAmount(text, scale);
    if (v === null) throw fieldError(`rules.${path}`, 'invalid', `At most ${scale} decimals`);
    return v.toString();
  };
  if (isPublicMemberReward(rules)) return storeMemberRewardRules(rules, minor);
  if (rules.kind === 'rebate') {
    return {
      kind: 'rebate',
      ratesBps: rules.ratesBps,
      minPayoutMinor: minor(rules.minPayout, 'minPayout'),
      wallet: rules.wallet,
      turnoverMultipleTenths: rules.turnoverMultipleTenths,
    };
  }
  if (rules.kind === 'red_envelope') {
    const min = BigInt(minor(rules.minAmount, 'minAmount'));
    const max = BigInt(minor(rules.maxAmount, 'maxAmount'));
    if (min < 1n) throw fieldError('rules.minAmount', 'invalid', 'Must be above zero');
    if (max < min) throw fieldError('rules.maxAmount', 'invalid', 'Must not be below minAmount');
    // The random amount is drawn with crypto.randomInt, whose range is below 2^48.
    if (max - min >= 2n ** 47n) throw fieldError('rules.maxAmount', 'invalid', 'Too far above');
    const problem = windowsProblem(rules.windows);
    if (problem) throw fieldError('rules.windows', 'invalid', problem);
    return {
      kind: 'red_envelope',
      minAmountMinor: min.toString(),
      maxAmountMinor: max.toString(),
      windows: rules.windows.map((w) => ({ start: w.start, end: w.end })),
      turnoverMultipleTenths: rules.turnoverMultipleTenths,
    };
  }
  if (rules.kind === 'referral') {
    const reward = minor(rules.reward, 'reward');
    if (BigInt(reward) < 1n) throw fieldError('rules.reward', 'invalid', 'Must be above zero');
    const minDepositMinor = minor(rules.minDeposit, 'minDeposit');
    const minValidBetMinor = minor(rules.minValidBet, 'minValidBet');
    // A registration alone never pays: the friend must at least deposit or bet.
    if (minDepositMinor === '0' && minValidBetMinor === '0') {
      throw fieldError('rules.minDeposit', 'invalid', 'Set minDeposit, minValidBet or both');
    }
    return {
      kind: 'referral',
      rewardMinor: reward,
      minDepositMinor,
      minValidBetMinor,
      maxFriends: rules.maxFriends,
      turnoverMultipleTenths: rules.turnoverMultipleTenths,
    };
  }
  return {
    kind: rules.kind,
    percentBps: rules.percentBps,
    capMinor: minor(rules.cap, 'cap'),
    minDepositMinor: minor(rules.minDeposit, 'minDeposit'),
    turnoverMultipleTenths: rules.turnoverMultipleTenths,
  };
}

export function toPublicRules(rules: StoredRules, scale: number): PromotionRules {
  const dec = (minor: string) => minorToDecimal(BigInt(minor), scale);
  if (isMemberReward(rules)) return publicMemberRewardRules(rules, dec);
  if (rules.kind === 'rebate') {
    return {
      kind: 'rebate',
      ratesBps: rules.ratesBps,
      minPayout: dec(rules.minPayoutMinor),
      wallet: rules.wallet,
      turnoverMultipleTenths: rules.turnoverMultipleTenths,
    };
  }
  if (rules.kind === 'red_envelope') {
    return {
      kind: 'red_envelope',
      minAmount: dec(rules.minAmountMinor),
      maxAmount: dec(rules.maxAmountMinor),
      windows: rules.windows.map((w) => ({ start: w.start, end: w.end })),
      turnoverMultipleTenths: rules.turnoverMultipleTenths,
    };
  }
  if (rules.kind === 'referral') {
    return {
      kind: 'referral',
      reward: dec(rules.rewardMinor),
      minDeposit: dec(rules.minDepositMinor),
      minValidBet: dec(rules.minValidBetMinor),
      maxFriends: rules.maxFriends,
      turnoverMultipleTenths: rules.turnoverMultipleTenths,
    };
  }
  return {
    kind: rules.kind,
    percentBps: rules.percentBps,
    cap: dec(rules.capMinor),
    minDeposit: dec(rules.minDepositMinor),
    turnoverMultipleTenths: rules.turnoverMultipleTenths,
  };
}

/** Whether deciding the state needs the member's VIP level. */
export const needsVipLevel = (p: PromotionRow) =>
  p.audience.vipLevels !== null || p.kind === 'birthday';

/** Claims that count toward the per-member limit: a lucky draw's limit is per local day. */
export function claimsCounted(
  promo: PromotionRow,
  facts: MemberFacts | null,
  timeZone: string,
  now: Date,
): number {
  const claims = facts?.claims.get(promo.id) ?? [];
  if (promo.kind !== 'raffle') return claims.length;
  const day = drawDay(timeZone, now);
  return claims.filter((c) => c.sourceId.startsWith(`${day}:`)).length;
}
