import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import {
  minorToDecimal,
  pointChangeKinds,
  type MerchantInfo,
  type RedemptionStatus,
} from '@taya/contracts';
import {
  pointsBalances,
  pointsConfigs,
  pointsLedger,
  pointsRatios,
  pointsRedemptions,
  pointsRewards,
} from './schema';
import {
  merchantOf,
  statusIn,
  statusOut,
  type Member,
  type PointsDeps,
  type RedemptionRow,
  type RewardRow,
} from './model';

/** The mall as a member reads it: balance, rewards, redemptions, configuration, history. */

export async function balance(deps: PointsDeps, member: Member) {
  const [row] = await deps.db
    .select({ balance: pointsBalances.balance })
    .from(pointsBalances)
    .where(eq(pointsBalances.accountId, member.accountId));
  return { accountTypeId: 9 as const, balance: Number(row?.balance ?? 0n) };
}

function rewardName(reward: Pick<RewardRow, 'names'>, language: string | undefined) {
  const names = reward.names;
  // Names are keyed by lower-case codes; the Language header carries upper case (MY).
  const key = language?.toLowerCase();
  return (key && names[key]) || names.en || Object.values(names)[0] || '';
}

/** `MCS2_getPointReward`: the merchant's rewards (a visitor's merchant comes from its header). */
export async function rewards(
  deps: PointsDeps,
  merchantCode: string | undefined,
  language: string | undefined,
) {
  const merchant = await deps.system.merchantFor(merchantCode, undefined);
  const rows = await deps.db
    .select()
    .from(pointsRewards)
    .where(eq(pointsRewards.merchantCode, merchant.merchantCode))
    .orderBy(asc(pointsRewards.sort), asc(pointsRewards.createdAt));
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: rewardName(r, language),
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

export async function redemptionViews(
  deps: PointsDeps,
  rows: RedemptionRow[],
  merchant: MerchantInfo,
) {
  const ids = [...new Set(rows.map((r) => r.rewardId))];
  const rewards = ids.length
    ? await deps.db.select().from(pointsRewards).where(inArray(pointsRewards.id, ids))
    : [];
  const byId = new Map(rewards.map((r) => [r.id, r]));
  return rows.map((r) => {
    const reward = byId.get(r.rewardId);
    return {
      id: r.id,
      rewardId: r.rewardId,
      rewardName: reward ? rewardName(reward, undefined) : '',
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
export async function redemptions(
  deps: PointsDeps,
  member: Member,
  query: { status?: RedemptionStatus | undefined; page: number; size: number },
) {
  const merchant = await merchantOf(deps, member.merchantCode);
  const rows = await deps.db
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
    list: await redemptionViews(deps, rows.slice(0, query.size), merchant),
    page: query.page,
    size: query.size,
    hasMore: rows.length > query.size,
  };
}

/** `MCS2_getPointConfig`. */
export async function config(deps: PointsDeps, member: Member) {
  const merchant = await merchantOf(deps, member.merchantCode);
  const ratios = await deps.db
    .select()
    .from(pointsRatios)
    .where(eq(pointsRatios.merchantCode, merchant.merchantCode))
    .orderBy(asc(pointsRatios.gameType));
  const [config] = await deps.db
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
export async function detail(
  deps: PointsDeps,
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
    ? await deps.db
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
  const username = (await deps.identity.usernames([member.accountId])).get(member.accountId);
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
