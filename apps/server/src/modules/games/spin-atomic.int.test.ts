import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fund, loginDemo, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A demo account logged in, funded, with Taya Fortune opened as the game page opens it. */
async function slotPlayer(username: string, funds: bigint, key: string) {
  const member = await loginDemo(t.app, username);
  await fund(t.app, member.id, funds, key);
  const launch = await member.call('GET', '/wps/game/launchGame?nodeId=TYPH-TAYA-FORTUNE');
  const token = new URL(launch.json().value.content.game_url, 'http://x').searchParams.get(
    'token',
  )!;
  const session = (
    await t.app.inject({ method: 'POST', url: '/taya-games/slot/open', payload: { token } })
  ).json().value.session as string;
  return { member, session };
}

describe('a spin is whole or absent', () => {
  it('leaves no debit when it fails at its last step (as a crash there would)', async () => {
    const { member, session } = await slotPlayer('demo_member', 50_00n, 'atomic');
    const balance = async () =>
      (await member.call('GET', '/wps/v2/wallets/balance')).json().value.sumBalance as string;
    const before = await balance();
    // The settled bet record is the last thing a spin writes: refuse it, as if the process died.
    await t.database.db.execute(sql`
      create function refuse_settled_record() returns trigger language plpgsql as $$
      begin
        if new.status = 'settled' then raise exception 'stopped mid-spin'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_settled_record before insert or update on bet_records
      for each row execute function refuse_settled_record()`);
    try {
      for (let i = 0; i < 3; i++) {
        const spin = await t.app.inject({
          method: 'POST',
          url: '/taya-games/slot/spin',
          payload: { session, playerId: member.id, gameCode: 'TAYA_FORTUNE', bet: '1.00' },
        });
        expect(spin.statusCode).toBe(500);
        // No SQL or trace reaches the player.
        expect(spin.body).not.toContain('stopped mid-spin');
      }
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_settled_record on bet_records`);
      await t.database.db.execute(sql`drop function refuse_settled_record()`);
    }
    // Nothing moved and nothing is left held: no job needs to find it.
    expect(await balance()).toBe(before);
    const { rows } = (await t.database.db.execute(sql`
      select (select count(*)::int from ledger_entries e
                join ledger_postings p on p.entry_id = e.id
                join ledger_accounts a on a.id = p.account_id
              where a.owner_id = ${member.id} and e.type <> 'deposit') as moved`)) as {
      rows: { moved: number }[];
    };
    expect(rows[0]!.moved).toBe(0);
    const spin = await t.app.inject({
      method: 'POST',
      url: '/taya-games/slot/spin',
      payload: { session, playerId: member.id, gameCode: 'TAYA_FORTUNE', bet: '1.00' },
    });
    expect(spin.statusCode).toBe(200);
  });

  it('refuses a spin once the account is disabled, even with the session cached', async () => {
    const { member, session } = await slotPlayer('demo_master', 20_00n, 'disabled-spin');
    const spin = () =>
      t.app.inject({
        method: 'POST',
        url: '/taya-games/slot/spin',
        payload: { session, playerId: member.id, gameCode: 'TAYA_FORTUNE', bet: '1.00' },
      });
    expect((await spin()).statusCode).toBe(200);
    const balance = (await t.app.services.wallet.balance('TYPH', member.id)).sumBalance;
    // Expired in the database behind this node's back, as another node's revoke would.
    await t.database.db.execute(
      sql`update vendor_sessions set expires_at = now() where account_id = ${member.id}`,
    );
    const refused = await spin();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errorCode).toBe('game_session_invalid');
    expect((await t.app.services.wallet.balance('TYPH', member.id)).sumBalance).toBe(balance);
  });

  it('a spin the page names is made once: its retry, or two racing, answer the same spin', async () => {
    const { member, session } = await slotPlayer('demo_agent', 30_00n, 'named-spin');
    const spin = (requestId: string, bet = '1.00') =>
      t.app.inject({
        method: 'POST',
        url: '/taya-games/slot/spin',
        payload: { session, playerId: member.id, gameCode: 'TAYA_FORTUNE', bet, requestId },
      });
    // Spins made: each holds its stake once.
    const spins = async () => {
      const { rows } = (await t.database.db.execute(sql`
        select count(*)::int as n from ledger_holds where owner_id = ${member.id}`)) as {
        rows: { n: number }[];
      };
      return rows[0]!.n;
    };
    const first = await spin('press-0001');
    expect(first.statusCode, first.body).toBe(200);
    const made = first.json().value;
    // The answer was lost; the page asks again with the same id: the same spin, nothing moved.
    const again = await spin('press-0001');
    expect(again.statusCode).toBe(200);
    const { balance: _b1, ...sameSpin } = again.json().value;
    const { balance: _b2, ...firstSpin } = made;
    expect(sameSpin).toEqual(firstSpin);
    expect(again.json().value.balance).toBe(made.balance);
    expect(await spins()).toBe(1);
    // Two presses with one id racing: one spin between them.
    const raced = await Promise.all([spin('press-0002'), spin('press-0002'), spin('press-0002')]);
    expect(raced.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(raced.map((r) => r.json().value.roundId)).size).toBe(1);
    expect(await spins()).toBe(2);
    // The id names that spin only: another bet under it is refused, nothing moved.
    const other = await spin('press-0002', '2.00');
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('idempotency_conflict');
    expect(await spins()).toBe(2);
    // A malformed id is refused by name.
    const bad = await spin('no spaces allowed');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('requestId');
    // Without an id every press is a spin of its own.
    const plain = () =>
      t.app.inject({
        method: 'POST',
        url: '/taya-games/slot/spin',
        payload: { session, playerId: member.id, gameCode: 'TAYA_FORTUNE', bet: '1.00' },
      });
    expect((await plain()).json().value.roundId).not.toBe((await plain()).json().value.roundId);
  });
});
