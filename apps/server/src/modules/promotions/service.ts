import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  applyBps,
  minorToDecimal,
  parseAmount,
  type ClaimReason,
  type ClaimState,
  type MerchantInfo,
  type PromotionApplyBody,
  type PromotionItem,
  type PromotionRules,
  type PromotionUpsert,
} from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import { pickText } from '../../platform/localised';
import { localPeriod } from '../../platform/periods';
import type { Member } from '../../platform/principal';
import type { SystemService } from '../system/service';
import type { UploadService } from '../uploads/service';
import { accountKinds, type WalletService } from '../wallet/service';
import { holdReward } from '../cashier/bonus';
import { depositOrders, turnoverRequirements } from '../cashier/schema';
import { betRecords } from '../games/schema';
import { accounts } from '../identity/schema';
import { ledgerAccounts } from '../wallet/schema';
import { vipUpgrades } from '../vip/schema';
import { windowsAt, windowsProblem } from '../red-envelopes/windows';
import {
  promotionApplications,
  promotionClaims,
  promotionRebateDays,
  promotions,
  type PromotionAudience,
  type StoredRules,
} from './schema';
import {
  applicationProgress,
  drawablePrizes,
  drawDay,
  evaluateMemberReward,
  isMemberReward,
  isPublicMemberReward,
  pickPrize,
  publicMemberRewardRules,
  remainingBudget,
  storeMemberRewardRules,
  type ApplicationRow,
  type MemberRewardFacts,
} from './kinds';

export type PromotionRow = typeof promotions.$inferSelect;
type ClaimRow = typeof promotionClaims.$inferSelect;

/** A member's VIP level, from the VIP module; null when the member has none. */
export type VipLevelOf = (accountId: string, merchantCode: string) => Promise<number | null>;

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

/** A promotion's row, locked until `tx` ends: claims and budgets are decided under this lock. */
export async function lockPromotion(tx: DbOrTx, id: string): Promise<PromotionRow | undefined> {
  const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
  return row;
}

/** A merchant's enabled promotions of one kind running at `now`, in the operators' order. */
export function runningOfKind(
  db: Db,
  merchantCode: string,
  kind: PromotionRow['kind'],
  now: Date,
): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.merchantCode, merchantCode),
        eq(promotions.kind, kind),
        eq(promotions.enabled, true),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    )
    .orderBy(asc(promotions.sort), asc(promotions.startsAt), asc(promotions.id));
}

/** What a member has that decides their state in a promotion. */
interface MemberFacts extends MemberRewardFacts {
  accountId: string;
  registeredAt: Date;
  /** Credited deposits, oldest first. */
  deposits: { id: string; amount: bigint; at: Date }[];
  /** This member's claims, by promotion. */
  claims: Map<string, ClaimRow[]>;
  vipLevel: number | null;
}

export interface Evaluation {
  state: ClaimState;
  reason: ClaimReason;
  /** When the state is Claim: the amount, and the deposit it is for. */
  amount: bigint | null;
  sourceId: string | null;
}

const rebateActor = 'job:promotions.rebate';

/** How many ended days back the rebate job looks for a day it has not settled. */
const rebateCatchUpDays = 3;

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

function toStoredRules(rules: PromotionRules, scale: number): StoredRules {
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

function toPublicRules(rules: StoredRules, scale: number): PromotionRules {
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
const needsVipLevel = (p: PromotionRow) => p.audience.vipLevels !== null || p.kind === 'birthday';

/** Claims that count toward the per-member limit: a lucky draw's limit is per local day. */
function claimsCounted(
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

/** The member's latest application to an application promotion, as it reads it. */
function latestApplication(promo: PromotionRow, facts: MemberFacts | null, scale: number) {
  const row = facts?.applications.get(promo.id)?.at(-1);
  if (!row) return null;
  const claim = row.claimId ? facts?.claims.get(promo.id)?.find((c) => c.id === row.claimId) : null;
  return applicationView(row, claim?.amount ?? null, scale);
}

export function applicationView(row: ApplicationRow, paid: bigint | null, scale: number) {
  return {
    id: row.id,
    promotionId: row.promotionId,
    status: row.status,
    comment: row.comment,
    imageIds: row.imageIds,
    reason: row.reason,
    amount: paid === null ? null : minorToDecimal(paid, scale),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * Promotions: what each member may claim and why, claims paid through the ledger within the
 * budget and the per-member limit, and the daily rebate.
 */
export class PromotionsService {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly wallet: WalletService,
    private readonly vipLevelOf: VipLevelOf | null = null,
    private readonly clock: () => Date = () => new Date(),
    /**
     * The uploads module (application images), the lucky draw's roll (tests fix it), and the
     * titles of rewards paid outside promotions (missions) for the bonus list.
     */
    private readonly extras: {
      uploads?: UploadService | undefined;
      roll?: ((max: number) => number) | undefined;
      rewardsPaid?:
        | ((
            ids: string[],
            language: string,
          ) => Promise<Map<string, { title: string; amount: bigint }>>)
        | undefined;
    } = {},
  ) {}

  /** A uniform integer in [0, max): node's crypto.randomInt unless a test fixes it. */
  private readonly roll = (max: number) => (this.extras.roll ?? randomInt)(max);

  private async merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  // ---- operator ----

  async upsert(actor: string, body: PromotionUpsert): Promise<{ id: string; created: boolean }> {
    const merchant = await this.system.namedMerchant(body.merchantCode);
    const scale = merchant.currencyScale;
    let budget: bigint | null = null;
    if (body.budget !== null) {
      budget = parseAmount(body.budget, scale);
      if (budget === null) throw fieldError('budget', 'invalid', `At most ${scale} decimals`);
    }
    const values = {
      merchantCode: merchant.merchantCode,
      kind: body.kind,
      category: body.category,
      title: body.title,
      content: body.content,
      startsAt: new Date(body.startsAt),
      endsAt: body.endsAt === null ? null : new Date(body.endsAt),
      audience: body.audience,
      budget,
      perMemberLimit: body.perMemberLimit,
      rules: toStoredRules(body.rules, scale),
      enabled: body.enabled,
      sort: body.sort,
    };
    if (!body.id) {
      const id = randomUUID();
      await this.db.insert(promotions).values({ id, ...values, createdBy: actor });
      return { id, created: true };
    }
    const id = body.id;
    return this.db.transaction(async (tx) => {
      const current = await lockPromotion(tx, id);
      if (!current || current.merchantCode !== merchant.merchantCode) {
        throw new AppError('not_found', 'No such promotion');
      }
      if (current.kind !== body.kind) {
        throw fieldError('kind', 'invalid', 'The kind of a promotion cannot change');
      }
      if (budget !== null && budget < current.spent) {
        throw fieldError('budget', 'invalid', 'Below what the promotion has already paid');
      }
      await tx
        .update(promotions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(promotions.id, id));
      return { id, created: false };
    });
  }

  /** A merchant's promotions for its operators, with what each has paid and how often. */
  async opsList(merchantCode: string) {
    const merchant = await this.system.namedMerchant(merchantCode);
    const rows = await this.db
      .select()
      .from(promotions)
      .where(eq(promotions.merchantCode, merchantCode))
      .orderBy(asc(promotions.sort), asc(promotions.startsAt), asc(promotions.id));
    const counts = await this.db
      .select({ promotionId: promotionClaims.promotionId, n: sql<number>`count(*)::int` })
      .from(promotionClaims)
      .where(eq(promotionClaims.merchantCode, merchantCode))
      .groupBy(promotionClaims.promotionId);
    const scale = merchant.currencyScale;
    return {
      list: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        category: r.category,
        title: r.title,
        startsAt: r.startsAt.toISOString(),
        endsAt: r.endsAt?.toISOString() ?? null,
        enabled: r.enabled,
        budget: r.budget === null ? null : minorToDecimal(r.budget, scale),
        spent: minorToDecimal(r.spent, scale),
        claims: counts.find((c) => c.promotionId === r.id)?.n ?? 0,
        perMemberLimit: r.perMemberLimit,
        rules: toPublicRules(r.rules, scale),
      })),
    };
  }

  // ---- members ----

  private async facts(
    db: DbOrTx,
    member: Member,
    promotionIds: string[],
    needVip: boolean,
  ): Promise<MemberFacts> {
    const [account] = await db
      .select({ createdAt: accounts.createdAt, birthday: accounts.birthday })
      .from(accounts)
      .where(
        and(eq(accounts.id, member.accountId), eq(accounts.merchantCode, member.merchantCode)),
      );
    if (!account) throw new AppError('not_found', 'No such member');
    const deposits = await db
      .select({ id: depositOrders.id, amount: depositOrders.amount, at: depositOrders.decidedAt })
      .from(depositOrders)
      .where(
        and(eq(depositOrders.accountId, member.accountId), eq(depositOrders.status, 'credited')),
      )
      .orderBy(asc(depositOrders.decidedAt), asc(depositOrders.id));
    const claimRows =
      promotionIds.length === 0
        ? []
        : await db
            .select()
            .from(promotionClaims)
            .where(
              and(
                eq(promotionClaims.accountId, member.accountId),
                inArray(promotionClaims.promotionId, promotionIds),
              ),
            );
    const claims = new Map<string, ClaimRow[]>();
    for (const c of claimRows) claims.set(c.promotionId, [...(claims.get(c.promotionId) ?? []), c]);
    const applicationRows =
      promotionIds.length === 0
        ? []
        : await db
            .select()
            .from(promotionApplications)
            .where(
              and(
                eq(promotionApplications.accountId, member.accountId),
                inArray(promotionApplications.promotionId, promotionIds),
              ),
            )
            .orderBy(asc(promotionApplications.createdAt), asc(promotionApplications.id));
    const applications = new Map<string, ApplicationRow[]>();
    for (const a of applicationRows) {
      applications.set(a.promotionId, [...(applications.get(a.promotionId) ?? []), a]);
    }
    const upgrades = await db
      .select({ toLevel: vipUpgrades.toLevel, at: vipUpgrades.upgradedAt })
      .from(vipUpgrades)
      .where(
        and(
          eq(vipUpgrades.accountId, member.accountId),
          eq(vipUpgrades.merchantCode, member.merchantCode),
        ),
      )
      .orderBy(asc(vipUpgrades.upgradedAt), asc(vipUpgrades.toLevel));
    const vipLevel =
      needVip && this.vipLevelOf
        ? await this.vipLevelOf(member.accountId, member.merchantCode)
        : null;
    return {
      accountId: member.accountId,
      registeredAt: account.createdAt,
      deposits: deposits.map((d) => ({ id: d.id, amount: d.amount, at: d.at ?? new Date(0) })),
      claims,
      vipLevel,
      birthday: account.birthday,
      upgrades,
      applications,
    };
  }

  private async enabledPromotions(merchantCode: string, category?: string) {
    return this.db
      .select()
      .from(promotions)
      .where(
        and(
          eq(promotions.merchantCode, merchantCode),
          eq(promotions.enabled, true),
          category ? eq(promotions.category, category) : undefined,
        ),
      )
      .orderBy(asc(promotions.sort), asc(promotions.startsAt), asc(promotions.id));
  }

  private item(
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
        evaluation.amount === null
          ? null
          : minorToDecimal(evaluation.amount, merchant.currencyScale),
      claimsMade: claimsCounted(promo, facts, merchant.timeZone, this.clock()),
      perMemberLimit: promo.perMemberLimit,
      currency: merchant.currency,
      ...(promo.kind === 'application'
        ? { application: latestApplication(promo, facts, merchant.currencyScale) }
        : {}),
    };
  }

  /** The merchant's promotions with each one's state for the caller (a visitor: null). */
  async list(
    merchantCode: string | undefined,
    member: Member | null,
    query: { category?: string | undefined; language?: string | undefined },
  ) {
    const merchant = await this.merchant(member?.merchantCode ?? merchantCode);
    const rows = await this.enabledPromotions(merchant.merchantCode, query.category);
    const facts = member
      ? await this.facts(
          this.db,
          member,
          rows.map((r) => r.id),
          rows.some(needsVipLevel),
        )
      : null;
    const now = this.clock();
    const language = (query.language ?? merchant.defaultLanguage).toLowerCase();
    return {
      list: rows.map((r) =>
        this.item(r, evaluate(r, facts, now, merchant.timeZone), facts, merchant, language),
      ),
    };
  }

  async detail(
    merchantCode: string | undefined,
    member: Member | null,
    id: string,
    language: string | undefined,
  ) {
    const merchant = await this.merchant(member?.merchantCode ?? merchantCode);
    const [promo] = await this.db
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
      ? await this.facts(this.db, member, [promo.id], needsVipLevel(promo))
      : null;
    const lang = (language ?? merchant.defaultLanguage).toLowerCase();
    return {
      ...this.item(
        promo,
        evaluate(promo, facts, this.clock(), merchant.timeZone),
        facts,
        merchant,
        lang,
      ),
      rules: toPublicRules(promo.rules, merchant.currencyScale),
    };
  }

  /** The public-state counts: promotions waiting to be claimed, and whether referral is on. */
  async summary(member: Member) {
    const merchant = await this.merchant(member.merchantCode);
    const rows = await this.enabledPromotions(merchant.merchantCode);
    const now = this.clock();
    // Every kind counts whose state is Claim now (deposit bonuses, new-member, birthday and VIP
    // upgrade bonuses, a lucky draw with draws left).
    const facts = await this.facts(
      this.db,
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

  private claimAnswer(claim: ClaimRow, scale: number, replayed: boolean) {
    return {
      claimId: claim.id,
      promotionId: claim.promotionId,
      amount: minorToDecimal(claim.amount, scale),
      turnoverAdded: minorToDecimal(claim.turnover, scale),
      wallet: claim.wallet,
      replayed,
    };
  }

  /** An enabled promotion of the merchant, its kind and audience; undefined when there is none. */
  async enabledPromotion(merchantCode: string, promotionId: string) {
    const [found] = await this.db
      .select({ kind: promotions.kind, audience: promotions.audience })
      .from(promotions)
      .where(
        and(
          eq(promotions.id, promotionId),
          eq(promotions.merchantCode, merchantCode),
          eq(promotions.enabled, true),
        ),
      );
    return found;
  }

  /** A member's claim of a promotion made with this requestId (red envelopes' grabs too). */
  async claimByRequest(db: DbOrTx, promotionId: string, accountId: string, req: string) {
    const [row] = await db
      .select()
      .from(promotionClaims)
      .where(
        and(
          eq(promotionClaims.promotionId, promotionId),
          eq(promotionClaims.accountId, accountId),
          eq(promotionClaims.requestId, req),
        ),
      );
    return row;
  }

  /**
   * Pays a claim inside `tx`, whose caller holds the promotion row's lock: the ledger entry from
   * the promotion-expense account, the claim, the spent budget and the turnover, together.
   */
  /** Also used by red envelopes and refer-and-earn, which hold the promotion row's lock too. */
  async pay(
    tx: DbOrTx,
    merchant: MerchantInfo,
    promo: PromotionRow,
    claim: {
      accountId: string;
      requestId: string;
      sourceId: string;
      amount: bigint;
      wallet: 'bonus' | 'main';
      turnoverMultipleTenths: number;
      actor: string;
    },
  ): Promise<ClaimRow> {
    const { ledger } = this.wallet;
    const expense = await ledger.account(
      {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        ownerId: null,
        kind: accountKinds.bonusExpense,
        subKind: 'promotions',
        allowNegative: true,
      },
      tx,
    );
    const target = await ledger.account(
      {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        ownerId: claim.accountId,
        kind: claim.wallet === 'bonus' ? accountKinds.memberBonus : accountKinds.memberCash,
      },
      tx,
    );
    const id = randomUUID();
    const posted = await ledger.post(
      {
        merchantCode: merchant.merchantCode,
        idempotencyKey: `promotion:${promo.id}:${claim.accountId}:${claim.sourceId}`,
        type: promo.kind === 'rebate' ? 'promotion_rebate' : 'promotion_bonus',
        actor: claim.actor,
        reference: promo.id,
        metadata: { promotionId: promo.id, sourceId: claim.sourceId },
        postings: [
          { accountId: expense, amount: -claim.amount },
          { accountId: target, amount: claim.amount },
        ],
      },
      tx,
    );
    const turnover = (claim.amount * BigInt(claim.turnoverMultipleTenths)) / 10n;
    const [row] = await tx
      .insert(promotionClaims)
      .values({
        id,
        promotionId: promo.id,
        merchantCode: merchant.merchantCode,
        accountId: claim.accountId,
        requestId: claim.requestId,
        sourceId: claim.sourceId,
        status: 'issued',
        amount: claim.amount,
        turnover,
        wallet: claim.wallet,
        entryId: posted.entryId,
        actor: claim.actor,
      })
      .returning();
    await tx
      .update(promotions)
      .set({ spent: sql`${promotions.spent} + ${claim.amount}` })
      .where(eq(promotions.id, promo.id));
    await holdReward(tx, this.wallet, {
      merchantCode: merchant.merchantCode,
      accountId: claim.accountId,
      sourceId: id,
      amount: claim.amount,
      required: turnover,
      paidInto: claim.wallet,
    });
    return row!;
  }

  /**
   * A member claims a promotion for itself. The promotion's row is locked while the state is
   * decided again and the money moves, so concurrent claims never pass the budget or the limit;
   * the same requestId answers the same claim and moves nothing.
   */
  async claim(member: Member, promotionId: string, requestId: string) {
    const merchant = await this.merchant(member.merchantCode);
    const scale = merchant.currencyScale;
    const earlier = await this.claimByRequest(this.db, promotionId, member.accountId, requestId);
    if (earlier) return this.claimAnswer(earlier, scale, true);
    const [found] = await this.db
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
      found.vip && this.vipLevelOf
        ? await this.vipLevelOf(member.accountId, member.merchantCode)
        : null;
    const now = this.clock();
    const outcome = await this.db.transaction(async (tx) => {
      const promo = await lockPromotion(tx, promotionId);
      const again = await this.claimByRequest(tx, promotionId, member.accountId, requestId);
      if (again) return { claim: again, replayed: true };
      const facts = await this.facts(tx, member, [promotionId], false);
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
        const amount = pickPrize(drawablePrizes(rules.prizes, remainingBudget(promo!)), this.roll);
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
              ? await this.pay(tx, merchant, promo!, claim)
              : await this.recordNoPrize(tx, merchant, promo!, claim),
          replayed: false,
        };
      }
      const claim = await this.pay(tx, merchant, promo!, {
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
    return this.claimAnswer(outcome.claim, scale, outcome.replayed);
  }

  /**
   * `MCS2_claimRafflePromotion`: one draw of a lucky draw (the same path as a claim), with
   * whether it won and the draws left today.
   */
  async drawRaffle(member: Member, promotionId: string, requestId: string) {
    const merchant = await this.merchant(member.merchantCode);
    const [promo] = await this.db
      .select()
      .from(promotions)
      .where(
        and(eq(promotions.id, promotionId), eq(promotions.merchantCode, merchant.merchantCode)),
      );
    if (!promo || promo.kind !== 'raffle' || !promo.enabled) {
      throw new AppError('not_found', 'No such lucky draw');
    }
    const answer = await this.claim(member, promotionId, requestId);
    const day = drawDay(merchant.timeZone, this.clock());
    const [today] = await this.db
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

  /** A lucky draw that won nothing: it counts toward the limit and moves no money. */
  private async recordNoPrize(
    tx: DbOrTx,
    merchant: MerchantInfo,
    promo: PromotionRow,
    claim: { accountId: string; requestId: string; sourceId: string; actor: string },
  ): Promise<ClaimRow> {
    const [row] = await tx
      .insert(promotionClaims)
      .values({
        id: randomUUID(),
        promotionId: promo.id,
        merchantCode: merchant.merchantCode,
        accountId: claim.accountId,
        requestId: claim.requestId,
        sourceId: claim.sourceId,
        status: 'no_prize',
        amount: 0n,
        turnover: 0n,
        wallet: 'bonus',
        entryId: null,
        actor: claim.actor,
      })
      .returning();
    return row!;
  }

  // ---- applications ----

  /**
   * A member applies to an application promotion with a remark and its own uploaded images
   * (attached to the application, so an image serves once). One application waits at a time; a
   * rejected member may apply again while its approvals are below the per-member limit. The same
   * requestId answers the same application.
   */
  async apply(member: Member, promotionId: string, body: PromotionApplyBody) {
    const merchant = await this.merchant(member.merchantCode);
    const scale = merchant.currencyScale;
    const imageIds = [...new Set(body.imageIds)];
    const replay = (row: ApplicationRow) => {
      const same =
        row.comment === body.comment && JSON.stringify(row.imageIds) === JSON.stringify(imageIds);
      if (!same) throw new AppError('idempotency_conflict');
      return { ...applicationView(row, null, scale), replayed: true };
    };
    const byRequest = (db: DbOrTx) =>
      db
        .select()
        .from(promotionApplications)
        .where(
          and(
            eq(promotionApplications.promotionId, promotionId),
            eq(promotionApplications.accountId, member.accountId),
            eq(promotionApplications.requestId, body.requestId),
          ),
        );
    const [earlier] = await byRequest(this.db);
    if (earlier) return replay(earlier);
    const found = await this.enabledPromotion(merchant.merchantCode, promotionId);
    if (!found) throw new AppError('not_found', 'No such promotion');
    const vipLevel = await audienceVipLevel(this.vipLevelOf, found.audience, member);
    const uploads = this.extras.uploads;
    if (!uploads) throw new AppError('function.not.available', 'Uploads are not available');
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const promo = await lockPromotion(tx, promotionId);
      const [again] = await byRequest(tx);
      if (again) return replay(again);
      const facts = await this.facts(tx, member, [promotionId], false);
      facts.vipLevel = vipLevel;
      const evaluation = evaluate(promo!, facts, now, merchant.timeZone);
      const open =
        promo!.kind === 'application' &&
        (evaluation.state === 'Join' || evaluation.state === 'Rejected');
      if (!open) {
        throw new AppError('conflict', 'This promotion takes no application now', undefined, {
          state: evaluation.state,
          reason: promo!.kind === 'application' ? evaluation.reason : 'not_claimable',
        });
      }
      const id = randomUUID();
      await uploads.attach(
        member.accountId,
        imageIds,
        `promotion_application:${id}`,
        tx,
        'imageIds',
      );
      const [row] = await tx
        .insert(promotionApplications)
        .values({
          id,
          promotionId,
          merchantCode: merchant.merchantCode,
          accountId: member.accountId,
          requestId: body.requestId,
          comment: body.comment,
          imageIds,
          status: 'pending',
        })
        .returning();
      return { ...applicationView(row!, null, scale), replayed: false };
    });
  }

  /** Operator: a merchant's applications (oldest first, at most 200), by status. */
  async applications(merchantCode: string, status?: ApplicationRow['status']) {
    const merchant = await this.system.namedMerchant(merchantCode);
    const rows = await this.db
      .select({
        application: promotionApplications,
        username: accounts.username,
        title: promotions.title,
        paid: promotionClaims.amount,
      })
      .from(promotionApplications)
      .innerJoin(accounts, eq(accounts.id, promotionApplications.accountId))
      .innerJoin(promotions, eq(promotions.id, promotionApplications.promotionId))
      .leftJoin(promotionClaims, eq(promotionClaims.id, promotionApplications.claimId))
      .where(
        and(
          eq(promotionApplications.merchantCode, merchantCode),
          status ? eq(promotionApplications.status, status) : undefined,
        ),
      )
      .orderBy(asc(promotionApplications.createdAt), asc(promotionApplications.id))
      .limit(200);
    return {
      list: rows.map((r) => this.opsApplication(r, merchant.currencyScale)),
    };
  }

  private opsApplication(
    r: {
      application: ApplicationRow;
      username: string;
      title: Record<string, string>;
      paid: bigint | null;
    },
    scale: number,
  ) {
    return {
      ...applicationView(r.application, r.paid, scale),
      accountId: r.application.accountId,
      username: r.username,
      promotionTitle: r.title,
      decidedBy: r.application.decidedBy,
    };
  }

  /**
   * Operator: approves a waiting application once, paying the rules' amount (or `amount`, at
   * most the rules' maximum) within the budget and the per-member limit, under the promotion
   * row's lock; or rejects it with a reason. A decided application is never decided again.
   */
  async decideApplication(
    actor: string,
    id: string,
    decision: { approve: true; amount?: string | undefined } | { approve: false; reason: string },
  ) {
    const [first] = await this.db
      .select({ promotionId: promotionApplications.promotionId })
      .from(promotionApplications)
      .where(eq(promotionApplications.id, id));
    if (!first) throw new AppError('not_found', 'No such application');
    return this.db.transaction(async (tx) => {
      // The promotion first, then the application: the order a member's application takes.
      const promo = await lockPromotion(tx, first.promotionId);
      const [row] = await tx
        .select()
        .from(promotionApplications)
        .where(eq(promotionApplications.id, id))
        .for('update');
      if (!promo || !row) throw new AppError('not_found', 'No such application');
      const merchant = await this.merchant(row.merchantCode);
      const scale = merchant.currencyScale;
      if (row.status !== 'pending') {
        throw new AppError('conflict', 'This application was already decided', undefined, {
          status: row.status,
        });
      }
      const rules = promo.rules;
      if (rules.kind !== 'application') throw new AppError('not_found', 'No such application');
      const decidedAt = new Date();
      let claimId: string | null = null;
      if (decision.approve) {
        let amount = BigInt(rules.amountMinor);
        if (decision.amount !== undefined) {
          const named = parseAmount(decision.amount, scale);
          if (named === null || named <= 0n) {
            throw fieldError('amount', 'invalid', `Above zero, at most ${scale} decimals`);
          }
          if (named > BigInt(rules.maxAmountMinor)) {
            throw fieldError(
              'amount',
              'invalid',
              `At most ${minorToDecimal(BigInt(rules.maxAmountMinor), scale)}`,
            );
          }
          amount = named;
        }
        if (promo.budget !== null && promo.spent + amount > promo.budget) {
          throw new AppError('conflict', 'The promotion budget cannot pay this', undefined, {
            state: 'Close',
            reason: 'budget_spent',
          });
        }
        const [made] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(promotionClaims)
          .where(
            and(
              eq(promotionClaims.promotionId, promo.id),
              eq(promotionClaims.accountId, row.accountId),
            ),
          );
        if ((made?.n ?? 0) >= promo.perMemberLimit) {
          throw new AppError('conflict', 'The member reached the per-member limit', undefined, {
            state: 'Issued',
            reason: 'limit_reached',
          });
        }
        const claim = await this.pay(tx, merchant, promo, {
          accountId: row.accountId,
          requestId: `application:${row.id}`,
          sourceId: `application:${row.id}`,
          amount,
          wallet: 'bonus',
          turnoverMultipleTenths: rules.turnoverMultipleTenths,
          actor,
        });
        claimId = claim.id;
      }
      const [updated] = await tx
        .update(promotionApplications)
        .set({
          status: decision.approve ? 'approved' : 'rejected',
          decidedBy: actor,
          decidedAt,
          reason: decision.approve ? null : decision.reason,
          claimId,
        })
        .where(eq(promotionApplications.id, id))
        .returning();
      const [account] = await tx
        .select({ username: accounts.username })
        .from(accounts)
        .where(eq(accounts.id, row.accountId));
      const [paid] = claimId
        ? await tx
            .select({ amount: promotionClaims.amount })
            .from(promotionClaims)
            .where(eq(promotionClaims.id, claimId))
        : [];
      return this.opsApplication(
        {
          application: updated!,
          username: account?.username ?? '',
          title: promo.title,
          paid: paid?.amount ?? null,
        },
        scale,
      );
    });
  }

  // ---- rebate ----

  /**
   * The rebate job: for every rebate promotion, each ended local day of its merchant not yet
   * settled (yesterday, and a few days back after an outage) is paid once.
   */
  async settleRebates(now: Date = this.clock()) {
    let days = 0;
    let paid = 0n;
    for (const merchant of await this.system.merchants()) {
      const rows = (await this.enabledPromotions(merchant.merchantCode)).filter(
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
          const r = await this.settleRebateDay(merchant, promo, day);
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
  async settleRebateDay(
    merchant: MerchantInfo,
    promo: PromotionRow,
    day: { day: string; start: Date; end: Date },
  ): Promise<{ members: number; paid: bigint } | null> {
    const rules = promo.rules;
    if (rules.kind !== 'rebate') return null;
    const [done] = await this.db
      .select({ day: promotionRebateDays.day })
      .from(promotionRebateDays)
      .where(
        and(eq(promotionRebateDays.promotionId, promo.id), eq(promotionRebateDays.day, day.day)),
      );
    if (done) return null;
    const gameTypes = Object.keys(rules.ratesBps);
    const bets = await this.db
      .select({
        accountId: betRecords.accountId,
        gameType: betRecords.gameType,
        validBet: sql<string>`sum(${betRecords.validBet})::text`,
      })
      .from(betRecords)
      .where(
        and(
          eq(betRecords.merchantCode, merchant.merchantCode),
          eq(betRecords.status, 'settled'),
          gte(betRecords.settledAt, day.start),
          lt(betRecords.settledAt, day.end),
          inArray(betRecords.gameType, gameTypes),
        ),
      )
      .groupBy(betRecords.accountId, betRecords.gameType);
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
      const rows = await this.db
        .select({ id: accounts.id, createdAt: accounts.createdAt })
        .from(accounts)
        .where(inArray(accounts.id, members));
      for (const r of rows) registered.set(r.id, r.createdAt);
    }
    let count = 0;
    let paid = 0n;
    for (const accountId of members) {
      const amount = rebateOf(byMember.get(accountId)!, rules.ratesBps);
      if (amount === 0n || amount < minPayout) continue;
      const member = { accountId, merchantCode: merchant.merchantCode };
      const level = await audienceVipLevel(this.vipLevelOf, promo.audience, member);
      if (!inAudience(promo, registered.get(accountId) ?? null, level)) continue;
      const claim = await this.db.transaction(async (tx) => {
        const locked = await lockPromotion(tx, promo.id);
        if (locked!.budget !== null && locked!.spent + amount > locked!.budget) return null;
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
        return this.pay(tx, merchant, locked!, {
          accountId,
          requestId: `rebate-${day.day}`,
          sourceId: day.day,
          amount,
          wallet: rules.wallet,
          turnoverMultipleTenths: rules.turnoverMultipleTenths,
          actor: rebateActor,
        });
      });
      if (claim) {
        count++;
        paid += claim.amount;
      }
    }
    await this.db
      .insert(promotionRebateDays)
      .values({ promotionId: promo.id, day: day.day, members: count, paid })
      .onConflictDoNothing();
    return { members: count, paid };
  }

  // ---- member: rewards received and bonus turnover ----

  /** A page of the member's own claims, newest first, with each promotion's title. */
  async memberClaims(
    member: Member,
    query: { page: number; size: number; language?: string | undefined },
  ) {
    const merchant = await this.merchant(member.merchantCode);
    const language = (query.language ?? merchant.defaultLanguage).toLowerCase();
    const rows = await this.db
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
  async memberBonuses(member: Member, query: { language?: string | undefined }) {
    const merchant = await this.merchant(member.merchantCode);
    const language = (query.language ?? merchant.defaultLanguage).toLowerCase();
    const rows = await this.db
      .select({
        requirement: turnoverRequirements,
        claimId: promotionClaims.id,
        promotionId: promotionClaims.promotionId,
        amount: promotionClaims.amount,
        title: promotions.title,
      })
      .from(turnoverRequirements)
      .leftJoin(
        promotionClaims,
        and(
          eq(promotionClaims.id, turnoverRequirements.sourceId),
          eq(promotionClaims.accountId, turnoverRequirements.accountId),
        ),
      )
      .leftJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
      .where(
        and(
          eq(turnoverRequirements.accountId, member.accountId),
          eq(turnoverRequirements.source, 'bonus'),
        ),
      )
      .orderBy(desc(turnoverRequirements.createdAt), desc(turnoverRequirements.id))
      .limit(100);
    const [total] = await this.db
      .select({
        remaining: sql<string>`coalesce(sum(greatest(${turnoverRequirements.required} - ${turnoverRequirements.progressed}, 0)), 0)::text`,
      })
      .from(turnoverRequirements)
      .where(eq(turnoverRequirements.accountId, member.accountId));
    const [bonus] = await this.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.ownerId, member.accountId),
          eq(ledgerAccounts.merchantCode, merchant.merchantCode),
          eq(ledgerAccounts.currency, merchant.currency),
          eq(ledgerAccounts.kind, accountKinds.memberBonus),
        ),
      );
    const scale = merchant.currencyScale;
    // A bonus that is no promotion's claim (a mission reward) is named by whoever paid it.
    const untitled = rows.filter((r) => r.claimId === null).map((r) => r.requirement.sourceId);
    const others =
      untitled.length > 0 && this.extras.rewardsPaid
        ? await this.extras.rewardsPaid(untitled, language)
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
      bonusBalance: minorToDecimal(bonus?.balance ?? 0n, scale),
      turnoverRemaining: minorToDecimal(BigInt(total?.remaining ?? '0'), scale),
      currency: merchant.currency,
    };
  }
}
