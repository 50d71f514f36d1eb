import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  originalBetBodySchema,
  originalBetSchema,
  originalDemoSessionSchema,
  originalGameSchema,
  originalHistorySchema,
  originalInfoSchema,
  originalSeedsSchema,
  rotateSeedsBodySchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { callerMerchant } from '../../platform/principal';
import type { Principal } from '../../platform/auth/sessions';
import type { OriginalsDemo } from './demo';
import type { OriginalsService } from './service';

const players = ['member', 'agent'] as const;
const member = (p: Principal | null) => ({
  accountId: p!.subjectId,
  merchantCode: p!.merchantCode,
});
const gameParams = z.strictObject({ game: originalGameSchema });

export function registerOriginalsRoutes(
  app: FastifyInstance,
  deps: { originals: OriginalsService; demo: OriginalsDemo },
): void {
  const { originals, demo } = deps;

  addRoute(app, {
    method: 'GET',
    url: '/originals/:game',
    access: 'public',
    params: gameParams,
    response: originalInfoSchema,
    handler: ({ params, principal, req }) =>
      originals.info(callerMerchant(principal, req), params.game),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/:game/seeds',
    access: players,
    params: gameParams,
    response: originalSeedsSchema,
    handler: ({ params, principal }) => originals.seeds(member(principal), params.game),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/:game/seeds/rotate',
    access: players,
    params: gameParams,
    body: rotateSeedsBodySchema,
    response: originalSeedsSchema,
    handler: ({ params, body, principal }) =>
      originals.rotate(member(principal), params.game, body.clientSeed),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/:game/bets',
    access: players,
    params: gameParams,
    body: originalBetBodySchema,
    response: originalBetSchema,
    handler: ({ params, body, principal }) => originals.bet(member(principal), params.game, body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/:game/history',
    access: players,
    params: gameParams,
    response: originalHistorySchema,
    handler: ({ params, principal }) => originals.history(member(principal), params.game),
  });

  // Free play: anyone, with play money; nothing reaches the wallet.
  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/:game/session',
    access: 'public',
    params: gameParams,
    response: originalDemoSessionSchema,
    handler: ({ params, principal, req }) => demo.open(callerMerchant(principal, req), params.game),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/:game/bets',
    access: 'public',
    params: gameParams,
    body: originalBetBodySchema,
    response: originalBetSchema,
    handler: ({ params, body, principal, req }) =>
      demo.bet(callerMerchant(principal, req), params.game, body),
  });
}
