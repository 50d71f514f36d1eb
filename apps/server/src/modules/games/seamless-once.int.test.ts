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

async function recordOf(round: string) {
  const { rows } = (await t.database.db.execute(
    sql`select stake::text as stake, status from bet_records where round_id = ${round}`,
  )) as { rows: { stake: string; status: string }[] };
  return rows[0];
}

async function refundsOf(betTxId: string) {
  const { rows } = (await t.database.db.execute(sql`
    select count(*)::int as n, coalesce(sum(p.amount), 0)::text as refunded
    from ledger_entries e join ledger_postings p on p.entry_id = e.id
    where e.type = 'bet_rollback' and p.amount > 0 and e.id in (
      select entry_id from vendor_transactions
      where vendor_code = 'SIMVENDOR' and ref_tx_id = ${betTxId} and entry_id is not null)`)) as {
    rows: { n: number; refunded: string }[];
  };
  return rows[0]!;
}

describe('a vendor bet is voided at most once', () => {
  it('refunds once, however many rollback ids name the bet; the later ones move nothing', async () => {
    const { id, session } = await playerAtVendor('demo_member');
    await fund(t.app, id, 1000_00n, 'once-sequential');
    const start = await cashOf(id);
    const round = randomUUID();
    await vendor.call('bet', {
      sessionToken: session,
      playerId: id,
      txId: `${round}-b`,
      roundId: round,
      amount: '100.00',
    });
    for (let i = 1; i <= 20; i++) {
      const answer = await vendor.call('rollback', {
        playerId: id,
        txId: `${round}-rb${i}`,
        betTxId: `${round}-b`,
      });
      // Each is answered with the balance, the bet refunded once.
      expect(answer).toEqual({ balance: '1000.00', currency: 'TLB' });
    }
    expect(await cashOf(id)).toBe(start);
    expect(await refundsOf(`${round}-b`)).toEqual({ n: 1, refunded: '10000' });
    expect(await recordOf(round)).toEqual({ stake: '0', status: 'cancelled' });

    // A win for the cancelled round is refused as a conflict and pays nothing.
    await expect(
      vendor.call('win', {
        playerId: id,
        txId: `${round}-w`,
        roundId: round,
        amount: '50.00',
        final: true,
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await cashOf(id)).toBe(start);
  });

  it('refuses a rollback after a win on the round, even a win of nothing that left it open', async () => {
    const { id, session } = await playerAtVendor('demo_member');
    await fund(t.app, id, 100_00n, 'once-after-win');
    const round = randomUUID();
    await vendor.call('bet', {
      sessionToken: session,
      playerId: id,
      txId: `${round}-b`,
      roundId: round,
      amount: '10.00',
    });
    await vendor.call('win', {
      playerId: id,
      txId: `${round}-w`,
      roundId: round,
      amount: '0',
      final: false,
    });
    const before = await cashOf(id);
    await expect(
      vendor.call('rollback', { playerId: id, txId: `${round}-r`, betTxId: `${round}-b` }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await cashOf(id)).toBe(before);
    expect(await recordOf(round)).toEqual({ stake: '1000', status: 'open' });
  });

  it('pays one refund for 20 concurrent rollbacks with different ids, and the stake stays whole', async () => {
    const { id, session } = await playerAtVendor('demo_agent');
    await fund(t.app, id, 1000_00n, 'once-concurrent');
    const start = await cashOf(id);
    const round = randomUUID();
    await vendor.call('bet', {
      sessionToken: session,
      playerId: id,
      txId: `${round}-b`,
      roundId: round,
      amount: '100.00',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        vendor.call('rollback', { playerId: id, txId: `${round}-rb${i}`, betTxId: `${round}-b` }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await cashOf(id)).toBe(start);
    expect(await refundsOf(`${round}-b`)).toEqual({ n: 1, refunded: '10000' });
    expect(await recordOf(round)).toEqual({ stake: '0', status: 'cancelled' });
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from bet_records where stake < 0`,
    )) as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);

    // The database itself refuses a second refund of the bet, and a negative stake.
    await expect(
      t.database.db.execute(sql`
        insert into vendor_transactions (vendor_code, tx_id, kind, account_id, round_id, amount,
          ref_tx_id, request_hash, balance_after, entry_id)
        values ('SIMVENDOR', ${`${round}-forged`}, 'rollback', ${id}, ${round}, 10000,
          ${`${round}-b`}, 'x', 0, 'some-entry')`),
    ).rejects.toMatchObject({
      cause: { code: '23505', constraint: 'vendor_transactions_void_uq' },
    });
    await expect(
      t.database.db.execute(sql`update bet_records set stake = -1 where round_id = ${round}`),
    ).rejects.toMatchObject({
      cause: { code: '23514', constraint: 'bet_records_stake_nonnegative' },
    });
  });
});
