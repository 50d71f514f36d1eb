import { randomUUID } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { minorToDecimal } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import { pointsBalances, pointsConfigs, pointsRedemptions, pointsRewards } from './schema';
import { fieldError, gcd, merchantOf, type Member, type PointsDeps } from './model';
import { change } from './ledger';
import { redemptionViews } from './mall';

/** Spending: redeeming a reward and converting points into cash through the wallet ledger. */

async function checkPassword(deps: PointsDeps, member: Member, password: string) {
  // The same counter and lock-out as agents' transfers and withdrawals.
  if (!(await deps.identity.checkPaymentPassword(member.accountId, password))) {
    throw fieldError('password', 'The payment password is wrong');
  }
}

/**
 * `passwordCheck/MCS2_redeemPointReward`: takes the points and the stock in one transaction
 * and leaves the redemption In Process for an operator. The stock is taken by a conditional
 * update, so concurrent redemptions never take it below zero.
 */
export async function redeem(
  deps: PointsDeps,
  member: Member,
  body: {
    rewardId: string;
    quantity: number;
    redeemType: string;
    password: string;
    province?: string | undefined;
    remarks?: string | undefined;
  },
) {
  const merchant = await merchantOf(deps, member.merchantCode);
  const [reward] = await deps.db
    .select()
    .from(pointsRewards)
    .where(
      and(
        eq(pointsRewards.id, body.rewardId),
        eq(pointsRewards.merchantCode, merchant.merchantCode),
      ),
    );
  if (!reward) throw fieldError('rewardId', 'No such reward');
  if (reward.status !== 'active') {
    throw new AppError('function.not.available', 'This reward is not available');
  }
  await checkPassword(deps, member, body.password);
  const cost = reward.requiredPoints * BigInt(body.quantity);
  const id = randomUUID();
  const row = await deps.db.transaction(async (tx) => {
    const taken = await tx
      .update(pointsRewards)
      .set({ stock: sql`${pointsRewards.stock} - ${body.quantity}` })
      .where(
        and(
          eq(pointsRewards.id, reward.id),
          eq(pointsRewards.status, 'active'),
          gte(pointsRewards.stock, body.quantity),
        ),
      )
      .returning({ id: pointsRewards.id });
    if (taken.length === 0) throw new AppError('reward_out_of_stock');
    await change(tx, {
      merchantCode: merchant.merchantCode,
      accountId: member.accountId,
      kind: 'redeem',
      amount: -cost,
      key: `redeem:${id}`,
      actor: member.accountId,
      reference: id,
      remark: reward.names.en ?? null,
    });
    const [inserted] = await tx
      .insert(pointsRedemptions)
      .values({
        id,
        merchantCode: merchant.merchantCode,
        accountId: member.accountId,
        rewardId: reward.id,
        quantity: body.quantity,
        points: cost,
        cashAmount: reward.cashAmount === null ? null : reward.cashAmount * BigInt(body.quantity),
        redeemType: body.redeemType,
        province: body.province || null,
        remarks: body.remarks || null,
        status: 'in_process',
      })
      .returning();
    return inserted!;
  });
  return (await redemptionViews(deps, [row], merchant))[0]!;
}

/**
 * `passwordCheck/MCS2_convertPoint`: points into cash in the main wallet at the merchant's
 * rate, both ledgers in one transaction. The request id (a new one when the client sends none)
 * keys both changes, so a retry with the same id converts once.
 */
export async function convert(
  deps: PointsDeps,
  member: Member,
  body: { amount: number; password: string; requestId?: string },
) {
  const merchant = await merchantOf(deps, member.merchantCode);
  const [config] = await deps.db
    .select()
    .from(pointsConfigs)
    .where(eq(pointsConfigs.merchantCode, merchant.merchantCode));
  if (!config) throw new AppError('function.not.available', 'Points conversion is not offered');
  const amount = BigInt(body.amount);
  if (amount < BigInt(config.minConvert)) {
    throw fieldError('amount', `At least ${config.minConvert} points are converted at a time`);
  }
  const scaled = amount * config.exchangeCash;
  const exchangePoints = BigInt(config.exchangePoints);
  if (scaled % exchangePoints !== 0n) {
    throw fieldError(
      'amount',
      `Convert a multiple of ${exchangePoints / gcd(exchangePoints, config.exchangeCash)} points`,
    );
  }
  const cash = scaled / exchangePoints;
  await checkPassword(deps, member, body.password);
  const requestId = body.requestId ?? randomUUID();
  const result = await deps.db.transaction(async (tx) => {
    const changed = await change(tx, {
      merchantCode: merchant.merchantCode,
      accountId: member.accountId,
      kind: 'convert',
      amount: -amount,
      key: `convert:${requestId}`,
      actor: member.accountId,
      reference: requestId,
      remark: minorToDecimal(cash, merchant.currencyScale),
    });
    if (changed.amount !== -amount) {
      throw new AppError('idempotency_conflict', 'This request id was used for another amount');
    }
    await deps.wallet.grant(tx, {
      merchantCode: merchant.merchantCode,
      currency: merchant.currency,
      player: member.accountId,
      amount: cash,
      to: 'cash',
      from: 'bonus_expense:points',
      type: 'points_convert',
      key: `points-convert:${member.accountId}:${requestId}`,
      actor: member.accountId,
      reference: `points-convert:${requestId}`,
      metadata: { points: amount.toString() },
    });
    const [now] = await tx
      .select({ balance: pointsBalances.balance })
      .from(pointsBalances)
      .where(eq(pointsBalances.accountId, member.accountId));
    return now!.balance;
  });
  return {
    requestId,
    points: body.amount,
    cash: minorToDecimal(cash, merchant.currencyScale),
    pointBalance: Number(result),
  };
}
