import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  arenaStateSchema,
  cockfightLobbySchema,
  fightBetAnswerSchema,
  fightBetBodySchema,
  myFightBetsSchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { registerLiveFeed } from '../../platform/live-socket';
import { callerMerchant } from '../../platform/principal';
import type { CockfightFeed, CockfightService } from './service';

const players = ['member', 'agent'] as const;
const arenaParams = z.strictObject({
  arena: z.string().regex(/^[A-Z0-9-]{2,20}$/, 'an arena code'),
});
const mineQuery = z.strictObject({
  arena: z
    .string()
    .regex(/^[A-Z0-9-]{2,20}$/)
    .optional(),
});

/** The arenas for players, and their feed. */
export function registerCockfightRoutes(
  app: FastifyInstance,
  deps: { cockfight: CockfightService; feed: CockfightFeed },
): void {
  const { cockfight, feed } = deps;

  addRoute(app, {
    method: 'GET',
    url: '/cockfight-arenas',
    access: 'public',
    response: cockfightLobbySchema,
    handler: ({ principal, req }) => cockfight.lobby(callerMerchant(principal, req)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/cockfight-arenas/mine',
    access: players,
    query: mineQuery,
    response: myFightBetsSchema,
    handler: ({ query, principal }) =>
      cockfight.mine(
        { accountId: principal!.subjectId, merchantCode: principal!.merchantCode },
        query.arena,
      ),
  });

  addRoute(app, {
    method: 'GET',
    url: '/cockfight-arenas/:arena',
    access: 'public',
    params: arenaParams,
    response: arenaStateSchema,
    handler: ({ params, principal, req }) =>
      cockfight.arena(params.arena, callerMerchant(principal, req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/cockfight-arenas/:arena/bets',
    access: players,
    params: arenaParams,
    body: fightBetBodySchema,
    response: fightBetAnswerSchema,
    handler: ({ params, body, principal }) =>
      cockfight.bet(
        { accountId: principal!.subjectId, merchantCode: principal!.merchantCode },
        params.arena,
        body,
      ),
  });

  // The public feed: every arena's fight and boards on connect, then fights moving and boards.
  registerLiveFeed(app, '/ws/cockfight', { feed, state: () => cockfight.feedState() });
}
