import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  minorToDecimal,
  parseAmount,
  type ClaimReason,
  type ClaimState,
  type MerchantInfo,
  type PromotionItem,
  type PromotionRules,
  type PromotionUpsert,
} from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import type { SystemService } from '../system/service';
import { accountKinds, type WalletService } from '../wallet/service';
import { depositOrders, turnoverRequirements } from '../cashier/schema';
import { betRecords } from '../games/schema';
import { accounts } from '../identity/schema';
import { promotionClaims, promotionRebateDays, promotions, type StoredRules } from './schema';

export type PromotionRow = typeof promotions.$inferSelect;
type ClaimRow = typeof promotionClaims.$inferSelect;

export interface Member {
  accountId: string;
  merchantCode: string;
}

/** A member's VIP level, from the VIP module; null when the member has none. */
export type VipLevelOf = (accountId: string, merchantCode: string) => Promise<number | null>;

/** What a member has that decides their state in a promotion. */
interface MemberFacts {
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

/** floor(amount × bps / 10000), in minor units. */
export function applyBps(amount: bigint, bps: number): bigint {
  return (amount * BigInt(bps)) / 10_000n;
}

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
  const start = DateTime.fromJSDate(at, { zone }).startOf('day');
  return {
    day: start.toISODate()!,
    start: start.toJSDate(),
    end: start.plus({ days: 1 }).toJSDate(),
  };
}

/**
 * State of one promotion for one member (SPEC §4 claim states), with the reason. Pure: the
 * caller gathers the facts (`member` null for a visitor).
 */
export function evaluate(promo: PromotionRow, member: MemberFacts | null, now: Date): Evaluation {
  const result = (state: ClaimState, reason: ClaimReason, amount: bigint | null = null) => ({
    state,
    reason,
    amount,
    sourceId: null as string | null,
  });
  if (now < promo.startsAt) return result('Coming soon', 'not_started');
  if (promo.endsAt && now >= promo.endsAt) return result('Close', 'ended');
  if (promo.budget !== null && promo.spent >= promo.budget) return result('Close', 'budget_spent');
  if (!member) return result('Join', 'login_required');
  const { audience } = promo;
  if (audience.newMembersOnly && member.registeredAt < promo.startsAt) {
    return result('Close', 'audience');
  }
  if (
    audience.vipLevels !== null &&
    (member.vipLevel === null || !audience.vipLevels.includes(member.vipLevel))
  ) {
    return result('Close', 'audience');
  }
  const rules = promo.rules;
  if (rules.kind === 'rebate') return result('Joined', 'paid_daily');
  const claims = member.claims.get(promo.id) ?? [];
  if (claims.length >= promo.perMemberLimit) return result('Claimed', 'limit_reached');
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
  if (rules.kind === 'rebate') {
    return {
      kind: 'rebate',
      ratesBps: rules.ratesBps,
      minPayoutMinor: minor(rules.minPayout, 'minPayout'),
      wallet: rules.wallet,
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
  if (rules.kind === 'rebate') {
    return {
      kind: 'rebate',
      ratesBps: rules.ratesBps,
      minPayout: dec(rules.minPayoutMinor),
      wallet: rules.wallet,
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
  ) {}

  private async merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  // ---- operator ----

  async upsert(actor: string, body: PromotionUpsert): Promise<{ id: string; created: boolean }> {
    const merchant = (await this.system.merchants()).find(
      (m) => m.merchantCode === body.merchantCode,
    );
    if (!merchant) throw fieldError('merchantCode', 'invalid', 'No such merchant');
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
      const [current] = await tx
        .select()
        .from(promotions)
        .where(eq(promotions.id, id))
        .for('update');
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
    const merchant = (await this.system.merchants()).find((m) => m.merchantCode === merchantCode);
    if (!merchant) throw fieldError('merchantCode', 'invalid', 'No such merchant');
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
      .select({ createdAt: accounts.createdAt })
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
    const pick = (t: Record<string, string>) => t[language] ?? t.en ?? Object.values(t)[0] ?? '';
    return {
      id: promo.id,
      kind: promo.kind,
      category: promo.category,
      title: pick(promo.title),
      content: pick(promo.content),
      startsAt: promo.startsAt.toISOString(),
      endsAt: promo.endsAt?.toISOString() ?? null,
      state: evaluation.state,
      reason: evaluation.reason,
      claimAmount:
        evaluation.amount === null
          ? null
          : minorToDecimal(evaluation.amount, merchant.currencyScale),
      claimsMade: facts?.claims.get(promo.id)?.length ?? 0,
      perMemberLimit: promo.perMemberLimit,
      currency: merchant.currency,
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
          rows.some((r) => r.audience.vipLevels !== null),
        )
      : null;
    const now = this.clock();
    const language = (query.language ?? merchant.defaultLanguage).toLowerCase();
    return {
      list: rows.map((r) => this.item(r, evaluate(r, facts, now), facts, merchant, language)),
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
      ? await this.facts(this.db, member, [promo.id], promo.audience.vipLevels !== null)
      : null;
    const lang = (language ?? merchant.defaultLanguage).toLowerCase();
    return {
      ...this.item(promo, evaluate(promo, facts, this.clock()), facts, merchant, lang),
      rules: toPublicRules(promo.rules, merchant.currencyScale),
    };
  }

  /** The public-state counts: promotions waiting to be claimed, and whether referral is on. */
  async summary(member: Member) {
    const merchant = await this.merchant(member.merchantCode);
    const rows = await this.enabledPromotions(merchant.merchantCode);
    const now = this.clock();
    const claimable = rows.filter((r) => r.kind === 'deposit_first' || r.kind === 'deposit_reload');
    const facts = await this.facts(
      this.db,
      member,
      claimable.map((r) => r.id),
      claimable.some((r) => r.audience.vipLevels !== null),
    );
    const count = claimable.filter((r) => evaluate(r, facts, now).state === 'Claim').length;
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

  private async claimByRequest(db: DbOrTx, promotionId: string, accountId: string, req: string) {
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
  private async pay(
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
    if (turnover > 0n) {
      await tx.insert(turnoverRequirements).values({
        id: randomUUID(),
        accountId: claim.accountId,
        source: 'bonus',
        sourceId: id,
        required: turnover,
      });
    }
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
      .select({ vip: sql<boolean>`${promotions.audience}->'vipLevels' <> 'null'::jsonb` })
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
      const [promo] = await tx
        .select()
        .from(promotions)
        .where(eq(promotions.id, promotionId))
        .for('update');
      const again = await this.claimByRequest(tx, promotionId, member.accountId, requestId);
      if (again) return { claim: again, replayed: true };
      const facts = await this.facts(tx, member, [promotionId], false);
      facts.vipLevel = vipLevel;
      const evaluation = evaluate(promo!, facts, now);
      const rules = promo!.rules;
      if (evaluation.state !== 'Claim' || rules.kind === 'rebate') {
        throw new AppError('conflict', 'This promotion cannot be claimed now', undefined, {
          state: evaluation.state,
          reason: rules.kind === 'rebate' ? 'not_claimable' : evaluation.reason,
        });
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
      if (promo.audience.newMembersOnly) {
        const at = registered.get(accountId);
        if (!at || at < promo.startsAt) continue;
      }
      if (promo.audience.vipLevels !== null) {
        const level = this.vipLevelOf
          ? await this.vipLevelOf(accountId, merchant.merchantCode)
          : null;
        if (level === null || !promo.audience.vipLevels.includes(level)) continue;
      }
      const claim = await this.db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(promotions)
          .where(eq(promotions.id, promo.id))
          .for('update');
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
}
