import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { depositOrders } from '../cashier/schema';
import { betRecords } from '../games/schema';
import { accounts } from '../identity/schema';

/** What one member did in [start, end): settled bets by game type, credited deposits. */
export async function missionActivity(
  db: DbOrTx,
  member: { accountId: string; merchantCode: string },
  window: { start: Date; end: Date },
) {
  const bets = await db
    .select({
      gameType: betRecords.gameType,
      count: sql<string>`count(*)::text`,
      validBet: sql<string>`coalesce(sum(${betRecords.validBet}), 0)::text`,
    })
    .from(betRecords)
    .where(
      and(
        eq(betRecords.accountId, member.accountId),
        eq(betRecords.merchantCode, member.merchantCode),
        eq(betRecords.status, 'settled'),
        gt(betRecords.validBet, 0n),
        gte(betRecords.settledAt, window.start),
        lt(betRecords.settledAt, window.end),
      ),
    )
    .groupBy(betRecords.gameType);
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
  const totals = db
    .select({
      accountId: betRecords.accountId,
      validBet: sql<string>`sum(${betRecords.validBet})`.as('valid_bet'),
    })
    .from(betRecords)
    .where(
      and(
        eq(betRecords.merchantCode, merchantCode),
        eq(betRecords.status, 'settled'),
        gte(betRecords.settledAt, window.start),
        lt(betRecords.settledAt, window.end),
        gameTypes.length > 0 ? inArray(betRecords.gameType, gameTypes) : undefined,
      ),
    )
    .groupBy(betRecords.accountId)
    .having(sql`sum(${betRecords.validBet}) > 0`)
    .as('totals');
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
