import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  auditPage,
  auditQuery,
  auditVerifyValue,
  enrolToken,
  operatorEnrolInfo,
  operatorEnrolRequest,
  operatorLoginRequest,
  operatorLoginValue,
  operatorMe,
  operatorSessionList,
} from '@taya/contracts';
import type { AuditLog } from '../../platform/audit';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import { describeDevice } from '../identity';
import type { OperatorService } from './service';
import type { OperatorSessions } from './sessions';

const done = z.object({ done: z.literal(true) });

/**
 * The operator realm's calls. Log-in is one body with both factors (username, password and the
 * authenticator's code), answered with a bearer token the console keeps for the tab.
 */
export function registerOperatorRoutes(
  app: FastifyInstance,
  deps: { operators: OperatorService; sessions: OperatorSessions; audit: AuditLog },
): void {
  const { operators, sessions, audit } = deps;

  addRoute(app, {
    method: 'POST',
    url: '/ops/session/login',
    access: 'public',
    body: operatorLoginRequest,
    response: operatorLoginValue,
    handler: ({ body, req }) => operators.login(body, req.ip, describeDevice(req) ?? null),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/session/logout',
    access: ['operator'],
    permission: 'session.write',
    response: done,
    handler: async ({ principal, req }) => {
      await app.services.sessions.revoke(principal!.sessionId);
      noteAudit(req, {
        action: 'operators.logout',
        targetType: 'session',
        targetId: principal!.sessionId,
      });
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/session/me',
    access: ['operator'],
    permission: 'session.read',
    response: operatorMe,
    handler: async ({ principal }) =>
      operators.describe(principal!, await sessions.expiresAt(principal!.sessionId)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/sessions',
    access: ['operator'],
    permission: 'session.read',
    response: operatorSessionList,
    handler: ({ principal }) => sessions.list(principal!),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/sessions/:id/revoke',
    access: ['operator'],
    permission: 'session.write',
    params: z.strictObject({ id: z.uuid() }),
    response: done,
    handler: async ({ params, principal, req }) => {
      const { operatorId } = await sessions.revoke(principal!, params.id);
      noteAudit(req, {
        action: 'operators.sessions.revoke',
        targetType: 'session',
        targetId: params.id,
        after: { operatorId },
      });
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/enrol/:token',
    access: 'public',
    params: z.strictObject({ token: enrolToken }),
    response: operatorEnrolInfo,
    handler: ({ params }) => operators.enrolInfo(params.token),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/enrol',
    access: 'public',
    body: operatorEnrolRequest,
    response: z.object({ username: z.string() }),
    handler: ({ body }) => operators.enrol(body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/audit',
    access: ['operator'],
    permission: 'audit.read',
    query: auditQuery,
    response: auditPage,
    handler: ({ query, principal }) => audit.list(query, principal!.operator!.merchants),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/audit/verify',
    access: ['operator'],
    permission: 'audit.read',
    response: auditVerifyValue,
    handler: () => audit.verify(),
  });
}
