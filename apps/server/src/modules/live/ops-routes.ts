import type { FastifyInstance } from 'fastify';
import {
  opsLiveTableBodySchema,
  opsLiveTableListSchema,
  opsLiveTableParamsSchema,
  opsLiveTableSchema,
  opsLiveTablesQuerySchema,
  opsLiveVoidAnswerSchema,
  opsLiveVoidBodySchema,
  opsLiveVoidParamsSchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import type { Principal } from '../../platform/auth/sessions';
import { requireMerchantScope } from '../../platform/principal';
import type { LiveOps } from './ops';

/** Tables are every merchant's: their state and rounds are for operators over all merchants. */
function requireEveryMerchant(principal: Principal | null): void {
  if (principal?.operator?.merchants !== null)
    throw new AppError('forbidden', 'Live tables are shared by every merchant: outside your scope');
}

/**
 * The console's live tables: read with `games.read`; the table's state, betting time and
 * limits, and voiding a round, with `games.originals.write` and a reason, audited before/after.
 */
export function registerLiveOpsRoutes(app: FastifyInstance, ops: LiveOps): void {
  addRoute(app, {
    method: 'GET',
    url: '/ops/live/tables',
    access: ['operator'],
    permission: 'games.read',
    query: opsLiveTablesQuerySchema,
    response: opsLiveTableListSchema,
    handler: async ({ query, principal }) => {
      const merchantCode = query.merchantCode ?? principal!.merchantCode;
      requireMerchantScope(principal, merchantCode);
      return ops.list(await ops.merchant(merchantCode));
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/live/tables/:code',
    access: ['operator'],
    permission: 'games.originals.write',
    params: opsLiveTableParamsSchema,
    body: opsLiveTableBodySchema,
    response: opsLiveTableSchema,
    handler: async ({ params, body, principal, req }) => {
      requireMerchantScope(principal, body.merchantCode);
      const merchant = await ops.merchant(body.merchantCode);
      const { row, before, after } = await ops.set(merchant, params.code, body, () =>
        requireEveryMerchant(principal),
      );
      noteAudit(req, {
        action: 'live.table.update',
        merchantCode: merchant.merchantCode,
        targetType: 'live_table',
        targetId: params.code,
        before,
        after,
        reason: body.reason,
      });
      return row;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/live/tables/:code/rounds/:round/void',
    access: ['operator'],
    permission: 'games.originals.write',
    params: opsLiveVoidParamsSchema,
    body: opsLiveVoidBodySchema,
    response: opsLiveVoidAnswerSchema,
    handler: async ({ params, body, principal, req }) => {
      requireEveryMerchant(principal);
      const answer = await ops.voidRound(
        params.code,
        params.round,
        body.reason,
        `operator:${principal!.subjectId}`,
      );
      noteAudit(req, {
        action: 'live.round.void',
        merchantCode: principal!.merchantCode,
        targetType: 'live_round',
        targetId: `${params.code}:${params.round}`,
        before: { status: 'betting' },
        after: { status: 'void', voided: answer.voided },
        reason: body.reason,
      });
      return answer;
    },
  });
}
