import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, injectSealed, uploadImages, type TestContext } from '../../test/harness';
import { cashierSettings } from './schema';

let t: TestContext;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await t.login('operator', 'operator-cashier');
});
afterAll(() => t.close());

async function memberSession(id: string) {
  const token = await t.login('member', id);
  const auth = { authorization: `Bearer ${token}` };
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const balance = async () =>
    (await call('GET', '/wps/v2/wallets/balance')).json().value.sumBalance as string;
  return { token, auth, call, balance };
}

async function payOnline(m: Awaited<ReturnType<typeof memberSession>>, amount: string) {
  const order = (
    await m.call('POST', '/wps/cashier/deposits', { channelCode: 'SANDBOXPAY', amount })
  ).json().value;
  const page = await t.app.inject({ method: 'GET', url: order.payUrl });
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.body).toContain('Pay now');
  // The page's script pays with the depositing member's own session.
  const paid = await m.call('POST', order.payUrl, { result: 'paid' });
  expect(paid.statusCode).toBe(200);
  expect(paid.json().value.redirect).toBe(`/member?tab=depositv2&deposit=${order.id}&paid=1`);
  return order as { id: string; payUrl: string };
}

describe('deposits', () => {
  it('lists the merchant’s channels with limits as decimals', async () => {
    const m = await memberSession('cashier-m0');
    const channels = (await m.call('GET', '/wps/cashier/channels')).json().value;
    expect(channels.map((c: { code: string }) => c.code)).toEqual(['BANK', 'SANDBOXPAY']);
    expect(channels[0]).toMatchObject({
      kind: 'bank_transfer',
      minAmount: '100.00',
      maxAmount: '50000.00',
    });
    expect(channels[0].receiving.bank).toBe('BDO Unibank');
  });

  it('tells anyone the enabled channels by name only, for the merchant asked', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/wps/cashier/channels/public',
      headers: { merchant: 'TYPH' },
    });
    expect(answer.statusCode).toBe(200);
    const channels = answer.json().value as Record<string, unknown>[];
    expect(channels.map((c) => c.code)).toEqual(['BANK', 'SANDBOXPAY']);
    expect(channels[0]).toEqual({ code: 'BANK', kind: 'bank_transfer', name: 'Bank transfer' });
    // No receiving account or limits for a visitor.
    expect(JSON.stringify(channels)).not.toContain('BDO');
  });

  it('credits an online deposit once, through the sandbox pay page and its signed callback', async () => {
    const m = await memberSession('cashier-m1');
    const order = await payOnline(m, '250.50');
    expect(await m.balance()).toBe('250.50');
    const deposits = (await m.call('GET', '/wps/cashier/deposits')).json().value;
    expect(deposits[0]).toMatchObject({
      id: order.id,
      status: 'credited',
      amount: '250.50',
      payUrl: null,
    });
    // The gateway calls back again, and many times at once: nothing more moves.
    const again = await m.call('POST', order.payUrl, { result: 'paid' });
    expect(again.statusCode).toBe(200);
    await Promise.all(
      Array.from({ length: 10 }, () => m.call('POST', order.payUrl, { result: 'paid' })),
    );
    expect(await m.balance()).toBe('250.50');
  });

  it('refuses a spoofed callback and moves nothing', async () => {
    const m = await memberSession('cashier-m2');
    const order = (
      await m.call('POST', '/wps/cashier/deposits', { channelCode: 'SANDBOXPAY', amount: '100' })
    ).json().value;
    const spoof = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/callbacks/sandbox',
      payload: {
        orderId: order.id,
        gatewayRef: 'X1',
        amount: '100.00',
        status: 'paid',
        ts: Date.now(),
        signature: 'a'.repeat(64),
      },
    });
    expect(spoof.statusCode).toBe(403);
    const unknownGateway = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/callbacks/other',
      payload: {
        orderId: order.id,
        gatewayRef: 'X1',
        amount: '100.00',
        status: 'paid',
        ts: Date.now(),
        signature: 'a'.repeat(64),
      },
    });
    expect(unknownGateway.statusCode).toBe(404);
    expect(await m.balance()).toBe('0.00');
  });

  it('credits a bank transfer when an operator approves it, and never a rejected one', async () => {
    const m = await memberSession('cashier-m3');
    // A bank transfer needs its receipt; an online payment takes none.
    const noReceipt = await m.call('POST', '/wps/cashier/deposits', {
      channelCode: 'BANK',
      amount: '1000',
    });
    expect(noReceipt.statusCode).toBe(400);
    expect(noReceipt.json().fields[0].path).toBe('receiptIds');
    const receipts = await uploadImages(t.app, m.auth, 2);
    const onlineWithReceipt = await m.call('POST', '/wps/cashier/deposits', {
      channelCode: 'SANDBOXPAY',
      amount: '1000',
      receiptIds: receipts,
    });
    expect(onlineWithReceipt.json().fields[0].path).toBe('receiptIds');
    const order = (
      await m.call('POST', '/wps/cashier/deposits', {
        channelCode: 'BANK',
        amount: '1000',
        receiptIds: receipts,
      })
    ).json().value;
    expect(order).toMatchObject({ status: 'pending', payUrl: null, receiptIds: receipts });
    // A receipt belongs to one deposit, and only its owner can attach it.
    const reused = await m.call('POST', '/wps/cashier/deposits', {
      channelCode: 'BANK',
      amount: '500',
      receiptIds: [receipts[0]],
    });
    expect(reused.json().fields[0].path).toBe('receiptIds');
    const stranger = await memberSession('cashier-m3-stranger');
    const foreign = await stranger.call('POST', '/wps/cashier/deposits', {
      channelCode: 'BANK',
      amount: '500',
      receiptIds: await uploadImages(t.app, m.auth, 1),
    });
    expect(foreign.statusCode).toBe(400);
    expect((await stranger.call('GET', '/wps/cashier/deposits')).json().value).toEqual([]);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/ops/cashier/deposits?merchantCode=TYPH',
      headers: { authorization: op },
    });
    expect(queue.json().value.list.some((o: { id: string }) => o.id === order.id)).toBe(true);
    const approve = await t.app.inject({
      method: 'POST',
      url: `/ops/cashier/deposits/${order.id}/approve`,
      headers: { authorization: op },
      payload: {},
    });
    expect(approve.statusCode).toBe(200);
    expect(await m.balance()).toBe('1000.00');
    const twice = await t.app.inject({
      method: 'POST',
      url: `/ops/cashier/deposits/${order.id}/approve`,
      headers: { authorization: op },
      payload: {},
    });
    expect(twice.statusCode).toBe(200);
    expect(await m.balance()).toBe('1000.00');
    const other = (
      await m.call('POST', '/wps/cashier/deposits', {
        channelCode: 'BANK',
        amount: '500',
        receiptIds: await uploadImages(t.app, m.auth, 1),
      })
    ).json().value;
    await t.app.inject({
      method: 'POST',
      url: `/ops/cashier/deposits/${other.id}/reject`,
      headers: { authorization: op },
      payload: { note: 'no transfer found' },
    });
    const late = await t.app.inject({
      method: 'POST',
      url: `/ops/cashier/deposits/${other.id}/approve`,
      headers: { authorization: op },
      payload: {},
    });
    expect(late.statusCode).toBe(409);
    expect(await m.balance()).toBe('1000.00');
    const memberTriesOps = await m.call('POST', `/ops/cashier/deposits/${other.id}/approve`, {});
    expect(memberTriesOps.statusCode).toBe(403);
  });

  it('refuses bad amounts with a clear 400 and creates nothing', async () => {
    const m = await memberSession('cashier-m4');
    for (const amount of [
      '-5',
      '10.001',
      '1e5',
      '99999999999999999',
      '0',
      '49.99',
      '100000.01',
      'ten',
    ]) {
      const res = await m.call('POST', '/wps/cashier/deposits', {
        channelCode: 'SANDBOXPAY',
        amount,
      });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().fields[0].path).toBe('amount');
    }
    expect(
      (await m.call('POST', '/wps/cashier/deposits', { channelCode: 'NOPE', amount: '100' }))
        .statusCode,
    ).toBe(400);
    expect((await m.call('GET', '/wps/cashier/deposits')).json().value).toEqual([]);
  });
});

describe('withdrawals', () => {
  it('holds, waits for turnover, pays on approval, and records the member’s confirmation', async () => {
    const { db } = t.database;
    const { cashier } = t.app.services;
    // A real member (with a payment password) from the demo seed.
    const login = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demo_member', password: 'Demo#2026' },
    });
    const token = login.json().value.token as string;
    const accountId = login.json().value.id as string;
    const auth = { authorization: `Bearer ${token}` };
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    const withdraw = (payload: object) =>
      injectSealed(t.app, {
        method: 'POST',
        url: '/wps/cashier/withdrawals',
        headers: auth,
        payload,
      });
    const balance = async () =>
      (await call('GET', '/wps/v2/wallets/balance')).json().value.sumBalance;

    await payOnline({ token, auth, call, balance }, '1000');
    const payout = (
      await call('POST', '/wps/cashier/payout-accounts', {
        kind: 'ewallet',
        provider: 'GCash',
        accountName: 'Demo Member',
        accountNumber: '0917 000 0002',
      })
    ).json().value;
    expect(payout.accountNumber).toBe('****0002');

    const info = (await call('GET', '/wps/cashier/withdraw-info')).json().value;
    expect(info).toMatchObject({
      turnoverRemaining: '1000.00',
      balance: '1000.00',
      // VIP 0's three a day is stricter than the merchant's five.
      dailyCount: 3,
      usedToday: 0,
      dailyAmount: '50000.00',
      usedAmountToday: '0.00',
    });
    const blocked = await withdraw({
      payoutAccountId: payout.id,
      amount: '300',
      paymentPassword: '246810',
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().value).toEqual({ turnoverRemaining: '1000.00' });

    await cashier.recordTurnover(accountId, 1000_00n);
    const wrongPw = await withdraw({
      payoutAccountId: payout.id,
      amount: '300',
      paymentPassword: '000000',
    });
    expect(wrongPw.json().fields[0].path).toBe('paymentPassword');
    const tooMuch = await withdraw({
      payoutAccountId: payout.id,
      amount: '5000',
      paymentPassword: '246810',
    });
    expect(tooMuch.json().errorCode).toBe('insufficient_funds');
    const ok = await withdraw({
      payoutAccountId: payout.id,
      amount: '300',
      paymentPassword: '246810',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().value).toMatchObject({
      status: 'pending',
      amount: '300.00',
      confirmation: null,
    });
    expect(await balance()).toBe('700.00');

    const approved = await t.app.inject({
      method: 'POST',
      url: `/ops/cashier/withdrawals/${ok.json().value.id}/approve`,
      headers: { authorization: op },
      payload: {},
    });
    expect(approved.json().value).toMatchObject({ status: 'approved', confirmation: 'awaiting' });
    expect(await balance()).toBe('700.00');
    const partialTooBig = await call(
      'POST',
      `/wps/cashier/withdrawals/${ok.json().value.id}/confirm`,
      { result: 'partial', receivedAmount: '300' },
    );
    expect(partialTooBig.statusCode).toBe(400);
    const confirmed = await call('POST', `/wps/cashier/withdrawals/${ok.json().value.id}/confirm`, {
      result: 'partial',
      receivedAmount: '250.00',
    });
    expect(confirmed.json().value).toMatchObject({
      confirmation: 'partial',
      receivedAmount: '250.00',
      outstanding: '50.00',
    });
    // The missing 50 waits in the operator's dispute queue until settled.
    const disputed = await t.app.inject({
      method: 'GET',
      url: '/ops/cashier/withdrawals?merchantCode=TYPH&status=disputed',
      headers: { authorization: op },
    });
    expect(disputed.json().value.list.map((w: { id: string }) => w.id)).toEqual([
      ok.json().value.id,
    ]);

    const second = await withdraw({
      payoutAccountId: payout.id,
      amount: '200',
      paymentPassword: '246810',
    });
    await t.app.inject({
      method: 'POST',
      url: `/ops/cashier/withdrawals/${second.json().value.id}/reject`,
      headers: { authorization: op },
      payload: { note: 'payout account closed' },
    });
    expect(await balance()).toBe('700.00');

    // An operator finds the missing 50 was never sent and returns it.
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/ops/cashier/withdrawals/${ok.json().value.id}/resolve`,
      headers: { authorization: op },
      payload: { outcome: 'returned' },
    });
    expect(resolved.json().value).toMatchObject({ resolution: 'returned' });
    expect(resolved.json().value.outstanding).toBe('0.00');
    const again = await t.app.inject({
      method: 'POST',
      url: `/ops/cashier/withdrawals/${ok.json().value.id}/resolve`,
      headers: { authorization: op },
      payload: { outcome: 'paid' },
    });
    expect(again.statusCode).toBe(409);
    expect(await balance()).toBe('750.00');

    // The account record shows every movement of every wallet, newest first, and filters by type.
    const record = (await call('GET', '/wps/member/transactions?size=10')).json().value;
    expect(
      record.list.map(
        (r: { type: string; amount: string; wallet: string; balanceAfter: string }) => [
          r.type,
          r.wallet,
          r.amount,
          r.balanceAfter,
        ],
      ),
    ).toEqual([
      ['withdrawal_return', 'main', '50.00', '750.00'],
      ['withdrawal_return', 'main', '200.00', '700.00'],
      ['withdrawal_hold', 'main', '-200.00', '500.00'],
      ['withdrawal_received', 'withdrawal_sent', '-250.00', '50.00'],
      ['withdrawal', 'withdrawal_hold', '-300.00', '0.00'],
      ['withdrawal_hold', 'main', '-300.00', '700.00'],
      ['deposit', 'main', '1000.00', '1000.00'],
    ]);
    const holds = (await call('GET', '/wps/member/transactions?type=withdrawal_hold')).json().value;
    expect(holds.list).toHaveLength(2);
    await db
      .update(cashierSettings)
      .set({ withdrawDailyCount: 2 })
      .where(eq(cashierSettings.merchantCode, 'TYPH'));
    const third = await withdraw({
      payoutAccountId: payout.id,
      amount: '100',
      paymentPassword: '246810',
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toContain('2 withdrawals a day');
    expect(await balance()).toBe('750.00');
    await db
      .update(cashierSettings)
      .set({ withdrawDailyCount: 5 })
      .where(eq(cashierSettings.merchantCode, 'TYPH'));
  });

  it('never lets one member use another’s payout account or withdrawal', async () => {
    const a = await memberSession('cashier-a');
    const b = await memberSession('cashier-b');
    const payout = (
      await a.call('POST', '/wps/cashier/payout-accounts', {
        kind: 'bank',
        provider: 'BDO',
        accountName: 'Ana Cruz',
        accountNumber: '123456789',
      })
    ).json().value;
    const res = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/cashier/withdrawals',
      headers: b.auth,
      payload: { payoutAccountId: payout.id, amount: '100', paymentPassword: '246810' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('payoutAccountId');
    expect((await b.call('GET', '/wps/cashier/payout-accounts')).json().value).toEqual([]);
    const confirm = await b.call(
      'POST',
      '/wps/cashier/withdrawals/00000000-0000-4000-8000-000000000000/confirm',
      { result: 'received' },
    );
    expect(confirm.statusCode).toBe(404);
  });
});

describe('payment password guesses', () => {
  it('lock the payment password after 6 wrong tries, even the right one then', async () => {
    const login = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demo_agent', password: 'Demo#2026' },
    });
    const auth = { authorization: `Bearer ${login.json().value.token}` };
    const payout = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/cashier/payout-accounts',
        headers: auth,
        payload: {
          kind: 'bank',
          provider: 'BDO',
          accountName: 'Demo Agent',
          accountNumber: '11112222',
        },
      })
    ).json().value;
    const attempt = (paymentPassword: string) =>
      injectSealed(t.app, {
        method: 'POST',
        url: '/wps/cashier/withdrawals',
        headers: auth,
        payload: { payoutAccountId: payout.id, amount: '100', paymentPassword },
      });
    for (let i = 0; i < 6; i++) {
      const wrong = await attempt(`00000${i}`);
      expect(wrong.json().fields[0].path).toBe('paymentPassword');
    }
    const locked = await attempt('246810');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().errorCode).toBe('account_locked');
  });
});
