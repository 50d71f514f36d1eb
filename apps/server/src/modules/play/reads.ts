import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db';
import { betRecords } from './schema';

/**
 * Report-style reads of the settled-bet stream: totals and pages over a time range, for readers
 * that aggregate rather than follow the stream (`BetStream.settledSince`). Only these and the
 * stream itself read `bet_records`; a reader needing another shape gets a function here.
 */

/**
 * The stream as a relation for reports that join it with their own tables in SQL (agents' trees,
 * the VIP fold's counted set). Read-only by convention: only the kernel writes records.
 */
export const settledBetsRelation: SQL = sql`${betRecords}`;

type Window = { start: Date; end: Date };

const settledIn = (merchantCode: string, window: Window) =>
  and(
    eq(betRecords.merchantCode, merchantCode),
    eq(betRecords.status, 'settled'),
    gte(betRecords.settledAt, window.start),
    lt(betRecords.settledAt, window.end),
  );

/** The games a member played, most recent first (a page of game ids). */
export function recentGames(
  db: DbOrTx,
  accountId: string,
  query: { gameType?: string | undefined; limit: number; offset: number },
) {
  return db
    .select({ gameId: betRecords.gameId, last: sql<string>`max(${betRecords.placedAt})` })
    .from(betRecords)
    .where(
      and(
        eq(betRecords.accountId, accountId),
        ...(query.gameType ? [eq(betRecords.gameType, query.gameType)] : []),
      ),
    )
    .groupBy(betRecords.gameId)
    .orderBy(desc(sql`max(${betRecords.placedAt})`))
    .limit(query.limit)
    .offset(query.offset);
}

/** Settled rounds per game of a merchant since `since`, the most played first. */
export function mostPlayedGames(db: DbOrTx, merchantCode: string, since: Date, limit: number) {
  return db
    .select({ gameId: betRecords.gameId, rounds: sql<number>`count(*)::int` })
    .from(betRecords)
    .where(and(eq(betRecords.merchantCode, merchantCode), gte(betRecords.settledAt, since)))
    .groupBy(betRecords.gameId)
    .orderBy(desc(sql`count(*)`))
    .limit(limit);
}

/** A merchant's settled wins (payout above stake) since `since`, the biggest first. */
export function biggestWinsSince(db: DbOrTx, merchantCode: string, since: Date, limit: number) {
  return db
    .select()
    .from(betRecords)
    .where(
      and(
        eq(betRecords.merchantCode, merchantCode),
        eq(betRecords.status, 'settled'),
        gte(betRecords.settledAt, since),
        sql`${betRecords.payout} > ${betRecords.stake}`,
      ),
    )
    .orderBy(desc(sql`${betRecords.payout} - ${betRecords.stake}`))
    .limit(limit);
}

/** A merchant's settled wins in [start, end), the biggest first, then the earliest. */
export function biggestWinsIn(db: DbOrTx, merchantCode: string, window: Window, limit: number) {
  const win = sql<bigint>`${betRecords.payout} - ${betRecords.stake}`;
  return db
    .select({
      accountId: betRecords.accountId,
      gameId: betRecords.gameId,
      currency: betRecords.currency,
      settledAt: betRecords.settledAt,
      win: win.mapWith((v) => BigInt(v as string)),
    })
    .from(betRecords)
    .where(and(settledIn(merchantCode, window), sql`${betRecords.payout} > ${betRecords.stake}`))
    .orderBy(desc(win), asc(betRecords.settledAt), asc(betRecords.id))
    .limit(limit);
}

/** A member's records (newest first, one page plus one row) and their totals. */
export async function accountRecords(
  db: DbOrTx,
  accountId: string,
  query: {
    gameType?: string | undefined;
    vendor?: string | undefined;
    gameId?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(betRecords.accountId, accountId),
    ...(query.gameType ? [eq(betRecords.gameType, query.gameType)] : []),
    ...(query.vendor ? [eq(betRecords.vendorCode, query.vendor)] : []),
    ...(query.gameId ? [eq(betRecords.gameId, query.gameId)] : []),
    ...(query.from ? [gte(betRecords.placedAt, new Date(query.from))] : []),
    ...(query.to ? [lt(betRecords.placedAt, new Date(query.to))] : []),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(betRecords)
      .where(where)
      .orderBy(desc(betRecords.placedAt), desc(betRecords.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({
        count: sql<number>`count(*)::int`,
        stake: sql<string>`coalesce(sum(${betRecords.stake}), 0)::text`,
        validBet: sql<string>`coalesce(sum(${betRecords.validBet}), 0)::text`,
        payout: sql<string>`coalesce(sum(${betRecords.payout}), 0)::text`,
      })
      .from(betRecords)
      .where(where),
  ]);
  return { rows, totals: totals! };
}

/** A member's settled bets in [start, end) by game type. */
export function accountTotalsByGameType(db: DbOrTx, accountId: string, window: Window) {
  return db
    .select({
      gameType: betRecords.gameType,
      count: sql<number>`count(*)::int`,
      validBet: sql<string>`sum(${betRecords.validBet})::text`,
      payout: sql<string>`sum(${betRecords.payout})::text`,
      stake: sql<string>`sum(${betRecords.stake})::text`,
    })
    .from(betRecords)
    .where(
      and(
        eq(betRecords.accountId, accountId),
        eq(betRecords.status, 'settled'),
        gte(betRecords.settledAt, window.start),
        lt(betRecords.settledAt, window.end),
      ),
    )
    .groupBy(betRecords.gameType)
    .orderBy(asc(betRecords.gameType));
}

/** One member's settled bets with a valid bet in [start, end), by game type. */
export function memberValidBetsByGameType(
  db: DbOrTx,
  member: { accountId: string; merchantCode: string },
  window: Window,
) {
  return db
    .select({
      gameType: betRecords.gameType,
      count: sql<string>`count(*)::text`,
      validBet: sql<string>`coalesce(sum(${betRecords.validBet}), 0)::text`,
    })
    .from(betRecords)
    .where(
      and(
        eq(betRecords.accountId, member.accountId),
        settledIn(member.merchantCode, window),
        gt(betRecords.validBet, 0n),
      ),
    )
    .groupBy(betRecords.gameType);
}

/**
 * Settled valid bet per member of a merchant in [start, end) on `gameTypes` (every game type when
 * empty), members without any left out: a subquery (`accountId`, `validBet`) to rank or join.
 */
export function validBetTotals(
  db: Db,
  merchantCode: string,
  window: Window,
  gameTypes: string[],
  alias: string,
) {
  return db
    .select({
      accountId: betRecords.accountId,
      validBet: sql<string>`sum(${betRecords.validBet})`.as('valid_bet'),
    })
    .from(betRecords)
    .where(
      and(
        settledIn(merchantCode, window),
        gameTypes.length > 0 ? inArray(betRecords.gameType, gameTypes) : undefined,
      ),
    )
    .groupBy(betRecords.accountId)
    .having(sql`sum(${betRecords.validBet}) > 0`)
    .as(alias);
}

/** Settled valid bet per member and game type of a merchant in [start, end) on `gameTypes`. */
export function validBetsByMemberAndGameType(
  db: DbOrTx,
  merchantCode: string,
  window: Window,
  gameTypes: string[],
) {
  return db
    .select({
      accountId: betRecords.accountId,
      gameType: betRecords.gameType,
      validBet: sql<string>`sum(${betRecords.validBet})::text`,
    })
    .from(betRecords)
    .where(and(settledIn(merchantCode, window), inArray(betRecords.gameType, gameTypes)))
    .groupBy(betRecords.accountId, betRecords.gameType);
}

/** All-time settled valid bet of each of these members. */
export function lifetimeValidBets(db: DbOrTx, accountIds: string[]) {
  return db
    .select({
      accountId: betRecords.accountId,
      total: sql<string>`sum(${betRecords.validBet})::text`,
    })
    .from(betRecords)
    .where(and(inArray(betRecords.accountId, accountIds), eq(betRecords.status, 'settled')))
    .groupBy(betRecords.accountId);
}
