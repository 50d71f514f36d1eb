import type { FastifyInstance } from 'fastify';
import { memberVipSchema, vipLevelListSchema, vipQuerySchema } from '@taya/contracts';
import { addRoute } from '../../platform/http';
import type { VipService } from './service';

const merchantHeader = (header: unknown) =>
  typeof header === 'string' && header ? header : undefined;

export function registerVipRoutes(app: FastifyInstance, vip: VipService): void {
  // The merchant's ranks and what each gives: shown to visitors too.
  addRoute(app, {
    method: 'GET',
    url: '/wps/vip/levels',
    access: 'public',
    query: vipQuerySchema,
    response: vipLevelListSchema,
    handler: ({ query, principal, req }) =>
      vip.levelList(
        principal?.merchantCode ?? merchantHeader(req.headers.merchant),
        query.language,
      ),
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
