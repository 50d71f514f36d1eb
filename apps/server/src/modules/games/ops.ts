import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { OpsGamePatch, OpsGameQuery } from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { GamesCatalog } from './catalog';
import { gameVendors, games, gamingBlocks } from './schema';

type GameRow = typeof games.$inferSelect;

const gameView = (g: GameRow) => ({
  id: g.id,
  merchantCode: g.merchantCode,
  vendorCode: g.vendorCode,
  gameCode: g.gameCode,
  gameType: g.gameType,
  name: g.name,
  iconUrl: g.icon,
  artworkUploadId: g.artworkUploadId,
  category: g.category,
  enabled: g.enabled,
  maintenance: g.maintenance,
  hot: g.hot,
  demoAllowed: g.demoAllowed,
  sort: g.sort,
});

/** Refuses (`gaming_disabled`) when gaming is off for the merchant or the player. */
export async function requireGaming(db: DbOrTx, merchantCode: string, accountId: string) {
  const [block] = await db
    .select({ accountId: gamingBlocks.accountId })
    .from(gamingBlocks)
    .where(
      and(
        eq(gamingBlocks.merchantCode, merchantCode),
        inArray(gamingBlocks.accountId, ['', accountId]),
      ),
    )
    .limit(1);
  if (block) throw new AppError('gaming_disabled');
}

/**
 * The operator console's catalog: vendors and games (enabled or not), a game's settings, and
 * the gaming switches. Every change drops the merchant's cached catalog, so the player lobby
 * and launch see it on the next call.
 */
export class GamesOps {
  constructor(
    private readonly db: Db,
    private readonly lobby: GamesCatalog,
  ) {}

  async vendors(merchantCode: string) {
    const rows = await this.db
      .select()
      .from(gameVendors)
      .where(eq(gameVendors.merchantCode, merchantCode))
      .orderBy(asc(gameVendors.sort), asc(gameVendors.code));
    return {
      list: rows.map((v) => ({
        code: v.code,
        displayName: v.displayName,
        gameType: v.gameType,
        walletMode: v.walletMode,
        enabled: v.enabled,
        maintenance: v.maintenance,
        sort: v.sort,
      })),
    };
  }

  async games(merchantCode: string, query: OpsGameQuery) {
    const search = query.search?.replace(/[%_\\]/g, '');
    const rows = await this.db
      .select()
      .from(games)
      .where(
        and(
          eq(games.merchantCode, merchantCode),
          query.vendor ? eq(games.vendorCode, query.vendor) : undefined,
          query.gameType ? eq(games.gameType, query.gameType) : undefined,
          query.enabled ? eq(games.enabled, query.enabled === 'true') : undefined,
          search
            ? or(ilike(games.name, `%${search}%`), ilike(games.gameCode, `%${search}%`))
            : undefined,
        ),
      )
      .orderBy(asc(games.sort), asc(games.name), asc(games.id))
      .limit(query.size + 1)
      .offset((query.page - 1) * query.size);
    return {
      list: rows.slice(0, query.size).map(gameView),
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }

  /** A game by id (any merchant: the route checks the operator's scope), or a 404. */
  async game(id: string) {
    const [row] = await this.db.select().from(games).where(eq(games.id, id));
    if (!row) throw new AppError('not_found', 'No such game');
    return gameView(row);
  }

  /** Changes a game's settings; the before and after of what changed. */
  async patch(id: string, patch: OpsGamePatch) {
    const before = await this.game(id);
    const set = {
      ...(patch.enabled !== undefined && { enabled: patch.enabled }),
      ...(patch.maintenance !== undefined && { maintenance: patch.maintenance }),
      ...(patch.sort !== undefined && { sort: patch.sort }),
      ...(patch.hot !== undefined && { hot: patch.hot }),
      ...(patch.category !== undefined && { category: patch.category }),
      ...(patch.iconUrl !== undefined && { icon: patch.iconUrl }),
      ...(patch.artworkUploadId !== undefined && { artworkUploadId: patch.artworkUploadId }),
      ...(patch.demoAllowed !== undefined && { demoAllowed: patch.demoAllowed }),
    };
    const [row] = await this.db.update(games).set(set).where(eq(games.id, id)).returning();
    this.lobby.invalidate(before.merchantCode);
    const after = gameView(row!);
    const keys = Object.keys(patch).filter((k) => k !== 'reason') as (keyof typeof after)[];
    const pick = (v: typeof after) => Object.fromEntries(keys.map((k) => [k, v[k]]));
    return { game: after, before: pick(before), after: pick(after) };
  }

  /** Turns gaming off or on for a merchant (no player) or one player; whether it was off. */
  async setGaming(
    merchantCode: string,
    playerId: string | null,
    enabled: boolean,
    operator: string,
    reason: string,
  ) {
    const accountId = playerId ?? '';
    const where = and(
      eq(gamingBlocks.merchantCode, merchantCode),
      eq(gamingBlocks.accountId, accountId),
    );
    const removed = enabled
      ? await this.db.delete(gamingBlocks).where(where).returning()
      : await this.db
          .insert(gamingBlocks)
          .values({ merchantCode, accountId, blockedBy: operator, reason })
          .onConflictDoNothing()
          .returning();
    // Inserted a row: it was on before; removed one: it was off.
    const wasEnabled = enabled ? removed.length === 0 : removed.length > 0;
    return { wasEnabled };
  }

  async switches(merchantCode: string) {
    const rows = await this.db
      .select()
      .from(gamingBlocks)
      .where(eq(gamingBlocks.merchantCode, merchantCode))
      .orderBy(asc(gamingBlocks.createdAt));
    return {
      merchantOff: rows.some((r) => r.accountId === ''),
      players: rows
        .filter((r) => r.accountId !== '')
        .map((r) => ({
          playerId: r.accountId,
          blockedBy: r.blockedBy,
          reason: r.reason,
          at: r.createdAt.toISOString(),
        })),
    };
  }

  /**
   * The same guard over a batch of bets (the kernel's group commit): two reads for them all, and
   * each bet's refusal or null.
   */
  async checkBets(
    tx: DbOrTx,
    list: { merchantCode: string; player: string; gameId: string }[],
  ): Promise<(AppError | null)[]> {
    if (list.length === 0) return [];
    const [blocks, rows] = await Promise.all([
      tx
        .select({ merchantCode: gamingBlocks.merchantCode, accountId: gamingBlocks.accountId })
        .from(gamingBlocks)
        .where(
          and(
            inArray(gamingBlocks.merchantCode, [...new Set(list.map((b) => b.merchantCode))]),
            inArray(gamingBlocks.accountId, ['', ...new Set(list.map((b) => b.player))]),
          ),
        ),
      tx
        .select({ id: games.id, enabled: games.enabled })
        .from(games)
        .where(inArray(games.id, [...new Set(list.map((b) => b.gameId))])),
    ]);
    const blocked = new Set(blocks.map((b) => `${b.merchantCode}\u0000${b.accountId}`));
    const off = new Set(rows.filter((g) => !g.enabled).map((g) => g.id));
    return list.map((bet) =>
      blocked.has(`${bet.merchantCode}\u0000`) ||
      blocked.has(`${bet.merchantCode}\u0000${bet.player}`)
        ? new AppError('gaming_disabled')
        : off.has(bet.gameId)
          ? new AppError('gaming_disabled', 'This game is switched off')
          : null,
    );
  }

  /** The kernel's bet guard: gaming off for the merchant or player, or the game switched off. */
  async checkBet(tx: DbOrTx, bet: { merchantCode: string; player: string; gameId: string }) {
    await requireGaming(tx, bet.merchantCode, bet.player);
    const [game] = await tx
      .select({ enabled: games.enabled })
      .from(games)
      .where(eq(games.id, bet.gameId));
    if (game && !game.enabled) throw new AppError('gaming_disabled', 'This game is switched off');
  }
}
