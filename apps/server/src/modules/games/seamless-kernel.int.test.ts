import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fund, type TestContext } from '../../test/harness';
import { appWithSimVendor, playerAtSimVendor } from '../../test/sim-vendor';
import type { SeamlessClient } from './seamless-client';

let t: TestContext;
let vendor: SeamlessClient;
beforeAll(async () => {
  ({ t, vendor } = await appWithSimVendor());
});
afterAll(() => t.close());

function playerAtVendor(username: string) {
  return playerAtSimVendor(t, vendor, username);
}

async function cashOf(id: string): Promise<bigint> {
  return t.app.services.wallet.ledger.balance(await t.app.services.wallet.cashAccount('TYPH', id));
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const { rows } = (await t.database.db.execute(query)) as { rows: T[] };
  return rows[0]!;
}

/** The books' invariants: balanced entries, and stakes in play equal to the open holds. */
async function expectBooks() {
  expect(
    await one(sql`select count(*)::int as n from (
      select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0) x`),
  ).toEqual({ n: 0 });
  const { in_play, held } = await one<{ in_play: string; held: string }>(sql`select
    (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'bets_in_play')::text
      as in_play,
    (select coalesce(sum(amount), 0) from ledger_holds where status = 'held')::text as held`);
  expect(in_play).toBe(held);
}

describe('a vendor round on the wagering kernel', () => {
  it('holds each bet, settles the holds with a win, and pays later wins once each', async () => {
    const { id, session } = await playerAtVendor('demo_member');
    await fund(t.app, id, 1000_00n, 'kernel-round');
    const start = await cashOf(id);
    const round = randomUUID();
    const bet = (tx: string, amount: string) =>
      vendor.call('bet', { sessionToken: session, playerId: id, txId: tx, roundId: round, amount });
    const win = (tx: string, amount: string, final: boolean) =>
      vendor.call('win', { playerId: id, txId: tx, roundId: round, amount, final });

    await bet(`${round}-b1`, '10.00');
    await bet(`${round}-b2`, '20.00');
    // The stakes are held, not taken by the house.
    expect(
      await one(sql`select count(*)::int as n, sum(h.amount)::text as held
        from bets b join ledger_holds h on h.id = b.hold_id
        where b.round_id = ${`SIMVENDOR:${round}:${id}`} and b.status = 'held'
          and h.status = 'held'`),
    ).toEqual({ n: 2, held: '3000' });
    expect(
      await one(sql`select engine, status from rounds where id = ${`SIMVENDOR:${round}:${id}`}`),
    ).toEqual({ engine: 'vendor:SIMVENDOR', status: 'open' });
    await expectBooks();

    // A first win settles both holds; a second (no hold open) pays its amount, once.
    await win(`${round}-w1`, '30.00', false);
    expect(await win(`${round}-w2`, '12.00', false)).toEqual({
      balance: '1012.00',
      currency: 'TLB',
    });
    expect(await win(`${round}-w2`, '12.00', false)).toEqual({
      balance: '1012.00',
      currency: 'TLB',
    });
    await expect(win(`${round}-w2`, '13.00', false)).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
    // A settled bet cannot be rolled back.
    await expect(
      vendor.call('rollback', { playerId: id, txId: `${round}-rb1`, betTxId: `${round}-b1` }),
    ).rejects.toMatchObject({ code: 'conflict' });

    // A bet after the first win is held until the final win (0: lost) settles it.
    await bet(`${round}-b3`, '5.00');
    await expectBooks();
    expect(await win(`${round}-w3`, '0', true)).toEqual({ balance: '1007.00', currency: 'TLB' });
    expect(await cashOf(id)).toBe(start + 7_00n);
    expect(
      await one(sql`select r.status, count(*)::int as bets,
          count(*) filter (where b.status = 'settled')::int as settled,
          sum(b.payout)::text as paid
        from rounds r join bets b on b.round_id = r.id
        where r.id = ${`SIMVENDOR:${round}:${id}`} group by r.status`),
    ).toEqual({ status: 'settled', bets: 3, settled: 3, paid: '4200' });
    expect(
      await one(sql`select stake::text as stake, payout::text as payout, status
        from bet_records where round_id = ${round}`),
    ).toEqual({ stake: '3500', payout: '4200', status: 'settled' });
    await expect(win(`${round}-w4`, '1.00', true)).rejects.toMatchObject({ code: 'conflict' });
    await expectBooks();
  });

  it('voids a rolled-back bet and the round with it', async () => {
    const { id, session } = await playerAtVendor('demo_member');
    await fund(t.app, id, 100_00n, 'kernel-void');
    const round = randomUUID();
    await vendor.call('bet', {
      sessionToken: session,
      playerId: id,
      txId: `${round}-b`,
      roundId: round,
      amount: '10.00',
    });
    await vendor.call('rollback', { playerId: id, txId: `${round}-rb`, betTxId: `${round}-b` });
    expect(
      await one(sql`select r.status as round, b.status as bet, h.status as hold
        from rounds r join bets b on b.round_id = r.id join ledger_holds h on h.id = b.hold_id
        where r.id = ${`SIMVENDOR:${round}:${id}`}`),
    ).toEqual({ round: 'void', bet: 'void', hold: 'void' });
    await expectBooks();
  });

  it('answers a rollback of a bet an operator voided with the balance, moving nothing', async () => {
    const { id, session } = await playerAtVendor('demo_member');
    await fund(t.app, id, 100_00n, 'kernel-operator-void');
    const round = randomUUID();
    await vendor.call('bet', {
      sessionToken: session,
      playerId: id,
      txId: `${round}-b`,
      roundId: round,
      amount: '10.00',
    });
    const play = t.app.services.play;
    await play.transaction((tx) =>
      play.voidRound(tx, {
        roundId: `SIMVENDOR:${round}:${id}`,
        actor: 'operator:test',
        reason: 'vendor outage',
      }),
    );
    const after = await cashOf(id);
    const answer = await vendor.call<{ balance: string }>('rollback', {
      playerId: id,
      txId: `${round}-rb`,
      betTxId: `${round}-b`,
    });
    expect(BigInt(answer.balance.replace('.', ''))).toBe(after);
    expect(await cashOf(id)).toBe(after);
    await expect(
      vendor.call('win', {
        playerId: id,
        txId: `${round}-w`,
        roundId: round,
        amount: '5.00',
        final: true,
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await cashOf(id)).toBe(after);
    await expectBooks();
  });
});
