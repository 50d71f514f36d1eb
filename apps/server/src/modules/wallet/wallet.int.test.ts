import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { accountKinds } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /wps/v2/wallets/balance', () => {
  it('shows the member’s main wallet in decimals with the merchant currency', async () => {
    const token = await t.login('member', 'wallet-member-1');
    const auth = { authorization: `Bearer ${token}` };
    const empty = await t.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: auth,
    });
    expect(empty.json().value).toEqual({
      sumBalance: '0.00',
      currency: 'TLB',
      currencySymbol: '₱',
      balance: [{ accountTypeId: 2, availBalance: '0.00' }],
    });
    const { wallet } = t.app.services;
    const cash = await wallet.cashAccount('TYPH', 'wallet-member-1');
    const clearing = await wallet.ledger.account({
      merchantCode: 'TYPH',
      currency: 'TLB',
      ownerId: null,
      kind: accountKinds.paymentClearing,
      allowNegative: true,
    });
    await wallet.ledger.post({
      merchantCode: 'TYPH',
      idempotencyKey: 'wallet-test:deposit:1',
      type: 'deposit',
      actor: 'test',
      postings: [
        { accountId: clearing, amount: -123456789n },
        { accountId: cash, amount: 123456789n },
      ],
    });
    const after = await t.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: auth,
    });
    expect(after.json().value.sumBalance).toBe('1234567.89');
  });

  it('is not for trial players or guests', async () => {
    const trial = await t.login('trial');
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: { authorization: trial },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('in_need_true_account');
    expect((await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance' })).statusCode).toBe(
      401,
    );
  });
});
