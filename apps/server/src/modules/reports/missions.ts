import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { depositOrders } from '../cashier/schema';
import { accounts } from '../identity/schema';
import { memberValidBetsByGameType, validBetTotals } from '../play';

/** What one member did in [start, end): settled bets by game type, credited deposits. */
export async function missionActivity(
  db: DbOrTx,
  member: { accountId: string; merchantCode: string },
  window: { start: Date; end: Date },
) {
  const bets = await memberValidBetsByGameType(db, member, window);
  const [deposits] = await db
    .select({
      count: sql<string>`count(*)::text`,
      amount: sql<string>`coalesce(sum(${depositOrders.amount}), 0)::text`,
    })
    .from(depositOrders)
    .where(
      and(
        eq(depositOrders.accountId, member.accountId),
        eq(depositOrders.merchantCode, member.merchantCode),
        eq(depositOrders.status, 'credited'),
        gte(depositOrders.decidedAt, window.start),
        lt(depositOrders.decidedAt, window.end),
      ),
    );
  return {
    bets: new Map(
      bets.map((b) => [b.gameType, { count: BigInt(b.count), validBet: BigInt(b.validBet) }]),
    ),
    deposits: { count: BigInt(deposits?.count ?? '0'), amount: BigInt(deposits?.amount ?? '0') },
  };
}

/**
 * The merchant's members ranked by settled valid bet in [start, end) on `gameTypes` (every game
 * type when empty): the top `size` with their usernames, and `accountId`'s own row if asked.
 */
export async function missionLeaderboard(
  db: Db,
  merchantCode: string,
  window: { start: Date; end: Date },
  gameTypes: string[],
  size: number,
  accountId: string | null,
) {
  const totals = validBetTotals(db, merchantCode, window, gameTypes, 'totals');
  const ranked = db
    .select({
      accountId: totals.accountId,
      validBet: totals.validBet,
      rank: sql<number>`rank() over (order by ${totals.validBet} desc)`.as('rank'),
    })
    .from(totals)
    .as('ranked');
  const top = await db
    .select({
      accountId: ranked.accountId,
      validBet: sql<string>`${ranked.validBet}::text`,
      rank: sql<number>`${ranked.rank}::int`,
      username: accounts.username,
    })
    .from(ranked)
    .innerJoin(accounts, eq(accounts.id, ranked.accountId))
    .orderBy(asc(ranked.rank), asc(accounts.username))
    .limit(size);
  let mine: { validBet: string; rank: number } | undefined;
  if (accountId !== null) {
    [mine] = await db
      .select({
        validBet: sql<string>`${ranked.validBet}::text`,
        rank: sql<number>`${ranked.rank}::int`,
      })
      .from(ranked)
      .where(eq(ranked.accountId, accountId));
  }
  return { top, mine };
}
