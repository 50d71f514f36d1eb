import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  type GameCard,
  type MerchantInfo,
  type Winners,
  type WinnersPeriod,
} from '@taya/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { localPeriod } from '../../platform/periods';
import type { SystemService } from '../system';
import { betRecords, favouriteGames, gameVendors, games, launchTokens } from './schema';
import { tayaVendorCode } from './taya-slot';

type GameRow = typeof games.$inferSelect;

/** A settled bet of an in-house game, as its bet record is written. */
export interface SettledBetRecord {
  id: string;
  merchantCode: string;
  accountId: string;
  vendorCode: string;
  gameId: string;
  gameType: string;
  roundId: string;
  currency: string;
  stake: bigint;
  validBet: bigint;
  payout: bigint;
  /** When the bet was placed, as PostgreSQL text or ISO 8601. */
  placedAt: string;
}
type VendorRow = typeof gameVendors.$inferSelect;

interface Catalog {
  loadedAt: number;
  vendors: VendorRow[];
  games: GameRow[];
  byId: Map<string, GameRow>;
}

/** How long a node keeps a catalog before re-reading it (other nodes' changes show by then). */
const catalogTtlMs = 30_000;

/** "demo_member" → "de*******er": enough to recognise oneself, not to find another. */
export function maskName(name: string): string {
  if (name.length <= 2) return `${name[0] ?? ''}*`;
  const keep = name.length <= 4 ? 1 : 2;
  return `${name.slice(0, keep)}${'*'.repeat(Math.max(3, name.length - keep * 2))}${name.slice(-keep)}`;
}

/**
 * The game catalog (vendors and games per merchant), launch, favourites, recent games, the winner
 * board and the member's bet records. Lists are served from an in-memory copy of the catalog,
 * dropped when an operator changes it (and re-read after a short time on other nodes).
 */
export class GamesService {
  private readonly catalogs = new Map<string, Catalog>();

  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
  ) {}

  private merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  /** Drops the cached catalog of a merchant (call after any change to vendors or games). */
  invalidate(merchantCode: string): void {
    this.catalogs.delete(merchantCode);
  }

  async catalog(merchantCode: string): Promise<Catalog> {
    const cached = this.catalogs.get(merchantCode);
    if (cached && Date.now() - cached.loadedAt < catalogTtlMs) return cached;
    const [vendors, rows] = await Promise.all([
      this.db
        .select()
        .from(gameVendors)
        .where(and(eq(gameVendors.merchantCode, merchantCode), eq(gameVendors.enabled, true)))
        .orderBy(asc(gameVendors.sort), asc(gameVendors.code)),
      this.db
        .select()
        .from(games)
        .where(and(eq(games.merchantCode, merchantCode), eq(games.enabled, true)))
        .orderBy(asc(games.sort), asc(games.name)),
    ]);
    const enabledVendors = new Set(vendors.map((v) => v.code));
    const listed = rows.filter((g) => enabledVendors.has(g.vendorCode));
    const catalog = {
      loadedAt: Date.now(),
      vendors,
      games: listed,
      byId: new Map(listed.map((g) => [g.id, g])),
    };
    this.catalogs.set(merchantCode, catalog);
    return catalog;
  }

  private card(
    game: GameRow,
    vendor: VendorRow | undefined,
    language: string | undefined,
  ): GameCard {
    const name = (language && game.names[language.toLowerCase()]) || game.name;
    return {
      nodeId: game.id,
      gameId: game.id,
      gameCode: game.gameCode,
      gameName: name,
      nodeName: name,
      iconUrl: game.icon,
      showIcon: game.icon,
      vassalage: game.vendorCode,
      gameType: game.gameType,
      isGame: game.isGame ? 'GAME' : 'VASSALAGE',
      isNew: game.isNew,
      maintenance: game.maintenance || (vendor?.maintenance ?? false),
      platform: 'html5',
    };
  }

  async gameList(
    merchantCode: string | undefined,
    query: {
      gameType?: string | undefined;
      vassalage?: string | undefined;
      gameName?: string | undefined;
      language?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
  ) {
    const catalog = await this.catalog((await this.merchant(merchantCode)).merchantCode);
    const vendors = new Map(catalog.vendors.map((v) => [v.code, v]));
    const search = query.gameName?.trim().toLowerCase();
    const matching = catalog.games.filter(
      (g) =>
        (!query.gameType || g.gameType === query.gameType) &&
        (!query.vassalage || g.vendorCode === query.vassalage) &&
        (!search ||
          g.name.toLowerCase().includes(search) ||
          Object.values(g.names).some((n) => n.toLowerCase().includes(search))),
    );
    const start = (query.pageNo - 1) * query.pageSize;
    return {
      games: matching
        .slice(start, start + query.pageSize)
        .map((g) => this.card(g, vendors.get(g.vendorCode), query.language)),
      totalPages: Math.ceil(matching.length / query.pageSize),
      totalCount: matching.length,
    };
  }

  async vassGameType(merchantCode: string | undefined) {
    const catalog = await this.catalog((await this.merchant(merchantCode)).merchantCode);
    const content: Record<string, string[]> = {};
    for (const g of catalog.games) {
      const list = (content[g.gameType] ??= []);
      if (!list.includes(g.vendorCode)) list.push(g.vendorCode);
    }
    return { content };
  }

  async gameVendor(merchantCode: string | undefined) {
    const catalog = await this.catalog((await this.merchant(merchantCode)).merchantCode);
    const lanes = new Map<string, ReturnType<GamesService['vendorCard']>[]>();
    for (const vendor of catalog.vendors) {
      const types = new Set(
        catalog.games.filter((g) => g.vendorCode === vendor.code).map((g) => g.gameType),
      );
      for (const type of types) {
        const count = catalog.games.filter(
          (g) => g.vendorCode === vendor.code && g.gameType === type,
        ).length;
        const lane = lanes.get(type) ?? [];
        lane.push(this.vendorCard(vendor, type, count));
        lanes.set(type, lane);
      }
    }
    return {
      data: {
        lanes: [...lanes.entries()].map(([gameType, cards]) => ({
          title: gameType,
          gameType,
          cards,
        })),
      },
    };
  }

  private vendorCard(vendor: VendorRow, gameType: string, gameCount: number) {
    return {
      vassalage: vendor.code,
      displayName: vendor.displayName,
      gameType,
      isGame: 'VASSALAGE' as const,
      lagerIcon: vendor.largeIcon,
      maintenance: vendor.maintenance,
      seamlessStatus: vendor.walletMode === 'seamless',
      accountTypeId: null,
      gameCount,
    };
  }

  /** `/lgw/games/game_menus`: each game type with the vendors that offer it, in catalog order. */
  async menus(merchantCode: string | undefined) {
    const catalog = await this.catalog((await this.merchant(merchantCode)).merchantCode);
    const menus: {
      gameType: string;
      vendors: {
        vassalage: string;
        displayName: string;
        maintenance: boolean;
        gameCount: number;
      }[];
    }[] = [];
    for (const game of catalog.games) {
      let menu = menus.find((m) => m.gameType === game.gameType);
      if (!menu) menus.push((menu = { gameType: game.gameType, vendors: [] }));
      let entry = menu.vendors.find((v) => v.vassalage === game.vendorCode);
      if (!entry) {
        const vendor = catalog.vendors.find((v) => v.code === game.vendorCode)!;
        entry = {
          vassalage: vendor.code,
          displayName: vendor.displayName,
          maintenance: vendor.maintenance,
          gameCount: 0,
        };
        menu.vendors.push(entry);
      }
      entry.gameCount += 1;
    }
    return { menus };
  }

  /** The 12 games most played (settled rounds) over the last 7 days, then the catalog's order. */
  async hotGames(merchantCode: string | undefined, language: string | undefined) {
    const merchant = await this.merchant(merchantCode);
    const catalog = await this.catalog(merchant.merchantCode);
    const played = await this.db
      .select({ gameId: betRecords.gameId, rounds: sql<number>`count(*)::int` })
      .from(betRecords)
      .where(
        and(
          eq(betRecords.merchantCode, merchant.merchantCode),
          gte(betRecords.settledAt, new Date(Date.now() - 7 * 86_400_000)),
        ),
      )
      .groupBy(betRecords.gameId)
      .orderBy(desc(sql`count(*)`))
      .limit(12);
    const vendors = new Map(catalog.vendors.map((v) => [v.code, v]));
    const ranked = played.map((p) => catalog.byId.get(p.gameId)).filter((g): g is GameRow => !!g);
    const rest = catalog.games.filter((g) => g.isGame && !ranked.includes(g));
    return {
      list: [...ranked, ...rest]
        .slice(0, 12)
        .map((g) => this.card(g, vendors.get(g.vendorCode), language)),
    };
  }

  // ---- launch ----

  /**
   * A launch URL with a one-time token, good for two minutes, bound to the member, the game and
   * the merchant's currency. Demo play is for games whose vendor offers it.
   */
  async launch(
    player: { accountId: string; merchantCode: string; role: string },
    query: { nodeId?: string | undefined; gameId?: string | undefined; accountType: number },
  ) {
    const merchant = await this.merchant(player.merchantCode);
    const catalog = await this.catalog(merchant.merchantCode);
    const game = catalog.byId.get(query.nodeId ?? query.gameId ?? '');
    if (!game) {
      throw new AppError('request_param_err', 'No such game', [
        { path: 'nodeId', code: 'invalid', message: 'No such game' },
      ]);
    }
    const vendor = catalog.vendors.find((v) => v.code === game.vendorCode);
    if (!vendor || vendor.maintenance || game.maintenance) throw new AppError('game_maintenance');
    if (query.accountType === 0 || player.role === 'trial') {
      // Free play: the in-house games have a demo mode with play money; trial players get
      // nothing else (SPEC §6).
      if (vendor.code !== tayaVendorCode) {
        throw new AppError(
          player.role === 'trial' ? 'in_need_true_account' : 'function.not.available',
        );
      }
      return {
        content: {
          game_url: `/seamless?vendor=${vendor.code}&game=${encodeURIComponent(game.gameCode)}&mode=demo`,
        },
      };
    }
    if (vendor.walletMode !== 'seamless') {
      throw new AppError('function.not.available', 'This vendor is not connected yet');
    }
    const token = randomBytes(24).toString('base64url');
    await this.db.insert(launchTokens).values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      accountId: player.accountId,
      merchantCode: merchant.merchantCode,
      gameId: game.id,
      currency: merchant.currency,
      mode: 'real',
      expiresAt: new Date(Date.now() + 2 * 60_000),
    });
    const url =
      vendor.code === tayaVendorCode
        ? `/seamless?vendor=${vendor.code}&game=${encodeURIComponent(game.gameCode)}&token=${token}`
        : `/seamless?vendor=${vendor.code}&token=${token}`;
    return { content: { game_url: url } };
  }

  // ---- favourites and recent ----

  async addFavourite(accountId: string, merchantCode: string, nodeId: string) {
    const catalog = await this.catalog((await this.merchant(merchantCode)).merchantCode);
    if (!catalog.byId.has(nodeId)) {
      throw new AppError('request_param_err', 'No such game', [
        { path: 'nodeId', code: 'invalid', message: 'No such game' },
      ]);
    }
    await this.db
      .insert(favouriteGames)
      .values({ accountId, gameId: nodeId })
      .onConflictDoNothing();
    return { nodeId, favourite: true };
  }

  async removeFavourite(accountId: string, nodeId: string) {
    await this.db
      .delete(favouriteGames)
      .where(and(eq(favouriteGames.accountId, accountId), eq(favouriteGames.gameId, nodeId)));
    return { nodeId, favourite: false };
  }

  async favouriteIds(accountId: string): Promise<string[]> {
    const rows = await this.db
      .select({ gameId: favouriteGames.gameId })
      .from(favouriteGames)
      .where(eq(favouriteGames.accountId, accountId))
      .orderBy(desc(favouriteGames.createdAt))
      .limit(999);
    return rows.map((r) => r.gameId);
  }

  async favourites(
    accountId: string,
    merchantCode: string,
    query: { pageNo: number; pageSize: number; language?: string | undefined },
  ) {
    const catalog = await this.catalog((await this.merchant(merchantCode)).merchantCode);
    const vendors = new Map(catalog.vendors.map((v) => [v.code, v]));
    const ids = (await this.favouriteIds(accountId)).filter((id) => catalog.byId.has(id));
    const start = (query.pageNo - 1) * query.pageSize;
    return {
      content: ids
        .slice(start, start + query.pageSize)
        .map((id) => catalog.byId.get(id)!)
        .map((g) => this.card(g, vendors.get(g.vendorCode), query.language)),
      pageNum: query.pageNo,
      totalPages: Math.ceil(ids.length / query.pageSize),
    };
  }

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
    const catalog = await this.catalog((await this.merchant(merchantCode)).merchantCode);
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
        .map((g) => this.card(g, vendors.get(g.vendorCode), query.language)),
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
    const merchant = await this.merchant(merchantCode);
    const catalog = await this.catalog(merchant.merchantCode);
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
    const merchant = await this.merchant(merchantCode);
    const catalog = await this.catalog(merchant.merchantCode);
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
    const merchant = await this.merchant(member.merchantCode);
    const catalog = await this.catalog(merchant.merchantCode);
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
    const merchant = await this.merchant(member.merchantCode);
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

  /** Operator: maintenance for a vendor or one game; the cached catalog is dropped. */
  async setMaintenance(
    merchantCode: string,
    target: { vendor: string } | { nodeId: string },
    maintenance: boolean,
  ) {
    const merchant = await this.merchant(merchantCode);
    const updated =
      'vendor' in target
        ? await this.db
            .update(gameVendors)
            .set({ maintenance })
            .where(
              and(
                eq(gameVendors.merchantCode, merchant.merchantCode),
                eq(gameVendors.code, target.vendor),
              ),
            )
            .returning({ code: gameVendors.code })
        : await this.db
            .update(games)
            .set({ maintenance })
            .where(
              and(
                eq(games.merchantCode, merchant.merchantCode),
                inArray(games.id, [target.nodeId]),
              ),
            )
            .returning({ code: games.id });
    if (updated.length === 0) throw new AppError('not_found', 'No such vendor or game');
    this.invalidate(merchant.merchantCode);
  }

  /** Vendors' display names in a merchant's catalog (enabled or not), by code. */
  async vendorNames(merchantCode: string, codes: string[]): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ code: gameVendors.code, name: gameVendors.displayName })
      .from(gameVendors)
      .where(and(eq(gameVendors.merchantCode, merchantCode), inArray(gameVendors.code, codes)));
    return new Map(rows.map((v) => [v.code, v.name]));
  }

  /** The game codes of a vendor that some merchant lists with both the game and vendor enabled. */
  async enabledGameCodes(vendorCode: string): Promise<string[]> {
    const { rows } = (await this.db.execute(sql`
      select distinct g.game_code
      from games g
      join game_vendors v on v.merchant_code = g.merchant_code and v.code = g.vendor_code
      where g.vendor_code = ${vendorCode} and g.enabled and v.enabled`)) as {
      rows: { game_code: string }[];
    };
    return rows.map((r) => r.game_code);
  }

  /** The catalog game (enabled or not) a merchant lists a vendor's game as, if any. */
  async catalogEntry(
    merchantCode: string,
    vendorCode: string,
    gameCode: string,
    db: DbOrTx = this.db,
  ): Promise<{ id: string; gameType: string } | null> {
    const [row] = await db
      .select({ id: games.id, gameType: games.gameType })
      .from(games)
      .where(
        and(
          eq(games.merchantCode, merchantCode),
          eq(games.vendorCode, vendorCode),
          eq(games.gameCode, gameCode),
        ),
      );
    return row ?? null;
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
