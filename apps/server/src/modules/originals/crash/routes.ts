import type { FastifyInstance } from 'fastify';
import {
  crashBetAnswerSchema,
  crashBetBodySchema,
  crashBetSchema,
  crashCashoutBodySchema,
  crashDemoBalanceBodySchema,
  crashDemoSessionSchema,
  crashMyBetsSchema,
  crashStateSchema,
} from '@taya/contracts';
import { addRoute } from '../../../platform/http';
import { registerLiveFeed } from '../../../platform/live-socket';
import { callerMerchant } from '../../../platform/principal';
import type { CrashFeed } from './feed';
import { demoBettor, memberBettor, memberOf } from '../bettor';
import type { CrashService } from './service';

const players = ['member', 'agent'] as const;

/** Crash's routes (static paths: they win over the originals' `/originals/:game/…`). */
export function registerCrashRoutes(
  app: FastifyInstance,
  deps: { crash: CrashService; feed: CrashFeed },
): void {
  const { crash, feed } = deps;

  addRoute(app, {
    method: 'GET',
    url: '/originals/crash/state',
    access: 'public',
    response: crashStateSchema,
    handler: ({ principal, req }) => crash.state(callerMerchant(principal, req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/crash/bets',
    access: players,
    body: crashBetBodySchema,
    response: crashBetAnswerSchema,
    handler: ({ body, principal }) => crash.bet(memberBettor(principal), body),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/crash/cashout',
    access: players,
    body: crashCashoutBodySchema,
    response: crashBetSchema,
    handler: ({ body, principal }) => crash.cashout(memberBettor(principal), body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/crash/mine',
    access: players,
    response: crashMyBetsSchema,
    handler: ({ principal }) => crash.mine(memberOf(principal)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/crash/session',
    access: 'public',
    response: crashDemoSessionSchema,
    handler: ({ principal, req }) => crash.openDemo(callerMerchant(principal, req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/crash/balance',
    access: 'public',
    body: crashDemoBalanceBodySchema,
    response: crashDemoSessionSchema,
    handler: ({ body }) => crash.demoBalance(body.session),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/crash/bets',
    access: 'public',
    body: crashBetBodySchema,
    response: crashBetAnswerSchema,
    handler: ({ body, principal, req }) =>
      crash.bet(demoBettor(body.session, callerMerchant(principal, req)), body),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/crash/cashout',
    access: 'public',
    body: crashCashoutBodySchema,
    response: crashBetSchema,
    handler: ({ body, principal, req }) =>
      crash.cashout(demoBettor(body.session, callerMerchant(principal, req)), body),
  });

  // The public feed: the state on connect, then phases, bets, cash-outs and crashes.
  registerLiveFeed(app, '/ws/originals/crash', { feed, state: () => crash.feedState() });
}
