import type { FastifyInstance } from 'fastify';
import {
  colorBetAnswerSchema,
  colorBetBodySchema,
  colorDemoBalanceBodySchema,
  colorDemoSessionSchema,
  colorMyBetsSchema,
  colorStateSchema,
} from '@taya/contracts';
import { addRoute } from '../../../platform/http';
import { registerLiveFeed } from '../../../platform/live-socket';
import { callerMerchant } from '../../../platform/principal';
import type { ColorFeed } from './feed';
import { demoBettor, memberBettor, memberOf } from '../bettor';
import type { ColorService } from './service';

const players = ['member', 'agent'] as const;

/** The Colour Game's routes (static paths: they win over the originals' `/originals/:game/…`). */
export function registerColorRoutes(
  app: FastifyInstance,
  deps: { color: ColorService; feed: ColorFeed },
): void {
  const { color, feed } = deps;

  addRoute(app, {
    method: 'GET',
    url: '/originals/color-game/state',
    access: 'public',
    response: colorStateSchema,
    handler: ({ principal, req }) => color.state(callerMerchant(principal, req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/color-game/bets',
    access: players,
    body: colorBetBodySchema,
    response: colorBetAnswerSchema,
    handler: ({ body, principal }) => color.bet(memberBettor(principal), body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/color-game/mine',
    access: players,
    response: colorMyBetsSchema,
    handler: ({ principal }) => color.mine(memberOf(principal)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/color-game/session',
    access: 'public',
    response: colorDemoSessionSchema,
    handler: ({ principal, req }) => color.openDemo(callerMerchant(principal, req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/color-game/balance',
    access: 'public',
    body: colorDemoBalanceBodySchema,
    response: colorDemoSessionSchema,
    handler: ({ body }) => color.demoBalance(body.session),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/color-game/bets',
    access: 'public',
    body: colorBetBodySchema,
    response: colorBetAnswerSchema,
    handler: ({ body, principal, req }) =>
      color.bet(demoBettor(body.session, callerMerchant(principal, req)), body),
  });

  // The public feed: the state on connect, then phases, bets and results.
  registerLiveFeed(app, '/ws/originals/color-game', { feed, state: () => color.feedState() });
}
