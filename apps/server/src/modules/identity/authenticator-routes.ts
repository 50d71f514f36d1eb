import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  authenticatorCodeBodySchema,
  authenticatorSetupSchema,
  recoveryCodesSchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import type { AuthenticatorService } from './authenticator';
import { changeOrigin } from './routes';

const done = z.object({ done: z.literal(true) });

/** The security centre's authenticator app: set up, bind, unbind, new recovery codes. */
export function registerAuthenticatorRoutes(
  app: FastifyInstance,
  authenticator: AuthenticatorService,
): void {
  const base = '/wps/member/security/authenticator';

  addRoute(app, {
    method: 'POST',
    url: `${base}/setup`,
    access: ['member', 'agent'],
    response: authenticatorSetupSchema,
    handler: ({ principal, reply }) => {
      reply.header('cache-control', 'no-store');
      return authenticator.setup(principal!.subjectId);
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${base}/bind`,
    access: ['member', 'agent'],
    body: authenticatorCodeBodySchema,
    response: recoveryCodesSchema,
    handler: ({ body, principal, req, reply }) => {
      reply.header('cache-control', 'no-store');
      return authenticator.bind(principal!.subjectId, body.code, changeOrigin(req));
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${base}/unbind`,
    access: ['member', 'agent'],
    body: authenticatorCodeBodySchema,
    response: done,
    handler: async ({ body, principal, req }) => {
      await authenticator.unbind(principal!.subjectId, body.code, changeOrigin(req));
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${base}/recovery-codes`,
    access: ['member', 'agent'],
    body: authenticatorCodeBodySchema,
    response: recoveryCodesSchema,
    handler: ({ body, principal, req, reply }) => {
      reply.header('cache-control', 'no-store');
      return authenticator.renewRecoveryCodes(principal!.subjectId, body.code, changeOrigin(req));
    },
  });
}
