import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { minorToDecimal, type Winners, type WinnersPeriod } from '@taya/contracts';
import type { Db, Tx } from '../../platform/db';
import { localPeriod } from '../../platform/periods';
import type { GamesCatalog } from './catalog';
import { maskName, type GameRow, type SettledBetRecord } from './model';
import { betRecords } from './schema';

/**
 * Bet records: what members played (recent games, their records, profit and loss), the winner
 * boards, and the records the in-house games write when their bets settle.
 */
export class BetRecordBook {
  constructor(
    private readonly db: Db,
    private readonly lobby: GamesCatalog,
  ) {}

  /** Games the member played, most recent first (from bet records). */
  async recent(
    accountId: string,
    merchantCode: string,
    query: {
      page: number;
      pageSize: number;
      gameType?: string | undefined;
      language?: string | undefined;
    },
  ) {
    const catalog = await this.lobby.catalog(
      (await this.lobby.merchant(merchantCode)).merchantCode,
    );
    const vendors = new Map(catalog.vendors.map((v) => [v.code, v]));
    const rows = await this.db
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
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return {
      list: rows
        .map((r) => catalog.byId.get(r.gameId))
        .filter((g): g is GameRow => !!g)
        .map((g) => this.lobby.card(g, vendors.get(g.vendorCode), query.language)),
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** The winner board: the biggest real wins of the last 7 days, names masked. */
  async rankList(
    merchantCode: string | undefined,
    query: { limitNum: number; language?: string | undefined },
    usernames: (ids: string[]) => Promise<Map<string, string>>,
  ) {
    const merchant = await this.lobby.merchant(merchantCode);
    const catalog = await this.lobby.catalog(merchant.merchantCode);
    const rows = await this.db
      .select()
      .from(betRecords)
      .where(
        and(
          eq(betRecords.merchantCode, merchant.merchantCode),
          eq(betRecords.status, 'settled'),
          gte(betRecords.settledAt, new Date(Date.now() - 7 * 86_400_000)),
          sql`${betRecords.payout} > ${betRecords.stake}`,
        ),
      )
      .orderBy(desc(sql`${betRecords.payout} - ${betRecords.stake}`))
      .limit(query.limitNum);
    const names = await usernames([...new Set(rows.map((r) => r.accountId))]);
    return {
      list: rows.map((r) => {
        const game = catalog.byId.get(r.gameId);
        return {
          vo: {
            customerName: maskName(names.get(r.accountId) ?? 'player'),
            winAmount: minorToDecimal(r.payout - r.stake, merchant.currencyScale),
            gameName: game?.name ?? r.gameId,
            nodeId: r.gameId,
            gameType: r.gameType,
            vendor: r.vendorCode,
            iconUrl: game?.icon ?? null,
          },
        };
      }),
    };
  }

  /**
   * The winners leaderboard: the biggest settled wins of the merchant's current local day, week
   * (from Monday) or month, names masked. A win is the round's net win (payout minus stake);
   * losses and break-even rounds are not listed. The range reads `bet_records_settled_idx`.
   */
  async winners(
    merchantCode: string | undefined,
    query: { period: WinnersPeriod; limit: number; language?: string | undefined },
    usernames: (ids: string[]) => Promise<Map<string, string>>,
    now = new Date(),
  ): Promise<Winners> {
    const merchant = await this.lobby.merchant(merchantCode);
    const catalog = await this.lobby.catalog(merchant.merchantCode);
    const { start, end } = localPeriod(query.period, merchant.timeZone, now);
    const win = sql<bigint>`${betRecords.payout} - ${betRecords.stake}`;
    const rows = await this.db
      .select({
        accountId: betRecords.accountId,
        gameId: betRecords.gameId,
        currency: betRecords.currency,
        settledAt: betRecords.settledAt,
        win: win.mapWith((v) => BigInt(v as string)),
      })
      .from(betRecords)
      .where(
        and(
          eq(betRecords.merchantCode, merchant.merchantCode),
          gte(betRecords.settledAt, start),
          lt(betRecords.settledAt, end),
          eq(betRecords.status, 'settled'),
          sql`${betRecords.payout} > ${betRecords.stake}`,
        ),
      )
      .orderBy(desc(win), asc(betRecords.settledAt), asc(betRecords.id))
      .limit(query.limit);
    const names = await usernames([...new Set(rows.map((r) => r.accountId))]);
    const language = query.language?.toLowerCase();
    return {
      period: query.period,
      from: start.toISOString(),
      to: end.toISOString(),
      timeZone: merchant.timeZone,
      list: rows.map((r, i) => {
        const game = catalog.byId.get(r.gameId);
        return {
          rank: i + 1,
          name: maskName(names.get(r.accountId) ?? 'player'),
          gameName: (language && game?.names[language]) || game?.name || r.gameId,
          nodeId: r.gameId,
          amount: minorToDecimal(r.win, merchant.currencyScale),
          currency: r.currency,
          time: r.settledAt!.toISOString(),
        };
      }),
    };
  }

  // ---- bet records (personalHistoryCopy) and profit and loss (personalProfit) ----

  async betRecords(
    member: { accountId: string; merchantCode: string },
    query: {
      gameType?: string | undefined;
      vendor?: string | undefined;
      nodeId?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
      page: number;
      size: number;
    },
  ) {
    const merchant = await this.lobby.merchant(member.merchantCode);
    const catalog = await this.lobby.catalog(merchant.merchantCode);
    const where = and(
      eq(betRecords.accountId, member.accountId),
      ...(query.gameType ? [eq(betRecords.gameType, query.gameType)] : []),
      ...(query.vendor ? [eq(betRecords.vendorCode, query.vendor)] : []),
      ...(query.nodeId ? [eq(betRecords.gameId, query.nodeId)] : []),
      ...(query.from ? [gte(betRecords.placedAt, new Date(query.from))] : []),
      ...(query.to ? [lt(betRecords.placedAt, new Date(query.to))] : []),
    );
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(betRecords)
        .where(where)
        .orderBy(desc(betRecords.placedAt), desc(betRecords.id))
        .limit(query.size + 1)
        .offset((query.page - 1) * query.size),
      this.db
        .select({
          count: sql<number>`count(*)::int`,
          stake: sql<string>`coalesce(sum(${betRecords.stake}), 0)::text`,
          validBet: sql<string>`coalesce(sum(${betRecords.validBet}), 0)::text`,
          payout: sql<string>`coalesce(sum(${betRecords.payout}), 0)::text`,
        })
        .from(betRecords)
        .where(where),
    ]);
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    const t = totals!;
    return {
      list: rows.slice(0, query.size).map((r) => ({
        id: r.id,
        roundId: r.roundId,
        vendor: r.vendorCode,
        nodeId: r.gameId,
        gameName: catalog.byId.get(r.gameId)?.name ?? r.gameId,
        gameType: r.gameType,
        stake: dec(r.stake),
        validBet: dec(r.validBet),
        payout: dec(r.payout),
        winLoss: dec(r.payout - r.stake),
        status: r.status,
        placedAt: r.placedAt.toISOString(),
        settledAt: r.settledAt?.toISOString() ?? null,
      })),
      totals: {
        count: t.count,
        stake: dec(BigInt(t.stake)),
        validBet: dec(BigInt(t.validBet)),
        payout: dec(BigInt(t.payout)),
        winLoss: dec(BigInt(t.payout) - BigInt(t.stake)),
      },
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }

  async profit(
    member: { accountId: string; merchantCode: string },
    query: { from: string; to: string },
  ) {
    const merchant = await this.lobby.merchant(member.merchantCode);
    const rows = await this.db
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
          eq(betRecords.accountId, member.accountId),
          eq(betRecords.status, 'settled'),
          gte(betRecords.settledAt, new Date(query.from)),
          lt(betRecords.settledAt, new Date(query.to)),
        ),
      )
      .groupBy(betRecords.gameType)
      .orderBy(asc(betRecords.gameType));
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    let count = 0;
    let validBet = 0n;
    let payout = 0n;
    let stake = 0n;
    const byGameType = rows.map((r) => {
      count += r.count;
      validBet += BigInt(r.validBet);
      payout += BigInt(r.payout);
      stake += BigInt(r.stake);
      return {
        gameType: r.gameType,
        count: r.count,
        validBet: dec(BigInt(r.validBet)),
        payout: dec(BigInt(r.payout)),
        winLoss: dec(BigInt(r.payout) - BigInt(r.stake)),
      };
    });
    return {
      byGameType,
      total: { count, validBet: dec(validBet), payout: dec(payout), winLoss: dec(payout - stake) },
    };
  }

  /**
   * Writes settled bets of an in-house game as bet records, in the caller's transaction (reports,
   * VIP, points and commissions read those). A record already written is left as it is.
   */
  async recordSettledBets(tx: Tx, bets: SettledBetRecord[]): Promise<void> {
    if (bets.length === 0) return;
    const col = <T>(f: (b: SettledBetRecord) => T) => sql.param(bets.map(f));
    await tx.execute(sql`
      insert into bet_records (id, merchant_code, account_id, vendor_code, game_id, game_type,
        round_id, currency, stake, valid_bet, payout, status, placed_at, settled_at)
      select x.id, x.merchant, x.account, x.vendor, x.game_id, x.game_type, x.round_id,
        x.currency, x.stake, x.valid_bet, x.payout, 'settled', x.placed_at, now()
      from unnest(
        ${col((b) => b.id)}::text[],
        ${col((b) => b.merchantCode)}::text[],
        ${col((b) => b.accountId)}::text[],
        ${col((b) => b.vendorCode)}::text[],
        ${col((b) => b.gameId)}::text[],
        ${col((b) => b.gameType)}::text[],
        ${col((b) => b.roundId)}::text[],
        ${col((b) => b.currency)}::text[],
        ${col((b) => b.stake.toString())}::text[]::bigint[],
        ${col((b) => b.validBet.toString())}::text[]::bigint[],
        ${col((b) => b.payout.toString())}::text[]::bigint[],
        ${col((b) => b.placedAt)}::text[]::timestamptz[]
      ) as x(id, merchant, account, vendor, game_id, game_type, round_id, currency, stake,
        valid_bet, payout, placed_at)
      on conflict (id) do nothing`);
  }
}
