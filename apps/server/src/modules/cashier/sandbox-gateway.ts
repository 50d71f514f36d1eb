import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { addRoute } from '../../platform/http';
import { signCallback, type CashierService } from './service';

/**
 * Where the web app keeps the player's session token (apps/web/src/lib/session.ts): the pay page
 * is on the same origin, so its script reads it there and pays as that player.
 */
const webSessionTokenKey = 'taya.token';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const payPath = (orderId: string) => `/sandbox/gateway/pay/${orderId}`;

function payPage(orderId: string): string {
  const ok = /^[0-9a-f-]{36}$/.test(orderId);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payment</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1b2233}
.card{border:1px solid #d9cfb8;border-radius:12px;padding:1.5rem;background:#fffdf8}button{font:inherit;padding:.7rem 1.4rem;border-radius:999px;border:0;background:#d4a52a;font-weight:700;cursor:pointer}
.note{color:#5b6170;font-size:.9rem}.problem{color:#a3261b}</style><script src="/sandbox/gateway/pay.js" defer></script></head><body><div class="card"><h1>Sandbox payment</h1>
<p class="note">This is Taya's offline test gateway. No real money moves. Only the member who made the deposit, logged in in this browser tab, can pay it.</p>
${ok ? `<p>Order <code>${escapeHtml(orderId)}</code></p><form method="post" action="${payPath(escapeHtml(orderId))}" data-sandbox-pay><button type="submit" name="result" value="paid">Pay now</button> <button type="submit" name="result" value="failed" style="background:#e8e1d2">Fail</button></form><p class="problem" role="alert" data-pay-problem></p>` : '<p>Unknown order.</p>'}
</div></body></html>`;
}

/** The pay page's script: pays with the player's own session, then follows the way back. */
const payScript = `(() => {
  const form = document.querySelector('form[data-sandbox-pay]');
  const problem = document.querySelector('[data-pay-problem]');
  if (!form || !problem) return;
  const buttons = () => form.querySelectorAll('button');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const result = event.submitter && event.submitter.value === 'failed' ? 'failed' : 'paid';
    let token = null;
    try { token = window.sessionStorage.getItem(${JSON.stringify(webSessionTokenKey)}); } catch {}
    if (!token) {
      problem.textContent = 'Log in as the member who made this deposit, then open this page from the deposit again.';
      return;
    }
    for (const b of buttons()) b.disabled = true;
    problem.textContent = '';
    try {
      const res = await fetch(form.getAttribute('action'), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },
        body: JSON.stringify({ result }),
      });
      const body = await res.json().catch(() => null);
      if (res.ok && body && body.success && typeof body.value.redirect === 'string' && body.value.redirect.startsWith('/')) {
        window.location.assign(body.value.redirect);
        return;
      }
      problem.textContent = (body && body.message) || 'The payment did not go through.';
    } catch {
      problem.textContent = 'The payment did not go through.';
    }
    for (const b of buttons()) b.disabled = false;
  });
})();
`;

/**
 * The sandbox gateway: an offline stand-in for a payment provider, registered outside production
 * only (and answering only this machine unless SANDBOX_PUBLIC; see platform/sandbox-gate.ts). Its
 * pay page pays with the session of the member who made the deposit and then calls back exactly as
 * a real gateway would: a signed POST to the callback URL. It pays only orders on a sandbox online
 * channel; a bank transfer stays pending for an operator's review.
 */
export function registerSandboxGateway(
  app: FastifyInstance,
  cashier: CashierService,
  sandboxSecret: string,
): void {
  app.get('/sandbox/gateway/pay.js', { config: { access: 'public' } }, async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(payScript),
  );

  app.get('/sandbox/gateway/pay/:orderId', { config: { access: 'public' } }, async (req, reply) => {
    const { orderId } = req.params as { orderId: string };
    return reply.type('text/html; charset=utf-8').send(payPage(orderId));
  });

  addRoute(app, {
    method: 'POST',
    url: '/sandbox/gateway/pay/:orderId',
    access: ['member', 'agent'],
    params: z.strictObject({ orderId: z.uuid() }),
    body: z.strictObject({ result: z.enum(['paid', 'failed']) }),
    response: z.object({ redirect: z.string() }),
    handler: async ({ params, body, principal }) => {
      const { orderId } = params;
      const order = await cashier.orderForGateway(orderId);
      if (!order) throw new AppError('not_found', 'No such deposit');
      if (order.accountId !== principal!.subjectId) {
        throw new AppError('forbidden', 'Only the member who made this deposit can pay it');
      }
      if (order.gateway !== 'sandbox') {
        throw new AppError(
          'conflict',
          'Only an online sandbox deposit is paid here; a bank transfer waits for review',
        );
      }
      const fields = {
        orderId,
        gatewayRef: `SBX-${Date.now().toString(36)}`,
        amount: order.amount,
        status: body.result,
        ts: Date.now(),
      };
      const callback = await app.inject({
        method: 'POST',
        url: '/wps/cashier/callbacks/sandbox',
        payload: { ...fields, signature: signCallback(sandboxSecret, fields) },
      });
      const credited = callback.statusCode === 200 && body.result === 'paid';
      return { redirect: `/member?tab=depositv2&deposit=${orderId}&paid=${credited ? 1 : 0}` };
    },
  });
}
