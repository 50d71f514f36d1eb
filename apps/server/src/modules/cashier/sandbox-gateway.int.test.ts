import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uploadImages, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function memberSession(id: string) {
  const token = await t.login('member', id);
  const auth = { authorization: `Bearer ${token}` };
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const balance = async () =>
    (await call('GET', '/wps/v2/wallets/balance')).json().value.sumBalance as string;
  const deposit = async (id: string) =>
    (
      (await call('GET', '/wps/cashier/deposits')).json().value as { id: string; status: string }[]
    ).find((d) => d.id === id)!;
  return { auth, call, balance, deposit };
}

describe('the sandbox gateway', () => {
  it('serves its pay page and script to this machine', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/sandbox/gateway/pay/6f1c2f0e-8d7e-4d0a-9a55-2b0b5c1f4e10',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay now');
    expect(page.body).toContain('<script src="/sandbox/gateway/pay.js" defer>');
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/gateway/pay.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('"taya.token"');
  });

  it('pays nobody’s deposit without a session', async () => {
    const m = await memberSession('sandbox-pay-owner-1');
    const order = (
      await m.call('POST', '/wps/cashier/deposits', { channelCode: 'SANDBOXPAY', amount: '300' })
    ).json().value as { id: string; payUrl: string };
    // Neither as the page's old form post nor as a JSON call.
    const form = await t.app.inject({
      method: 'POST',
      url: order.payUrl,
      payload: 'result=paid',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: order.payUrl,
      payload: { result: 'paid' },
    });
    expect(json.statusCode).toBe(401);
    expect(json.json()).toMatchObject({ success: false });
    expect((await m.deposit(order.id)).status).toBe('pending');
    expect(await m.balance()).toBe('0.00');
  });

  it('refuses another member’s session, and pays the owner’s', async () => {
    const owner = await memberSession('sandbox-pay-owner-2');
    const other = await memberSession('sandbox-pay-other-2');
    const order = (
      await owner.call('POST', '/wps/cashier/deposits', {
        channelCode: 'SANDBOXPAY',
        amount: '300',
      })
    ).json().value as { id: string; payUrl: string };
    const stranger = await other.call('POST', order.payUrl, { result: 'paid' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ success: false, errorCode: 'forbidden' });
    expect((await owner.deposit(order.id)).status).toBe('pending');
    expect(await owner.balance()).toBe('0.00');
    expect(await other.balance()).toBe('0.00');

    // The owner fails it first (nothing moves), then pays.
    const failed = await owner.call('POST', order.payUrl, { result: 'failed' });
    expect(failed.json().value.redirect).toBe(`/member?tab=depositv2&deposit=${order.id}&paid=0`);
    expect((await owner.deposit(order.id)).status).toBe('pending');
    const paid = await owner.call('POST', order.payUrl, { result: 'paid' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().value.redirect).toBe(`/member?tab=depositv2&deposit=${order.id}&paid=1`);
    expect((await owner.deposit(order.id)).status).toBe('credited');
    expect(await owner.balance()).toBe('300.00');
  });

  it('never credits a bank transfer: it stays pending for an operator’s review', async () => {
    const m = await memberSession('sandbox-pay-bank');
    const receipts = await uploadImages(t.app, m.auth, 1);
    const order = (
      await m.call('POST', '/wps/cashier/deposits', {
        channelCode: 'BANK',
        amount: '1000',
        receiptIds: receipts,
      })
    ).json().value as { id: string };
    const url = `/sandbox/gateway/pay/${order.id}`;
    const anonymous = await t.app.inject({ method: 'POST', url, payload: { result: 'paid' } });
    expect(anonymous.statusCode).toBe(401);
    const own = await m.call('POST', url, { result: 'paid' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ success: false, errorCode: 'conflict' });
    expect((await m.deposit(order.id)).status).toBe('pending');
    expect(await m.balance()).toBe('0.00');
    const op = await t.login('operator', 'operator-sandbox');
    const queue = await t.app.inject({
      method: 'GET',
      url: '/ops/cashier/deposits?merchantCode=TYPH&status=pending',
      headers: { authorization: `Bearer ${op}` },
    });
    expect((queue.json().value.list as { id: string }[]).map((d) => d.id)).toContain(order.id);
  });

  it('answers an unknown deposit with 404', async () => {
    const m = await memberSession('sandbox-pay-unknown');
    const res = await m.call('POST', '/sandbox/gateway/pay/6f1c2f0e-8d7e-4d0a-9a55-2b0b5c1f4e10', {
      result: 'paid',
    });
    expect(res.statusCode).toBe(404);
  });
});
