import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, loginDemo, type TestContext } from '../../test/harness';
import { appWithSimVendor } from '../../test/sim-vendor';
import type { SeamlessClient } from './seamless-client';

let t: TestContext;
let vendor: SeamlessClient;
let admin: { authorization: string };
beforeAll(async () => {
  ({ t, vendor } = await appWithSimVendor());
  admin = { authorization: `Bearer ${await t.loginOperator({ subjectId: 'switches-admin' })}` };
});
afterAll(() => t.close());

const cashOf = async (id: string) =>
  t.app.services.wallet.ledger.balance(await t.app.services.wallet.cashAccount('TYPH', id));

/** A member in an outside vendor's game (its seamless session open) and a bet of 1.00 there. */
async function inVendorGame(username: string, key: string) {
  const player = await loginDemo(t.app, username);
  await fund(t.app, player.id, 100_00n, key);
  const launch = await player.call(
    'GET',
    '/wps/game/launchGame?nodeId=TYPH-SIM-BACCARAT&accountType=1',
  );
  expect(launch.statusCode).toBe(200);
  const { sessionToken } = await vendor.call<{ sessionToken: string }>('authenticate', {
    launchToken: new URL(launch.json().value.content.game_url, 'http://x').searchParams.get(
      'token',
    )!,
  });
  const round = randomUUID();
  let n = 0;
  const bet = () =>
    vendor.call('bet', {
      sessionToken,
      playerId: player.id,
      txId: `${round}-b${(n += 1)}`,
      roundId: round,
      amount: '1.00',
    });
  return { id: player.id, bet };
}

const op = (method: 'PUT' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: admin, payload });

describe("operators' gaming switches reach outside vendors' games", () => {
  it('gaming off for the whole merchant refuses a vendor bet in a session already open', async () => {
    const a = await inVendorGame('demo_member', 'switch-vendor-1');
    await a.bet();
    const off = await op('PUT', '/ops/gaming/switch', { enabled: false, reason: 'Incident' });
    expect(off.statusCode).toBe(200);
    const before = await cashOf(a.id);
    await expect(a.bet()).rejects.toMatchObject({ code: 'game_session_invalid' });
    expect(await cashOf(a.id)).toBe(before);
    await op('PUT', '/ops/gaming/switch', { enabled: true, reason: 'Resolved' });
    // A new launch plays again.
    const again = await inVendorGame('demo_member', 'switch-vendor-2');
    await again.bet();
    expect(await cashOf(a.id)).toBe(before + 100_00n - 1_00n);
  });

  it('a game switched off refuses a vendor bet in its open sessions, and only there', async () => {
    const a = await inVendorGame('demo_agent', 'switch-vendor-3');
    await a.bet();
    const off = await op('PATCH', '/ops/games/TYPH-SIM-BACCARAT', {
      enabled: false,
      reason: 'Vendor incident',
    });
    expect(off.statusCode).toBe(200);
    const before = await cashOf(a.id);
    await expect(a.bet()).rejects.toMatchObject({ code: 'game_session_invalid' });
    expect(await cashOf(a.id)).toBe(before);
    await op('PATCH', '/ops/games/TYPH-SIM-BACCARAT', { enabled: true, reason: 'Back again' });
  });
});
