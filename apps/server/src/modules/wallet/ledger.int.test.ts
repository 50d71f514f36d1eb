import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/harness';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { Ledger } from './ledger';

let database: Database;
let ledger: Ledger;
beforeAll(async () => {
  database = await createTestDatabase();
  ledger = new Ledger(database.db);
});
afterAll(() => database.close());

const M = 'TYPH';
let run = 0;

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** Every invariant of the ledger, checked in SQL over everything ever posted. */
async function checkInvariants() {
  const unbalanced = await database.db.execute(sql`
    select currency, sum(amount)::text as total from ledger_postings group by currency having sum(amount) <> 0`);
  expect(rowsOf(unbalanced)).toEqual([]);
  const drift = await database.db.execute(sql`
    select a.id from ledger_accounts a
    left join (select account_id, sum(amount) as s from ledger_postings group by account_id) p on p.account_id = a.id
    where a.balance <> coalesce(p.s, 0)`);
  expect(rowsOf(drift)).toEqual([]);
  const negative = await database.db.execute(sql`
    select id from ledger_accounts where not allow_negative and balance < 0`);
  expect(rowsOf(negative)).toEqual([]);
  const entriesBalanced = await database.db.execute(sql`
    select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`);
  expect(rowsOf(entriesBalanced)).toEqual([]);
}

type Op =
  | { kind: 'deposit'; member: number; amount: bigint }
  | { kind: 'bet'; member: number; amount: bigint }
  | { kind: 'win'; member: number; amount: bigint }
  | { kind: 'hold'; member: number; amount: bigint }
  | { kind: 'release'; member: number; amount: bigint }
  | { kind: 'payout'; member: number; amount: bigint }
  | { kind: 'transfer'; member: number; to: number; amount: bigint }
  | { kind: 'retry'; index: number }
  | { kind: 'conflict'; index: number };

const amount = fc.bigInt({ min: 1n, max: 500_000n });
const member = fc.nat(3);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), member, amount }),
  fc.record({ kind: fc.constant('bet' as const), member, amount }),
  fc.record({ kind: fc.constant('win' as const), member, amount }),
  fc.record({ kind: fc.constant('hold' as const), member, amount }),
  fc.record({ kind: fc.constant('release' as const), member, amount }),
  fc.record({ kind: fc.constant('payout' as const), member, amount }),
  fc.record({ kind: fc.constant('transfer' as const), member, to: member, amount }),
  fc.record({ kind: fc.constant('retry' as const), index: fc.nat(50) }),
  fc.record({ kind: fc.constant('conflict' as const), index: fc.nat(50) }),
);

describe('ledger properties (random operations keep every invariant)', () => {
  it('deposits, bets, wins, holds, releases, payouts, transfers, retries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 40 }), async (ops) => {
        run += 1;
        const currency = 'TLB';
        const acct = (ownerId: string | null, kind: string, allowNegative = false) =>
          ledger.account({
            merchantCode: M,
            currency,
            ownerId,
            kind,
            subKind: `run${run}`,
            allowNegative,
          });
        const house = await acct(null, 'house', true);
        const clearing = await acct(null, 'payment_clearing', true);
        const members = await Promise.all(
          [0, 1, 2, 3].map((i) => acct(`m${run}-${i}`, 'member_cash')),
        );
        const holds = await Promise.all(
          [0, 1, 2, 3].map((i) => acct(`m${run}-${i}`, 'withdrawal_hold')),
        );
        const model = new Map<string, bigint>();
        const bal = (id: string) => model.get(id) ?? 0n;
        const posted: {
          key: string;
          postings: { accountId: string; amount: bigint }[];
          type: string;
        }[] = [];

        for (const [i, op] of ops.entries()) {
          let postings: { accountId: string; amount: bigint }[];
          let type: string = op.kind;
          let key = `run${run}:op${i}`;
          if (op.kind === 'retry' || op.kind === 'conflict') {
            const prev = posted[op.index % Math.max(posted.length, 1)];
            if (!prev) continue;
            const before = await Promise.all(
              [...members, ...holds].map((id) => ledger.balance(id)),
            );
            if (op.kind === 'retry') {
              const again = await ledger.post({
                merchantCode: M,
                idempotencyKey: prev.key,
                type: prev.type,
                actor: 'test',
                postings: prev.postings,
              });
              expect(again.replayed).toBe(true);
            } else {
              const altered = prev.postings.map((p) => ({ ...p, amount: p.amount * 2n }));
              await expect(
                ledger.post({
                  merchantCode: M,
                  idempotencyKey: prev.key,
                  type: prev.type,
                  actor: 'test',
                  postings: altered,
                }),
              ).rejects.toMatchObject({ code: 'idempotency_conflict' });
            }
            const after = await Promise.all([...members, ...holds].map((id) => ledger.balance(id)));
            expect(after).toEqual(before);
            continue;
          }
          const m = members[op.member]!;
          const h = holds[op.member]!;
          const a = op.amount;
          switch (op.kind) {
            case 'deposit':
              postings = [
                { accountId: clearing, amount: -a },
                { accountId: m, amount: a },
              ];
              break;
            case 'bet':
              postings = [
                { accountId: m, amount: -a },
                { accountId: house, amount: a },
              ];
              break;
            case 'win':
              postings = [
                { accountId: house, amount: -a },
                { accountId: m, amount: a },
              ];
              break;
            case 'hold':
              postings = [
                { accountId: m, amount: -a },
                { accountId: h, amount: a },
              ];
              break;
            case 'release':
              postings = [
                { accountId: h, amount: -a },
                { accountId: m, amount: a },
              ];
              break;
            case 'payout':
              postings = [
                { accountId: h, amount: -a },
                { accountId: clearing, amount: a },
              ];
              break;
            case 'transfer': {
              const to = members[op.to]!;
              if (to === m) continue;
              postings = [
                { accountId: m, amount: -a },
                { accountId: to, amount: a },
              ];
              type = 'transfer';
              break;
            }
          }
          const wouldOverdraw = postings.some(
            (p) =>
              p.accountId !== house && p.accountId !== clearing && bal(p.accountId) + p.amount < 0n,
          );
          try {
            const res = await ledger.post({
              merchantCode: M,
              idempotencyKey: key,
              type,
              actor: 'test',
              postings,
            });
            expect(wouldOverdraw).toBe(false);
            for (const p of postings) model.set(p.accountId, bal(p.accountId) + p.amount);
            for (const r of res.postings) expect(r.balanceAfter).toBe(model.get(r.accountId));
            posted.push({ key, postings, type });
          } catch (err) {
            expect(err).toBeInstanceOf(AppError);
            expect((err as AppError).code).toBe('insufficient_funds');
            expect(wouldOverdraw).toBe(true);
          }
          key = '';
        }
        for (const id of [...members, ...holds]) expect(await ledger.balance(id)).toBe(bal(id));
        await checkInvariants();
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it('refuses bad entries and moves nothing', async () => {
    const a = await ledger.account({
      merchantCode: M,
      currency: 'TLB',
      ownerId: 'bad-1',
      kind: 'member_cash',
    });
    const house = await ledger.account({
      merchantCode: M,
      currency: 'TLB',
      ownerId: null,
      kind: 'house',
      allowNegative: true,
    });
    const mm = await ledger.account({
      merchantCode: M,
      currency: 'MMK',
      ownerId: 'bad-1',
      kind: 'member_cash',
    });
    const post = (
      postings: { accountId: string; amount: bigint }[],
      key = `bad:${Math.random()}`,
    ) =>
      ledger.post({ merchantCode: M, idempotencyKey: key, type: 'test', actor: 'test', postings });
    await expect(
      post([
        { accountId: a, amount: 5n },
        { accountId: house, amount: -4n },
      ]),
    ).rejects.toMatchObject({ code: 'request_param_err' });
    await expect(
      post([
        { accountId: a, amount: 5n },
        { accountId: mm, amount: -5n },
      ]),
    ).rejects.toMatchObject({ code: 'request_param_err' });
    await expect(
      post([
        { accountId: a, amount: 0n },
        { accountId: house, amount: 0n },
      ]),
    ).rejects.toMatchObject({ code: 'request_param_err' });
    await expect(
      post([
        { accountId: a, amount: 10n ** 16n },
        { accountId: house, amount: -(10n ** 16n) },
      ]),
    ).rejects.toMatchObject({ code: 'request_param_err' });
    await expect(
      post(
        [
          { accountId: a, amount: 5n },
          { accountId: house, amount: -5n },
        ],
        'short',
      ),
    ).rejects.toMatchObject({ code: 'request_param_err' });
    await expect(
      post([
        { accountId: a, amount: -5n },
        { accountId: house, amount: 5n },
      ]),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    await expect(
      post([
        { accountId: a, amount: 5n },
        { accountId: 'no-such-account', amount: -5n },
      ]),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await ledger.balance(a)).toBe(0n);
    await checkInvariants();
  });
});

describe('ledger under concurrency', () => {
  it('200 simultaneous withdrawals against a balance that covers 50 succeed exactly 50 times', async () => {
    const cash = await ledger.account({
      merchantCode: M,
      currency: 'TLB',
      ownerId: 'concurrent-1',
      kind: 'member_cash',
    });
    const hold = await ledger.account({
      merchantCode: M,
      currency: 'TLB',
      ownerId: 'concurrent-1',
      kind: 'withdrawal_hold',
    });
    const clearing = await ledger.account({
      merchantCode: M,
      currency: 'TLB',
      ownerId: null,
      kind: 'payment_clearing',
      allowNegative: true,
    });
    await ledger.post({
      merchantCode: M,
      idempotencyKey: 'concurrent-1:deposit',
      type: 'deposit',
      actor: 'test',
      postings: [
        { accountId: clearing, amount: -5_000_00n },
        { accountId: cash, amount: 5_000_00n },
      ],
    });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        ledger.post({
          merchantCode: M,
          idempotencyKey: `concurrent-1:withdraw:${i}`,
          type: 'withdrawal_hold',
          actor: 'test',
          postings: [
            { accountId: cash, amount: -100_00n },
            { accountId: hold, amount: 100_00n },
          ],
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(50);
    expect(refused.every((r) => (r.reason as AppError).code === 'insufficient_funds')).toBe(true);
    expect(await ledger.balance(cash)).toBe(0n);
    expect(await ledger.balance(hold)).toBe(5_000_00n);
    await checkInvariants();
  }, 60_000);

  it('the same key posted concurrently moves money once', async () => {
    const cash = await ledger.account({
      merchantCode: M,
      currency: 'TLB',
      ownerId: 'concurrent-2',
      kind: 'member_cash',
    });
    const clearing = await ledger.account({
      merchantCode: M,
      currency: 'TLB',
      ownerId: null,
      kind: 'payment_clearing',
      allowNegative: true,
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.post({
          merchantCode: M,
          idempotencyKey: 'concurrent-2:callback',
          type: 'deposit',
          actor: 'gateway',
          postings: [
            { accountId: clearing, amount: -250n },
            { accountId: cash, amount: 250n },
          ],
        }),
      ),
    );
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ledger.balance(cash)).toBe(250n);
  }, 60_000);
});
