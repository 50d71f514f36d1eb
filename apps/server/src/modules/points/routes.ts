import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  convertPointBodySchema,
  convertPointResultSchema,
  opsPointRewardBodySchema,
  opsPointRewardListSchema,
  opsRedemptionQuerySchema,
  pointBalanceSchema,
  pointConfigSchema,
  pointRewardListSchema,
  pointRewardQuerySchema,
  redeemPointListQuerySchema,
  redeemPointRewardBodySchema,
  redemptionDecisionBodySchema,
  redemptionPageSchema,
  redemptionSchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import { addRoute } from '../../platform/http';
import type { Principal } from '../../platform/auth/sessions';
import { requireMerchantScope } from '../../platform/principal';
import type { PointsService } from './service';

const member = (p: Principal | null) => ({
  accountId: p!.subjectId,
  merchantCode: p!.merchantCode,
});
const players = ['member', 'agent'] as const;

/** The points calls of SPEC §7, as relays like the other calls of the original platform. */
export function registerPointsRoutes(app: FastifyInstance, points: PointsService): void {
  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/MCS2_getPointBalance',
    access: players,
    response: pointBalanceSchema,
    handler: ({ principal }) => points.balance(member(principal)),
  });

  // The mall's rewards are shown to visitors too (with a log-in prompt instead of Redeem).
  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/MCS2_getPointReward',
    access: 'public',
    query: pointRewardQuerySchema,
    response: pointRewardListSchema,
    handler: ({ query, req, principal }) => {
      const header = req.headers.language;
      const merchant = req.headers.merchant;
      return points.rewards(
        principal?.merchantCode ??
          (typeof merchant === 'string' && merchant ? merchant : undefined),
        query.language ?? (typeof header === 'string' ? header : undefined),
      );
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/MCS2_getRedeemPointList',
    access: players,
    query: redeemPointListQuerySchema,
    response: redemptionPageSchema,
    handler: ({ query, principal }) => points.redemptions(member(principal), query),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/relay/MCS2_getPointConfig',
    access: players,
    response: pointConfigSchema,
    handler: ({ principal }) => points.config(member(principal)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    access: players,
    sealed: true,
    body: redeemPointRewardBodySchema,
    response: redemptionSchema,
    status: 201,
    handler: ({ body, principal }) => points.redeem(member(principal), body),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/relay/passwordCheck/MCS2_convertPoint',
    access: players,
    sealed: true,
    body: convertPointBodySchema,
    response: convertPointResultSchema,
    handler: ({ body, principal }) => points.convert(member(principal), body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/points/redemptions',
    access: ['operator'],
    permission: 'points.read',
    query: opsRedemptionQuerySchema,
    response: z.array(redemptionSchema.extend({ accountId: z.string() })),
    handler: ({ query }) => points.redemptionsByStatus(query.merchantCode, query.status),
  });

  addRoute(app, {
    method: 'GET',
    url: '/ops/points/rewards',
    access: ['operator'],
    permission: 'points.read',
    query: z.strictObject({ merchantCode: z.string().min(1).max(32) }),
    response: opsPointRewardListSchema,
    handler: ({ query }) => points.opsRewards(query.merchantCode),
  });

  // The mall's rewards are promotional content: the promotions writers keep them.
  addRoute(app, {
    method: 'POST',
    url: '/ops/points/rewards',
    access: ['operator'],
    permission: 'promotions.write',
    body: opsPointRewardBodySchema,
    response: z.object({ id: z.string(), created: z.boolean() }),
    handler: async ({ body, req }) => {
      const { id, created, before } = await points.saveReward(body);
      noteAudit(req, {
        targetType: 'points_reward',
        targetId: id,
        before: before
          ? JSON.parse(
              JSON.stringify(before, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
            )
          : null,
      });
      return { id, created };
    },
  });

  for (const decision of ['approve', 'reject'] as const) {
    addRoute(app, {
      method: 'POST',
      url: `/ops/points/redemptions/:id/${decision}`,
      access: ['operator'],
      permission: 'points.redemptions.approve',
      params: z.strictObject({ id: z.uuid() }),
      body: redemptionDecisionBodySchema,
      response: redemptionSchema,
      handler: async ({ params, body, principal, req }) => {
        const merchantCode = await points.redemptionMerchant(params.id);
        if (merchantCode) requireMerchantScope(principal, merchantCode);
        // The decision's note is its reason in the audit log.
        if (body.note) noteAudit(req, { reason: body.note });
        return points.decide(params.id, principal!.subjectId, decision === 'approve', body.note);
      },
    });
  }
}
