import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  memberBonusListSchema,
  memberBonusQuerySchema,
  memberClaimPageSchema,
  memberClaimsQuerySchema,
  applicationApproveBodySchema,
  applicationRejectBodySchema,
  opsApplicationListSchema,
  opsApplicationQuerySchema,
  opsApplicationSchema,
  opsPromotionListSchema,
  promotionApplyBodySchema,
  promotionApplyResultSchema,
  raffleClaimBodySchema,
  raffleClaimSchema,
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
import { addRoute } from '../../platform/http';
import { callerMerchant, memberOf, requireMerchantScope } from '../../platform/principal';
import type { PromotionsService } from './service';

export function registerPromotionRoutes(app: FastifyInstance, promotions: PromotionsService): void {
  addRoute(app, {
    method: 'GET',
    url: '/wps/promotions',
    access: 'public',
    query: promotionListQuerySchema,
    response: promotionListSchema,
    handler: ({ query, principal, req }) =>
      promotions.list(callerMerchant(principal, req), memberOf(principal), query),
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
        callerMerchant(principal, req),
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

  // An application is the session's own: the images must be the session's own uploads.
  addRoute(app, {
    method: 'POST',
    url: '/wps/promotions/:id/apply',
    access: ['member', 'agent'],
    params: promotionIdParamsSchema,
    body: promotionApplyBodySchema,
    response: promotionApplyResultSchema,
    handler: ({ params, body, principal }) =>
      promotions.apply(memberOf(principal)!, params.id, body),
  });

  // SPEC §7: a lucky draw, for the session's own account.
  addRoute(app, {
    method: 'POST',
    url: '/wps/relay/MCS2_claimRafflePromotion',
    access: ['member', 'agent'],
    body: raffleClaimBodySchema,
    response: raffleClaimSchema,
    handler: ({ body, principal }) =>
      promotions.drawRaffle(memberOf(principal)!, body.promotionId, body.requestId),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/promotions/summary',
    access: ['member', 'agent'],
    response: promotionSummarySchema,
    handler: ({ principal }) => promotions.summary(memberOf(principal)!),
  });

  // The member's own rewards only: the account is always the session's.
  addRoute(app, {
    method: 'GET',
    url: '/wps/member/promotions/claims',
    access: ['member', 'agent'],
    query: memberClaimsQuerySchema,
    response: memberClaimPageSchema,
    handler: ({ query, principal }) => promotions.memberClaims(memberOf(principal)!, query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/bonuses',
    access: ['member', 'agent'],
    query: memberBonusQuerySchema,
    response: memberBonusListSchema,
    handler: ({ query, principal }) => promotions.memberBonuses(memberOf(principal)!, query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/promotions',
    access: ['operator'],
    permission: 'promotions.read',
    query: z.strictObject({ merchantCode: z.string().min(1).max(32) }),
    response: opsPromotionListSchema,
    handler: ({ query }) => promotions.opsList(query.merchantCode),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/promotions',
    access: ['operator'],
    permission: 'promotions.write',
    body: promotionUpsertSchema,
    response: promotionSavedSchema,
    handler: ({ body, principal }) => promotions.upsert(principal!.subjectId, body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/promotions/applications',
    access: ['operator'],
    permission: 'promotions.read',
    query: opsApplicationQuerySchema,
    response: opsApplicationListSchema,
    handler: ({ query }) => promotions.applications(query.merchantCode, query.status),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/promotions/applications/:id/approve',
    access: ['operator'],
    permission: 'promotions.applications.review',
    params: promotionIdParamsSchema,
    body: applicationApproveBodySchema,
    response: opsApplicationSchema,
    handler: async ({ params, body, principal }) => {
      const merchantCode = await promotions.applicationMerchant(params.id);
      if (merchantCode) requireMerchantScope(principal, merchantCode);
      return promotions.decideApplication(principal!.subjectId, params.id, {
        approve: true,
        amount: body.amount,
      });
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/promotions/applications/:id/reject',
    access: ['operator'],
    permission: 'promotions.applications.review',
    params: promotionIdParamsSchema,
    body: applicationRejectBodySchema,
    response: opsApplicationSchema,
    handler: async ({ params, body, principal }) => {
      const merchantCode = await promotions.applicationMerchant(params.id);
      if (merchantCode) requireMerchantScope(principal, merchantCode);
      return promotions.decideApplication(principal!.subjectId, params.id, {
        approve: false,
        reason: body.reason,
      });
    },
  });
}
