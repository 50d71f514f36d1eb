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
import type { Principal } from '../../platform/auth/sessions';
import { addRoute } from '../../platform/http';
import type { MissionsService } from './service';

const merchantHeader = (header: unknown) =>
  typeof header === 'string' && header ? header : undefined;

/** The caller as a member (members and agents take part; visitors and trial users look only). */
const memberOf = (p: Principal | null) =>
  p && (p.role === 'member' || p.role === 'agent')
    ? { accountId: p.subjectId, merchantCode: p.merchantCode }
    : null;

export function registerMissionRoutes(app: FastifyInstance, missions: MissionsService): void {
  addRoute(app, {
    method: 'GET',
    url: '/wps/missions',
    access: 'public',
    query: missionListQuerySchema,
    response: missionListSchema,
    handler: ({ query, principal, req }) =>
      missions.list(
        principal?.merchantCode ?? merchantHeader(req.headers.merchant),
        memberOf(principal),
        query,
      ),
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
      missions.leaderboard(
        principal?.merchantCode ?? merchantHeader(req.headers.merchant),
        memberOf(principal),
        query.period,
      ),
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
    query: z.strictObject({ merchantCode: z.string().min(1).max(32) }),
    response: opsMissionListSchema,
    handler: ({ query }) => missions.opsList(query.merchantCode),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/missions',
    access: ['operator'],
    body: missionUpsertSchema,
    response: missionSavedSchema,
    handler: ({ body, principal }) => missions.upsert(principal!.subjectId, body),
  });
}
