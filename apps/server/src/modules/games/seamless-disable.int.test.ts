import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fund, loginDemo, type TestContext } from '../../test/harness';
import { appWithSimVendor } from '../../test/sim-vendor';
import type { SeamlessClient } from './seamless-client';

let t: TestContext;
let vendor: SeamlessClient;
beforeAll(async () => {
  ({ t, vendor } = await appWithSimVendor());
});
afterAll(() => t.close());

async function cashOf(id: string): Promise<bigint> {
  return t.app.services.wallet.ledger.balance(await t.app.services.wallet.cashAccount('TYPH', id));
}

describe('disabling an account ends its sessions at once', () => {
  it('refuses its site token on a money call and its vendor session on a bet, moving nothing', async () => {
    const player = await loginDemo(t.app, 'demo_member');
    await fund(t.app, player.id, 500_00n, 'disable-1');
    const launch = await player.call(
      'GET',
      '/wps/game/launchGame?nodeId=TYPH-SIM-BACCARAT&accountType=1',
    );
    const launchUrl = (res: typeof launch) =>
      new URL(res.json().value.content.game_url, 'http://x').searchParams.get('token')!;
    const { sessionToken } = await vendor.call<{ sessionToken: string }>('authenticate', {
      launchToken: launchUrl(launch),
    });
    // A second launch token, issued and not used yet.
    const unused = launchUrl(
      await player.call('GET', '/wps/game/launchGame?nodeId=TYPH-SIM-BACCARAT&accountType=1'),
    );
    const bet = (n: number) => ({
      sessionToken,
      playerId: player.id,
      txId: `${round}-b${n}`,
      roundId: round,
      amount: '10.00',
    });
    const round = randomUUID();
    // Live until now: the session bets (and this node has it cached), the token is accepted.
    expect(await vendor.call('bet', bet(1))).toEqual({ balance: '490.00', currency: 'TLB' });
    const withdraw = () => player.call('POST', '/wps/cashier/withdrawals', {});
    expect((await withdraw()).statusCode).not.toBe(401);

    const operator = await t.login('operator');
    const disabled = await t.app.inject({
      method: 'POST',
      url: '/ops/accounts/disable',
      headers: { authorization: `Bearer ${operator}` },
      payload: { accountId: player.id, reason: 'Fraud check' },
    });
    expect(disabled.statusCode).toBe(200);

    expect((await withdraw()).statusCode).toBe(401);
    expect((await player.call('GET', '/wps/v2/wallets/balance')).statusCode).toBe(401);
    const before = await cashOf(player.id);
    await expect(vendor.call('bet', bet(2))).rejects.toMatchObject({
      code: 'game_session_invalid',
    });
    await expect(vendor.call('authenticate', { launchToken: unused })).rejects.toMatchObject({
      code: 'game_session_invalid',
    });
    expect(await cashOf(player.id)).toBe(before);
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from vendor_transactions where round_id = ${round}`,
    )) as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(1);
    // The bet taken before still settles: the vendor pays what it owes.
    expect(
      await vendor.call('win', {
        playerId: player.id,
        txId: `${round}-w`,
        roundId: round,
        amount: '20.00',
        final: true,
      }),
    ).toEqual({ balance: '510.00', currency: 'TLB' });
    // And the account cannot log in again.
    await expect(loginDemo(t.app, 'demo_member')).rejects.toThrow(/403/);
  });

  it('refuses the bet even where a node still holds the session in its cache', async () => {
    const player = await loginDemo(t.app, 'demo_agent');
    await fund(t.app, player.id, 100_00n, 'disable-2');
    const launch = await player.call(
      'GET',
      '/wps/game/launchGame?nodeId=TYPH-SIM-BACCARAT&accountType=1',
    );
    const { sessionToken } = await vendor.call<{ sessionToken: string }>('authenticate', {
      launchToken: new URL(launch.json().value.content.game_url, 'http://x').searchParams.get(
        'token',
      )!,
    });
    const round = randomUUID();
    const bet = (n: number) => ({
      sessionToken,
      playerId: player.id,
      txId: `${round}-b${n}`,
      roundId: round,
      amount: '1.00',
    });
    await vendor.call('bet', bet(1));
    // Revoked as another node would: in the database only, this node's cache not told.
    await t.database.db.execute(
      sql`update vendor_sessions set expires_at = now() where account_id = ${player.id}`,
    );
    const before = await cashOf(player.id);
    await expect(vendor.call('bet', bet(2))).rejects.toMatchObject({
      code: 'game_session_invalid',
    });
    expect(await cashOf(player.id)).toBe(before);
  });
});
