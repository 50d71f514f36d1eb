import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  opsPromotionListSchema,
  promotionClaimBodySchema,
  promotionClaimSchema,
  promotionDetailSchema,
  promotionIdParamsSchema,
  promotionListQuerySchema,
  promotionListSchema,
  promotionSavedSchema,
  promotionSummarySchema,
  promotionUpsertSchema,
} from '@taya/contracts';
import type { Principal } from '../../platform/auth/sessions';
import { addRoute } from '../../platform/http';
import type { PromotionsService } from './service';

const merchantHeader = (header: unknown) =>
  typeof header === 'string' && header ? header : undefined;

/** The caller as a member (members and agents take part; visitors and trial users look only). */
const memberOf = (p: Principal | null) =>
  p && (p.role === 'member' || p.role === 'agent')
    ? { accountId: p.subjectId, merchantCode: p.merchantCode }
    : null;

export function registerPromotionRoutes(app: FastifyInstance, promotions: PromotionsService): void {
  addRoute(app, {
    method: 'GET',
    url: '/wps/promotions',
    access: 'public',
    query: promotionListQuerySchema,
    response: promotionListSchema,
    handler: ({ query, principal, req }) =>
      promotions.list(
        principal?.merchantCode ?? merchantHeader(req.headers.merchant),
        memberOf(principal),
        query,
      ),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/promotions/:id',
    access: 'public',
    params: promotionIdParamsSchema,
    query: z.strictObject({ language: z.string().max(10).optional() }),
    response: promotionDetailSchema,
    handler: ({ params, query, principal, req }) =>
      promotions.detail(
        principal?.merchantCode ?? merchantHeader(req.headers.merchant),
        memberOf(principal),
        params.id,
        query.language,
      ),
  });

  // A member claims for itself only: the claimant is always the session's own account.
  addRoute(app, {
    method: 'POST',
    url: '/wps/promotions/:id/claim',
    access: ['member', 'agent'],
    params: promotionIdParamsSchema,
    body: promotionClaimBodySchema,
    response: promotionClaimSchema,
    handler: ({ params, body, principal }) =>
      promotions.claim(memberOf(principal)!, params.id, body.requestId),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/promotions/summary',
    access: ['member', 'agent'],
    response: promotionSummarySchema,
    handler: ({ principal }) => promotions.summary(memberOf(principal)!),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/promotions',
    access: ['operator'],
    query: z.strictObject({ merchantCode: z.string().min(1).max(32) }),
    response: opsPromotionListSchema,
    handler: ({ query }) => promotions.opsList(query.merchantCode),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/promotions',
    access: ['operator'],
    body: promotionUpsertSchema,
    response: promotionSavedSchema,
    handler: ({ body, principal }) => promotions.upsert(principal!.subjectId, body),
  });
}
