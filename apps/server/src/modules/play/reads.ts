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

/** [start, end), or from start on when there is no end. */
type OpenWindow = { start: Date; end?: Date | undefined };

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

/**
 * Records settled per game of a merchant since `since`, the most played first (then by game id).
 * The scan the games' rankings rollup replaced on the read path; kept as its reference.
 */
export function mostPlayedGames(db: DbOrTx, merchantCode: string, since: Date, limit: number) {
  return db
    .select({ gameId: betRecords.gameId, rounds: sql<number>`count(*)::int` })
    .from(betRecords)
    .where(and(eq(betRecords.merchantCode, merchantCode), gte(betRecords.settledAt, since)))
    .groupBy(betRecords.gameId)
    .orderBy(desc(sql`count(*)`), asc(betRecords.gameId))
    .limit(limit);
}

/** A merchant's settled wins in [start, end) (or since start), the biggest first, then the earliest. */
export function biggestWinsIn(db: DbOrTx, merchantCode: string, window: OpenWindow, limit: number) {
  const win = sql<bigint>`${betRecords.payout} - ${betRecords.stake}`;
  return db
    .select({
      accountId: betRecords.accountId,
      gameId: betRecords.gameId,
      gameType: betRecords.gameType,
      vendorCode: betRecords.vendorCode,
      currency: betRecords.currency,
      stake: betRecords.stake,
      payout: betRecords.payout,
      settledAt: betRecords.settledAt,
      win: win.mapWith((v) => BigInt(v as string)),
    })
    .from(betRecords)
    .where(
      and(
        eq(betRecords.merchantCode, merchantCode),
        eq(betRecords.status, 'settled'),
        gte(betRecords.settledAt, window.start),
        window.end ? lt(betRecords.settledAt, window.end) : undefined,
        sql`${betRecords.payout} > ${betRecords.stake}`,
      ),
    )
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

const utcOrigin = sql`'2000-01-01T00:00:00Z'::timestamptz`;

/**
 * These periods' starts (ISO 8601) as a relation `periods(at)` to join on: read once (an array
 * cast in a filter would be cast again for every row).
 */
const periods = (list: string[]) =>
  sql`(select distinct x::timestamptz as at from unnest(${sql.param(list)}::text[]) as x) as periods`;

/**
 * A merchant's records settled in these UTC hours, per hour and game: how many (whatever their
 * status, as `mostPlayedGames` counts), and the stake, valid bet and payout of the settled ones.
 * For a rollup recomputing the hours the stream's cursor showed a change in.
 */
export async function playByHourAndGame(db: DbOrTx, merchantCode: string, hours: string[]) {
  if (hours.length === 0) return [];
  const sorted = [...hours].sort();
  const hour = sql`date_bin('1 hour', ${betRecords.settledAt}, ${utcOrigin})`;
  const settled = sql`${betRecords.status} = 'settled'`;
  const { rows } = (await db.execute(sql`
    select to_json(${hour}) #>> '{}' as hour, ${betRecords.gameId} as game_id,
      count(*)::int as rounds,
      coalesce(sum(${betRecords.stake}) filter (where ${settled}), 0)::text as stake,
      coalesce(sum(${betRecords.validBet}) filter (where ${settled}), 0)::text as valid_bet,
      coalesce(sum(${betRecords.payout}) filter (where ${settled}), 0)::text as payout
    from ${betRecords} join ${periods(sorted)} on periods.at = ${hour}
    where ${betRecords.merchantCode} = ${merchantCode}
      and ${betRecords.settledAt} >= ${sorted[0]}::timestamptz
      and ${betRecords.settledAt} < ${sorted.at(-1)}::timestamptz + interval '1 hour'
    group by 1, 2`)) as {
    rows: {
      hour: string;
      game_id: string;
      rounds: number;
      stake: string;
      valid_bet: string;
      payout: string;
    }[];
  };
  return rows.map((r) => ({
    hour: new Date(r.hour),
    gameId: r.game_id,
    rounds: r.rounds,
    stake: BigInt(r.stake),
    validBet: BigInt(r.valid_bet),
    payout: BigInt(r.payout),
  }));
}

/**
 * A merchant's `perQuarter` biggest settled net wins of each of these UTC quarter hours (biggest
 * first, then the earliest, then by id: the order of `biggestWinsIn`).
 */
export async function topWinsByQuarter(
  db: DbOrTx,
  merchantCode: string,
  quarters: string[],
  perQuarter: number,
) {
  if (quarters.length === 0) return [];
  const sorted = [...quarters].sort();
  const quarter = sql`date_bin('15 minutes', ${betRecords.settledAt}, ${utcOrigin})`;
  const { rows } = (await db.execute(sql`
    select * from (
      select ${betRecords.id} as id, ${betRecords.accountId} as account_id,
        ${betRecords.vendorCode} as vendor_code, ${betRecords.gameId} as game_id,
        ${betRecords.gameType} as game_type, ${betRecords.currency} as currency,
        ${betRecords.stake}::text as stake, ${betRecords.payout}::text as payout,
        to_json(${betRecords.settledAt}) #>> '{}' as settled_at,
        to_json(${quarter}) #>> '{}' as quarter,
        row_number() over (partition by ${quarter}
          order by ${betRecords.payout} - ${betRecords.stake} desc, ${betRecords.settledAt},
            ${betRecords.id}) as n
      from ${betRecords} join ${periods(sorted)} on periods.at = ${quarter}
      where ${betRecords.merchantCode} = ${merchantCode}
        and ${betRecords.status} = 'settled'
        and ${betRecords.payout} > ${betRecords.stake}
        and ${betRecords.settledAt} >= ${sorted[0]}::timestamptz
        and ${betRecords.settledAt} < ${sorted.at(-1)}::timestamptz + interval '15 minutes'
    ) x where n <= ${perQuarter}`)) as {
    rows: {
      id: string;
      account_id: string;
      vendor_code: string;
      game_id: string;
      game_type: string;
      currency: string;
      stake: string;
      payout: string;
      settled_at: string;
      quarter: string;
    }[];
  };
  return rows.map((r) => ({
    betRecordId: r.id,
    accountId: r.account_id,
    vendorCode: r.vendor_code,
    gameId: r.game_id,
    gameType: r.game_type,
    currency: r.currency,
    stake: BigInt(r.stake),
    payout: BigInt(r.payout),
    win: BigInt(r.payout) - BigInt(r.stake),
    settledAt: new Date(r.settled_at),
    quarter: new Date(r.quarter),
  }));
}
