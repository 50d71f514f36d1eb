import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  articleListQuerySchema,
  opsArticleBody,
  opsArticleListQuerySchema,
  opsContentIdParams,
  opsContentReasonBody,
  articlePageSchema,
  articleParamsSchema,
  articleSchema,
  opsArticleListSchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import { callerMerchant, requireMerchantScope } from '../../platform/principal';
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
    body: opsArticleBody,
    response: z.object({ id: z.string() }),
    handler: async ({ body, principal, req }) => {
      requireMerchantScope(principal, body.merchantCode);
      const { reason, ...input } = body;
      const before = input.id ? await articles.byId(input.id).catch(() => null) : null;
      if (before) requireMerchantScope(principal, before.merchantCode);
      const saved = await articles.save(`operator:${principal!.subjectId}`, input);
      noteAudit(req, {
        action: before ? 'content.article.update' : 'content.article.create',
        targetType: 'article',
        targetId: saved.id,
        before,
        after: { ...input, id: saved.id },
        reason,
      });
      return saved;
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/articles',
    access: ['operator'],
    permission: 'content.read',
    query: opsArticleListQuerySchema,
    response: opsArticleListSchema,
    handler: ({ query, principal }) => {
      requireMerchantScope(principal, query.merchantCode);
      return articles.all(query);
    },
  });

  for (const action of ['publish', 'unpublish', 'delete'] as const) {
    addRoute(app, {
      method: 'POST',
      url: `/ops/articles/:id/${action}`,
      access: ['operator'],
      permission: 'content.write',
      params: opsContentIdParams,
      body: opsContentReasonBody,
      response: z.object({ id: z.string() }),
      handler: async ({ params, body, principal, req }) => {
        const before = await articles.byId(params.id);
        requireMerchantScope(principal, before.merchantCode);
        if (action === 'delete') await articles.remove(params.id);
        else await articles.setStatus(params.id, action === 'publish' ? 'published' : 'draft');
        noteAudit(req, {
          action: `content.article.${action}`,
          merchantCode: before.merchantCode,
          targetType: 'article',
          targetId: params.id,
          before: action === 'delete' ? before : { status: before.status },
          after:
            action === 'delete' ? null : { status: action === 'publish' ? 'published' : 'draft' },
          reason: body.reason,
        });
        return { id: params.id };
      },
    });
  }
}
