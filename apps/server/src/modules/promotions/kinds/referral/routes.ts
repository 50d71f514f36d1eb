import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { referralSummarySchema } from '@taya/contracts';
import { addRoute } from '../../../../platform/http';
import { memberOf } from '../../../../platform/principal';
import type { ReferralService } from './service';

export function registerReferralRoutes(app: FastifyInstance, referral: ReferralService) {
  // Members only: agents invite from the agent centre's register centre (SPEC §6).
  addRoute(app, {
    method: 'GET',
    url: '/wps/member/referral',
    access: ['member'],
    query: z.strictObject({ language: z.string().max(10).optional() }),
    response: referralSummarySchema,
    handler: ({ query, principal }) => referral.summary(memberOf(principal)!, query.language),
  });
}
