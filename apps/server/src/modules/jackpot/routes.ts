import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jackpotSchema } from '@taya/contracts';
import { addRoute } from '../../platform/http';
import type { JackpotService } from './service';

export function registerJackpotRoutes(app: FastifyInstance, jackpot: JackpotService): void {
  // Visitors see the pools too: the merchant header (or the default merchant) says whose.
  addRoute(app, {
    method: 'GET',
    url: '/wps/games/jackpot',
    access: 'public',
    query: z.strictObject({ language: z.string().max(10).optional() }),
    response: jackpotSchema,
    handler: ({ query, principal, req }) =>
      jackpot.view(
        principal?.merchantCode ??
          (typeof req.headers.merchant === 'string' && req.headers.merchant
            ? req.headers.merchant
            : undefined),
        query.language,
      ),
  });
}
