import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  agentTransferInfoSchema,
  agentTransferSchema,
  confirmWithdrawalBodySchema,
  downlineTransferBodySchema,
  resolveWithdrawalBodySchema,
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
import { signCallback, type CashierService } from './service';

const member = (p: Principal | null) => ({
  accountId: p!.subjectId,
  merchantCode: p!.merchantCode,
});
const idParams = z.strictObject({ id: z.uuid() });
const players = ['member', 'agent'] as const;
const merchantQuery = z.strictObject({ merchantCode: z.string().min(1).max(32) });

const callbackBody = z.strictObject({
  orderId: z.uuid(),
  gatewayRef: z.string().min(1).max(100),
  amount: z.string().regex(/^\d{1,15}(\.\d{1,2})?$/),
  status: z.enum(['paid', 'failed']),
  ts: z.number().int(),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

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

  // Operator calls (the console screens come later).

  addRoute(app, {
    method: 'GET',
    url: '/ops/cashier/deposits',
    access: ['operator'],
    query: merchantQuery.extend({
      status: z.enum(['pending', 'credited', 'rejected']).default('pending'),
    }),
    response: z.array(depositOrderSchema.extend({ accountId: z.string() })),
    handler: ({ query }) => cashier.depositsByStatus(query.merchantCode, query.status),
  });

  for (const decision of ['approve', 'reject'] as const) {
    addRoute(app, {
      method: 'POST',
      url: `/ops/cashier/deposits/:id/${decision}`,
      access: ['operator'],
      params: idParams,
      body: z.strictObject({ note: z.string().max(500).optional() }),
      response: z.object({ done: z.literal(true) }),
      handler: async ({ params, body, principal }) => {
        if (decision === 'approve')
          await cashier.creditDeposit(params.id, principal!.subjectId, null);
        else await cashier.rejectDeposit(params.id, principal!.subjectId, body.note ?? null);
        return { done: true as const };
      },
    });
    addRoute(app, {
      method: 'POST',
      url: `/ops/cashier/withdrawals/:id/${decision}`,
      access: ['operator'],
      params: idParams,
      body: z.strictObject({ note: z.string().max(500).optional() }),
      response: withdrawalSchema,
      handler: ({ params, principal }) =>
        cashier.decideWithdrawal(params.id, principal!.subjectId, decision === 'approve'),
    });
  }

  addRoute(app, {
    method: 'POST',
    url: '/ops/cashier/withdrawals/:id/resolve',
    access: ['operator'],
    params: idParams,
    body: resolveWithdrawalBodySchema,
    response: withdrawalSchema,
    handler: ({ params, body, principal }) =>
      cashier.resolveWithdrawal(params.id, principal!.subjectId, body.outcome),
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

  addRoute(app, {
    method: 'GET',
    url: '/ops/cashier/withdrawals',
    access: ['operator'],
    query: merchantQuery.extend({
      status: z.enum(['pending', 'approved', 'rejected', 'disputed']).default('pending'),
    }),
    response: z.array(withdrawalSchema.extend({ accountId: z.string() })),
    handler: ({ query }) => cashier.withdrawalsByStatus(query.merchantCode, query.status),
  });

  if (options.production) return;

  // The sandbox gateway: an offline stand-in for a payment provider. Its pay page, when paid,
  // calls back exactly as a real gateway would: a signed POST to the callback URL.
  app.get('/sandbox/gateway/pay/:orderId', { config: { access: 'public' } }, async (req, reply) => {
    const { orderId } = req.params as { orderId: string };
    const ok = /^[0-9a-f-]{36}$/.test(orderId);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payment</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b2233}
.card{border:1px solid #d9cfb8;border-radius:12px;padding:1.5rem;background:#fffdf8}button{font:inherit;padding:.7rem 1.4rem;border-radius:999px;border:0;background:#d4a52a;font-weight:700;cursor:pointer}
.note{color:#5b6170;font-size:.9rem}</style></head><body><div class="card"><h1>Sandbox payment</h1>
<p class="note">This is Taya's offline test gateway. No real money moves.</p>
${ok ? `<p>Order <code>${escapeHtml(orderId)}</code></p><form method="post"><button type="submit" name="result" value="paid">Pay now</button> <button type="submit" name="result" value="failed" style="background:#e8e1d2">Fail</button></form>` : '<p>Unknown order.</p>'}
</div></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.post(
    '/sandbox/gateway/pay/:orderId',
    { config: { access: 'public' } },
    async (req, reply) => {
      const { orderId } = req.params as { orderId: string };
      const result =
        (req.body as { result?: string } | undefined)?.result === 'failed' ? 'failed' : 'paid';
      const order = await cashier.orderForGateway(orderId);
      if (!order) return reply.code(404).type('text/html').send('<p>Unknown order.</p>');
      const fields = {
        orderId,
        gatewayRef: `SBX-${Date.now().toString(36)}`,
        amount: order.amount,
        status: result,
        ts: Date.now(),
      };
      const callback = await app.inject({
        method: 'POST',
        url: '/wps/cashier/callbacks/sandbox',
        payload: { ...fields, signature: signCallback(options.sandboxSecret, fields) },
      });
      const credited = callback.statusCode === 200;
      return reply.redirect(
        `/member?tab=depositv2&deposit=${orderId}&paid=${credited && result === 'paid' ? 1 : 0}`,
      );
    },
  );
}
