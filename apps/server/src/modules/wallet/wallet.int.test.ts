import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { sql } from 'drizzle-orm';
import { accountKinds, recordQuery } from './service';

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
      // The main wallet, then the merchant's transfer-type vendor wallets (demo seed).
      balance: [
        { accountTypeId: 2, availBalance: '0.00' },
        { accountTypeId: 101, availBalance: '0.00' },
        { accountTypeId: 102, availBalance: '0.00' },
      ],
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

describe('the account record of a member with 100,000 entries', () => {
  it('pages off the index, never scanning the member’s whole history', async () => {
    const member = 'record-heavy';
    const { wallet } = t.app.services;
    const { db } = t.database;
    const cash = await wallet.cashAccount('TYPH', member);
    const clearing = await wallet.ledger.account({
      merchantCode: 'TYPH',
      currency: 'TLB',
      ownerId: null,
      kind: accountKinds.paymentClearing,
      subKind: 'bulk',
      allowNegative: true,
    });
    const n = 100_000;
    // 100,000 deposits of 1.00, one a second, the oldest first; written in bulk, books balanced.
    await db.execute(sql`
      insert into ledger_entries (id, merchant_code, idempotency_key, request_hash, type, actor, reference, created_at)
      select 'bulk-' || g, 'TYPH', 'bulk:' || g, 'bulk', case when g % 10 = 0 then 'bonus_test' else 'deposit' end,
        'test', 'ref-' || g, now() - ((${n} - g) || ' seconds')::interval
      from generate_series(1, ${n}) g`);
    await db.execute(sql`
      insert into ledger_postings (entry_id, account_id, currency, amount, balance_after, type, created_at)
      select e.id, a.account_id, 'TLB', a.sign * 100, a.sign * 100 * g, e.type, e.created_at
      from generate_series(1, ${n}) g
      join ledger_entries e on e.id = 'bulk-' || g
      cross join (values (${cash}, 1), (${clearing}, -1)) as a(account_id, sign)`);
    await db.execute(sql`update ledger_accounts set balance = ${n * 100} where id = ${cash}`);
    await db.execute(sql`update ledger_accounts set balance = ${-n * 100} where id = ${clearing}`);

    // What autovacuum does on a server after a bulk load (the embedded database runs it as a job).
    await db.execute(sql`analyze`);
    const auth = { authorization: `Bearer ${await t.login('member', member)}` };
    const page = async (query: string) => {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/member/transactions?${query}`,
        headers: auth,
      });
      return { value: res.json().value, ms: performance.now() - started };
    };
    const first = await page('size=20');
    expect(first.value.list).toHaveLength(20);
    expect(first.value.list[0]).toMatchObject({
      amount: '1.00',
      balanceAfter: '100000.00',
      reference: 'ref-100000',
    });
    const deep = await page('size=20&page=200');
    expect(deep.value.list[0].balanceAfter).toBe(`${n - 199 * 20}.00`);
    const typed = await page('size=20&type=bonus_test');
    expect(typed.value.list.map((r: { reference: string }) => r.reference).slice(0, 2)).toEqual([
      'ref-100000',
      'ref-99990',
    ]);
    const from = new Date(Date.now() - 7 * 24 * 3600_000).toISOString();
    const ranged = await page(`size=20&from=${encodeURIComponent(from)}`);
    expect(ranged.value.list).toHaveLength(20);
    // The figures, for the notes (a test prints; only the assertions above decide).
    process.stdout.write(
      `account record, 100,000 entries: first page ${first.ms.toFixed(1)} ms, page 200 ${deep.ms.toFixed(1)} ms, by type ${typed.ms.toFixed(1)} ms, last 7 days ${ranged.ms.toFixed(1)} ms\n`,
    );

    // The plan reads the member's postings through the (account, time) index only.
    const ids = [cash];
    for (const query of [
      { page: 1, size: 20 },
      { page: 200, size: 20 },
      { page: 1, size: 20, type: 'bonus_test' },
      { page: 1, size: 20, from },
    ]) {
      const plan = (await db.execute(sql`explain ${recordQuery(ids, cash, query)}`)) as {
        rows: { 'QUERY PLAN': string }[];
      };
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text, JSON.stringify(query)).toMatch(/ledger_postings_account_(type_)?idx/);
      expect(text, JSON.stringify(query)).not.toMatch(/Seq Scan on ledger_postings/);
    }
  }, 120_000);
});
