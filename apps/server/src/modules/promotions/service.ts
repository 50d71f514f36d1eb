import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MerchantInfo, PromotionApplyBody, PromotionUpsert } from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Member } from '../../platform/principal';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import * as admin from './admin';
import * as applications from './applications';
import * as claims from './claims';
import * as core from './core';
import * as exclusions from './exclusions';
import * as listing from './listing';
import type {
  ApplicationRow,
  ClaimRow,
  ClaimToPay,
  PromotionExtras,
  PromotionRow,
  PromotionsContext,
  VipLevelOf,
} from './model';
import * as rebate from './rebate';
import { promotionApplications } from './schema';
import * as rewardCentre from './reward-centre';

export type { Evaluation, PromotionRow, VipLevelOf } from './model';
// The pure rules, where the tests and the kinds have always found them.
export { depositBonus, evaluate, localDay, rebateOf } from './rules';

/**
 * Promotions: what each member may claim and why, claims paid through the ledger within the
 * budget and the per-member limit, and the daily rebate. A facade over the use cases (admin,
 * listing, claims, applications, rebate, reward centre), which share `core`.
 */
export class PromotionsService {
  private readonly ctx: PromotionsContext;

  constructor(
    db: Db,
    system: SystemService,
    wallet: WalletService,
    vipLevelOf: VipLevelOf | null = null,
    clock: () => Date = () => new Date(),
    /**
     * The uploads module (application images), the lucky draw's roll (tests fix it), and the
     * titles of rewards paid outside promotions (missions) for the bonus list.
     */
    extras: PromotionExtras = {},
  ) {
    this.ctx = {
      db,
      system,
      wallet,
      vipLevelOf,
      clock,
      extras,
      roll: (max) => (extras.roll ?? randomInt)(max),
      merchant: (code) => system.merchantFor(code, undefined),
    };
  }

  // ---- operator ----

  /** The merchant of an application (null when there is none): the routes check the scope. */
  async applicationMerchant(id: string): Promise<string | null> {
    const [row] = await this.ctx.db
      .select({ merchantCode: promotionApplications.merchantCode })
      .from(promotionApplications)
      .where(eq(promotionApplications.id, id));
    return row?.merchantCode ?? null;
  }

  upsert(actor: string, body: PromotionUpsert): Promise<{ id: string; created: boolean }> {
    return admin.upsert(this.ctx, actor, body);
  }

  /** A merchant's promotions for its operators, with what each has paid and how often. */
  opsList(merchantCode: string) {
    return admin.opsList(this.ctx, merchantCode);
  }

  // ---- operators' player management ----

  /** Excludes a player from promotions: every payment to it is refused from now on. */
  exclude(input: { accountId: string; merchantCode: string; reason: string; actor: string }) {
    return exclusions.exclude(this.ctx.db, input);
  }

  /** Includes an excluded player again. */
  include(accountId: string) {
    return exclusions.include(this.ctx.db, accountId);
  }

  isExcluded(accountId: string) {
    return exclusions.isExcluded(this.ctx.db, accountId);
  }

  /**
   * An operator's bonus for a player under one of the merchant's promotions: paid like a claim
   * (`pay`: the promotion's budget, the bonus wallet, turnover = amount × multiple), once per
   * `requestId`. Answers the claim, or null when the budget cannot pay it.
   */
  async grantByOperator(input: {
    merchantCode: string;
    promotionId: string;
    accountId: string;
    amount: bigint;
    turnoverMultipleTenths: number;
    requestId: string;
    actor: string;
  }): Promise<{ claim: ClaimRow; replayed: boolean } | null> {
    const found = await core.enabledPromotion(this.ctx.db, input.merchantCode, input.promotionId);
    if (!found) throw new AppError('not_found', 'No such promotion');
    const merchant = await this.ctx.merchant(input.merchantCode);
    const sourceId = `ops:${input.requestId}`;
    const earlier = await core.claimByRequest(
      this.ctx.db,
      input.promotionId,
      input.accountId,
      sourceId,
    );
    if (earlier) return { claim: earlier, replayed: true };
    const claim = await core.payUnderLock(
      this.ctx,
      merchant,
      input.promotionId,
      async (tx, locked) => {
        if (locked.budget !== null && locked.spent + input.amount > locked.budget) return null;
        const again = await core.claimByRequest(tx, input.promotionId, input.accountId, sourceId);
        if (again) return null;
        return {
          accountId: input.accountId,
          requestId: sourceId,
          sourceId,
          amount: input.amount,
          wallet: 'bonus',
          turnoverMultipleTenths: input.turnoverMultipleTenths,
          actor: input.actor,
        };
      },
    );
    if (claim) return { claim, replayed: false };
    const after = await core.claimByRequest(
      this.ctx.db,
      input.promotionId,
      input.accountId,
      sourceId,
    );
    return after ? { claim: after, replayed: true } : null;
  }

  // ---- members ----

  /** The merchant's promotions with each one's state for the caller (a visitor: null). */
  list(
    merchantCode: string | undefined,
    member: Member | null,
    query: { category?: string | undefined; language?: string | undefined },
  ) {
    return listing.list(this.ctx, merchantCode, member, query);
  }

  detail(
    merchantCode: string | undefined,
    member: Member | null,
    id: string,
    language: string | undefined,
  ) {
    return listing.detail(this.ctx, merchantCode, member, id, language);
  }

  /** The public-state counts: promotions waiting to be claimed, and whether referral is on. */
  summary(member: Member) {
    return listing.summary(this.ctx, member);
  }

  /** An enabled promotion of the merchant, its kind and audience; undefined when there is none. */
  enabledPromotion(merchantCode: string, promotionId: string) {
    return core.enabledPromotion(this.ctx.db, merchantCode, promotionId);
  }

  /** A member's claim of a promotion made with this requestId (red envelopes' grabs too). */
  claimByRequest(db: DbOrTx, promotionId: string, accountId: string, req: string) {
    return core.claimByRequest(db, promotionId, accountId, req);
  }

  /**
   * Pays a claim inside `tx`, whose caller holds the promotion row's lock: the ledger entry from
   * the promotion-expense account, the claim, the spent budget and the turnover, together.
   * Also used by red envelopes, which hold the promotion row's lock too.
   */
  pay(tx: DbOrTx, merchant: MerchantInfo, promo: PromotionRow, claim: ClaimToPay) {
    return core.pay(this.ctx, tx, merchant, promo, claim);
  }

  /**
   * Pays at most one claim under the promotion row's lock, as `decide` answers with the locked
   * row (null: nothing to pay). The rebate and refer-and-earn jobs pay through here.
   */
  payUnderLock(
    merchant: MerchantInfo,
    promotionId: string,
    decide: (tx: DbOrTx, locked: PromotionRow) => Promise<ClaimToPay | null>,
  ): Promise<ClaimRow | null> {
    return core.payUnderLock(this.ctx, merchant, promotionId, decide);
  }

  /**
   * A member claims a promotion for itself. The promotion's row is locked while the state is
   * decided again and the money moves, so concurrent claims never pass the budget or the limit;
   * the same requestId answers the same claim and moves nothing.
   */
  claim(member: Member, promotionId: string, requestId: string) {
    return claims.claim(this.ctx, member, promotionId, requestId);
  }

  /**
   * `MCS2_claimRafflePromotion`: one draw of a lucky draw (the same path as a claim), with
   * whether it won and the draws left today.
   */
  drawRaffle(member: Member, promotionId: string, requestId: string) {
    return claims.drawRaffle(this.ctx, member, promotionId, requestId);
  }

  // ---- applications ----

  /** A member applies to an application promotion (see `applications.apply`). */
  apply(member: Member, promotionId: string, body: PromotionApplyBody) {
    return applications.apply(this.ctx, member, promotionId, body);
  }

  /** Operator: a merchant's applications (oldest first, at most 200), by status. */
  applications(merchantCode: string, status?: ApplicationRow['status']) {
    return applications.applications(this.ctx, merchantCode, status);
  }

  /** Operator: approves (pays) or rejects a waiting application, once. */
  decideApplication(
    actor: string,
    id: string,
    decision: { approve: true; amount?: string | undefined } | { approve: false; reason: string },
  ) {
    return applications.decideApplication(this.ctx, actor, id, decision);
  }

  // ---- rebate ----

  /** The rebate job: each ended local day of each rebate promotion not yet settled, paid once. */
  settleRebates(now: Date = this.ctx.clock()) {
    return rebate.settleRebates(this.ctx, now);
  }

  /** Pays one rebate day of one promotion, unless it was settled before (then null). */
  settleRebateDay(
    merchant: MerchantInfo,
    promo: PromotionRow,
    day: { day: string; start: Date; end: Date },
  ): Promise<{ members: number; paid: bigint } | null> {
    return rebate.settleRebateDay(this.ctx, merchant, promo, day);
  }

  // ---- member: rewards received and bonus turnover ----

  /** A page of the member's own claims, newest first, with each promotion's title. */
  memberClaims(
    member: Member,
    query: { page: number; size: number; language?: string | undefined },
  ) {
    return rewardCentre.memberClaims(this.ctx, member, query);
  }

  /** The member's bonus turnover requirements and the turnover still to wager. */
  memberBonuses(member: Member, query: { language?: string | undefined }) {
    return rewardCentre.memberBonuses(this.ctx, member, query);
  }
}
