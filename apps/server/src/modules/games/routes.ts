import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  betRecordPageSchema,
  betRecordQuerySchema,
  favouriteBodySchema,
  favouriteGamesQuerySchema,
  favouriteIdsSchema,
  favouritePageSchema,
  favouriteStateSchema,
  gameListQuerySchema,
  gameListSchema,
  gameMaintenanceSchema,
  gameMenusQuerySchema,
  gameMenusSchema,
  opsReason,
  gameVendorSchema,
  hotGamesQuerySchema,
  hotGamesSchema,
  languageQuerySchema,
  launchQuerySchema,
  launchSchema,
  profitQuerySchema,
  profitSchema,
  rankListQuerySchema,
  rankListSchema,
  recentGamesQuerySchema,
  recentGamesSchema,
  removeFavouriteQuerySchema,
  slotOpenSchema,
  slotSpinBodySchema,
  slotSpinSchema,
  vendorTypesSchema,
  winnersQuerySchema,
  winnersSchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { noteAudit } from '../../platform/audit';
import { callerMerchant, requireMerchantScope } from '../../platform/principal';
import type { Principal } from '../../platform/auth/sessions';
import type { IdentityService } from '../identity';
import type { GamesService } from './service';
import type { TayaDemo, TayaSlotServer } from './taya-slot';

const players = ['member', 'agent'] as const;
const member = (p: Principal | null) => ({
  accountId: p!.subjectId,
  merchantCode: p!.merchantCode,
});

export function registerGameRoutes(
  app: FastifyInstance,
  deps: { games: GamesService; slot: TayaSlotServer; demo: TayaDemo; identity: IdentityService },
): void {
  const { games, slot } = deps;
  // Visitors browse the lobby too: the merchant header (or the default merchant) says whose.
  const merchantOf = (p: Principal | null, header: unknown) =>
    p?.merchantCode ?? (typeof header === 'string' && header ? header : undefined);

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/GCSGAME_gameList',
    access: 'public',
    query: gameListQuerySchema,
    response: gameListSchema,
    // The catalog's read caches' own objects, per merchant and query.
    shared: true,
    handler: ({ query, principal, req }) =>
      games.gameList(merchantOf(principal, query.merchant ?? req.headers.merchant), query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/GCSGAME_hotGamesV2',
    access: 'public',
    query: hotGamesQuerySchema,
    response: hotGamesSchema,
    // The catalog's read caches' own objects, per merchant and query.
    shared: true,
    handler: ({ query, principal, req }) =>
      games.hotGames(
        merchantOf(principal, query.merchantCode ?? req.headers.merchant),
        query.language,
      ),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/GCSGAME_getVassGameType',
    access: 'public',
    response: vendorTypesSchema,
    handler: ({ principal, req }) =>
      games.vassGameType(merchantOf(principal, req.headers.merchant)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/GCSGAME_gameVendor',
    access: 'public',
    query: languageQuerySchema,
    response: gameVendorSchema,
    handler: ({ principal, req }) => games.gameVendor(merchantOf(principal, req.headers.merchant)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/lgw/games/game_menus',
    access: 'public',
    query: gameMenusQuerySchema,
    response: gameMenusSchema,
    handler: ({ principal, req }) => games.menus(merchantOf(principal, req.headers.merchant)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/GCSGAME_getRankList',
    access: 'public',
    query: rankListQuerySchema,
    response: rankListSchema,
    handler: ({ query, principal, req }) =>
      games.rankList(merchantOf(principal, req.headers.merchant), query, (ids) =>
        deps.identity.usernames(ids),
      ),
  });

  // The winners leaderboard page: the biggest wins of the local day, week or month.
  addRoute(app, {
    method: 'GET',
    url: '/wps/winners',
    access: 'public',
    query: winnersQuerySchema,
    response: winnersSchema,
    handler: ({ query, principal, req }) =>
      games.winners(callerMerchant(principal, req), query, (ids) => deps.identity.usernames(ids)),
  });

  // Launch: members and agents play for real; trial players are told to register.
  for (const [method, url] of [
    ['GET', '/wps/game/launchGame'],
    ['POST', '/wps/relay/GCS_gameLaunchFB'],
  ] as const) {
    addRoute(app, {
      method,
      url,
      access: ['member', 'agent', 'trial'],
      query: launchQuerySchema,
      response: launchSchema,
      handler: ({ query, principal }) =>
        games.launch({ ...member(principal), role: principal!.role }, query),
    });
  }

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/MCSFE_getFavoriteGameIds',
    access: players,
    response: favouriteIdsSchema,
    handler: async ({ principal }) => ({ list: await games.favouriteIds(principal!.subjectId) }),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/MCSFE_getFavoriteGames',
    access: players,
    query: favouriteGamesQuerySchema,
    response: favouritePageSchema,
    handler: ({ query, principal }) =>
      games.favourites(principal!.subjectId, principal!.merchantCode, query),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/relay/MCSFE_addFavoriteGame',
    access: players,
    body: favouriteBodySchema,
    response: favouriteStateSchema,
    handler: ({ body, principal }) =>
      games.addFavourite(principal!.subjectId, principal!.merchantCode, body.nodeId),
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/wps/relay/MCSFE_removeFavoriteGame',
    access: players,
    query: removeFavouriteQuerySchema,
    response: favouriteStateSchema,
    handler: ({ query, principal }) => games.removeFavourite(principal!.subjectId, query.nodeId),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/GCS_recentGame',
    access: players,
    query: recentGamesQuerySchema,
    response: recentGamesSchema,
    handler: ({ query, principal }) =>
      games.recent(principal!.subjectId, principal!.merchantCode, query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/bets',
    access: players,
    query: betRecordQuerySchema,
    response: betRecordPageSchema,
    handler: ({ query, principal }) => games.betRecords(member(principal), query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/profit',
    access: players,
    query: profitQuerySchema,
    response: profitSchema,
    handler: ({ query, principal }) => games.profit(member(principal), query),
  });

  // The in-house vendor's slot server (what the /seamless game page talks to). It knows the
  // player by the session the wallet gave it, not by a site session.
  addRoute(app, {
    method: 'POST',
    url: '/taya-games/slot/open',
    access: 'public',
    body: z.strictObject({ token: z.string().min(10).max(200) }),
    response: slotOpenSchema,
    handler: ({ body }) => slot.open(body.token),
  });

  addRoute(app, {
    method: 'POST',
    url: '/taya-games/slot/spin',
    access: 'public',
    body: slotSpinBodySchema,
    response: slotSpinSchema,
    handler: ({ body }) => slot.spin(body),
  });

  // Free play of the in-house games: play money, nothing reaches the wallet.
  addRoute(app, {
    method: 'POST',
    url: '/taya-games/slot/demo/open',
    access: 'public',
    body: z.strictObject({ gameCode: z.string().min(1).max(40) }),
    response: slotOpenSchema,
    handler: ({ body }) => deps.demo.open(body.gameCode),
  });

  addRoute(app, {
    method: 'POST',
    url: '/taya-games/slot/demo/spin',
    access: 'public',
    body: slotSpinBodySchema.omit({ playerId: true }),
    response: slotSpinSchema,
    handler: ({ body }) => deps.demo.spin(body),
  });

  // Operator: maintenance per vendor or per game.
  addRoute(app, {
    method: 'PUT',
    url: '/ops/games/maintenance',
    access: ['operator'],
    permission: 'games.write',
    body: z.union([
      z.strictObject({
        merchantCode: z.string().max(32),
        vendor: z.string().max(30),
        maintenance: z.boolean(),
        reason: opsReason,
      }),
      z.strictObject({
        merchantCode: z.string().max(32),
        nodeId: z.string().max(80),
        maintenance: z.boolean(),
        reason: opsReason,
      }),
    ]),
    response: gameMaintenanceSchema,
    handler: async ({ body, principal, req }) => {
      requireMerchantScope(principal, body.merchantCode);
      noteAudit(req, {
        action: 'games.maintenance',
        merchantCode: body.merchantCode,
        targetType: 'vendor' in body ? 'game_vendor' : 'game',
        targetId: 'vendor' in body ? body.vendor : body.nodeId,
        after: { maintenance: body.maintenance },
        reason: body.reason,
      });
      await games.setMaintenance(
        body.merchantCode,
        'vendor' in body ? { vendor: body.vendor } : { nodeId: body.nodeId },
        body.maintenance,
      );
      return { done: true as const };
    },
  });
}
