import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { lifetimeValidBets } from '../play';
import { depositOrders } from '../cashier/schema';
import { accounts } from '../identity/schema';
import { promotionClaims } from '../promotions/schema';

/** The friends a member referred (newest first, at most 200). */
export function referralFriends(db: DbOrTx, referrerId: string, merchantCode: string) {
  return db
    .select({ id: accounts.id, username: accounts.username, createdAt: accounts.createdAt })
    .from(accounts)
    .where(and(eq(accounts.referredBy, referrerId), eq(accounts.merchantCode, merchantCode)))
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(200);
}

/** Credited deposits and settled valid bets of these accounts, in total. */
export async function referralTotals(db: DbOrTx, ids: string[]) {
  const deposited = new Map<string, bigint>();
  const validBet = new Map<string, bigint>();
  if (ids.length === 0) return { deposited, validBet };
  const deposits = await db
    .select({
      accountId: depositOrders.accountId,
      total: sql<string>`sum(${depositOrders.amount})::text`,
    })
    .from(depositOrders)
    .where(and(inArray(depositOrders.accountId, ids), eq(depositOrders.status, 'credited')))
    .groupBy(depositOrders.accountId);
  for (const d of deposits) deposited.set(d.accountId, BigInt(d.total));
  const bets = await lifetimeValidBets(db, ids);
  for (const b of bets) validBet.set(b.accountId, BigInt(b.total));
  return { deposited, validBet };
}

/**
 * The merchant's active referred members who registered during a referral promotion and whose
 * referrer it has not paid for them yet, oldest first.
 */
export function referralFriendsUnpaid(
  db: DbOrTx,
  merchantCode: string,
  promo: { id: string; startsAt: Date; endsAt: Date | null },
) {
  return db
    .select({ id: accounts.id, referrerId: accounts.referredBy })
    .from(accounts)
    .where(
      and(
        eq(accounts.merchantCode, merchantCode),
        eq(accounts.status, 'active'),
        sql`${accounts.referredBy} is not null`,
        gte(accounts.createdAt, promo.startsAt),
        promo.endsAt ? lt(accounts.createdAt, promo.endsAt) : undefined,
        sql`not exists (select 1 from ${promotionClaims} where ${promotionClaims.promotionId} = ${promo.id} and ${promotionClaims.sourceId} = ${accounts.id})`,
      ),
    )
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
}

/** Referrers' type, status and registration time, by id. */
export function referralReferrers(db: DbOrTx, ids: string[], merchantCode: string) {
  return db
    .select({
      id: accounts.id,
      type: accounts.type,
      status: accounts.status,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(and(inArray(accounts.id, ids), eq(accounts.merchantCode, merchantCode)));
}
