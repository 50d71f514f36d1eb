import { and, asc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  minorToDecimal,
  parseAmount,
  type OpsPointRewardBody,
  type RedemptionStatus,
} from '@taya/contracts';
import { AppError, fieldError } from '../../platform/errors';
import { pointsRedemptions, pointsRewards } from './schema';
import { merchantOf, statusIn, type PointsDeps } from './model';
import { change } from './ledger';
import { redemptionViews } from './mall';

/** The operators' side: redemptions by status, and approving or rejecting one. */

export async function redemptionsByStatus(
  deps: PointsDeps,
  merchantCode: string,
  status: RedemptionStatus,
) {
  const merchant = await merchantOf(deps, merchantCode);
  const rows = await deps.db
    .select()
    .from(pointsRedemptions)
    .where(
      and(
        eq(pointsRedemptions.merchantCode, merchant.merchantCode),
        eq(pointsRedemptions.status, statusIn[status]),
      ),
    )
    .orderBy(asc(pointsRedemptions.createdAt))
    .limit(500);
  const views = await redemptionViews(deps, rows, merchant);
  return views.map((v, i) => ({ ...v, accountId: rows[i]!.accountId }));
}

/**
 * An operator's decision on a redemption In Process. Approving a cash reward pays it from the
 * points expense account into the member's main wallet; rejecting gives back the points and
 * the stock. Deciding again the same way answers as before; the other way is refused. The
 * operator's note (the reason for a rejection) is shown to the member.
 */
export async function decide(
  deps: PointsDeps,
  id: string,
  operatorId: string,
  approve: boolean,
  note?: string,
) {
  const [found] = await deps.db
    .select({ merchantCode: pointsRedemptions.merchantCode })
    .from(pointsRedemptions)
    .where(eq(pointsRedemptions.id, id));
  if (!found) throw new AppError('not_found', 'No such redemption');
  const merchant = await merchantOf(deps, found.merchantCode);
  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(pointsRedemptions)
      .where(eq(pointsRedemptions.id, id))
      .for('update');
    const want = approve ? 'approved' : 'rejected';
    if (r!.status === want) return r!;
    if (r!.status !== 'in_process') {
      throw new AppError('conflict', `This redemption is already ${r!.status}`);
    }
    let entryId: string | null = null;
    if (approve && r!.cashAmount !== null) {
      const posted = await deps.wallet.grant(tx, {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        player: r!.accountId,
        amount: r!.cashAmount,
        to: 'cash',
        from: 'bonus_expense:points',
        type: 'points_reward',
        key: `points-redemption:${id}:pay`,
        actor: operatorId,
        reference: `points-redemption:${id}`,
        metadata: { rewardId: r!.rewardId, quantity: r!.quantity },
      });
      entryId = posted.entryId;
    }
    if (!approve) {
      await tx
        .update(pointsRewards)
        .set({ stock: sql`${pointsRewards.stock} + ${r!.quantity}` })
        .where(eq(pointsRewards.id, r!.rewardId));
      await change(tx, {
        merchantCode: merchant.merchantCode,
        accountId: r!.accountId,
        kind: 'refund',
        amount: r!.points,
        key: `refund:${id}`,
        actor: operatorId,
        reference: id,
      });
    }
    const [updated] = await tx
      .update(pointsRedemptions)
      .set({
        status: want,
        decidedBy: operatorId,
        decidedAt: new Date(),
        decisionNote: note || null,
        entryId,
      })
      .where(eq(pointsRedemptions.id, id))
      .returning();
    return updated!;
  });
  return (await redemptionViews(deps, [row], merchant))[0]!;
}

/** The mall's rewards of a merchant as operators edit them. */
export async function opsRewards(deps: PointsDeps, merchantCode: string) {
  const merchant = await merchantOf(deps, merchantCode);
  const rows = await deps.db
    .select()
    .from(pointsRewards)
    .where(eq(pointsRewards.merchantCode, merchant.merchantCode))
    .orderBy(asc(pointsRewards.sort), asc(pointsRewards.createdAt));
  return {
    list: rows.map((r) => ({
      id: r.id,
      names: r.names,
      image: r.image,
      type: r.kind,
      requiredPoints: Number(r.requiredPoints),
      amount: r.cashAmount === null ? null : minorToDecimal(r.cashAmount, merchant.currencyScale),
      quantity: r.stock,
      status: r.status,
      sort: r.sort,
    })),
  };
}

/** Creates or updates a reward; the row before, for the audit log. */
export async function saveReward(deps: PointsDeps, body: OpsPointRewardBody) {
  const merchant = await merchantOf(deps, body.merchantCode);
  let cashAmount: bigint | null = null;
  if (body.amount !== null && body.type === 'cash') {
    cashAmount = parseAmount(body.amount, merchant.currencyScale);
    if (cashAmount === null) throw fieldError('amount', 'invalid', 'Too many decimals');
  }
  const values = {
    names: body.names,
    image: body.image,
    kind: body.type,
    requiredPoints: BigInt(body.requiredPoints),
    cashAmount,
    stock: body.quantity,
    status: body.status,
    sort: body.sort,
  };
  if (!body.id) {
    const id = randomUUID();
    await deps.db
      .insert(pointsRewards)
      .values({ id, merchantCode: merchant.merchantCode, ...values });
    return { id, created: true, before: null };
  }
  const id = body.id;
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(pointsRewards)
      .where(eq(pointsRewards.id, id))
      .for('update');
    if (!before || before.merchantCode !== merchant.merchantCode)
      throw new AppError('not_found', 'No such reward');
    if (before.kind !== body.type)
      throw fieldError('type', 'invalid', 'The type of a reward cannot change');
    await tx.update(pointsRewards).set(values).where(eq(pointsRewards.id, id));
    return { id, created: false, before };
  });
}
