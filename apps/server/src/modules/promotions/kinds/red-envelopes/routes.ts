import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  redEnvelopeCurrentSchema,
  redEnvelopeGrabBodySchema,
  redEnvelopeGrabListSchema,
  redEnvelopeGrabSchema,
  redEnvelopeIdParamsSchema,
  redEnvelopeListSchema,
} from '@taya/contracts';
import { addRoute } from '../../../../platform/http';
import { callerMerchant, memberOf } from '../../../../platform/principal';
import type { RedEnvelopesService } from './service';

const languageQuery = z.strictObject({ language: z.string().max(10).optional() });

export function registerRedEnvelopeRoutes(app: FastifyInstance, envelopes: RedEnvelopesService) {
  addRoute(app, {
    method: 'GET',
    url: '/wps/red-envelopes',
    access: 'public',
    query: languageQuery,
    response: redEnvelopeListSchema,
    handler: ({ query, principal, req }) =>
      envelopes.list(callerMerchant(principal, req), query.language),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/red-envelopes/current',
    access: 'public',
    query: languageQuery,
    response: redEnvelopeCurrentSchema,
    handler: ({ query, principal, req }) =>
      envelopes.current(callerMerchant(principal, req), memberOf(principal), query.language),
  });

  // The grabber is always the session's own account.
  addRoute(app, {
    method: 'POST',
    url: '/wps/red-envelopes/:id/grab',
    access: ['member', 'agent'],
    params: redEnvelopeIdParamsSchema,
    body: redEnvelopeGrabBodySchema,
    response: redEnvelopeGrabSchema,
    handler: ({ params, body, principal }) =>
      envelopes.grab(memberOf(principal)!, params.id, body.requestId),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/member/red-envelopes/grabs',
    access: ['member', 'agent'],
    query: languageQuery,
    response: redEnvelopeGrabListSchema,
    handler: ({ query, principal }) => envelopes.grabs(memberOf(principal)!, query.language),
  });
}
