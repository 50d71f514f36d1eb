import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  opsVipLevelBodySchema,
  opsVipLevelListSchema,
  opsVipLevelParamsSchema,
  opsVipLevelSchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import type { VipService } from './service';

const bigintSafe = (row: object) =>
  JSON.parse(JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));

/** The console's VIP calls: the ladder, and one rank's thresholds and benefits saved. */
export function registerVipOpsRoutes(app: FastifyInstance, vip: VipService): void {
  addRoute(app, {
    method: 'GET',
    url: '/ops/vip/levels',
    access: ['operator'],
    permission: 'promotions.read',
    query: z.strictObject({ merchantCode: z.string().min(1).max(32) }),
    response: opsVipLevelListSchema,
    handler: ({ query }) => vip.opsLevels(query.merchantCode),
  });

  addRoute(app, {
    method: 'PUT',
    url: '/ops/vip/levels/:rankLevel',
    access: ['operator'],
    permission: 'promotions.write',
    params: opsVipLevelParamsSchema,
    body: opsVipLevelBodySchema,
    response: opsVipLevelSchema,
    handler: async ({ params, body, principal, req }) => {
      const { before, after } = await vip.saveLevel(principal!.subjectId, params.rankLevel, body);
      noteAudit(req, {
        targetType: 'vip_level',
        targetId: `${body.merchantCode}:${params.rankLevel}`,
        before: before ? bigintSafe(before) : null,
        after: bigintSafe(after),
      });
      const list = await vip.opsLevels(body.merchantCode);
      return list.list.find((l) => l.rankLevel === params.rankLevel)!;
    },
  });
}
