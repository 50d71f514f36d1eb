import type { FastifyInstance } from 'fastify';
import {
  arenaSchema,
  opsArenaBodySchema,
  opsArenaListSchema,
  opsArenaParamsSchema,
  opsFightCreateBodySchema,
  opsFightMoveBodySchema,
  opsFightParamsSchema,
  opsFightResultBodySchema,
  opsFightSchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import type { Principal } from '../../platform/auth/sessions';
import type { CockfightOps } from './ops';

/** Fights are every merchant's players': only an operator over every merchant runs them. */
function requireEveryMerchant(principal: Principal | null): void {
  if (principal?.operator?.merchants !== null)
    throw new AppError('forbidden', 'Arenas are shared by every merchant: outside your scope');
}

/**
 * The console's arenas: read with `games.read`; settings, creating a fight, moving it (open,
 * last call, closed) and declaring its result with `cockfight.run`, each audited.
 */
export function registerCockfightOpsRoutes(app: FastifyInstance, ops: CockfightOps): void {
  addRoute(app, {
    method: 'GET',
    url: '/ops/cockfight/arenas',
    access: ['operator'],
    permission: 'games.read',
    response: opsArenaListSchema,
    handler: () => ops.list(),
  });

  addRoute(app, {
    method: 'PATCH',
    url: '/ops/cockfight/arenas/:arena',
    access: ['operator'],
    permission: 'cockfight.run',
    params: opsArenaParamsSchema,
    body: opsArenaBodySchema,
    response: arenaSchema,
    handler: async ({ params, body, principal, req }) => {
      requireEveryMerchant(principal);
      const { arena, before, after } = await ops.setArena(params.arena, body);
      noteAudit(req, {
        action: 'cockfight.arena.update',
        merchantCode: principal!.merchantCode,
        targetType: 'cockfight_arena',
        targetId: params.arena,
        before,
        after,
        reason: body.reason,
      });
      return arena;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/cockfight/arenas/:arena/fights',
    access: ['operator'],
    permission: 'cockfight.run',
    params: opsArenaParamsSchema,
    body: opsFightCreateBodySchema,
    response: opsFightSchema,
    handler: async ({ params, body, principal, req }) => {
      requireEveryMerchant(principal);
      const fight = await ops.createFight(params.arena, body.meron, body.wala);
      noteAudit(req, {
        action: 'cockfight.fight.create',
        merchantCode: principal!.merchantCode,
        targetType: 'cockfight_fight',
        targetId: fight.id,
        before: null,
        after: { meron: fight.meron, wala: fight.wala, status: fight.status },
      });
      return fight;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/cockfight/arenas/:arena/fights/:fight/move',
    access: ['operator'],
    permission: 'cockfight.run',
    params: opsFightParamsSchema,
    body: opsFightMoveBodySchema,
    response: opsFightSchema,
    handler: async ({ params, body, principal, req }) => {
      requireEveryMerchant(principal);
      const { before, fight } = await ops.move(params.arena, params.fight, body.to);
      noteAudit(req, {
        action: 'cockfight.fight.move',
        merchantCode: principal!.merchantCode,
        targetType: 'cockfight_fight',
        targetId: fight.id,
        before: { status: before.status },
        after: { status: fight.status },
      });
      return fight;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/cockfight/arenas/:arena/fights/:fight/result',
    access: ['operator'],
    permission: 'cockfight.run',
    params: opsFightParamsSchema,
    body: opsFightResultBodySchema,
    response: opsFightSchema,
    handler: async ({ params, body, principal, req }) => {
      requireEveryMerchant(principal);
      const fight = await ops.result(
        params.arena,
        params.fight,
        body.result,
        body.reason,
        `operator:${principal!.subjectId}`,
      );
      noteAudit(req, {
        action: 'cockfight.fight.result',
        merchantCode: principal!.merchantCode,
        targetType: 'cockfight_fight',
        targetId: fight.id,
        before: { status: 'closed' },
        after: { status: fight.status, result: fight.result },
        reason: body.reason,
      });
      return fight;
    },
  });
}
