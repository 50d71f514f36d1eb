import type { Db } from '../../platform/db';
import { minorToDecimal, type Winners, type WinnersPeriod } from '@taya/contracts';
import { localPeriod } from '../../platform/periods';
import { gameIcon, type GamesCatalog } from './catalog';
import { maskName, type GameRow } from './model';
import { accountRecords, accountTotalsByGameType, recentGames } from '../play';
import type { Rankings } from './rankings';
import { ownEntry } from '../../platform/localised';

/**
 * Bet records: what members played (recent games, their records, profit and loss), the winner
 * boards.
 */
export class BetRecordBook {
  constructor(
    private readonly db: Db,
    private readonly lobby: GamesCatalog,
    private readonly rankings: Rankings,
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
    const rows = await recentGames(this.db, accountId, {
      gameType: query.gameType,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
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
    await this.rankings.refreshIfMoved();
    const rows = await this.rankings.biggestWins(
      merchant.merchantCode,
      { start: new Date(Date.now() - 7 * 86_400_000) },
      query.limitNum,
    );
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
            iconUrl: game ? gameIcon(game) : null,
          },
        };
      }),
    };
  }

  /**
   * The winners leaderboard: the biggest settled wins of the merchant's current local day, week
   * (from Monday) or month, names masked. A win is the round's net win (payout minus stake);
   * losses and break-even rounds are not listed. Read from the settled-bet stream (modules/play).
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
    await this.rankings.refreshIfMoved();
    const rows = await this.rankings.biggestWins(
      merchant.merchantCode,
      { start, end },
      query.limit,
    );
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
          gameName: (language && game && ownEntry(game.names, language)) || game?.name || r.gameId,
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
    const { rows, totals } = await accountRecords(this.db, member.accountId, {
      gameType: query.gameType,
      vendor: query.vendor,
      gameId: query.nodeId,
      from: query.from,
      to: query.to,
      limit: query.size + 1,
      offset: (query.page - 1) * query.size,
    });
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    const t = totals;
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
    const rows = await accountTotalsByGameType(this.db, member.accountId, {
      start: new Date(query.from),
      end: new Date(query.to),
    });
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
}
