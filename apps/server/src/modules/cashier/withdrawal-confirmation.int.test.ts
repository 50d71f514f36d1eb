import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, fund, loginDemo, uploadImages, type TestContext } from '../../test/harness';

let t: TestContext;
let op: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  op = { authorization: `Bearer ${await t.login('operator', 'op-confirm')}` };
});
afterAll(() => t.close());

async function approvedWithdrawal(amount: string) {
  const member = await loginDemo(t.app, 'demo_member');
  const payouts = (await member.call('GET', '/wps/cashier/payout-accounts')).json().value;
  const payout =
    payouts[0] ??
    (
      await member.call('POST', '/wps/cashier/payout-accounts', {
        kind: 'bank',
        provider: 'BPI',
        accountName: 'Demo Member',
        accountNumber: '4444 5555 66',
      })
    ).json().value;
  const requested = await member.sealed('/wps/cashier/withdrawals', {
    payoutAccountId: payout.id,
    amount,
    paymentPassword: '246810',
  });
  expect(requested.statusCode).toBe(201);
  const id = requested.json().value.id as string;
  const approved = await t.app.inject({
    method: 'POST',
    url: `/ops/cashier/withdrawals/${id}/approve`,
    headers: op,
    payload: {},
  });
  expect(approved.json().value.outstanding).toBe(amount);
  return { member, id };
}

describe('withdrawal confirmation', () => {
  beforeAll(async () => {
    const member = await loginDemo(t.app, 'demo_member');
    await fund(t.app, member.id, 10_000_00n, 'confirm-member');
  });

  it('needs proof images for "not received", and leaves the money in transit for an operator', async () => {
    const { member, id } = await approvedWithdrawal('400.00');
    const withoutProof = await member.call('POST', `/wps/cashier/withdrawals/${id}/confirm`, {
      result: 'not_received',
      proofIds: [],
    });
    expect(withoutProof.statusCode).toBe(400);
    const proofs = await uploadImages(t.app, member.auth, 3);
    const reported = await member.call('POST', `/wps/cashier/withdrawals/${id}/confirm`, {
      result: 'not_received',
      proofIds: proofs,
    });
    expect(reported.json().value).toMatchObject({
      confirmation: 'not_received',
      receivedAmount: '0.00',
      outstanding: '400.00',
      proofIds: proofs,
    });
    const consolidated = (await member.call('GET', '/wps/member/info/funds/consolidated')).json()
      .value;
    expect(consolidated.inProcess).toBe('400.00');
    // Settled as paid: the gateway's statement shows it arrived after all.
    const paid = await t.app.inject({
      method: 'POST',
      url: `/ops/cashier/withdrawals/${id}/resolve`,
      headers: op,
      payload: { outcome: 'paid' },
    });
    expect(paid.json().value).toMatchObject({ resolution: 'paid', outstanding: '0.00' });
    const after = (await member.call('GET', '/wps/member/info/funds/consolidated')).json().value;
    expect(after.inProcess).toBe('0.00');
    // A second answer from the member changes nothing.
    const late = await member.call('POST', `/wps/cashier/withdrawals/${id}/confirm`, {
      result: 'received',
    });
    expect(late.statusCode).toBe(409);
  });

  it('counts a withdrawal as received once the confirmation window has passed', async () => {
    const { member, id } = await approvedWithdrawal('250.00');
    const { cashier } = t.app.services;
    expect(await cashier.autoConfirmDue(new Date())).toBe(0);
    // The merchant allows 60 minutes; an hour and a second later it counts as received.
    const later = new Date(Date.now() + 60 * 60_000 + 1000);
    expect(await cashier.autoConfirmDue(later)).toBe(1);
    expect(await cashier.autoConfirmDue(later)).toBe(0);
    const mine = (await member.call('GET', '/wps/cashier/withdrawals')).json().value;
    expect(mine.find((w: { id: string }) => w.id === id)).toMatchObject({
      confirmation: 'auto_received',
      receivedAmount: '250.00',
      outstanding: '0.00',
    });
    const record = (
      await member.call('GET', '/wps/member/transactions?type=withdrawal_received')
    ).json().value.list;
    expect(record[0]).toMatchObject({ wallet: 'withdrawal_sent', amount: '-250.00' });
    const { rows } = (await t.database.db.execute(
      sql`select actor from ledger_entries where reference = ${id} and type = 'withdrawal_received'`,
    )) as { rows: { actor: string }[] };
    expect(rows).toEqual([{ actor: 'job:cashier.auto-confirm' }]);
  });

  it('refuses another member’s proof images', async () => {
    const { member, id } = await approvedWithdrawal('100.00');
    const stranger = { authorization: `Bearer ${await t.login('member', 'proof-stranger')}` };
    const foreign = await uploadImages(t.app, stranger, 1);
    const res = await member.call('POST', `/wps/cashier/withdrawals/${id}/confirm`, {
      result: 'not_received',
      proofIds: foreign,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('proofIds');
    const mine = (await member.call('GET', '/wps/cashier/withdrawals')).json().value;
    expect(mine.find((w: { id: string }) => w.id === id).confirmation).toBe('awaiting');
  });
});
