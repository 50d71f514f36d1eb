import type { FastifyInstance } from 'fastify';
import {
  fixtureParamsSchema,
  fixtureSchema,
  myTicketsQuerySchema,
  myTicketsSchema,
  sportsLobbyQuerySchema,
  sportsLobbySchema,
  ticketAnswerSchema,
  ticketBodySchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { registerLiveFeed } from '../../platform/live-socket';
import { callerMerchant } from '../../platform/principal';
import type { SportsbookService, SportsFeedBus } from './service';

const players = ['member', 'agent'] as const;

/** The sportsbook for players, and its feed of fixtures changing. */
export function registerSportsbookRoutes(
  app: FastifyInstance,
  deps: { sportsbook: SportsbookService; bus: SportsFeedBus },
): void {
  const { sportsbook, bus } = deps;

  addRoute(app, {
    method: 'GET',
    url: '/sportsbook',
    access: 'public',
    query: sportsLobbyQuerySchema,
    response: sportsLobbySchema,
    handler: ({ query, principal, req }) => sportsbook.lobby(callerMerchant(principal, req), query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/sportsbook/fixtures/:fixture',
    access: 'public',
    params: fixtureParamsSchema,
    response: fixtureSchema,
    handler: ({ params, principal, req }) =>
      sportsbook.fixture(params.fixture, callerMerchant(principal, req)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/sportsbook/tickets',
    access: players,
    query: myTicketsQuerySchema,
    response: myTicketsSchema,
    handler: ({ query, principal }) =>
      sportsbook.mine(
        { accountId: principal!.subjectId, merchantCode: principal!.merchantCode },
        query.status,
      ),
  });

  addRoute(app, {
    method: 'POST',
    url: '/sportsbook/tickets',
    access: players,
    body: ticketBodySchema,
    response: ticketAnswerSchema,
    handler: ({ body, principal }) =>
      sportsbook.placeTicket(
        { accountId: principal!.subjectId, merchantCode: principal!.merchantCode },
        body,
      ),
  });

  // The public feed: fixtures as they change (scores, clocks, prices, results).
  registerLiveFeed(app, '/ws/sportsbook', { feed: bus, state: () => sportsbook.feedState() });
}
