import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  missionClaimBodySchema,
  missionClaimSchema,
  missionIdParamsSchema,
  missionLeaderboardQuerySchema,
  missionLeaderboardSchema,
  missionListQuerySchema,
  missionListSchema,
  missionSavedSchema,
  missionSummarySchema,
  missionUpsertSchema,
  opsMissionListSchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { callerMerchant, memberOf } from '../../platform/principal';
import type { MissionsService } from './service';

export function registerMissionRoutes(app: FastifyInstance, missions: MissionsService): void {
  addRoute(app, {
    method: 'GET',
    url: '/wps/missions',
    access: 'public',
    query: missionListQuerySchema,
    response: missionListSchema,
    handler: ({ query, principal, req }) =>
      missions.list(callerMerchant(principal, req), memberOf(principal), query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/missions/summary',
    access: ['member', 'agent'],
    response: missionSummarySchema,
    handler: ({ principal }) => missions.summary(memberOf(principal)!),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/missions/leaderboard',
    access: 'public',
    query: missionLeaderboardQuerySchema,
    response: missionLeaderboardSchema,
    handler: ({ query, principal, req }) =>
      missions.leaderboard(callerMerchant(principal, req), memberOf(principal), query.period),
  });

  // A member claims for itself only: the claimant is always the session's own account.
  addRoute(app, {
    method: 'POST',
    url: '/wps/missions/:id/claim',
    access: ['member', 'agent'],
    params: missionIdParamsSchema,
    body: missionClaimBodySchema,
    response: missionClaimSchema,
    handler: ({ params, body, principal }) =>
      missions.claim(memberOf(principal)!, params.id, body.requestId),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/missions',
    access: ['operator'],
    permission: 'promotions.read',
    query: z.strictObject({ merchantCode: z.string().min(1).max(32) }),
    response: opsMissionListSchema,
    handler: ({ query }) => missions.opsList(query.merchantCode),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/missions',
    access: ['operator'],
    permission: 'promotions.write',
    body: missionUpsertSchema,
    response: missionSavedSchema,
    handler: ({ body, principal }) => missions.upsert(principal!.subjectId, body),
  });
}
