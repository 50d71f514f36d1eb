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
import type { Principal } from '../../platform/auth/sessions';
import { addRoute } from '../../platform/http';
import type { RedEnvelopesService } from './service';

const merchantHeader = (header: unknown) =>
  typeof header === 'string' && header ? header : undefined;

/** Members and agents open envelopes; visitors and trial players only see the windows. */
const memberOf = (p: Principal | null) =>
  p && (p.role === 'member' || p.role === 'agent')
    ? { accountId: p.subjectId, merchantCode: p.merchantCode }
    : null;

const languageQuery = z.strictObject({ language: z.string().max(10).optional() });

export function registerRedEnvelopeRoutes(app: FastifyInstance, envelopes: RedEnvelopesService) {
  addRoute(app, {
    method: 'GET',
    url: '/wps/red-envelopes',
    access: 'public',
    query: languageQuery,
    response: redEnvelopeListSchema,
    handler: ({ query, principal, req }) =>
      envelopes.list(
        principal?.merchantCode ?? merchantHeader(req.headers.merchant),
        query.language,
      ),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/red-envelopes/current',
    access: 'public',
    query: languageQuery,
    response: redEnvelopeCurrentSchema,
    handler: ({ query, principal, req }) =>
      envelopes.current(
        principal?.merchantCode ?? merchantHeader(req.headers.merchant),
        memberOf(principal),
        query.language,
      ),
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
