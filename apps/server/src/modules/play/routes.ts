import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  parseAmount,
  recallSchema,
  roundDetailSchema,
  roundResettleBodySchema,
  roundVoidBodySchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { AppError } from '../../platform/errors';
import type { SystemService } from '../system';
import type { PlayKernel } from './kernel';
import type { Recaller } from './recall';

const roundParams = z.object({ roundId: z.string().min(1).max(100) });

/** Recall for players and operators; void and resettle for operators. */
export function registerPlayRoutes(
  app: FastifyInstance,
  deps: { kernel: PlayKernel; recall: Recaller; system: SystemService },
): void {
  const { kernel, recall, system } = deps;
  const merchantOf = (code: string) => system.merchantFor(code, undefined);

  addRoute(app, {
    method: 'GET',
    url: '/play/recall',
    access: ['member', 'agent'],
    response: recallSchema,
    handler: async ({ principal }) =>
      recall.lastGames(await merchantOf(principal!.merchantCode), principal!.subjectId),
  });

  addRoute(app, {
    method: 'GET',
    url: '/play/players/:accountId/recall',
    access: ['operator'],
    permission: 'games.read',
    params: z.object({ accountId: z.string().min(1).max(100) }),
    response: recallSchema,
    handler: async ({ principal, params }) =>
      recall.lastGames(await merchantOf(principal!.merchantCode), params.accountId),
  });

  addRoute(app, {
    method: 'GET',
    url: '/play/rounds/:roundId',
    access: ['operator'],
    permission: 'games.read',
    params: roundParams,
    response: roundDetailSchema,
    handler: async ({ principal, params }) =>
      recall.round(await merchantOf(principal!.merchantCode), params.roundId),
  });

  addRoute(app, {
    method: 'POST',
    url: '/play/rounds/:roundId/void',
    access: ['operator'],
    permission: 'games.rounds.void',
    params: roundParams,
    body: roundVoidBodySchema,
    response: z.object({ returned: z.number().int() }),
    handler: async ({ principal, params, body }) => {
      const merchant = await merchantOf(principal!.merchantCode);
      // Of this merchant only: the recall read refuses another merchant's round.
      await recall.round(merchant, params.roundId);
      return kernel.transaction((tx) =>
        kernel.voidRound(tx, {
          roundId: params.roundId,
          actor: `operator:${principal!.subjectId}`,
          reason: body.reason,
        }),
      );
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/play/rounds/:roundId/resettle',
    access: ['operator'],
    permission: 'games.rounds.void',
    params: roundParams,
    body: roundResettleBodySchema,
    response: z.object({ resettled: z.number().int() }),
    handler: async ({ principal, params, body }) => {
      const merchant = await merchantOf(principal!.merchantCode);
      await recall.round(merchant, params.roundId);
      const results = body.results.map((r, i) => {
        const payout = parseAmount(r.payout, merchant.currencyScale);
        if (payout === null) {
          throw new AppError('request_param_err', 'Invalid payout', [
            { path: `results.${i}.payout`, code: 'invalid', message: 'Invalid payout' },
          ]);
        }
        return { betId: r.betId, payout };
      });
      return kernel.transaction((tx) =>
        kernel.resettle(tx, {
          roundId: params.roundId,
          results,
          actor: `operator:${principal!.subjectId}`,
          reason: body.reason,
        }),
      );
    },
  });
}
