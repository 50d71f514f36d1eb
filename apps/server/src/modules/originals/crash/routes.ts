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
import { callerMerchant } from '../../../platform/principal';
import type { Principal } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors';
import type { CrashFeed } from './feed';
import type { Bettor, CrashService } from './service';

const players = ['member', 'agent'] as const;
const member = (p: Principal | null): Bettor => ({
  kind: 'member',
  member: { accountId: p!.subjectId, merchantCode: p!.merchantCode },
});

/** The part of a `ws` socket the feed uses. */
interface Socket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}
const openState = 1;
const heartbeatMs = 30_000;

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
    handler: ({ body, principal }) => crash.bet(member(principal), body),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/crash/cashout',
    access: players,
    body: crashCashoutBodySchema,
    response: crashBetSchema,
    handler: ({ body, principal }) => crash.cashout(member(principal), body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/crash/mine',
    access: players,
    response: crashMyBetsSchema,
    handler: ({ principal }) =>
      crash.mine({ accountId: principal!.subjectId, merchantCode: principal!.merchantCode }),
  });

  const demo = (session: string | undefined, merchantCode: string | undefined): Bettor => {
    if (!session)
      throw new AppError('request_param_err', 'Invalid body: session', [
        { path: 'session', code: 'invalid', message: 'the demo session' },
      ]);
    return { kind: 'demo', session, merchantCode };
  };

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
      crash.bet(demo(body.session, callerMerchant(principal, req)), body),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/crash/cashout',
    access: 'public',
    body: crashCashoutBodySchema,
    response: crashBetSchema,
    handler: ({ body, principal, req }) =>
      crash.cashout(demo(body.session, callerMerchant(principal, req)), body),
  });

  // The public feed: the state on connect, then phases, bets, cash-outs and crashes.
  app.get(
    '/ws/originals/crash',
    { websocket: true, config: { access: 'public', rateLimit: false } },
    (socket: Socket) => {
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const timer = setInterval(() => {
        if (!alive) return socket.close(1001, 'timeout');
        alive = false;
        if (socket.readyState === openState) socket.ping();
      }, heartbeatMs);
      timer.unref();
      const send = (event: unknown) => {
        if (socket.readyState === openState) socket.send(JSON.stringify(event));
      };
      // Events wait until the state is out, so none arrives before it.
      const early: unknown[] = [];
      let ready = false;
      const unsubscribe = feed.subscribe((event) => (ready ? send(event) : early.push(event)));
      void crash
        .feedState()
        .then((state) => {
          send({ type: 'state', ...state });
          ready = true;
          for (const event of early.splice(0)) send(event);
        })
        .catch(() => socket.close(1011, 'state'));
      socket.on('close', () => {
        clearInterval(timer);
        unsubscribe();
      });
    },
  );
}
