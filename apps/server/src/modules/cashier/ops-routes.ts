import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  opsCashierDecisionBodySchema,
  opsCashierRejectBodySchema,
  opsCashierSettingsParamsSchema,
  opsCashierSettingsPatchBodySchema,
  opsCashierSettingsSchema,
  opsChannelCreateBodySchema,
  opsChannelListSchema,
  opsChannelParamsSchema,
  opsChannelPatchBodySchema,
  opsChannelQuerySchema,
  opsChannelSchema,
  opsDepositListSchema,
  opsDepositQuerySchema,
  opsWithdrawalListSchema,
  opsWithdrawalPayBodySchema,
  opsWithdrawalQuerySchema,
  resolveWithdrawalBodySchema,
  withdrawalSchema,
} from '@taya/contracts';
import { noteAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth/sessions';
import { addRoute } from '../../platform/http';
import { requireMerchantScope } from '../../platform/principal';
import type { CashierService } from './service';

const idParams = z.strictObject({ id: z.uuid() });

/** The merchants a queue shows: the one asked for, else the operator's scope (null: all). */
const filterOf = (principal: Principal | null, merchantCode: string | undefined) => ({
  merchantCode,
  scope: principal?.operator?.merchants ?? null,
});

/**
 * The operator console's cashier: deposit and withdrawal queues and decisions, and payment
 * channels. A call on one deposit or withdrawal by id first checks that its merchant is in the
 * operator's scope (403 otherwise); a missing one is the service's 404.
 */
export function registerCashierOpsRoutes(app: FastifyInstance, cashier: CashierService): void {
  const depositInScope = async (principal: Principal | null, id: string) => {
    const merchantCode = await cashier.depositMerchant(id);
    if (merchantCode) requireMerchantScope(principal, merchantCode);
    return merchantCode;
  };
  const withdrawalInScope = async (principal: Principal | null, id: string) => {
    const merchantCode = await cashier.withdrawalMerchant(id);
    if (merchantCode) requireMerchantScope(principal, merchantCode);
    return merchantCode;
  };

  // ---- deposits ----

  addRoute(app, {
    method: 'GET',
    url: '/ops/cashier/deposits',
    access: ['operator'],
    permission: 'cashier.deposits.read',
    query: opsDepositQuerySchema,
    response: opsDepositListSchema,
    handler: ({ query, principal }) =>
      cashier.depositQueue(filterOf(principal, query.merchantCode), query),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/cashier/deposits/:id/approve',
    access: ['operator'],
    permission: 'cashier.deposits.approve',
    params: idParams,
    body: opsCashierDecisionBodySchema,
    response: z.object({ done: z.literal(true) }),
    handler: async ({ params, principal, req }) => {
      await depositInScope(principal, params.id);
      const { credited, order } = await cashier.creditDeposit(
        params.id,
        principal!.subjectId,
        null,
      );
      noteAudit(req, {
        targetType: 'deposit',
        targetId: params.id,
        merchantCode: order.merchantCode,
        before: { status: credited ? 'pending' : order.status },
        after: { status: order.status, amount: order.amount.toString() },
      });
      return { done: true as const };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/cashier/deposits/:id/reject',
    access: ['operator'],
    permission: 'cashier.deposits.approve',
    params: idParams,
    body: opsCashierRejectBodySchema,
    response: z.object({ done: z.literal(true) }),
    handler: async ({ params, body, principal, req }) => {
      const merchantCode = await depositInScope(principal, params.id);
      await cashier.rejectDeposit(params.id, principal!.subjectId, body.note);
      noteAudit(req, {
        targetType: 'deposit',
        targetId: params.id,
        ...(merchantCode ? { merchantCode } : {}),
        before: { status: 'pending' },
        after: { status: 'rejected' },
        reason: body.note,
      });
      return { done: true as const };
    },
  });

  // ---- withdrawals ----

  addRoute(app, {
    method: 'GET',
    url: '/ops/cashier/withdrawals',
    access: ['operator'],
    permission: 'cashier.withdrawals.read',
    query: opsWithdrawalQuerySchema,
    response: opsWithdrawalListSchema,
    handler: ({ query, principal }) =>
      cashier.withdrawalQueue(filterOf(principal, query.merchantCode), query),
  });

  const decide = (
    decision: 'approve' | 'pay' | 'reject',
    body: z.ZodType<{ note?: string | undefined; paymentRef?: string | undefined }>,
  ) =>
    addRoute(app, {
      method: 'POST',
      url: `/ops/cashier/withdrawals/:id/${decision}`,
      access: ['operator'],
      permission: 'cashier.withdrawals.approve',
      params: idParams,
      body,
      response: withdrawalSchema,
      handler: async ({ params, body, principal, req }) => {
        const merchantCode = await withdrawalInScope(principal, params.id);
        const after = await cashier.decideWithdrawal(
          params.id,
          principal!.subjectId,
          decision !== 'reject',
          { note: body.note, paymentRef: body.paymentRef },
        );
        noteAudit(req, {
          targetType: 'withdrawal',
          targetId: params.id,
          ...(merchantCode ? { merchantCode } : {}),
          before: { status: 'pending' },
          after: { status: after.status, amount: after.amount, paymentRef: after.paymentRef },
          ...(body.note ? { reason: body.note } : {}),
        });
        return after;
      },
    });
  // Approve: the money was sent. Pay: the same, with the payment's reference the member sees.
  decide('approve', opsCashierDecisionBodySchema);
  decide('pay', opsWithdrawalPayBodySchema);
  decide('reject', opsCashierRejectBodySchema);

  addRoute(app, {
    method: 'POST',
    url: '/ops/cashier/withdrawals/:id/resolve',
    access: ['operator'],
    permission: 'cashier.withdrawals.approve',
    params: idParams,
    body: resolveWithdrawalBodySchema,
    response: withdrawalSchema,
    handler: async ({ params, body, principal, req }) => {
      const merchantCode = await withdrawalInScope(principal, params.id);
      const after = await cashier.resolveWithdrawal(params.id, principal!.subjectId, body.outcome);
      noteAudit(req, {
        targetType: 'withdrawal',
        targetId: params.id,
        ...(merchantCode ? { merchantCode } : {}),
        after: { resolution: after.resolution },
        ...(body.note ? { reason: body.note } : {}),
      });
      return after;
    },
  });

  // ---- payment channels ----

  addRoute(app, {
    method: 'GET',
    url: '/ops/cashier/channels',
    access: ['operator'],
    permission: 'cashier.deposits.read',
    query: opsChannelQuerySchema,
    response: opsChannelListSchema,
    handler: ({ query, principal }) =>
      cashier.channelsForOperators(filterOf(principal, query.merchantCode)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/ops/cashier/channels',
    access: ['operator'],
    permission: 'cashier.deposits.approve',
    body: opsChannelCreateBodySchema,
    response: opsChannelSchema,
    status: 201,
    handler: async ({ body, principal, req }) => {
      requireMerchantScope(principal, body.merchantCode);
      const after = await cashier.createChannel(body);
      noteAudit(req, {
        targetType: 'payment_channel',
        targetId: `${after.merchantCode}:${after.code}`,
        merchantCode: after.merchantCode,
        before: null,
        after,
        reason: body.reason ?? null,
      });
      return after;
    },
  });

  addRoute(app, {
    method: 'PATCH',
    url: '/ops/cashier/channels/:merchantCode/:code',
    access: ['operator'],
    permission: 'cashier.deposits.approve',
    params: opsChannelParamsSchema,
    body: opsChannelPatchBodySchema,
    response: opsChannelSchema,
    handler: async ({ params, body, principal, req }) => {
      requireMerchantScope(principal, params.merchantCode);
      const { before, after } = await cashier.updateChannel(params.merchantCode, params.code, body);
      noteAudit(req, {
        targetType: 'payment_channel',
        targetId: `${params.merchantCode}:${params.code}`,
        merchantCode: params.merchantCode,
        before,
        after,
      });
      return after;
    },
  });

  // ---- settings: the withdrawal review threshold ----

  addRoute(app, {
    method: 'GET',
    url: '/ops/cashier/settings/:merchantCode',
    access: ['operator'],
    permission: 'cashier.withdrawals.read',
    params: opsCashierSettingsParamsSchema,
    response: opsCashierSettingsSchema,
    handler: ({ params, principal }) => {
      requireMerchantScope(principal, params.merchantCode);
      return cashier.reviewThreshold(params.merchantCode);
    },
  });

  addRoute(app, {
    method: 'PATCH',
    url: '/ops/cashier/settings/:merchantCode',
    access: ['operator'],
    permission: 'cashier.withdrawals.approve',
    params: opsCashierSettingsParamsSchema,
    body: opsCashierSettingsPatchBodySchema,
    response: opsCashierSettingsSchema,
    handler: async ({ params, body, principal, req }) => {
      requireMerchantScope(principal, params.merchantCode);
      const { before, after } = await cashier.setReviewThreshold(
        params.merchantCode,
        body.reviewThreshold,
      );
      noteAudit(req, {
        targetType: 'cashier_settings',
        targetId: params.merchantCode,
        merchantCode: params.merchantCode,
        before: { reviewThreshold: before.reviewThreshold },
        after: { reviewThreshold: after.reviewThreshold },
        reason: body.reason,
      });
      return after;
    },
  });
}
