import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { minorToDecimal, type MerchantInfo } from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Member } from '../../platform/principal';
import { holdReward } from '../cashier';
import { promotionMemberAccount, promotionDeposits, promotionVipUpgrades } from '../reports';
import { refuseExcluded } from './exclusions';
import { promotionApplications, promotionClaims, promotions } from './schema';
import type {
  ApplicationRow,
  ClaimRow,
  ClaimToPay,
  MemberFacts,
  PromotionRow,
  PromotionsContext,
} from './model';

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

/** What decides a member's state in these promotions, read inside `db` (a claim's transaction). */
export async function memberFacts(
  ctx: PromotionsContext,
  db: DbOrTx,
  member: Member,
  promotionIds: string[],
  needVip: boolean,
): Promise<MemberFacts> {
  const account = await promotionMemberAccount(db, member.accountId, member.merchantCode);
  if (!account) throw new AppError('not_found', 'No such member');
  const deposits = await promotionDeposits(db, member.accountId);
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
  const upgrades = await promotionVipUpgrades(db, member.accountId, member.merchantCode);
  const vipLevel =
    needVip && ctx.vipLevelOf ? await ctx.vipLevelOf(member.accountId, member.merchantCode) : null;
  return {
    accountId: member.accountId,
    registeredAt: account.createdAt,
    deposits,
    claims,
    vipLevel,
    birthday: account.birthday,
    upgrades,
    applications,
  };
}

/** A merchant's enabled promotions (of one category), in the operators' order. */
export async function enabledPromotions(db: Db, merchantCode: string, category?: string) {
  return db
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

/** An enabled promotion of the merchant, its kind and audience; undefined when there is none. */
export async function enabledPromotion(db: Db, merchantCode: string, promotionId: string) {
  const [found] = await db
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
export async function claimByRequest(
  db: DbOrTx,
  promotionId: string,
  accountId: string,
  req: string,
) {
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
 * the promotion-expense account, the claim, the spent budget and the turnover, together. Every
 * kind pays through here: claims, applications, the rebate, red envelopes and refer-and-earn.
 */
export async function pay(
  ctx: PromotionsContext,
  tx: DbOrTx,
  merchant: MerchantInfo,
  promo: PromotionRow,
  claim: ClaimToPay,
): Promise<ClaimRow> {
  await refuseExcluded(tx, claim.accountId);
  const id = randomUUID();
  const posted = await ctx.wallet.grant(tx, {
    merchantCode: merchant.merchantCode,
    currency: merchant.currency,
    player: claim.accountId,
    amount: claim.amount,
    to: claim.wallet === 'bonus' ? 'bonus' : 'cash',
    from: 'bonus_expense:promotions',
    type: promo.kind === 'rebate' ? 'promotion_rebate' : 'promotion_bonus',
    key: `promotion:${promo.id}:${claim.accountId}:${claim.sourceId}`,
    actor: claim.actor,
    reference: promo.id,
    metadata: { promotionId: promo.id, sourceId: claim.sourceId },
  });
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
  await holdReward(tx, ctx.wallet, {
    merchant,
    accountId: claim.accountId,
    sourceId: id,
    amount: claim.amount,
    required: turnover,
    paidInto: claim.wallet,
  });
  return row!;
}

/**
 * Pays at most one claim of a promotion under its row's lock: `decide` reads what it needs in
 * `tx` with the locked row and answers the claim to pay, or null to pay nothing (then null). The
 * jobs' runs (the rebate, refer-and-earn) decide and pay through here.
 */
export function payUnderLock(
  ctx: PromotionsContext,
  merchant: MerchantInfo,
  promotionId: string,
  decide: (tx: DbOrTx, locked: PromotionRow) => Promise<ClaimToPay | null>,
): Promise<ClaimRow | null> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockPromotion(tx, promotionId);
    const claim = locked ? await decide(tx, locked) : null;
    return claim ? pay(ctx, tx, merchant, locked!, claim) : null;
  });
}

/** A lucky draw that won nothing: it counts toward the limit and moves no money. */
export async function recordNoPrize(
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

/** What a claim answers: its amount, the turnover it added, and whether it was a replay. */
export function claimAnswer(claim: ClaimRow, scale: number, replayed: boolean) {
  return {
    claimId: claim.id,
    promotionId: claim.promotionId,
    amount: minorToDecimal(claim.amount, scale),
    turnoverAdded: minorToDecimal(claim.turnover, scale),
    wallet: claim.wallet,
    replayed,
  };
}
