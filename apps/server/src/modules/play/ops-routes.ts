import type { FastifyInstance } from 'fastify';
import {
  opsRoundDetailSchema,
  opsRoundPageSchema,
  opsRoundParamsSchema,
  opsRoundQuerySchema,
  opsRoundResettleResultSchema,
  opsRoundResettleSchema,
  opsRoundVoidResultSchema,
  opsRoundVoidSchema,
  parseAmount,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import { requireMerchantScope } from '../../platform/principal';
import type { SystemService } from '../system';
import type { PlayKernel } from './kernel';
import type { Recaller } from './recall';
import { roundMerchant, searchRounds } from './search';

/**
 * The operator console's rounds (`/ops/rounds*`): search and recall need `games.read`; void and
 * resettle need `games.rounds.void`, take a reason, run through the kernel and are audited with
 * the round before and after.
 */
export function registerPlayOpsRoutes(
  app: FastifyInstance,
  deps: { db: Db; kernel: PlayKernel; recall: Recaller; system: SystemService },
): void {
  const { db, kernel, recall, system } = deps;
  const merchantOf = (code: string) => system.merchantFor(code, undefined);

  /** The round's merchant, checked against the operator's scope. */
  const scoped = async (principal: Parameters<typeof requireMerchantScope>[0], id: string) => {
    const merchantCode = await roundMerchant(db, id);
    requireMerchantScope(principal, merchantCode);
    return merchantOf(merchantCode);
  };

  addRoute(app, {
    method: 'GET',
    url: '/ops/rounds',
    access: ['operator'],
    permission: 'games.read',
    query: opsRoundQuerySchema,
    response: opsRoundPageSchema,
    handler: async ({ query, principal }) =>
      searchRounds(db, await merchantOf(principal!.merchantCode), query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/rounds/:id',
    access: ['operator'],
    permission: 'games.read',
    params: opsRoundParamsSchema,
    response: opsRoundDetailSchema,
    handler: async ({ params, principal }) => {
      const merchant = await scoped(principal, params.id);
      return { ...(await recall.round(merchant, params.id)), merchantCode: merchant.merchantCode };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/rounds/:id/void',
    access: ['operator'],
    permission: 'games.rounds.void',
    params: opsRoundParamsSchema,
    body: opsRoundVoidSchema,
    response: opsRoundVoidResultSchema,
    handler: async ({ params, body, principal, req }) => {
      const merchant = await scoped(principal, params.id);
      const before = await recall.round(merchant, params.id);
      const result = await kernel.transaction((tx) =>
        kernel.voidRound(tx, {
          roundId: params.id,
          actor: `operator:${principal!.subjectId}`,
          reason: body.reason,
        }),
      );
      noteAudit(req, {
        action: 'games.round.void',
        merchantCode: merchant.merchantCode,
        targetType: 'round',
        targetId: params.id,
        before: {
          status: before.status,
          bets: before.bets.map((b) => ({ betId: b.betId, status: b.status, stake: b.stake })),
        },
        after: { status: 'void', returned: result.returned },
        reason: body.reason,
      });
      return result;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/rounds/:id/resettle',
    access: ['operator'],
    permission: 'games.rounds.void',
    params: opsRoundParamsSchema,
    body: opsRoundResettleSchema,
    response: opsRoundResettleResultSchema,
    handler: async ({ params, body, principal, req }) => {
      const merchant = await scoped(principal, params.id);
      const results = body.results.map((r, i) => {
        const payout = parseAmount(r.payout, merchant.currencyScale);
        if (payout === null) {
          throw new AppError('request_param_err', 'Invalid payout', [
            { path: `results.${i}.payout`, code: 'invalid', message: 'Invalid payout' },
          ]);
        }
        return { betId: r.betId, payout };
      });
      const before = await recall.round(merchant, params.id);
      const result = await kernel.transaction((tx) =>
        kernel.resettle(tx, {
          roundId: params.id,
          results,
          actor: `operator:${principal!.subjectId}`,
          reason: body.reason,
        }),
      );
      const asked = new Set(results.map((r) => r.betId));
      noteAudit(req, {
        action: 'games.round.resettle',
        merchantCode: merchant.merchantCode,
        targetType: 'round',
        targetId: params.id,
        before: {
          bets: before.bets
            .filter((b) => asked.has(b.betId))
            .map((b) => ({ betId: b.betId, payout: b.payout })),
        },
        after: { bets: body.results, resettled: result.resettled },
        reason: body.reason,
      });
      return result;
    },
  });
}
