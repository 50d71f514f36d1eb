import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  articleBodySchema,
  articleListQuerySchema,
  articlePageSchema,
  articleParamsSchema,
  articleSchema,
  opsArticleListSchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { callerMerchant } from '../../platform/principal';
import type { ArticleService } from './articles';

/** Blog and news: public reads of published articles, operator writes. */
export function registerArticleRoutes(app: FastifyInstance, articles: ArticleService): void {
  addRoute(app, {
    method: 'GET',
    url: '/wps/articles',
    access: 'public',
    query: articleListQuerySchema,
    response: articlePageSchema,
    handler: ({ query, principal, req }) => articles.list(callerMerchant(principal, req), query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/articles/:kind/:slug',
    access: 'public',
    params: articleParamsSchema,
    query: z.strictObject({ language: z.string().max(10).optional() }),
    response: articleSchema,
    handler: ({ params, query, principal, req }) =>
      articles.detail(callerMerchant(principal, req), params.kind, params.slug, query.language),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/articles',
    access: ['operator'],
    permission: 'content.write',
    body: articleBodySchema,
    response: z.object({ id: z.string() }),
    handler: ({ body, principal }) => articles.save(`operator:${principal!.subjectId}`, body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/articles',
    access: ['operator'],
    permission: 'content.read',
    query: z.strictObject({ merchantCode: z.string().min(1).max(32) }),
    response: opsArticleListSchema,
    handler: ({ query }) => articles.all(query.merchantCode),
  });
}
