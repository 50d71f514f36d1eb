import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  cancelLotteryBetResultSchema,
  cancelLotteryIssueResultSchema,
  cancelLotteryIssueSchema,
  confirmLotteryResultSchema,
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
  opsLotteryIssuePageSchema,
  opsLotteryIssueQuerySchema,
  placeLotteryBetsResultSchema,
  placeLotteryBetsSchema,
} from '@taya/contracts';
import type { LotteryResult } from '@taya/games';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import { heartbeat, sendFrame, type LiveSocket } from '../../platform/live-socket';
import type { LotteryService } from './service';
import type { LotteryFeed } from './feed';

const merchantHeader = (header: unknown) =>
  typeof header === 'string' && header ? header : undefined;

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
    method: 'GET',
    url: '/ops/lottery/issues',
    access: ['operator'],
    permission: 'lottery.read',
    query: opsLotteryIssueQuerySchema,
    response: opsLotteryIssuePageSchema,
    handler: ({ query }) => lottery.ops.issues(query),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/lottery/results',
    access: ['operator'],
    permission: 'lottery.results.write',
    body: enterLotteryResultSchema,
    response: lotteryResultEntryResultSchema,
    status: 201,
    handler: async ({ body, principal, req }) => {
      const entered = await lottery.enterResult(principal!.subjectId, {
        gameCode: body.gameCode,
        issueId: body.issueId,
        result: body.result as LotteryResult,
      });
      noteAudit(req, {
        action: 'lottery.result.enter',
        targetType: 'lottery_issue',
        targetId: entered.issue.id,
        before: { status: entered.issue.status, result: null },
        after: { entryId: entered.entry.id, result: body.result, status: 'pending' },
        reason: body.reason,
      });
      return entered;
    },
  });

  // A second, different operator confirms; the issue is drawn with the result and settled at
  // once (should settlement fail here, the settlement job finishes it).
  addRoute(app, {
    method: 'POST',
    url: '/ops/lottery/results/:id/confirm',
    access: ['operator'],
    permission: 'lottery.results.write',
    params: lotteryIdParamsSchema,
    body: confirmLotteryResultSchema,
    response: lotteryResultEntryResultSchema,
    handler: async ({ params, body, principal, req }) => {
      const before = await lottery.ops.issue(await lottery.ops.entryIssue(params.id));
      const confirmed = await lottery.confirmResult(principal!.subjectId, params.id);
      try {
        await lottery.settleIssue(confirmed.issue.id);
      } catch (error) {
        req.log.warn({ err: error, issue: confirmed.issue.id }, 'settlement left to the job');
      }
      const issue = await lottery.ops.issue(confirmed.issue.id);
      noteAudit(req, {
        action: 'lottery.result.confirm',
        targetType: 'lottery_issue',
        targetId: issue.id,
        before: { status: before.status, result: before.result },
        after: { status: issue.status, result: issue.result, entryId: params.id },
        reason: body.reason,
      });
      return { entry: confirmed.entry, issue };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/lottery/issues/:id/cancel',
    access: ['operator'],
    permission: 'lottery.issues.cancel',
    params: lotteryIdParamsSchema,
    body: cancelLotteryIssueSchema,
    response: cancelLotteryIssueResultSchema,
    handler: async ({ params, body, principal, req }) => {
      const before = await lottery.ops.issue(params.id);
      const cancelled = await lottery.cancelIssue(principal!.subjectId, params.id);
      // Its bets are refunded now (or by the settlement job, should this fail).
      try {
        await lottery.settleIssue(params.id);
      } catch (error) {
        req.log.warn({ err: error, issue: params.id }, 'refunds left to the job');
      }
      noteAudit(req, {
        action: 'lottery.issue.cancel',
        targetType: 'lottery_issue',
        targetId: params.id,
        before: { status: before.status },
        after: { status: cancelled.issue.status },
        reason: body.reason,
      });
      return cancelled;
    },
  });

  // Live events of one game: open, closed, result, settled, cancelled (results are public).
  app.get(
    '/ws/lottery',
    { websocket: true, config: { access: 'public', rateLimit: false } },
    (socket: LiveSocket, req) => {
      const query = z.strictObject({ gameCode: lotteryGameCode }).safeParse(req.query);
      if (!query.success) return socket.close(1008, 'gameCode');
      const stop = heartbeat(socket);
      const unsubscribe = feed.subscribe(query.data.gameCode, (event) => sendFrame(socket, event));
      socket.on('close', () => {
        stop();
        unsubscribe();
      });
    },
  );
}
