import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  fixtureParamsSchema,
  marketParamsSchema,
  opsFixtureCreateBodySchema,
  opsFixtureListSchema,
  opsFixturePatchBodySchema,
  opsFixtureSchema,
  opsFixturesQuerySchema,
  opsMarketCreateBodySchema,
  opsMarketPatchBodySchema,
  opsResultBodySchema,
  opsSettleAnswerSchema,
  opsVoidBodySchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import type { Principal } from '../../platform/auth/sessions';
import type { SportsOps } from './ops';

/** Fixtures are every merchant's: only an operator over every merchant trades them. */
function requireEveryMerchant(principal: Principal | null): void {
  if (principal?.operator?.merchants !== null)
    throw new AppError('forbidden', 'Fixtures are shared by every merchant: outside your scope');
}

const actorOf = (principal: Principal | null) => `operator:${principal!.subjectId}`;

/**
 * The console's trading: read with `games.read`; fixtures and markets by hand, prices,
 * suspensions, limits, results, corrections and voids with `sports.trade`, each audited.
 */
export function registerSportsOpsRoutes(app: FastifyInstance, ops: SportsOps): void {
  addRoute(app, {
    method: 'GET',
    url: '/ops/sportsbook/fixtures',
    access: ['operator'],
    permission: 'games.read',
    query: opsFixturesQuerySchema,
    response: opsFixtureListSchema,
    handler: ({ query }) => ops.list(query),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/sportsbook/fixtures',
    access: ['operator'],
    permission: 'sports.trade',
    body: opsFixtureCreateBodySchema,
    response: opsFixtureSchema,
    handler: async ({ body, principal, req }) => {
      requireEveryMerchant(principal);
      const fixture = await ops.createFixture(body);
      noteAudit(req, {
        action: 'sports.fixture.create',
        merchantCode: principal!.merchantCode,
        targetType: 'sports_fixture',
        targetId: fixture.id,
        before: null,
        after: {
          sport: fixture.sport,
          home: fixture.home,
          away: fixture.away,
          startsAt: fixture.startsAt,
        },
      });
      return fixture;
    },
  });

  addRoute(app, {
    method: 'PATCH',
    url: '/ops/sportsbook/fixtures/:fixture',
    access: ['operator'],
    permission: 'sports.trade',
    params: fixtureParamsSchema,
    body: opsFixturePatchBodySchema,
    response: opsFixtureSchema,
    handler: async ({ params, body, principal, req }) => {
      requireEveryMerchant(principal);
      const { before, after } = await ops.patchFixture(params.fixture, body);
      noteAudit(req, {
        action: 'sports.fixture.update',
        merchantCode: principal!.merchantCode,
        targetType: 'sports_fixture',
        targetId: params.fixture,
        before: { status: before.status, startsAt: before.startsAt, scores: before.scores },
        after: { status: after.status, startsAt: after.startsAt, scores: after.scores },
      });
      return after;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/sportsbook/fixtures/:fixture/markets',
    access: ['operator'],
    permission: 'sports.trade',
    params: fixtureParamsSchema,
    body: opsMarketCreateBodySchema,
    response: opsFixtureSchema,
    handler: async ({ params, body, principal, req }) => {
      requireEveryMerchant(principal);
      const fixture = await ops.createMarket(params.fixture, body);
      noteAudit(req, {
        action: 'sports.market.create',
        merchantCode: principal!.merchantCode,
        targetType: 'sports_fixture',
        targetId: params.fixture,
        before: null,
        after: body,
      });
      return fixture;
    },
  });

  addRoute(app, {
    method: 'PATCH',
    url: '/ops/sportsbook/markets/:market',
    access: ['operator'],
    permission: 'sports.trade',
    params: marketParamsSchema,
    body: opsMarketPatchBodySchema,
    response: z.object({ id: z.string(), status: z.string(), version: z.number().int() }),
    handler: async ({ params, body, principal, req }) => {
      requireEveryMerchant(principal);
      const { market, before, after } = await ops.patchMarket(params.market, body);
      noteAudit(req, {
        action: 'sports.market.update',
        merchantCode: principal!.merchantCode,
        targetType: 'sports_market',
        targetId: params.market,
        before,
        after,
      });
      return { id: market.id, status: market.status, version: market.version };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/sportsbook/fixtures/:fixture/result',
    access: ['operator'],
    permission: 'sports.trade',
    params: fixtureParamsSchema,
    body: opsResultBodySchema,
    response: opsSettleAnswerSchema,
    handler: async ({ params, body, principal, req }) => {
      requireEveryMerchant(principal);
      const out = await ops.result(params.fixture, body.scores, actorOf(principal), body.reason);
      noteAudit(req, {
        action: out.before.status === 'finished' ? 'sports.result.correct' : 'sports.result',
        merchantCode: principal!.merchantCode,
        targetType: 'sports_fixture',
        targetId: params.fixture,
        before: { status: out.before.status, scores: out.before.scores },
        after: { scores: body.scores, settled: out.settled, resettled: out.resettled },
        ...(body.reason ? { reason: body.reason } : {}),
      });
      return { fixture: out.fixture, settled: out.settled, resettled: out.resettled };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/sportsbook/markets/:market/void',
    access: ['operator'],
    permission: 'sports.trade',
    params: marketParamsSchema,
    body: opsVoidBodySchema,
    response: opsSettleAnswerSchema,
    handler: async ({ params, body, principal, req }) => {
      requireEveryMerchant(principal);
      const out = await ops.voidMarket(params.market, actorOf(principal), body.reason);
      noteAudit(req, {
        action: 'sports.market.void',
        merchantCode: principal!.merchantCode,
        targetType: 'sports_market',
        targetId: params.market,
        before: null,
        after: { settled: out.settled, resettled: out.resettled },
        reason: body.reason,
      });
      return { fixture: out.fixture, settled: out.settled, resettled: out.resettled };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/sportsbook/fixtures/:fixture/cancel',
    access: ['operator'],
    permission: 'sports.trade',
    params: fixtureParamsSchema,
    body: opsVoidBodySchema,
    response: opsSettleAnswerSchema,
    handler: async ({ params, body, principal, req }) => {
      requireEveryMerchant(principal);
      const out = await ops.cancelFixture(params.fixture, actorOf(principal), body.reason);
      noteAudit(req, {
        action: 'sports.fixture.cancel',
        merchantCode: principal!.merchantCode,
        targetType: 'sports_fixture',
        targetId: params.fixture,
        before: null,
        after: { settled: out.settled, resettled: out.resettled },
        reason: body.reason,
      });
      return { fixture: out.fixture, settled: out.settled, resettled: out.resettled };
    },
  });
}
