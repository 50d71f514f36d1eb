import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  pointChangeKinds,
  type MerchantInfo,
  type PointChangeKind,
  type RedemptionStatus,
} from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { IdentityService } from '../identity';
import { settledBetsAfter } from '../reports';
import type { SystemService } from '../system';
import { accountKinds, type WalletService } from '../wallet';
import {
  pointsBalances,
  pointsConfigs,
  pointsLedger,
  pointsRatios,
  pointsRedemptions,
  pointsRewards,
} from './schema';

export interface Member {
  accountId: string;
  merchantCode: string;
}

type RewardRow = typeof pointsRewards.$inferSelect;
type RedemptionRow = typeof pointsRedemptions.$inferSelect;

const statusOut: Record<RedemptionRow['status'], RedemptionStatus> = {
  in_process: 'In Process',
  rejected: 'Rejected',
  approved: 'Approved',
};
const statusIn = Object.fromEntries(
  Object.entries(statusOut).map(([k, v]) => [v, k as RedemptionRow['status']]),
) as Record<RedemptionStatus, RedemptionRow['status']>;

const fieldError = (path: string, message: string) =>
  new AppError('request_param_err', message, [{ path, code: 'invalid', message }]);

/** Points won for one bet record: `points` per full `unit` of valid bet, rounded down. */
export function pointsForBet(validBet: bigint, ratio: { points: number; unit: bigint }): bigint {
  if (validBet <= 0n || ratio.points <= 0) return 0n;
  return (validBet * BigInt(ratio.points)) / ratio.unit;
}

/**
 * The points mall: points earned from settled valid bets, spent on rewards an operator then
 * approves or rejects, or converted into cash. Points have a ledger of their own; cash moves
 * only through the wallet ledger.
 */
export class PointsService {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly wallet: WalletService,
    private readonly identity: IdentityService,
  ) {}

  private merchant(code: string): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  /**
   * Changes one member's points once per key, under a lock of the member's balance row. A key
   * seen before changes nothing and answers with the first change; the balance never goes below
   * zero.
   */
  private async change(
    tx: DbOrTx,
    input: {
      merchantCode: string;
      accountId: string;
      kind: PointChangeKind;
      amount: bigint;
      key: string;
      actor: string;
      reference?: string | null;
      remark?: string | null;
    },
  ): Promise<{ balanceAfter: bigint; amount: bigint; replayed: boolean }> {
    await tx
      .insert(pointsBalances)
      .values({ accountId: input.accountId, merchantCode: input.merchantCode })
      .onConflictDoNothing();
    const [held] = await tx
      .select({ balance: pointsBalances.balance })
      .from(pointsBalances)
      .where(eq(pointsBalances.accountId, input.accountId))
      .for('update');
    const [seen] = await tx
      .select({ amount: pointsLedger.amount, balanceAfter: pointsLedger.balanceAfter })
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.accountId, input.accountId),
          eq(pointsLedger.idempotencyKey, input.key),
        ),
      );
    if (seen) return { ...seen, replayed: true };
    const balanceAfter = held!.balance + input.amount;
    if (balanceAfter < 0n) throw new AppError('insufficient_funds', 'Not enough points');
    await tx
      .update(pointsBalances)
      .set({ balance: balanceAfter, updatedAt: new Date() })
      .where(eq(pointsBalances.accountId, input.accountId));
    await tx.insert(pointsLedger).values({
      id: randomUUID(),
      merchantCode: input.merchantCode,
      accountId: input.accountId,
      kind: input.kind,
      amount: input.amount,
      balanceAfter,
      idempotencyKey: input.key,
      actor: input.actor,
      reference: input.reference ?? null,
      remark: input.remark ?? null,
    });
    return { balanceAfter, amount: input.amount, replayed: false };
  }

  // ---- earning ----

  /**
   * The `points.earn` job: credits the points of settled bet records not yet read, merchant by
   * merchant, in bounded batches after a cursor of (settled time, id). Only records settled more
   * than `settleLagMs` ago are read, so a settlement that commits late is still ahead of the
   * cursor. Each batch is one transaction holding the merchant's cursor row, and each bet is
   * credited under the key `earn:<bet record id>`: a re-run, or a run on a second node, credits
   * nothing twice.
   */
  async earnDue(
    options: { now?: Date; settleLagMs?: number; batchSize?: number; maxBatches?: number } = {},
  ): Promise<{ bets: number; points: bigint }> {
    const now = options.now ?? new Date();
    const horizon = new Date(now.getTime() - (options.settleLagMs ?? 60_000));
    const batchSize = options.batchSize ?? 1000;
    const maxBatches = options.maxBatches ?? 10;
    const merchants = await this.db
      .selectDistinct({ merchantCode: pointsRatios.merchantCode })
      .from(pointsRatios);
    let bets = 0;
    let points = 0n;
    for (const { merchantCode } of merchants) {
      for (let i = 0; i < maxBatches; i += 1) {
        const batch = await this.earnBatch(merchantCode, horizon, batchSize);
        bets += batch.read;
        points += batch.points;
        if (batch.read < batchSize) break;
      }
    }
    return { bets, points };
  }

  private async earnBatch(merchantCode: string, horizon: Date, batchSize: number) {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into points_earn_cursors (merchant_code, settled_at, bet_record_id)
        values (${merchantCode}, 'epoch'::timestamptz, '')
        on conflict (merchant_code) do nothing`);
      const cursor = (
        (await tx.execute(sql`
          select settled_at::text as settled_at, bet_record_id from points_earn_cursors
          where merchant_code = ${merchantCode} for update`)) as {
          rows: { settled_at: string; bet_record_id: string }[];
        }
      ).rows[0]!;
      const ratios = new Map(
        (
          await tx.select().from(pointsRatios).where(eq(pointsRatios.merchantCode, merchantCode))
        ).map((r) => [r.gameType, { points: r.points, unit: r.validBetUnit }]),
      );
      const rows = await settledBetsAfter(
        tx,
        merchantCode,
        { settledAt: cursor.settled_at, betRecordId: cursor.bet_record_id },
        horizon,
        batchSize,
      );
      let earned = 0n;
      for (const bet of rows) {
        const ratio = ratios.get(bet.game_type);
        const amount = ratio ? pointsForBet(BigInt(bet.valid_bet), ratio) : 0n;
        if (amount === 0n) continue;
        const done = await this.change(tx, {
          merchantCode,
          accountId: bet.account_id,
          kind: 'earn',
          amount,
          key: `earn:${bet.id}`,
          actor: 'job:points.earn',
          reference: bet.id,
          remark: bet.game_type,
        });
        if (!done.replayed) earned += amount;
      }
      const last = rows.at(-1);
      if (last) {
        await tx.execute(sql`
          update points_earn_cursors
          set settled_at = ${last.settled_at}::timestamptz, bet_record_id = ${last.id},
            updated_at = now()
          where merchant_code = ${merchantCode}`);
      }
      return { read: rows.length, points: earned };
    });
  }

  // ---- reading ----

  async balance(member: Member) {
    const [row] = await this.db
      .select({ balance: pointsBalances.balance })
      .from(pointsBalances)
      .where(eq(pointsBalances.accountId, member.accountId));
    return { accountTypeId: 9 as const, balance: Number(row?.balance ?? 0n) };
  }

  private rewardName(reward: Pick<RewardRow, 'names'>, language: string | undefined) {
    const names = reward.names;
    // Names are keyed by lower-case codes; the Language header carries upper case (MY).
    const key = language?.toLowerCase();
    return (key && names[key]) || names.en || Object.values(names)[0] || '';
  }

  /** `MCS2_getPointReward`: the merchant's rewards (a visitor's merchant comes from its header). */
  async rewards(merchantCode: string | undefined, language: string | undefined) {
    const merchant = await this.system.merchantFor(merchantCode, undefined);
    const rows = await this.db
      .select()
      .from(pointsRewards)
      .where(eq(pointsRewards.merchantCode, merchant.merchantCode))
      .orderBy(asc(pointsRewards.sort), asc(pointsRewards.createdAt));
    return {
      list: rows.map((r) => ({
        id: r.id,
        name: this.rewardName(r, language),
        names: r.names,
        image: r.image,
        type: r.kind,
        requiredPoints: Number(r.requiredPoints),
        amount: r.cashAmount === null ? null : minorToDecimal(r.cashAmount, merchant.currencyScale),
        quantity: r.stock,
        status:
          r.status === 'inactive'
            ? ('inactive' as const)
            : r.stock === 0
              ? ('sold_out' as const)
              : ('active' as const),
      })),
    };
  }

  private async redemptionViews(rows: RedemptionRow[], merchant: MerchantInfo) {
    const ids = [...new Set(rows.map((r) => r.rewardId))];
    const rewards = ids.length
      ? await this.db.select().from(pointsRewards).where(inArray(pointsRewards.id, ids))
      : [];
    const byId = new Map(rewards.map((r) => [r.id, r]));
    return rows.map((r) => {
      const reward = byId.get(r.rewardId);
      return {
        id: r.id,
        rewardId: r.rewardId,
        rewardName: reward ? this.rewardName(reward, undefined) : '',
        type: reward?.kind ?? (r.cashAmount === null ? ('item' as const) : ('cash' as const)),
        quantity: r.quantity,
        points: Number(r.points),
        amount: r.cashAmount === null ? null : minorToDecimal(r.cashAmount, merchant.currencyScale),
        redeemType: r.redeemType,
        province: r.province,
        remarks: r.remarks,
        status: statusOut[r.status],
        createdAt: r.createdAt.toISOString(),
        decidedAt: r.decidedAt?.toISOString() ?? null,
        decisionNote: r.decisionNote,
      };
    });
  }

  /** `MCS2_getRedeemPointList`: the member's own redemptions, newest first. */
  async redemptions(
    member: Member,
    query: { status?: RedemptionStatus | undefined; page: number; size: number },
  ) {
    const merchant = await this.merchant(member.merchantCode);
    const rows = await this.db
      .select()
      .from(pointsRedemptions)
      .where(
        and(
          eq(pointsRedemptions.accountId, member.accountId),
          query.status ? eq(pointsRedemptions.status, statusIn[query.status]) : undefined,
        ),
      )
      .orderBy(desc(pointsRedemptions.createdAt), desc(pointsRedemptions.id))
      .limit(query.size + 1)
      .offset((query.page - 1) * query.size);
    return {
      list: await this.redemptionViews(rows.slice(0, query.size), merchant),
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }

  /** `MCS2_getPointConfig`. */
  async config(member: Member) {
    const merchant = await this.merchant(member.merchantCode);
    const ratios = await this.db
      .select()
      .from(pointsRatios)
      .where(eq(pointsRatios.merchantCode, merchant.merchantCode))
      .orderBy(asc(pointsRatios.gameType));
    const [config] = await this.db
      .select()
      .from(pointsConfigs)
      .where(eq(pointsConfigs.merchantCode, merchant.merchantCode));
    return {
      ratios: ratios.map((r) => ({
        gameType: r.gameType,
        points: r.points,
        validBet: minorToDecimal(r.validBetUnit, merchant.currencyScale),
      })),
      exchange: config
        ? {
            points: config.exchangePoints,
            cash: minorToDecimal(config.exchangeCash, merchant.currencyScale),
          }
        : null,
      minConvert: config?.minConvert ?? null,
    };
  }

  /** `ODSFE2_MemTransDet` for points: the member's own points changes, newest first. */
  async detail(
    member: Member,
    query: {
      startTime: number;
      endTime: number;
      txTypeIds?: string | undefined;
      page: number;
      size: number;
    },
  ) {
    const requested = (query.txTypeIds ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const kinds = requested.length
      ? pointChangeKinds.filter((k) => requested.includes(`point_${k}`))
      : [...pointChangeKinds];
    const rows = kinds.length
      ? await this.db
          .select()
          .from(pointsLedger)
          .where(
            and(
              eq(pointsLedger.accountId, member.accountId),
              gte(pointsLedger.createdAt, new Date(query.startTime)),
              lt(pointsLedger.createdAt, new Date(query.endTime)),
              inArray(pointsLedger.kind, kinds),
            ),
          )
          .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
          .limit(query.size + 1)
          .offset((query.page - 1) * query.size)
      : [];
    const username = (await this.identity.usernames([member.accountId])).get(member.accountId);
    return {
      list: rows.slice(0, query.size).map((r) => ({
        username: username ?? '',
        txTimeInTimestamp: r.createdAt.getTime(),
        amount: r.amount.toString(),
        remark: r.remark,
        txTypeId: `point_${r.kind}`,
      })),
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }

  // ---- spending ----

  private async checkPassword(member: Member, password: string) {
    // The same counter and lock-out as agents' transfers and withdrawals.
    if (!(await this.identity.checkPaymentPassword(member.accountId, password))) {
      throw fieldError('password', 'The payment password is wrong');
    }
  }

  /**
   * `passwordCheck/MCS2_redeemPointReward`: takes the points and the stock in one transaction
   * and leaves the redemption In Process for an operator. The stock is taken by a conditional
   * update, so concurrent redemptions never take it below zero.
   */
  async redeem(
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
    const merchant = await this.merchant(member.merchantCode);
    const [reward] = await this.db
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
    await this.checkPassword(member, body.password);
    const cost = reward.requiredPoints * BigInt(body.quantity);
    const id = randomUUID();
    const row = await this.db.transaction(async (tx) => {
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
      await this.change(tx, {
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
    return (await this.redemptionViews([row], merchant))[0]!;
  }

  private expenseAccount(merchant: MerchantInfo, tx: DbOrTx) {
    return this.wallet.ledger.account(
      {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        ownerId: null,
        kind: accountKinds.bonusExpense,
        subKind: 'points',
        allowNegative: true,
      },
      tx,
    );
  }

  private memberCash(merchant: MerchantInfo, accountId: string, tx: DbOrTx) {
    return this.wallet.ledger.account(
      {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        ownerId: accountId,
        kind: accountKinds.memberCash,
      },
      tx,
    );
  }

  /**
   * `passwordCheck/MCS2_convertPoint`: points into cash in the main wallet at the merchant's
   * rate, both ledgers in one transaction. The request id (a new one when the client sends none)
   * keys both changes, so a retry with the same id converts once.
   */
  async convert(member: Member, body: { amount: number; password: string; requestId?: string }) {
    const merchant = await this.merchant(member.merchantCode);
    const [config] = await this.db
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
    await this.checkPassword(member, body.password);
    const requestId = body.requestId ?? randomUUID();
    const result = await this.db.transaction(async (tx) => {
      const changed = await this.change(tx, {
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
      await this.wallet.ledger.post(
        {
          merchantCode: merchant.merchantCode,
          idempotencyKey: `points-convert:${member.accountId}:${requestId}`,
          type: 'points_convert',
          actor: member.accountId,
          reference: `points-convert:${requestId}`,
          metadata: { points: amount.toString() },
          postings: [
            { accountId: await this.expenseAccount(merchant, tx), amount: -cash },
            { accountId: await this.memberCash(merchant, member.accountId, tx), amount: cash },
          ],
        },
        tx,
      );
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

  // ---- operators ----

  async redemptionsByStatus(merchantCode: string, status: RedemptionStatus) {
    const merchant = await this.merchant(merchantCode);
    const rows = await this.db
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
    const views = await this.redemptionViews(rows, merchant);
    return views.map((v, i) => ({ ...v, accountId: rows[i]!.accountId }));
  }

  /**
   * An operator's decision on a redemption In Process. Approving a cash reward pays it from the
   * points expense account into the member's main wallet; rejecting gives back the points and
   * the stock. Deciding again the same way answers as before; the other way is refused. The
   * operator's note (the reason for a rejection) is shown to the member.
   */
  async decide(id: string, operatorId: string, approve: boolean, note?: string) {
    const [found] = await this.db
      .select({ merchantCode: pointsRedemptions.merchantCode })
      .from(pointsRedemptions)
      .where(eq(pointsRedemptions.id, id));
    if (!found) throw new AppError('not_found', 'No such redemption');
    const merchant = await this.merchant(found.merchantCode);
    const row = await this.db.transaction(async (tx) => {
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
        const posted = await this.wallet.ledger.post(
          {
            merchantCode: merchant.merchantCode,
            idempotencyKey: `points-redemption:${id}:pay`,
            type: 'points_reward',
            actor: operatorId,
            reference: `points-redemption:${id}`,
            metadata: { rewardId: r!.rewardId, quantity: r!.quantity },
            postings: [
              { accountId: await this.expenseAccount(merchant, tx), amount: -r!.cashAmount },
              {
                accountId: await this.memberCash(merchant, r!.accountId, tx),
                amount: r!.cashAmount,
              },
            ],
          },
          tx,
        );
        entryId = posted.entryId;
      }
      if (!approve) {
        await tx
          .update(pointsRewards)
          .set({ stock: sql`${pointsRewards.stock} + ${r!.quantity}` })
          .where(eq(pointsRewards.id, r!.rewardId));
        await this.change(tx, {
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
    return (await this.redemptionViews([row], merchant))[0]!;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
