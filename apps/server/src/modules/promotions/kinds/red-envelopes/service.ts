import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { minorToDecimal, type MerchantInfo } from '@taya/contracts';
import { pickText } from '../../../../platform/localised';
import type { Member } from '../../../../platform/principal';
import type { Db } from '../../../../platform/db';
import { AppError } from '../../../../platform/errors';
import type { SystemService } from '../../../system';
import { promotionRegisteredAt } from '../../../reports';
import { lockPromotion, runningOfKind } from '../../core';
import type { ClaimRow, PromotionRow, VipLevelOf } from '../../model';
import { audienceVipLevel, inAudience } from '../../rules';
import { promotionClaims, promotions } from '../../schema';
import type { PromotionsService } from '../../service';
import { windowsAt, type WindowOccurrence } from './windows';

type RedEnvelopeRules = Extract<PromotionRow['rules'], { kind: 'red_envelope' }>;

/**
 * A grab's amount: uniformly random in [min, max], never above what is left of the pool; null
 * when the pool cannot hold even the smallest envelope.
 */
export function envelopeAmount(
  rules: { minAmountMinor: string; maxAmountMinor: string },
  left: bigint | null,
  draw: (min: number, maxExclusive: number) => number = randomInt,
): bigint | null {
  const min = BigInt(rules.minAmountMinor);
  let max = BigInt(rules.maxAmountMinor);
  if (left !== null && left < max) max = left;
  if (max < min) return null;
  // The range is below 2^47 (checked when the promotion is saved), within randomInt's reach.
  return min + BigInt(draw(0, Number(max - min) + 1));
}

const occurrenceOut = (o: WindowOccurrence) => ({
  start: o.start,
  end: o.end,
  opensAt: o.opensAt.toISOString(),
  closesAt: o.closesAt.toISOString(),
});

/** Refused with the state the member sees and why (the promotions' claim states, SPEC §4). */
const refuse = (message: string, state: string, reason: string) =>
  new AppError('conflict', message, undefined, { state, reason });

/**
 * Red envelopes: promotions of kind red_envelope whose pool (the budget) is split into random
 * envelopes during daily windows, each member opening at most one per window, first come first
 * served. Grabs are promotion claims whose source is the window, paid by the promotions' ledger
 * entry under the promotion row's lock.
 */
export class RedEnvelopesService {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly promotions: PromotionsService,
    private readonly vipLevelOf: VipLevelOf | null = null,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  /** The merchant's red envelopes running at `now`, in the operators' order. */
  private async running(merchant: MerchantInfo, now: Date) {
    const { merchantCode, timeZone } = merchant;
    const rows = await runningOfKind(this.db, merchantCode, 'red_envelope', now);
    return rows.flatMap((promo) => {
      const rules = promo.rules;
      if (rules.kind !== 'red_envelope') return [];
      const at = windowsAt(rules.windows, timeZone, now);
      // A window that would open after the promotion ends never comes.
      const next = at.next && (!promo.endsAt || at.next.opensAt < promo.endsAt) ? at.next : null;
      const left = promo.budget === null ? null : promo.budget - promo.spent;
      const poolLeft = left === null || left >= BigInt(rules.minAmountMinor);
      return [{ promo, rules, open: at.open, next, poolLeft }];
    });
  }

  /** The running red envelopes with their windows (the red-envelope screen). */
  async list(merchantCode: string | undefined, language: string | undefined) {
    const merchant = await this.merchant(merchantCode);
    const lang = (language ?? merchant.defaultLanguage).toLowerCase();
    const scale = merchant.currencyScale;
    const rows = await this.running(merchant, this.clock());
    return {
      timeZone: merchant.timeZone,
      list: rows.map(({ promo, rules, open, next, poolLeft }) => ({
        promotionId: promo.id,
        title: pickText(promo.title, lang),
        content: pickText(promo.content, lang),
        startsAt: promo.startsAt.toISOString(),
        endsAt: promo.endsAt?.toISOString() ?? null,
        windows: rules.windows.map((w) => ({ start: w.start, end: w.end })),
        open: open ? occurrenceOut(open) : null,
        next: next ? occurrenceOut(next) : null,
        poolLeft,
        minAmount: minorToDecimal(BigInt(rules.minAmountMinor), scale),
        maxAmount: minorToDecimal(BigInt(rules.maxAmountMinor), scale),
        currency: merchant.currency,
      })),
    };
  }

  /**
   * The envelope to show now: one whose window is open (with envelopes left first), or else the
   * one whose window opens soonest; with whether the caller opened this window's envelope.
   */
  async current(
    merchantCode: string | undefined,
    member: Member | null,
    language: string | undefined,
  ) {
    const merchant = await this.merchant(member?.merchantCode ?? merchantCode);
    const lang = (language ?? merchant.defaultLanguage).toLowerCase();
    const now = this.clock();
    const rows = await this.running(merchant, now);
    const rank = (r: (typeof rows)[number]) => (r.open ? (r.poolLeft ? 0 : 1) : 2);
    const candidates = rows
      .filter((r) => r.open || r.next)
      .sort(
        (a, b) =>
          rank(a) - rank(b) ||
          (a.open || a.next)!.opensAt.getTime() - (b.open || b.next)!.opensAt.getTime(),
      );
    const chosen = candidates[0];
    if (!chosen) return { envelope: null };
    const window = (chosen.open ?? chosen.next)!;
    let mine: ClaimRow | undefined;
    if (member) {
      [mine] = await this.db
        .select()
        .from(promotionClaims)
        .where(
          and(
            eq(promotionClaims.promotionId, chosen.promo.id),
            eq(promotionClaims.accountId, member.accountId),
            eq(promotionClaims.sourceId, window.key),
          ),
        );
    }
    const seconds = (at: Date) => Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000));
    const scale = merchant.currencyScale;
    return {
      envelope: {
        promotionId: chosen.promo.id,
        title: pickText(chosen.promo.title, lang),
        open: chosen.open !== null,
        window: occurrenceOut(window),
        opensIn: chosen.open ? 0 : seconds(window.opensAt),
        closesIn: seconds(window.closesAt),
        grabbed: member ? mine !== undefined : null,
        grabbedAmount: mine ? minorToDecimal(mine.amount, scale) : null,
        poolLeft: chosen.poolLeft,
        minAmount: minorToDecimal(BigInt(chosen.rules.minAmountMinor), scale),
        maxAmount: minorToDecimal(BigInt(chosen.rules.maxAmountMinor), scale),
        currency: merchant.currency,
      },
    };
  }

  private answer(claim: ClaimRow, merchant: MerchantInfo, replayed: boolean) {
    const scale = merchant.currencyScale;
    return {
      claimId: claim.id,
      promotionId: claim.promotionId,
      window: claim.sourceId,
      amount: minorToDecimal(claim.amount, scale),
      turnoverAdded: minorToDecimal(claim.turnover, scale),
      currency: merchant.currency,
      replayed,
    };
  }

  /**
   * A member opens the envelope of the window open now. The promotion's row is locked while the
   * window, the member's earlier grabs and the pool are read and the money moves, so concurrent
   * grabs never overspend the pool nor open two envelopes of one window for one member; the same
   * requestId answers the same grab and moves nothing.
   */
  async grab(member: Member, promotionId: string, requestId: string) {
    const merchant = await this.merchant(member.merchantCode);
    const earlier = await this.promotions.claimByRequest(
      this.db,
      promotionId,
      member.accountId,
      requestId,
    );
    if (earlier) return this.answer(earlier, merchant, true);
    const found = await this.promotions.enabledPromotion(merchant.merchantCode, promotionId);
    if (!found || found.kind !== 'red_envelope')
      throw new AppError('not_found', 'No such envelope');
    const vipLevel = await audienceVipLevel(this.vipLevelOf, found.audience, member);
    const [account] = await promotionRegisteredAt(this.db, [member.accountId]);
    if (!account) throw new AppError('not_found', 'No such member');

    const outcome = await this.db.transaction(async (tx) => {
      const promo = await lockPromotion(tx, promotionId);
      const again = await this.promotions.claimByRequest(
        tx,
        promotionId,
        member.accountId,
        requestId,
      );
      if (again) return { claim: again, replayed: true };
      const now = this.clock();
      const rules = promo!.rules as RedEnvelopeRules;
      if (now < promo!.startsAt) {
        throw refuse('This red envelope has not started', 'Coming soon', 'not_started');
      }
      if (promo!.endsAt && now >= promo!.endsAt) {
        throw refuse('This red envelope has ended', 'Close', 'ended');
      }
      if (!inAudience(promo!, account.createdAt, vipLevel)) {
        throw refuse('This red envelope is not for this account', 'Close', 'audience');
      }
      const { open } = windowsAt(rules.windows, merchant.timeZone, now);
      if (!open) throw refuse('No red-envelope window is open', 'Coming soon', 'window_closed');
      const mine = await tx
        .select({ sourceId: promotionClaims.sourceId })
        .from(promotionClaims)
        .where(
          and(
            eq(promotionClaims.promotionId, promotionId),
            eq(promotionClaims.accountId, member.accountId),
          ),
        );
      if (mine.some((c) => c.sourceId === open.key)) {
        throw refuse('This window’s envelope is already opened', 'Claimed', 'window_grabbed');
      }
      if (mine.length >= promo!.perMemberLimit) {
        throw refuse('No more envelopes for this account', 'Claimed', 'limit_reached');
      }
      const left = promo!.budget === null ? null : promo!.budget - promo!.spent;
      const amount = envelopeAmount(rules, left);
      if (amount === null) throw refuse('The envelopes are all taken', 'Close', 'budget_spent');
      const claim = await this.promotions.pay(tx, merchant, promo!, {
        accountId: member.accountId,
        requestId,
        sourceId: open.key,
        amount,
        wallet: 'bonus',
        turnoverMultipleTenths: rules.turnoverMultipleTenths,
        actor: member.accountId,
      });
      return { claim, replayed: false };
    });
    return this.answer(outcome.claim, merchant, outcome.replayed);
  }

  /** The member's own envelopes, newest first (the latest 100). */
  async grabs(member: Member, language: string | undefined) {
    const merchant = await this.merchant(member.merchantCode);
    const lang = (language ?? merchant.defaultLanguage).toLowerCase();
    const rows = await this.db
      .select({ claim: promotionClaims, title: promotions.title })
      .from(promotionClaims)
      .innerJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
      .where(
        and(
          eq(promotionClaims.accountId, member.accountId),
          eq(promotionClaims.merchantCode, merchant.merchantCode),
          eq(promotions.kind, 'red_envelope'),
        ),
      )
      .orderBy(desc(promotionClaims.createdAt), desc(promotionClaims.id))
      .limit(100);
    const scale = merchant.currencyScale;
    return {
      list: rows.map(({ claim, title }) => ({
        claimId: claim.id,
        promotionId: claim.promotionId,
        title: pickText(title, lang),
        window: claim.sourceId,
        amount: minorToDecimal(claim.amount, scale),
        turnoverAdded: minorToDecimal(claim.turnover, scale),
        createdAt: claim.createdAt.toISOString(),
      })),
      currency: merchant.currency,
    };
  }
}
