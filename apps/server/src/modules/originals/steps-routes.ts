import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  originalActionBodySchema,
  originalActiveSchema,
  originalStepRoundSchema,
  stepGames,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { callerMerchant } from '../../platform/principal';
import type { Principal } from '../../platform/auth/sessions';
import type { OriginalSteps } from './steps';
import type { OriginalStepsDemo } from './steps-demo';

const players = ['member', 'agent'] as const;
const member = (p: Principal | null) => ({
  accountId: p!.subjectId,
  merchantCode: p!.merchantCode,
});
const stepGameSchema = z.enum(stepGames);
const gameParams = z.strictObject({ game: stepGameSchema });
const roundParams = z.strictObject({ game: stepGameSchema, roundId: z.string().uuid() });

/** The steps of mines and video poker rounds (a bet opens them: `POST /originals/:game/bets`). */
export function registerOriginalStepRoutes(
  app: FastifyInstance,
  deps: { steps: OriginalSteps; stepsDemo: OriginalStepsDemo },
): void {
  const { steps, stepsDemo } = deps;

  addRoute(app, {
    method: 'POST',
    url: '/originals/:game/rounds/:roundId/actions',
    access: players,
    params: roundParams,
    body: originalActionBodySchema,
    response: originalStepRoundSchema,
    handler: ({ params, body, principal }) =>
      steps.act(member(principal), params.game, params.roundId, body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/:game/active',
    access: players,
    params: gameParams,
    response: originalActiveSchema,
    handler: async ({ params, principal }) => ({
      round: await steps.active(member(principal), params.game),
    }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/:game/rounds/:roundId/actions',
    access: 'public',
    params: roundParams,
    body: originalActionBodySchema,
    response: originalStepRoundSchema,
    handler: ({ params, body, principal, req }) =>
      stepsDemo.act(callerMerchant(principal, req), params.game, params.roundId, body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/demo/:game/active',
    access: 'public',
    params: gameParams,
    query: z.strictObject({ session: z.string().min(10).max(200) }),
    response: originalActiveSchema,
    handler: async ({ params, query }) => ({
      round: await stepsDemo.active(params.game, query.session),
    }),
  });
}
