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
import { callerMerchant } from '../../../platform/principal';
import type { Principal } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors';
import type { ColorFeed } from './feed';
import type { Bettor, ColorService } from './service';

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
    handler: ({ body, principal }) => color.bet(member(principal), body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/color-game/mine',
    access: players,
    response: colorMyBetsSchema,
    handler: ({ principal }) =>
      color.mine({ accountId: principal!.subjectId, merchantCode: principal!.merchantCode }),
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
      color.bet(demo(body.session, callerMerchant(principal, req)), body),
  });

  // The public feed: the state on connect, then phases, bets and results.
  app.get(
    '/ws/originals/color-game',
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
      void color
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
