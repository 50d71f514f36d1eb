import { and, asc, eq, sql } from 'drizzle-orm';
import { type RedemptionStatus } from '@taya/contracts';
import { AppError } from '../../platform/errors';
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
