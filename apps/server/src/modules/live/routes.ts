import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  liveBetAnswerSchema,
  liveBetBodySchema,
  liveLobbySchema,
  liveMyBetsSchema,
  liveShoeRecordSchema,
  liveTableStateSchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { registerLiveFeed } from '../../platform/live-socket';
import { callerMerchant } from '../../platform/principal';
import type { LiveFeed } from './feed';
import type { LiveService } from './service';

const players = ['member', 'agent'] as const;
const tableParams = z.strictObject({ code: z.string().regex(/^[A-Z0-9-]{2,20}$/, 'a table code') });
const shoeParams = tableParams.extend({ shoe: z.coerce.number().int().positive().max(1_000_000) });
const mineQuery = z.strictObject({
  table: z
    .string()
    .regex(/^[A-Z0-9-]{2,20}$/)
    .optional(),
});

/** The live tables' routes and their feed. */
export function registerLiveRoutes(
  app: FastifyInstance,
  deps: { live: LiveService; feed: LiveFeed },
): void {
  const { live, feed } = deps;

  addRoute(app, {
    method: 'GET',
    url: '/live-tables',
    access: 'public',
    response: liveLobbySchema,
    handler: ({ principal, req }) => live.lobby(callerMerchant(principal, req)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/live-tables/:code',
    access: 'public',
    params: tableParams,
    response: liveTableStateSchema,
    handler: ({ params, principal, req }) =>
      live.table(params.code, callerMerchant(principal, req)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/live-tables/:code/shoes/:shoe',
    access: 'public',
    params: shoeParams,
    response: liveShoeRecordSchema,
    handler: ({ params }) => live.shoe(params.code, params.shoe),
  });

  addRoute(app, {
    method: 'POST',
    url: '/live-tables/:code/bets',
    access: players,
    params: tableParams,
    body: liveBetBodySchema,
    response: liveBetAnswerSchema,
    handler: ({ params, body, principal }) =>
      live.bet(
        { accountId: principal!.subjectId, merchantCode: principal!.merchantCode },
        params.code,
        body,
      ),
  });

  addRoute(app, {
    method: 'GET',
    url: '/live-tables/mine',
    access: players,
    query: mineQuery,
    response: liveMyBetsSchema,
    handler: ({ query, principal }) =>
      live.mine(
        { accountId: principal!.subjectId, merchantCode: principal!.merchantCode },
        query.table,
      ),
  });

  // The public feed: every table's state on connect, then phases, bets and results.
  registerLiveFeed(app, '/ws/live', { feed, state: () => live.feedState() });
}
