import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { validBetsByMemberAndGameType } from '../play';
import { depositOrders, turnoverRequirements } from '../cashier/schema';
import { accounts } from '../identity/schema';
import { promotionApplications, promotionClaims, promotions } from '../promotions/schema';
import { vipUpgrades } from '../vip/schema';
import { ledgerAccounts } from '../wallet/schema';

/** A member's registration time and birthday (a promotion's audience and birthday bonus). */
export async function promotionMemberAccount(db: DbOrTx, accountId: string, merchantCode: string) {
  const [account] = await db
    .select({ createdAt: accounts.createdAt, birthday: accounts.birthday })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.merchantCode, merchantCode)));
  return account;
}

/** When each of these accounts registered. */
export function promotionRegisteredAt(db: DbOrTx, accountIds: string[]) {
  return db
    .select({ id: accounts.id, createdAt: accounts.createdAt })
    .from(accounts)
    .where(inArray(accounts.id, accountIds));
}

/** An account's username, '' when there is none. */
export async function promotionUsername(db: DbOrTx, accountId: string): Promise<string> {
  const [account] = await db
    .select({ username: accounts.username })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account?.username ?? '';
}

/** A member's credited deposits, oldest first (deposit bonuses). */
export async function promotionDeposits(db: DbOrTx, accountId: string) {
  const rows = await db
    .select({ id: depositOrders.id, amount: depositOrders.amount, at: depositOrders.decidedAt })
    .from(depositOrders)
    .where(and(eq(depositOrders.accountId, accountId), eq(depositOrders.status, 'credited')))
    .orderBy(asc(depositOrders.decidedAt), asc(depositOrders.id));
  return rows.map((d) => ({ id: d.id, amount: d.amount, at: d.at ?? new Date(0) }));
}

/** A member's VIP upgrades, oldest first (VIP upgrade bonuses). */
export function promotionVipUpgrades(db: DbOrTx, accountId: string, merchantCode: string) {
  return db
    .select({ toLevel: vipUpgrades.toLevel, at: vipUpgrades.upgradedAt })
    .from(vipUpgrades)
    .where(and(eq(vipUpgrades.accountId, accountId), eq(vipUpgrades.merchantCode, merchantCode)))
    .orderBy(asc(vipUpgrades.upgradedAt), asc(vipUpgrades.toLevel));
}

/** Settled valid bet per member and game type in [start, end) (the daily rebate). */
export async function rebateValidBets(
  db: DbOrTx,
  merchantCode: string,
  start: Date,
  end: Date,
  gameTypes: string[],
) {
  const rows = await validBetsByMemberAndGameType(db, merchantCode, { start, end }, gameTypes);
  return rows;
}

/** A merchant's promotion applications (oldest first, at most 200) with member and promotion. */
export function promotionApplicationsList(
  db: DbOrTx,
  merchantCode: string,
  status?: (typeof promotionApplications.$inferSelect)['status'],
) {
  return db
    .select({
      application: promotionApplications,
      username: accounts.username,
      title: promotions.title,
      paid: promotionClaims.amount,
    })
    .from(promotionApplications)
    .innerJoin(accounts, eq(accounts.id, promotionApplications.accountId))
    .innerJoin(promotions, eq(promotions.id, promotionApplications.promotionId))
    .leftJoin(promotionClaims, eq(promotionClaims.id, promotionApplications.claimId))
    .where(
      and(
        eq(promotionApplications.merchantCode, merchantCode),
        status ? eq(promotionApplications.status, status) : undefined,
      ),
    )
    .orderBy(asc(promotionApplications.createdAt), asc(promotionApplications.id))
    .limit(200);
}

/**
 * A member's bonus turnover requirements (newest first, the latest 100) with the promotion claim
 * behind each, all the turnover still to wager, and the bonus balance.
 */
export async function memberBonusTurnover(
  db: DbOrTx,
  member: { accountId: string; merchantCode: string; currency: string; bonusKind: string },
) {
  const rows = await db
    .select({
      requirement: turnoverRequirements,
      claimId: promotionClaims.id,
      promotionId: promotionClaims.promotionId,
      amount: promotionClaims.amount,
      title: promotions.title,
    })
    .from(turnoverRequirements)
    .leftJoin(
      promotionClaims,
      and(
        eq(promotionClaims.id, turnoverRequirements.sourceId),
        eq(promotionClaims.accountId, turnoverRequirements.accountId),
      ),
    )
    .leftJoin(promotions, eq(promotions.id, promotionClaims.promotionId))
    .where(
      and(
        eq(turnoverRequirements.accountId, member.accountId),
        eq(turnoverRequirements.source, 'bonus'),
      ),
    )
    .orderBy(desc(turnoverRequirements.createdAt), desc(turnoverRequirements.id))
    .limit(100);
  const [total] = await db
    .select({
      remaining: sql<string>`coalesce(sum(greatest(${turnoverRequirements.required} - ${turnoverRequirements.progressed}, 0)), 0)::text`,
    })
    .from(turnoverRequirements)
    .where(eq(turnoverRequirements.accountId, member.accountId));
  const [bonus] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerId, member.accountId),
        eq(ledgerAccounts.merchantCode, member.merchantCode),
        eq(ledgerAccounts.currency, member.currency),
        eq(ledgerAccounts.kind, member.bonusKind),
      ),
    );
  return {
    rows,
    turnoverRemaining: BigInt(total?.remaining ?? '0'),
    bonusBalance: bonus?.balance ?? 0n,
  };
}
