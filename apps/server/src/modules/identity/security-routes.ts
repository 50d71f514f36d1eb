import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountChangesPageSchema,
  accountChangesQuerySchema,
  bindEmailBodySchema,
  bindMobileBodySchema,
  codeSentSchema,
  emailCodeBodySchema,
  loginEntrySchema,
  mobileCodeBodySchema,
  paymentPasswordBodySchema,
  profileSchema,
  profileUpdateSchema,
  securityOverviewSchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { changeOrigin } from './routes';
import type { SecurityService } from './security';

const members = ['member', 'agent'] as const;

/** The security centre (SPEC §2 securityCenter): every call is the caller's own account. */
export function registerSecurityRoutes(app: FastifyInstance, security: SecurityService): void {
  addRoute(app, {
    method: 'GET',
    url: '/wps/member/profile',
    access: members,
    response: profileSchema,
    handler: ({ principal }) => security.profile(principal!.subjectId),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/wps/member/profile',
    access: members,
    body: profileUpdateSchema,
    response: profileSchema,
    handler: ({ body, principal, req }) =>
      security.updateProfile(principal!.subjectId, body, changeOrigin(req)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/security',
    access: members,
    response: securityOverviewSchema,
    handler: ({ principal }) => security.overview(principal!.subjectId),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/member/security/email/code',
    access: members,
    body: emailCodeBodySchema,
    response: codeSentSchema,
    handler: ({ body, principal, req }) =>
      security.sendEmailCode(principal!.subjectId, body.email, req.ip),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/wps/member/security/email',
    access: members,
    body: bindEmailBodySchema,
    response: securityOverviewSchema,
    handler: ({ body, principal, req }) =>
      security.bindEmail(principal!.subjectId, body, changeOrigin(req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/member/security/mobile/code',
    access: members,
    body: mobileCodeBodySchema,
    response: codeSentSchema,
    handler: ({ body, principal, req }) =>
      security.sendMobileCode(principal!.subjectId, body, req.ip),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/wps/member/security/mobile',
    access: members,
    body: bindMobileBodySchema,
    response: securityOverviewSchema,
    handler: ({ body, principal, req }) =>
      security.bindMobile(principal!.subjectId, body, changeOrigin(req)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/member/security/payment-password/code',
    access: members,
    response: codeSentSchema,
    handler: ({ principal, req }) => security.sendPaymentPasswordCode(principal!.subjectId, req.ip),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/wps/member/security/payment-password',
    access: members,
    sealed: true,
    body: paymentPasswordBodySchema,
    response: securityOverviewSchema,
    handler: ({ body, principal, req }) =>
      security.setPaymentPassword(principal!.subjectId, body, changeOrigin(req)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/logins',
    access: members,
    response: z.array(loginEntrySchema),
    handler: ({ principal }) => security.logins(principal!.subjectId, principal!.sessionId),
  });

  addRoute(app, {
    method: 'DELETE',
    url: '/wps/member/sessions',
    access: members,
    response: z.object({ revoked: z.number().int() }),
    handler: ({ principal, req }) =>
      security.revokeOtherSessions(principal!.subjectId, principal!.sessionId, changeOrigin(req)),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/security/changes',
    access: members,
    query: accountChangesQuerySchema,
    response: accountChangesPageSchema,
    handler: ({ query, principal }) => security.changes(principal!.subjectId, query),
  });
}
