import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  houseGameArtUrl,
  houseVendorArtUrl,
  type GameCard,
  type MerchantInfo,
} from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SystemService } from '../system';
import type { Bus } from '../../platform/bus';
import { catalogTtlMs, type Catalog, type GameRow, type VendorRow } from './model';
import { ReadCache } from '../../platform/read-cache';
import { requireGaming } from './ops';
import type { Rankings } from './rankings';
import { gameVendors, games } from './schema';
import { tayaVendorCode } from './taya-slot';
import { ownEntry } from '../../platform/localised';

/**
 * Vendors whose games have a page to be played on: the in-house slot (the /seamless game page)
 * and the house lottery (its own pages; the lottery module's vendor code). Other vendors give no
 * launch address yet, so their games are kept out of the lobby rather than shown as dead tiles.
 */
export const hostedVendors: ReadonlySet<string> = new Set([tayaVendorCode, 'LOTT']);

/**
 * A game's icon: its own, else for a house game its tile art (a house game added after the art's
 * seed ran still gets its tile, never the generated initials).
 */
export function gameIcon(game: Pick<GameRow, 'icon' | 'vendorCode' | 'gameCode'>): string | null {
  if (game.icon) return game.icon;
  return hostedVendors.has(game.vendorCode) ? houseGameArtUrl(game.gameCode) : null;
}

/** A vendor card's art: the vendor's own, else a house vendor's. */
export function vendorIcon(vendor: Pick<VendorRow, 'largeIcon' | 'code'>): string | null {
  return vendor.largeIcon ?? houseVendorArtUrl(vendor.code);
}

/** How long a hot games answer is served before the rollup is asked again (a backstop). */
const hotGamesTtlMs = 5_000;

interface GameListQuery {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameName?: string | undefined;
  language?: string | undefined;
  pageNo: number;
  pageSize: number;
}

/** The catalog's games a lobby list may show as tiles. */
function lobbyGames(catalog: Catalog): GameRow[] {
  return catalog.games.filter((g) => hostedVendors.has(g.vendorCode));
}

/**
 * The lobby category a game is listed under: the operator's category when set, else its type.
 * Its card keeps the game's own type (launch goes by it).
 */
const lobbyType = (g: GameRow): string => g.category ?? g.gameType;

/**
 * The game catalog (vendors and games per merchant) and the lobby's lists. Lists are served from
 * an in-memory copy of the catalog, dropped when an operator changes it (and re-read after a
 * short time on other nodes).
 */
export class GamesCatalog {
  private readonly catalogs = new Map<string, Catalog>();
  /** Finished gameList answers, by merchant and query. */
  private readonly lists = new ReadCache<Awaited<ReturnType<GamesCatalog['loadGameList']>>>({
    ttlMs: catalogTtlMs,
  });
  /** Finished hot games answers, by merchant and language; dropped when the rollup moves. */
  private readonly hot = new ReadCache<Awaited<ReturnType<GamesCatalog['loadHotGames']>>>({
    ttlMs: hotGamesTtlMs,
  });

  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly rankings: Rankings,
  ) {
    rankings.onAdvance(() => this.hot.invalidate());
  }

  merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  /** Refuses (`gaming_disabled`) when an operator switched gaming off for the merchant or player. */
  requireGaming(merchantCode: string, accountId: string): Promise<void> {
    return requireGaming(this.db, merchantCode, accountId);
  }

  /** Tells the other nodes of a change (set by `shareChanges`); nothing on a single node. */
  private relay: (merchantCode: string) => void = () => {};

  /**
   * An operator's change on any node drops every node's copy at once, over the bus (without it
   * the other nodes see the change when their copy expires, `catalogTtlMs`).
   */
  shareChanges(bus: Bus): void {
    this.relay = bus.link<string>('games:catalog', (merchantCode) => this.drop(merchantCode));
  }

  /** Drops the cached catalog of a merchant on every node (call after any change to vendors or games). */
  invalidate(merchantCode: string): void {
    this.drop(merchantCode);
    this.relay(merchantCode);
  }

  private drop(merchantCode: string): void {
    this.catalogs.delete(merchantCode);
    this.lists.invalidate(`${merchantCode}|`);
    this.hot.invalidate(`${merchantCode}|`);
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

  card(game: GameRow, vendor: VendorRow | undefined, language: string | undefined): GameCard {
    const name = (language && ownEntry(game.names, language.toLowerCase())) || game.name;
    const icon = gameIcon(game);
    return {
      nodeId: game.id,
      gameId: game.id,
      gameCode: game.gameCode,
      gameName: name,
      nodeName: name,
      iconUrl: icon,
      showIcon: icon,
      vassalage: game.vendorCode,
      gameType: game.gameType,
      isGame: game.isGame ? 'GAME' : 'VASSALAGE',
      isNew: game.isNew,
      maintenance: game.maintenance || (vendor?.maintenance ?? false),
      platform: 'html5',
    };
  }

  async gameList(merchantCode: string | undefined, query: GameListQuery) {
    const merchant = (await this.merchant(merchantCode)).merchantCode;
    const key = [
      merchant,
      query.gameType,
      query.vassalage,
      query.gameName,
      query.language,
      query.pageNo,
      query.pageSize,
    ].join('|');
    return this.lists.get(key, () => this.loadGameList(merchant, query));
  }

  private async loadGameList(merchantCode: string, query: GameListQuery) {
    const catalog = await this.catalog(merchantCode);
    const vendors = new Map(catalog.vendors.map((v) => [v.code, v]));
    const search = query.gameName?.trim().toLowerCase();
    const matching = lobbyGames(catalog).filter(
      (g) =>
        (!query.gameType || lobbyType(g) === query.gameType) &&
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
    for (const g of lobbyGames(catalog)) {
      const list = (content[lobbyType(g)] ??= []);
      if (!list.includes(g.vendorCode)) list.push(g.vendorCode);
    }
    return { content };
  }

  async gameVendor(merchantCode: string | undefined) {
    const catalog = await this.catalog((await this.merchant(merchantCode)).merchantCode);
    const lanes = new Map<string, ReturnType<GamesCatalog['vendorCard']>[]>();
    const listed = lobbyGames(catalog);
    for (const vendor of catalog.vendors) {
      const types = new Set(listed.filter((g) => g.vendorCode === vendor.code).map(lobbyType));
      for (const type of types) {
        const count = listed.filter(
          (g) => g.vendorCode === vendor.code && lobbyType(g) === type,
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
      lagerIcon: vendorIcon(vendor),
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
    for (const game of lobbyGames(catalog)) {
      const type = lobbyType(game);
      let menu = menus.find((m) => m.gameType === type);
      if (!menu) menus.push((menu = { gameType: type, vendors: [] }));
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

  /**
   * The operator's picks (`hot`, in the catalog's order), then the games most played (settled
   * rounds) over the last 7 days (from the start of that hour), then the catalog's order: 12 in
   * all. Read from the rankings rollup and kept until it moves.
   */
  async hotGames(merchantCode: string | undefined, language: string | undefined) {
    // A bet settled in this process since: the rollup catches up (and drops the answers) first.
    await this.rankings.refreshIfDirty();
    const merchant = (await this.merchant(merchantCode)).merchantCode;
    return this.hot.get(`${merchant}|${language ?? ''}`, async () => {
      await this.rankings.refreshIfMoved();
      return this.loadHotGames(merchant, language);
    });
  }

  private async loadHotGames(merchantCode: string, language: string | undefined) {
    const catalog = await this.catalog(merchantCode);
    const played = await this.rankings.mostPlayed(
      merchantCode,
      new Date(Date.now() - 7 * 86_400_000),
      12,
    );
    const vendors = new Map(catalog.vendors.map((v) => [v.code, v]));
    const listed = lobbyGames(catalog);
    const picked = listed.filter((g) => g.isGame && g.hot);
    const ranked = played
      .map((p) => catalog.byId.get(p.gameId))
      .filter((g): g is GameRow => !!g && listed.includes(g) && !picked.includes(g));
    const rest = listed.filter((g) => g.isGame && !picked.includes(g) && !ranked.includes(g));
    return {
      list: [...picked, ...ranked, ...rest]
        .slice(0, 12)
        .map((g) => this.card(g, vendors.get(g.vendorCode), language)),
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
}
