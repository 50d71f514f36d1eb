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
import type { OriginalSteps } from './steps';
import type { OriginalStepsDemo } from './steps-demo';
import { isStepGame, originalStepRoundSchema } from '@taya/contracts';

const players = ['member', 'agent'] as const;
const member = (p: Principal | null) => ({
  accountId: p!.subjectId,
  merchantCode: p!.merchantCode,
});
const gameParams = z.strictObject({ game: originalGameSchema });

export function registerOriginalsRoutes(
  app: FastifyInstance,
  deps: {
    originals: OriginalsService;
    demo: OriginalsDemo;
    steps: OriginalSteps;
    stepsDemo: OriginalStepsDemo;
  },
): void {
  const { originals, demo } = deps;
  // Mines and video poker are played in steps (steps.ts, steps-routes.ts): the same paths.
  const { steps, stepsDemo } = deps;
  const stepped = (game: string) => isStepGame(game);
  const betAnswer = originalStepRoundSchema.or(originalBetSchema);

  addRoute(app, {
    method: 'GET',
    url: '/originals/:game',
    access: 'public',
    params: gameParams,
    response: originalInfoSchema,
    handler: ({ params, principal, req }) =>
      stepped(params.game)
        ? steps.info(callerMerchant(principal, req), params.game)
        : originals.info(callerMerchant(principal, req), params.game),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/:game/seeds',
    access: players,
    params: gameParams,
    response: originalSeedsSchema,
    handler: ({ params, principal }) =>
      stepped(params.game)
        ? steps.seeds(member(principal), params.game)
        : originals.seeds(member(principal), params.game),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/:game/seeds/rotate',
    access: players,
    params: gameParams,
    body: rotateSeedsBodySchema,
    response: originalSeedsSchema,
    handler: ({ params, body, principal }) =>
      stepped(params.game)
        ? steps.rotate(member(principal), params.game, body.clientSeed)
        : originals.rotate(member(principal), params.game, body.clientSeed),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/:game/bets',
    access: players,
    params: gameParams,
    body: originalBetBodySchema,
    response: betAnswer,
    handler: ({ params, body, principal }) =>
      stepped(params.game)
        ? steps.start(member(principal), params.game, body)
        : originals.bet(member(principal), params.game, body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/:game/history',
    access: players,
    params: gameParams,
    response: originalHistorySchema,
    handler: ({ params, principal }) =>
      stepped(params.game)
        ? steps.history(member(principal), params.game)
        : originals.history(member(principal), params.game),
  });

  // Free play: anyone, with play money; nothing reaches the wallet.
  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/:game/session',
    access: 'public',
    params: gameParams,
    response: originalDemoSessionSchema,
    handler: ({ params, principal, req }) =>
      stepped(params.game)
        ? stepsDemo.open(callerMerchant(principal, req), params.game)
        : demo.open(callerMerchant(principal, req), params.game),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/:game/bets',
    access: 'public',
    params: gameParams,
    body: originalBetBodySchema,
    response: betAnswer,
    handler: ({ params, body, principal, req }) =>
      stepped(params.game)
        ? stepsDemo.start(callerMerchant(principal, req), params.game, body)
        : demo.bet(callerMerchant(principal, req), params.game, body),
  });
}
