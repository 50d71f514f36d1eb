import type { FastifyInstance } from 'fastify';
import { memberVipSchema, vipLevelListSchema, vipQuerySchema } from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { callerMerchant } from '../../platform/principal';
import type { VipService } from './service';

export function registerVipRoutes(app: FastifyInstance, vip: VipService): void {
  // The merchant's ranks and what each gives: shown to visitors too.
  addRoute(app, {
    method: 'GET',
    url: '/wps/vip/levels',
    access: 'public',
    query: vipQuerySchema,
    response: vipLevelListSchema,
    handler: ({ query, principal, req }) =>
      vip.levelList(callerMerchant(principal, req), query.language),
  });

  // The caller's own rank and progress: the session says whose, never a parameter.
  addRoute(app, {
    method: 'GET',
    url: '/wps/member/vip',
    access: ['member', 'agent'],
    query: vipQuerySchema,
    response: memberVipSchema,
    handler: ({ query, principal }) =>
      vip.memberVip(principal!.merchantCode, principal!.subjectId, query.language),
  });
}
