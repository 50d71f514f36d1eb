import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sealRequest } from '@taya/contracts';
import { createTestApp, fund, injectSealed, loginDemo, type TestContext } from '../../test/harness';

// A client retry of a money command (its answer lost) must not move the money twice: the
// `Idempotency-Key` header makes the repeat get the first answer.

let t: TestContext;
let member: Awaited<ReturnType<typeof loginDemo>>;
let payoutId: string;

beforeAll(async () => {
  t = await createTestApp();
  member = await loginDemo(t.app, 'demo_member');
  await fund(t.app, member.id, 10_000_00n, 'idempotency-member');
  payoutId = (
    await member.call('POST', '/wps/cashier/payout-accounts', {
      kind: 'bank',
      provider: 'BPI',
      accountName: 'Demo Member',
      accountNumber: '1234 5678 90',
    })
  ).json().value.id;
});
afterAll(() => t.close());

const withdrawalsPath = '/wps/cashier/withdrawals';
const withdraw = (key: string, amount: string) =>
  injectSealed(t.app, {
    method: 'POST',
    url: withdrawalsPath,
    headers: { ...member.auth, 'idempotency-key': key },
    payload: { payoutAccountId: payoutId, amount, paymentPassword: '246810' },
  });

/** A withdrawal without the header (injectSealed gives every call a fresh key, as the web does). */
async function withdrawWithoutKey(amount: string) {
  const payload = { payoutAccountId: payoutId, amount, paymentPassword: '246810' };
  const sealed = await sealRequest(
    t.app.services.sealed.publicKey(),
    'POST',
    withdrawalsPath,
    payload,
  );
  return t.app.inject({
    method: 'POST',
    url: withdrawalsPath,
    payload: sealed.body,
    headers: { ...member.auth, encryption: sealed.header },
  });
}

async function state() {
  const withdrawals = (await member.call('GET', '/wps/cashier/withdrawals')).json().value;
  const balance = (await member.call('GET', '/wps/v2/wallets/balance')).json().value.sumBalance;
  const { rows } = (await t.database.db.execute(
    sql`select count(*)::int as n from ledger_entries where type = 'withdrawal_hold'`,
  )) as { rows: { n: number }[] };
  return { withdrawals: withdrawals.length as number, balance, holds: rows[0]!.n };
}

describe('withdrawal idempotency keys', () => {
  it('answers a repeat with the first answer, and moves the money once', async () => {
    const before = await state();
    const first = await withdraw('retry-key-0001', '100.00');
    expect(first.statusCode).toBe(201);
    const again = await withdraw('retry-key-0001', '100.00');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const after = await state();
    expect(after.withdrawals).toBe(before.withdrawals + 1);
    expect(after.holds).toBe(before.holds + 1);
    expect(Number(after.balance)).toBe(Number(before.balance) - 100);
  });

  it('refuses the same key with another request, and moves nothing', async () => {
    const before = await state();
    const other = await withdraw('retry-key-0001', '200.00');
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('idempotency_conflict');
    expect(await state()).toEqual(before);
  });

  it('makes one withdrawal of five concurrent duplicates', async () => {
    const before = await state();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => withdraw('concurrent-key-1', '150.00')),
    );
    const ok = answers.filter((a) => a.statusCode === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) {
      if (a.statusCode !== 201) expect(a.statusCode).toBe(409);
      else expect(a.json()).toEqual(ok[0]!.json());
    }
    const after = await state();
    expect(after.withdrawals).toBe(before.withdrawals + 1);
    expect(after.holds).toBe(before.holds + 1);
    expect(Number(after.balance)).toBe(Number(before.balance) - 150);
  });

  it('keeps the keys of different members apart', async () => {
    const agent = await loginDemo(t.app, 'demo_agent');
    const answer = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/cashier/withdrawals',
      headers: { ...agent.auth, 'idempotency-key': 'retry-key-0001' },
      payload: { payoutAccountId: payoutId, amount: '100.00', paymentPassword: '246810' },
    });
    // Judged on its own (the payout account is not the agent's), not as the member's repeat.
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields[0].path).toBe('payoutAccountId');
  });

  it('requires the key, and refuses a malformed one', async () => {
    const before = await state();
    const missing = await withdrawWithoutKey('100.00');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errorCode: 'request_param_err' });
    expect(missing.json().message).toContain('Idempotency-Key');
    const malformed = await withdraw('short', '100.00');
    expect(malformed.statusCode).toBe(400);
    expect(await state()).toEqual(before);
  });
});

describe('deposit order idempotency keys', () => {
  it('creates one order for a repeated key, and still takes a call without one', async () => {
    const channels = (await member.call('GET', '/wps/cashier/channels')).json().value;
    const online = channels.find((c: { kind: string }) => c.kind === 'online');
    const order = (key?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/cashier/deposits',
        headers: key ? { ...member.auth, 'idempotency-key': key } : member.auth,
        payload: { channelCode: online.code, amount: '300' },
      });
    const count = async () =>
      (await member.call('GET', '/wps/cashier/deposits')).json().value.length as number;
    const before = await count();
    const first = await order('deposit-key-0001');
    const again = await order('deposit-key-0001');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);
    expect((await order()).statusCode).toBe(201);
    expect(await count()).toBe(before + 2);
  });
});
