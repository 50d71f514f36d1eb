import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { GamesCatalog } from './catalog';
import { favouriteGames } from './schema';

/** A member's favourite games. */
export class GameFavourites {
  constructor(
    private readonly db: Db,
    private readonly lobby: GamesCatalog,
  ) {}

  async addFavourite(accountId: string, merchantCode: string, nodeId: string) {
    const catalog = await this.lobby.catalog(
      (await this.lobby.merchant(merchantCode)).merchantCode,
    );
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
    const catalog = await this.lobby.catalog(
      (await this.lobby.merchant(merchantCode)).merchantCode,
    );
    const vendors = new Map(catalog.vendors.map((v) => [v.code, v]));
    const ids = (await this.favouriteIds(accountId)).filter((id) => catalog.byId.has(id));
    const start = (query.pageNo - 1) * query.pageSize;
    return {
      content: ids
        .slice(start, start + query.pageSize)
        .map((id) => catalog.byId.get(id)!)
        .map((g) => this.lobby.card(g, vendors.get(g.vendorCode), query.language)),
      pageNum: query.pageNo,
      totalPages: Math.ceil(ids.length / query.pageSize),
    };
  }
}
