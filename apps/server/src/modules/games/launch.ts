import { createHash, randomBytes } from 'node:crypto';
import { originalGames, type OriginalGame } from '@taya/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { GamesCatalog } from './catalog';
import { launchTokens } from './schema';
import { tayaVendorCode } from './taya-slot';

/** The originals' short names by catalogue code (TAYA_DICE → dice). */
const originalOfCode = new Map(
  (Object.entries(originalGames) as [OriginalGame, string][]).map(([name, code]) => [code, name]),
);

/** Launching a game: a one-time token for real play, or the in-house demo. */
export class GameLaunch {
  constructor(
    private readonly db: Db,
    private readonly lobby: GamesCatalog,
  ) {}

  /**
   * A launch URL with a one-time token, good for two minutes, bound to the member, the game and
   * the merchant's currency. Demo play is for games whose vendor offers it.
   */
  async launch(
    player: { accountId: string; merchantCode: string; role: string },
    query: { nodeId?: string | undefined; gameId?: string | undefined; accountType: number },
  ) {
    const merchant = await this.lobby.merchant(player.merchantCode);
    const catalog = await this.lobby.catalog(merchant.merchantCode);
    const game = catalog.byId.get(query.nodeId ?? query.gameId ?? '');
    if (!game) {
      throw new AppError('request_param_err', 'No such game', [
        { path: 'nodeId', code: 'invalid', message: 'No such game' },
      ]);
    }
    const vendor = catalog.vendors.find((v) => v.code === game.vendorCode);
    if (!vendor || vendor.maintenance || game.maintenance) throw new AppError('game_maintenance');
    await this.lobby.requireGaming(merchant.merchantCode, player.accountId);
    // The house originals have their own pages (modules/originals), for real and free play.
    const original = vendor.code === tayaVendorCode ? originalOfCode.get(game.gameCode) : undefined;
    if (original) {
      const demo = query.accountType === 0 || player.role === 'trial';
      if (demo && !game.demoAllowed)
        throw new AppError('function.not.available', 'No demo for this game');
      return { content: { game_url: `/house/${original}${demo ? '?mode=demo' : ''}` } };
    }
    if (query.accountType === 0 || player.role === 'trial') {
      if (!game.demoAllowed) throw new AppError('function.not.available', 'No demo for this game');
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
}
