import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { minorToDecimal, type OpsRoundQuery } from '@taya/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { bets, rounds } from './schema';

/** The operator console's round search, and a round's merchant for the scope check. */

/** A round's merchant (any merchant: the route checks the operator's scope), or a 404. */
export async function roundMerchant(db: Db, roundId: string): Promise<string> {
  const [row] = await db
    .select({ merchantCode: rounds.merchantCode })
    .from(rounds)
    .where(eq(rounds.id, roundId));
  if (!row) throw new AppError('round_not_found');
  return row.merchantCode;
}

/** Rounds of a merchant, newest first, with their bets' count and totals (a player's only). */
export async function searchRounds(
  db: Db,
  merchant: { merchantCode: string; currencyScale: number },
  query: OpsRoundQuery,
) {
  const player = query.playerId;
  // Qualified by hand: inside a selected field drizzle names a column without its table.
  const roundId = sql.raw('"rounds"."id"');
  const betFilter = player ? sql` and b.account_id = ${player}` : sql``;
  const rows = await db
    .select({
      round: rounds,
      bets: sql<number>`(select count(*) from ${bets} b where b.round_id = ${roundId}${betFilter})::int`,
      stake: sql<string>`(select coalesce(sum(b.stake), 0) from ${bets} b where b.round_id = ${roundId}${betFilter})::text`,
      payout: sql<string>`(select coalesce(sum(b.payout), 0) from ${bets} b where b.round_id = ${roundId}${betFilter})::text`,
    })
    .from(rounds)
    .where(
      and(
        eq(rounds.merchantCode, merchant.merchantCode),
        player
          ? sql`exists (select 1 from ${bets} b where b.round_id = ${roundId} and b.account_id = ${player})`
          : undefined,
        query.gameCode ? eq(rounds.gameCode, query.gameCode) : undefined,
        query.status ? eq(rounds.status, query.status) : undefined,
        query.from ? gte(rounds.openedAt, new Date(query.from)) : undefined,
        query.to ? lt(rounds.openedAt, new Date(query.to)) : undefined,
      ),
    )
    .orderBy(desc(rounds.openedAt), desc(rounds.id))
    .limit(query.size + 1)
    .offset((query.page - 1) * query.size);
  const dec = (v: string) => minorToDecimal(BigInt(v), merchant.currencyScale);
  return {
    list: rows.slice(0, query.size).map(({ round, ...totals }) => ({
      roundId: round.id,
      merchantCode: round.merchantCode,
      gameId: round.gameId,
      gameCode: round.gameCode,
      gameType: round.gameType,
      vendorCode: round.vendorCode,
      status: round.status,
      bets: Number(totals.bets),
      stake: dec(totals.stake),
      payout: dec(totals.payout),
      openedAt: round.openedAt.toISOString(),
      closedAt: round.closedAt?.toISOString() ?? null,
    })),
    page: query.page,
    size: query.size,
    hasMore: rows.length > query.size,
  };
}
