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
import { callerMerchant } from '../../../platform/principal';
import type { Principal } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors';
import type { BingoFeed } from './feed';
import type { BingoPlayer, BingoService } from './service';

const players = ['member', 'agent'] as const;
const memberOf = (p: Principal | null) => ({
  accountId: p!.subjectId,
  merchantCode: p!.merchantCode,
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
    handler: ({ body, principal }) =>
      bingo.buy({ kind: 'member', member: memberOf(principal) }, body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/originals/bingo/mine',
    access: players,
    response: bingoMineSchema,
    handler: ({ principal }) => bingo.mine({ kind: 'member', member: memberOf(principal) }),
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

  const demo = (session: string | undefined, merchantCode: string | undefined): BingoPlayer => {
    if (!session)
      throw new AppError('request_param_err', 'Invalid body: session', [
        { path: 'session', code: 'invalid', message: 'the demo session' },
      ]);
    return { kind: 'demo', session, merchantCode };
  };

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
      bingo.buy(demo(body.session, callerMerchant(principal, req)), body),
  });

  addRoute(app, {
    method: 'POST',
    url: '/originals/demo/bingo/mine',
    access: 'public',
    body: bingoDemoSessionBodySchema,
    response: bingoMineSchema,
    handler: ({ body, principal, req }) =>
      bingo.mine(demo(body.session, callerMerchant(principal, req))),
  });

  // The public feed: the live games on connect, then phases, balls and results.
  app.get(
    '/ws/originals/bingo',
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
      void bingo
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
