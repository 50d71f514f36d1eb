import type { FastifyInstance } from 'fastify';
import {
  opsOriginalGameParamsSchema,
  opsOriginalLimitListSchema,
  opsOriginalLimitSchema,
  opsOriginalLimitsBodySchema,
  opsOriginalLimitsQuerySchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import { requireMerchantScope } from '../../platform/principal';
import type { OriginalsOps } from './ops';

/**
 * The operator console's originals: limits and RTP per game for a merchant, read with
 * `games.read`, changed with `games.originals.write` (admin) and a reason, audited before/after.
 */
export function registerOriginalsOpsRoutes(app: FastifyInstance, ops: OriginalsOps): void {
  addRoute(app, {
    method: 'GET',
    url: '/ops/originals/limits',
    access: ['operator'],
    permission: 'games.read',
    query: opsOriginalLimitsQuerySchema,
    response: opsOriginalLimitListSchema,
    handler: async ({ query, principal }) => {
      const merchantCode = query.merchantCode ?? principal!.merchantCode;
      requireMerchantScope(principal, merchantCode);
      return ops.list(await ops.merchant(merchantCode));
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/originals/limits/:game',
    access: ['operator'],
    permission: 'games.originals.write',
    params: opsOriginalGameParamsSchema,
    body: opsOriginalLimitsBodySchema,
    response: opsOriginalLimitSchema,
    handler: async ({ params, body, principal, req }) => {
      requireMerchantScope(principal, body.merchantCode);
      const merchant = await ops.merchant(body.merchantCode);
      const { row, before, after } = await ops.set(merchant, params.game, body);
      noteAudit(req, {
        action: 'originals.limits.update',
        merchantCode: merchant.merchantCode,
        targetType: 'original',
        targetId: params.game,
        before,
        after,
        reason: body.reason,
      });
      return row;
    },
  });
}
