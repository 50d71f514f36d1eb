import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  publishSandboxLotteryResultSchema,
  lotteryGameCode,
  lotteryIssueId,
  lotteryResultSchema,
} from '@taya/contracts';
import type { LotteryResult } from '@taya/games';
import { addRoute } from '../../platform/http';
import type { SandboxResultFeed } from './feed-provider';
import { lotteryGame } from './model';

const publishedSchema = z.object({
  gameCode: z.string(),
  issueId: z.string(),
  result: lotteryResultSchema,
  publishedAt: z.string(),
});

const requestSchema = z.object({
  gameCode: z.string(),
  issueId: z.string(),
  drawAt: z.string(),
  served: z.boolean(),
  requestedAt: z.string(),
});

const listQuerySchema = z.strictObject({
  gameCode: lotteryGameCode,
  issueId: lotteryIssueId.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * Outside production, operators drive the sandbox lottery results feed: publish a game's result
 * for an issue (checked by the game's rules, as a real feed's would be), and read back what was
 * published and what the platform asked the feed.
 */
export function registerResultFeedSandboxRoutes(
  app: FastifyInstance,
  sandbox: SandboxResultFeed,
): void {
  addRoute(app, {
    method: 'POST',
    url: '/ops/sandbox/lottery-feed/results',
    access: ['operator'],
    permission: 'lottery.results.write',
    body: publishSandboxLotteryResultSchema,
    response: publishedSchema,
    status: 201,
    handler: ({ body }) =>
      sandbox.publish(body.gameCode, body.issueId, body.result as LotteryResult),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/sandbox/lottery-feed/results',
    access: ['operator'],
    permission: 'lottery.read',
    query: listQuerySchema,
    response: z.array(publishedSchema),
    handler: ({ query }) =>
      sandbox.published(lotteryGame(query.gameCode).code, query.issueId, query.limit),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/sandbox/lottery-feed/requests',
    access: ['operator'],
    permission: 'lottery.read',
    query: listQuerySchema,
    response: z.array(requestSchema),
    handler: ({ query }) =>
      sandbox.requests(lotteryGame(query.gameCode).code, query.issueId, query.limit),
  });
}
