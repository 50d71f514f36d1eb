import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { minorToDecimal, parseAmount, type PromotionApplyBody } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import type { Member } from '../../platform/principal';
import { promotionApplicationsList, promotionUsername } from '../reports';
import { enabledPromotion, lockPromotion, memberFacts, pay } from './core';
import type { ApplicationRow, PromotionsContext } from './model';
import { audienceVipLevel, evaluate } from './rules';
import { promotionApplications, promotionClaims } from './schema';

/** An application as its member reads it, with what its approval paid. */
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
 * A member applies to an application promotion with a remark and its own uploaded images
 * (attached to the application, so an image serves once). One application waits at a time; a
 * rejected member may apply again while its approvals are below the per-member limit. The same
 * requestId answers the same application.
 */
export async function apply(
  ctx: PromotionsContext,
  member: Member,
  promotionId: string,
  body: PromotionApplyBody,
) {
  const merchant = await ctx.merchant(member.merchantCode);
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
  const [earlier] = await byRequest(ctx.db);
  if (earlier) return replay(earlier);
  const found = await enabledPromotion(ctx.db, merchant.merchantCode, promotionId);
  if (!found) throw new AppError('not_found', 'No such promotion');
  const vipLevel = await audienceVipLevel(ctx.vipLevelOf, found.audience, member);
  const uploads = ctx.extras.uploads;
  if (!uploads) throw new AppError('function.not.available', 'Uploads are not available');
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const promo = await lockPromotion(tx, promotionId);
    const [again] = await byRequest(tx);
    if (again) return replay(again);
    const facts = await memberFacts(ctx, tx, member, [promotionId], false);
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
    await uploads.attach(member.accountId, imageIds, `promotion_application:${id}`, tx, 'imageIds');
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
export async function applications(
  ctx: PromotionsContext,
  merchantCode: string,
  status?: ApplicationRow['status'],
) {
  const merchant = await ctx.system.namedMerchant(merchantCode);
  const rows = await promotionApplicationsList(ctx.db, merchantCode, status);
  return {
    list: rows.map((r) => opsApplication(r, merchant.currencyScale)),
  };
}

/** An application as operators read it: the member's name and the promotion's title too. */
export function opsApplication(
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
export async function decideApplication(
  ctx: PromotionsContext,
  actor: string,
  id: string,
  decision: { approve: true; amount?: string | undefined } | { approve: false; reason: string },
) {
  const [first] = await ctx.db
    .select({
      promotionId: promotionApplications.promotionId,
      merchantCode: promotionApplications.merchantCode,
    })
    .from(promotionApplications)
    .where(eq(promotionApplications.id, id));
  if (!first) throw new AppError('not_found', 'No such application');
  // Before the transaction: the merchant may have to be read from the database, which inside it
  // would wait on the transaction itself on the embedded database.
  const merchant = await ctx.merchant(first.merchantCode);
  return ctx.db.transaction(async (tx) => {
    // The promotion first, then the application: the order a member's application takes.
    const promo = await lockPromotion(tx, first.promotionId);
    const [row] = await tx
      .select()
      .from(promotionApplications)
      .where(eq(promotionApplications.id, id))
      .for('update');
    if (!promo || !row || row.merchantCode !== first.merchantCode) {
      throw new AppError('not_found', 'No such application');
    }
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
      const claim = await pay(ctx, tx, merchant, promo, {
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
    const username = await promotionUsername(tx, row.accountId);
    const [paid] = claimId
      ? await tx
          .select({ amount: promotionClaims.amount })
          .from(promotionClaims)
          .where(eq(promotionClaims.id, claimId))
      : [];
    return opsApplication(
      {
        application: updated!,
        username,
        title: promo.title,
        paid: paid?.amount ?? null,
      },
      scale,
    );
  });
}
