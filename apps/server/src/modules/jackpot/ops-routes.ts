import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  opsJackpotPoolListSchema,
  opsJackpotPoolPatchSchema,
  opsJackpotPoolSchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import { requireMerchantScope } from '../../platform/principal';
import type { JackpotOps } from './ops';

/** The operator console's jackpot pools: list (`games.read`) and settings (`games.write`). */
export function registerJackpotOpsRoutes(app: FastifyInstance, ops: JackpotOps): void {
  addRoute(app, {
    method: 'GET',
    url: '/ops/jackpot/pools',
    access: ['operator'],
    permission: 'games.read',
    response: opsJackpotPoolListSchema,
    handler: ({ principal }) => ops.pools(principal!.merchantCode),
  });

  addRoute(app, {
    method: 'PATCH',
    url: '/ops/jackpot/pools/:id',
    access: ['operator'],
    permission: 'games.write',
    params: z.strictObject({ id: z.string().min(1).max(80) }),
    body: opsJackpotPoolPatchSchema,
    response: opsJackpotPoolSchema,
    handler: async ({ params, body, principal, req }) => {
      const pool = await ops.pool(params.id);
      requireMerchantScope(principal, pool.merchantCode);
      const { before, after } = await ops.patch(params.id, body);
      noteAudit(req, {
        action: 'games.jackpot.update',
        merchantCode: pool.merchantCode,
        targetType: 'jackpot_pool',
        targetId: pool.id,
        before: {
          contributionBps: before.contributionBps,
          hitOdds: before.hitOdds,
          status: before.status,
        },
        after: {
          contributionBps: after.contributionBps,
          hitOdds: after.hitOdds,
          status: after.status,
        },
        reason: body.reason ?? null,
      });
      return after;
    },
  });
}
