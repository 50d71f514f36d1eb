import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  agentTransferInfoSchema,
  agentTransferSchema,
  confirmWithdrawalBodySchema,
  downlineTransferBodySchema,
  uplineTransferBodySchema,
  createDepositBodySchema,
  depositOrderSchema,
  payoutAccountBodySchema,
  payoutAccountSchema,
  paymentChannelSchema,
  publicPaymentChannelSchema,
  withdrawalSchema,
  withdrawBodySchema,
  withdrawInfoSchema,
} from '@taya/contracts';
import { addRoute } from '../../platform/http';
import { callerMerchant } from '../../platform/principal';
import type { Principal } from '../../platform/auth/sessions';
import { registerCashierOpsRoutes } from './ops-routes';
import { registerSandboxGateway } from './sandbox-gateway';
import type { CashierService } from './service';

const member = (p: Principal | null) => ({
  accountId: p!.subjectId,
  merchantCode: p!.merchantCode,
});
const idParams = z.strictObject({ id: z.uuid() });
const players = ['member', 'agent'] as const;

const callbackBody = z.strictObject({
  orderId: z.uuid(),
  gatewayRef: z.string().min(1).max(100),
  amount: z.string().regex(/^\d{1,15}(\.\d{1,2})?$/),
  status: z.enum(['paid', 'failed']),
  ts: z.number().int(),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

export function registerCashierRoutes(
  app: FastifyInstance,
  cashier: CashierService,
  options: { production: boolean; sandboxSecret: string },
): void {
  addRoute(app, {
    method: 'GET',
    url: '/wps/cashier/channels',
    access: players,
    response: z.array(paymentChannelSchema),
    handler: ({ principal }) => cashier.channels(principal!.merchantCode),
  });

  // The merchant's enabled ways to pay in, by name only: what the site's footer shows anyone.
  addRoute(app, {
    method: 'GET',
    url: '/wps/cashier/channels/public',
    access: 'public',
    response: z.array(publicPaymentChannelSchema),
    handler: async ({ principal, req }) =>
      (await cashier.channels(callerMerchant(principal, req))).map(({ code, kind, name }) => ({
        code,
        kind,
        name,
      })),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/cashier/deposits',
    access: players,
    body: createDepositBodySchema,
    response: depositOrderSchema,
    status: 201,
    // Optional: a keyless call (older clients) still creates an order, as before.
    idempotency: 'optional',
    handler: ({ body, principal, recordAnswer }) =>
      cashier.createDeposit(member(principal), body, recordAnswer),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/cashier/deposits',
    access: players,
    response: z.array(depositOrderSchema),
    handler: ({ principal }) => cashier.myDeposits(member(principal)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/cashier/callbacks/:gateway',
    access: 'public',
    params: z.strictObject({ gateway: z.string().regex(/^[a-z0-9_-]{2,30}$/) }),
    body: callbackBody,
    response: z.object({ credited: z.boolean() }),
    handler: ({ params, body }) => cashier.gatewayCallback(params.gateway, body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/cashier/payout-accounts',
    access: players,
    response: z.array(payoutAccountSchema),
    handler: ({ principal }) => cashier.payoutAccountsOf(member(principal)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/cashier/payout-accounts',
    access: players,
    body: payoutAccountBodySchema,
    response: payoutAccountSchema,
    status: 201,
    handler: ({ body, principal }) => cashier.addPayoutAccount(member(principal), body),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/cashier/withdraw-info',
    access: players,
    response: withdrawInfoSchema,
    handler: ({ principal }) => cashier.withdrawInfo(member(principal)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/cashier/withdrawals',
    access: players,
    // It carries the payment password, like the other calls SPEC §7 marks E.
    sealed: true,
    body: withdrawBodySchema,
    response: withdrawalSchema,
    status: 201,
    // A retried withdrawal must not hold the money twice: the key is required.
    idempotency: 'required',
    handler: ({ body, principal, recordAnswer }) =>
      cashier.requestWithdrawal(member(principal), body, recordAnswer),
  });

  addRoute(app, {
    method: 'GET',
    url: '/wps/cashier/withdrawals',
    access: players,
    response: z.array(withdrawalSchema),
    handler: ({ principal }) => cashier.myWithdrawals(member(principal)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/cashier/withdrawals/:id/confirm',
    access: players,
    params: idParams,
    body: confirmWithdrawalBodySchema,
    response: withdrawalSchema,
    handler: ({ params, body, principal }) =>
      cashier.confirmWithdrawal(member(principal), params.id, body),
  });

  // Agents' transfers: to their own upline, or into their own team (SPEC §6).

  addRoute(app, {
    method: 'GET',
    url: '/wps/agent/transfers/info',
    access: ['agent'],
    response: agentTransferInfoSchema,
    handler: ({ principal }) => cashier.agentTransferInfo(member(principal)),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/agent/transfers/upline',
    access: ['agent'],
    sealed: true,
    body: uplineTransferBodySchema,
    response: agentTransferSchema,
    status: 201,
    // The body's requestId already makes a retry safe; the key, when sent, replays the answer.
    idempotency: 'optional',
    handler: ({ body, principal, recordAnswer }) =>
      cashier.agentTransfer(member(principal), body, recordAnswer),
  });

  addRoute(app, {
    method: 'POST',
    url: '/wps/agent/transfers/downline',
    access: ['agent'],
    sealed: true,
    body: downlineTransferBodySchema,
    response: agentTransferSchema,
    status: 201,
    // The body's requestId already makes a retry safe; the key, when sent, replays the answer.
    idempotency: 'optional',
    handler: ({ body, principal, recordAnswer }) =>
      cashier.agentTransfer(member(principal), body, recordAnswer),
  });

  registerCashierOpsRoutes(app, cashier);

  if (options.production) return;
  registerSandboxGateway(app, cashier, options.sandboxSecret);
}
