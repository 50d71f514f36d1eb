import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  cancelLotteryBetResultSchema,
  cancelLotteryIssueResultSchema,
  enterLotteryResultSchema,
  lotteryGameCode,
  lotteryGameQuerySchema,
  lotteryHistoryQuerySchema,
  lotteryHistorySchema,
  lotteryIdParamsSchema,
  lotteryMenuQuerySchema,
  lotteryMenuSchema,
  lotteryOpenNumeroSchema,
  lotteryRecentSchema,
  lotteryResultEntryResultSchema,
  lotteryVerifyParamsSchema,
  lotteryVerifySchema,
  myLotteryBetsQuerySchema,
  myLotteryBetsSchema,
  placeLotteryBetsResultSchema,
  placeLotteryBetsSchema,
} from '@taya/contracts';
import type { LotteryResult } from '@taya/games';
import { addRoute } from '../../platform/http';
import type { LotteryService } from './service';
import type { LotteryFeed } from './feed';

const merchantHeader = (header: unknown) =>
  typeof header === 'string' && header ? header : undefined;

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

export function registerLotteryRoutes(
  app: FastifyInstance,
  lottery: LotteryService,
  feed: LotteryFeed,
): void {
  const menu = (url: string) =>
    addRoute(app, {
      method: 'GET',
      url,
      access: 'public',
      query: lotteryMenuQuerySchema,
      response: lotteryMenuSchema,
      handler: ({ query, principal, req }) =>
        lottery.menu(principal?.merchantCode ?? merchantHeader(req.headers.merchant), query),
    });
  // The lottery's own menu; `/lgw/games/game_menus` (every game type) is the games module's.
  menu('/lgw/vn/games/game_menu');

  addRoute(app, {
    method: 'GET',
    url: '/lgw/vn/games/game_menu/recent',
    access: ['member', 'agent'],
    response: lotteryRecentSchema,
    handler: ({ principal }) => lottery.recent(principal!.merchantCode, principal!.subjectId),
  });

  addRoute(app, {
    method: 'GET',
    url: '/lgw/vn/numeros/opened/game',
    access: 'public',
    query: lotteryHistoryQuerySchema,
    response: lotteryHistorySchema,
    handler: ({ query, principal, req }) =>
      lottery.history(principal?.merchantCode ?? merchantHeader(req.headers.merchant), query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/lotto/lgw/games/opened/numero',
    access: ['member', 'agent'],
    query: lotteryGameQuerySchema,
    response: lotteryOpenNumeroSchema,
    handler: ({ query, principal }) =>
      lottery.openNumero(principal!.merchantCode, principal!.subjectId, query.gameCode),
  });

  addRoute(app, {
    method: 'POST',
    url: '/lotto/bets',
    access: ['member', 'agent'],
    body: placeLotteryBetsSchema,
    response: placeLotteryBetsResultSchema,
    handler: ({ body, principal }) =>
      lottery.placeBets(principal!.merchantCode, principal!.subjectId, body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/lotto/bets/mine',
    access: ['member', 'agent'],
    query: myLotteryBetsQuerySchema,
    response: myLotteryBetsSchema,
    handler: ({ query, principal }) =>
      lottery.myBets(principal!.merchantCode, principal!.subjectId, query),
  });

  addRoute(app, {
    method: 'POST',
    url: '/lotto/bets/:id/cancel',
    access: ['member', 'agent'],
    params: lotteryIdParamsSchema,
    response: cancelLotteryBetResultSchema,
    handler: ({ params, principal }) =>
      lottery.cancelBet(principal!.merchantCode, principal!.subjectId, params.id),
  });

  // Anyone may check a house-drawn result.
  addRoute(app, {
    method: 'GET',
    url: '/lotto/verify/:gameCode/:issueId',
    access: 'public',
    params: lotteryVerifyParamsSchema,
    response: lotteryVerifySchema,
    handler: ({ params }) => lottery.verify(params.gameCode, params.issueId),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/lottery/results',
    access: ['operator'],
    permission: 'lottery.results.write',
    body: enterLotteryResultSchema,
    response: lotteryResultEntryResultSchema,
    status: 201,
    handler: ({ body, principal }) =>
      lottery.enterResult(principal!.subjectId, {
        ...body,
        result: body.result as LotteryResult,
      }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/lottery/results/:id/confirm',
    access: ['operator'],
    permission: 'lottery.results.write',
    params: lotteryIdParamsSchema,
    response: lotteryResultEntryResultSchema,
    handler: ({ params, principal }) => lottery.confirmResult(principal!.subjectId, params.id),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/lottery/issues/:id/cancel',
    access: ['operator'],
    permission: 'lottery.issues.cancel',
    params: lotteryIdParamsSchema,
    response: cancelLotteryIssueResultSchema,
    handler: ({ params, principal }) => lottery.cancelIssue(principal!.subjectId, params.id),
  });

  // Live events of one game: open, closed, result, settled, cancelled (results are public).
  app.get(
    '/ws/lottery',
    { websocket: true, config: { access: 'public', rateLimit: false } },
    (socket: Socket, req) => {
      const query = z.strictObject({ gameCode: lotteryGameCode }).safeParse(req.query);
      if (!query.success) return socket.close(1008, 'gameCode');
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
      const unsubscribe = feed.subscribe(query.data.gameCode, (event) => {
        if (socket.readyState === openState) socket.send(JSON.stringify(event));
      });
      socket.on('close', () => {
        clearInterval(timer);
        unsubscribe();
      });
    },
  );
}
