import type { FastifyInstance } from 'fastify';
import {
  opsGamePageSchema,
  opsGameParamsSchema,
  opsGamePatchSchema,
  opsGameQuerySchema,
  opsGameSchema,
  opsGameVendorListSchema,
  opsGamingSwitchListSchema,
  opsGamingSwitchSchema,
  opsGamingSwitchStateSchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import { requireMerchantScope } from '../../platform/principal';
import type { IdentityService } from '../identity';
import type { SeamlessWallet } from './seamless';
import type { GamesService } from './service';
import { tayaVendorCode } from './taya-slot';

/**
 * The operator console's games (`/ops/games*`, `/ops/gaming/*`): reads need `games.read`,
 * changes `games.write`; each change is audited with what it changed before and after.
 */
export function registerGameOpsRoutes(
  app: FastifyInstance,
  deps: { games: GamesService; seamless: SeamlessWallet; identity: IdentityService },
): void {
  const { games, seamless, identity } = deps;

  addRoute(app, {
    method: 'GET',
    url: '/ops/games/vendors',
    access: ['operator'],
    permission: 'games.read',
    response: opsGameVendorListSchema,
    handler: ({ principal }) => games.ops.vendors(principal!.merchantCode),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/games',
    access: ['operator'],
    permission: 'games.read',
    query: opsGameQuerySchema,
    response: opsGamePageSchema,
    handler: ({ query, principal }) => games.ops.games(principal!.merchantCode, query),
  });

  addRoute(app, {
    method: 'PATCH',
    url: '/ops/games/:id',
    access: ['operator'],
    permission: 'games.write',
    params: opsGameParamsSchema,
    body: opsGamePatchSchema,
    response: opsGameSchema,
    handler: async ({ params, body, principal, req }) => {
      const current = await games.ops.game(params.id);
      requireMerchantScope(principal, current.merchantCode);
      const changed = await games.ops.patch(params.id, body);
      // A game switched off ends its vendor sessions at once.
      if (body.enabled === false)
        await seamless.revokeScope({
          merchantCode: current.merchantCode,
          gameId: params.id,
          houseVendor: tayaVendorCode,
        });
      noteAudit(req, {
        action: 'enabled' in body ? 'games.game.switch' : 'games.game.update',
        merchantCode: current.merchantCode,
        targetType: 'game',
        targetId: params.id,
        before: changed.before,
        after: changed.after,
        reason: body.reason ?? null,
      });
      return changed.game;
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/gaming/switches',
    access: ['operator'],
    permission: 'games.read',
    response: opsGamingSwitchListSchema,
    handler: ({ principal }) => games.ops.switches(principal!.merchantCode),
  });

  // Gaming off or on for the session's merchant, or for one of its players.
  addRoute(app, {
    method: 'PUT',
    url: '/ops/gaming/switch',
    access: ['operator'],
    permission: 'games.write',
    body: opsGamingSwitchSchema,
    response: opsGamingSwitchStateSchema,
    handler: async ({ body, principal, req }) => {
      let merchantCode = principal!.merchantCode;
      if (body.playerId) {
        const player = await identity.accountOf(body.playerId);
        if (!player) throw new AppError('not_found', 'No such player');
        requireMerchantScope(principal, player.merchantCode);
        merchantCode = player.merchantCode;
      }
      const r = await games.ops.setGaming(
        merchantCode,
        body.playerId ?? null,
        body.enabled,
        `operator:${principal!.subjectId}`,
        body.reason,
      );
      // Switched off, the player (or every player of the merchant) leaves vendors' games too:
      // their sessions end now, so a vendor's next bet is refused.
      if (!body.enabled) {
        if (body.playerId) await seamless.revokeAccount(body.playerId);
        else await seamless.revokeScope({ merchantCode, houseVendor: tayaVendorCode });
      }
      noteAudit(req, {
        action: body.playerId ? 'games.gaming.player' : 'games.gaming.merchant',
        merchantCode,
        targetType: body.playerId ? 'account' : 'merchant',
        targetId: body.playerId ?? merchantCode,
        before: { enabled: r.wasEnabled },
        after: { enabled: body.enabled },
        reason: body.reason,
      });
      return { merchantCode, playerId: body.playerId ?? null, enabled: body.enabled };
    },
  });
}
