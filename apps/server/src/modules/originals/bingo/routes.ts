import type { FastifyInstance } from 'fastify';
import {
  bingoBuyAnswerSchema,
  bingoBuyBodySchema,
  bingoDemoSessionBodySchema,
  bingoMineSchema,
  bingoStateSchema,
  crashDemoSessionSchema,
  originalSeedsSchema,
  rotateSeedsBodySchema,
} from '@taya/contracts';
import { addRoute } from '../../../platform/http';
import { registerLiveFeed } from '../../../platform/live-socket';
import { callerMerchant } from '../../../platform/principal';
import type { BingoFeed } from './feed';
import { demoBettor, memberBettor, memberOf } from '../bettor';
import type { BingoService } from './service';

const players = ['member', 'agent'] as const;

/** Bingo's routes (static paths: they win over the originals' `/originals/:game/…`). */
export function registerBingoRoutes(
  app: FastifyInstance,
  deps: { bingo: BingoService; feed: BingoFeed },
): void {
  const { bingo, feed } = deps;

  addRoute(app, {
    method: 'GET',
    url: '/originals/bingo/state',
    access: 'public',
    response: bingoStateSchema,
    handler: ({ principal, req }) => bingo.state(callerMerchant(principal, req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/bingo/cards',
    access: players,
    body: bingoBuyBodySchema,
    response: bingoBuyAnswerSchema,
    handler: ({ body, principal }) => bingo.buy(memberBettor(principal), body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/bingo/mine',
    access: players,
    response: bingoMineSchema,
    handler: ({ principal }) => bingo.mine(memberBettor(principal)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/bingo/seeds',
    access: players,
    response: originalSeedsSchema,
    handler: ({ principal }) => bingo.seeds(memberOf(principal)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/bingo/seeds/rotate',
    access: players,
    body: rotateSeedsBodySchema,
    response: originalSeedsSchema,
    handler: ({ body, principal }) => bingo.rotate(memberOf(principal), body.clientSeed),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/bingo/session',
    access: 'public',
    response: crashDemoSessionSchema,
    handler: ({ principal, req }) => bingo.openDemo(callerMerchant(principal, req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/bingo/cards',
    access: 'public',
    body: bingoBuyBodySchema,
    response: bingoBuyAnswerSchema,
    handler: ({ body, principal, req }) =>
      bingo.buy(demoBettor(body.session, callerMerchant(principal, req)), body),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/bingo/mine',
    access: 'public',
    body: bingoDemoSessionBodySchema,
    response: bingoMineSchema,
    handler: ({ body, principal, req }) =>
      bingo.mine(demoBettor(body.session, callerMerchant(principal, req))),
  });

  // The public feed: the live games on connect, then phases, balls and results.
  registerLiveFeed(app, '/ws/originals/bingo', { feed, state: () => bingo.feedState() });
}
