import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, fund, loginDemo, type TestContext } from '../../test/harness';
import { signVendorBody } from './seamless';
import { SeamlessClient } from './seamless-client';
import { vendorSignatureHeader } from './seamless-routes';
import { turnoverRequirements } from '../cashier/schema';
import { gameVendors, games } from './schema';

const secret = 'sim-vendor-secret-0123456789abcdef';
let t: TestContext;
let vendor: SeamlessClient;
beforeAll(async () => {
  t = await createTestApp({ env: { VENDOR_SECRETS: `SIMVENDOR=${secret}` } });
  await t.database.db.insert(gameVendors).values({
    merchantCode: 'TYPH',
    code: 'SIMVENDOR',
    gameType: 'LIVE',
    displayName: 'Simulated vendor',
    walletMode: 'seamless',
  });
  await t.database.db.insert(games).values({
    id: 'TYPH-SIM-BACCARAT',
    merchantCode: 'TYPH',
    vendorCode: 'SIMVENDOR',
    gameCode: 'BAC1',
    gameType: 'LIVE',
    name: 'Simulated Baccarat',
  });
  t.app.services.games.invalidate('TYPH');
  vendor = new SeamlessClient(t.app, 'SIMVENDOR', secret);
});
afterAll(() => t.close());

/** A member launches the simulated vendor's game; the vendor authenticates the launch token. */
async function playerAtVendor(username = 'demo_member') {
  const player = await loginDemo(t.app, username);
  const launch = await player.call(
    'GET',
    '/wps/game/launchGame?nodeId=TYPH-SIM-BACCARAT&accountType=1',
  );
  expect(launch.statusCode).toBe(200);
  const url = new URL(launch.json().value.content.game_url, 'http://x');
  const token = url.searchParams.get('token')!;
  const session = await vendor.call<{ sessionToken: string; playerId: string; balance: string }>(
    'authenticate',
    { launchToken: token },
  );
  expect(session.playerId).toBe(player.id);
  // The launch token works once.
  await expect(vendor.call('authenticate', { launchToken: token })).rejects.toMatchObject({
    code: 'game_session_invalid',
  });
  return { player, session: session.sessionToken, id: player.id, token };
}

const balanceOf = async (p: {
  call: (m: 'GET', u: string) => Promise<{ json(): { value: { sumBalance: string } } }>;
}) => (await p.call('GET', '/wps/v2/wallets/balance')).json().value.sumBalance;

async function rawCall(
  action: string,
  body: object,
  sign: (raw: string) => string = (raw) => signVendorBody(secret, raw),
  vendorCode = 'SIMVENDOR',
) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/wallet-api/seamless/${vendorCode}/${action}`,
    payload: raw,
    headers: { 'content-type': 'application/json', [vendorSignatureHeader]: sign(raw) },
  });
}

describe('the seamless wallet, as a vendor calls it', () => {
  it('debits bets and credits wins exactly, answers retries from memory, and keeps the bet record', async () => {
    const { player, session, id } = await playerAtVendor();
    await fund(t.app, id, 1000_00n, 'seamless-1');
    // The deposit asks for 500.00 of wagering before a withdrawal.
    await t.database.db.insert(turnoverRequirements).values({
      id: randomUUID(),
      accountId: id,
      source: 'deposit',
      sourceId: 'seamless-1',
      required: 500_00n,
    });
    const round = randomUUID();
    const bet = {
      sessionToken: session,
      playerId: id,
      txId: `${round}-b`,
      roundId: round,
      amount: '100.50',
    };
    expect(await vendor.call('bet', bet)).toEqual({ balance: '899.50', currency: 'TLB' });
    // The same bet again (the vendor did not hear the answer): same answer, nothing moves.
    expect(await vendor.call('bet', bet)).toEqual({ balance: '899.50', currency: 'TLB' });
    // The same id for another amount is refused.
    await expect(vendor.call('bet', { ...bet, amount: '1.00' })).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
    const win = { playerId: id, txId: `${round}-w`, roundId: round, amount: '250.00', final: true };
    expect(await vendor.call('win', win)).toEqual({ balance: '1149.50', currency: 'TLB' });
    expect(await vendor.call('win', win)).toEqual({ balance: '1149.50', currency: 'TLB' });
    expect(await balanceOf(player)).toBe('1149.50');
    // A settled round takes no more money either way.
    await expect(
      vendor.call('win', { ...win, txId: `${round}-w2`, amount: '1.00' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await expect(
      vendor.call('bet', { ...bet, txId: `${round}-b2`, amount: '1.00' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await balanceOf(player)).toBe('1149.50');

    const records = (await player.call('GET', '/wps/member/bets')).json().value;
    expect(records.list[0]).toMatchObject({
      roundId: round,
      vendor: 'SIMVENDOR',
      gameName: 'Simulated Baccarat',
      stake: '100.50',
      validBet: '100.50',
      payout: '250.00',
      winLoss: '149.50',
      status: 'settled',
    });
    expect(records.totals).toMatchObject({
      count: 1,
      stake: '100.50',
      payout: '250.00',
      winLoss: '149.50',
    });
    // The settled round's valid bet counted toward the withdrawal turnover.
    const { rows } = (await t.database.db.execute(
      sql`select coalesce(sum(progressed), 0)::text as progressed from turnover_requirements where account_id = ${id}`,
    )) as { rows: { progressed: string }[] };
    expect(rows[0]!.progressed).toBe('10050');
  });

  it('handles out-of-order calls: a win before its bet is refused, a rollback before its bet cancels it', async () => {
    const { player, session, id } = await playerAtVendor();
    const start = await balanceOf(player);
    const round = randomUUID();
    await expect(
      vendor.call('win', {
        playerId: id,
        txId: `${round}-w`,
        roundId: round,
        amount: '5.00',
        final: true,
      }),
    ).rejects.toMatchObject({ code: 'round_not_found' });
    expect(await balanceOf(player)).toBe(start);

    // Rollback first (the vendor timed out on the bet and cancelled it), then the late bet.
    const early = randomUUID();
    await vendor.call('rollback', { playerId: id, txId: `${early}-r`, betTxId: `${early}-b` });
    await expect(
      vendor.call('bet', {
        sessionToken: session,
        playerId: id,
        txId: `${early}-b`,
        roundId: early,
        amount: '10.00',
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await balanceOf(player)).toBe(start);

    // A normal rollback refunds the stake once, however often it is sent.
    const cancelled = randomUUID();
    await vendor.call('bet', {
      sessionToken: session,
      playerId: id,
      txId: `${cancelled}-b`,
      roundId: cancelled,
      amount: '20.00',
    });
    const rollback = { playerId: id, txId: `${cancelled}-r`, betTxId: `${cancelled}-b` };
    await vendor.call('rollback', rollback);
    await vendor.call('rollback', rollback);
    expect(await balanceOf(player)).toBe(start);
    const record = (await player.call('GET', '/wps/member/bets'))
      .json()
      .value.list.find((r: { roundId: string }) => r.roundId === cancelled);
    expect(record).toMatchObject({ status: 'cancelled', stake: '0.00' });

    // A paid round cannot be rolled back.
    const paid = randomUUID();
    await vendor.call('bet', {
      sessionToken: session,
      playerId: id,
      txId: `${paid}-b`,
      roundId: paid,
      amount: '10.00',
    });
    await vendor.call('win', {
      playerId: id,
      txId: `${paid}-w`,
      roundId: paid,
      amount: '30.00',
      final: true,
    });
    await expect(
      vendor.call('rollback', { playerId: id, txId: `${paid}-r`, betTxId: `${paid}-b` }),
    ).rejects.toMatchObject({ code: 'conflict' });
  });

  it('refuses what is not the vendor’s or not covered, and moves nothing', async () => {
    const { player, session, id } = await playerAtVendor();
    const start = await balanceOf(player);
    const round = randomUUID();
    const body = {
      timestamp: Date.now(),
      sessionToken: session,
      playerId: id,
      txId: `${round}-b`,
      roundId: round,
      amount: '1.00',
    };
    expect((await rawCall('bet', body, () => 'ab'.repeat(32))).statusCode).toBe(403);
    // Signed, then changed on the way: the signature no longer matches the bytes.
    const signed = signVendorBody(secret, JSON.stringify(body));
    expect((await rawCall('bet', { ...body, amount: '9999.00' }, () => signed)).statusCode).toBe(
      403,
    );
    expect(
      (await rawCall('bet', { ...body, timestamp: Date.now() - 10 * 60_000 })).statusCode,
    ).toBe(403);
    expect((await rawCall('bet', body, undefined, 'NOSUCH')).statusCode).toBe(404);
    // Another vendor's secret does not open this one.
    expect(
      (await rawCall('bet', body, (raw) => signVendorBody('another-secret-0123456789', raw)))
        .statusCode,
    ).toBe(403);
    for (const amount of ['-1.00', '0', '1.001', 'abc']) {
      const res = await rawCall('bet', { ...body, amount });
      expect(res.statusCode, amount).toBe(400);
    }
    const broke = await rawCall('bet', { ...body, amount: '999999999.00' });
    expect(broke.json().errorCode).toBe('insufficient_funds');
    // A session belongs to its player.
    const other = await rawCall('bet', { ...body, playerId: randomUUID() });
    expect(other.statusCode).toBe(403);
    expect(await balanceOf(player)).toBe(start);
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from vendor_transactions where round_id = ${round}`,
    )) as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
  });

  it('takes 64 concurrent bet and win pairs, each sent twice, without overdrawing or applying twice', async () => {
    const { player, session, id } = await playerAtVendor('demo_agent');
    await fund(t.app, id, 300_00n, 'seamless-concurrent');
    const rounds = Array.from({ length: 64 }, (_, i) => ({
      round: randomUUID(),
      win: BigInt((i % 4) * 5),
    }));
    const settle = async ({ round, win }: { round: string; win: bigint }) => {
      const bet = {
        sessionToken: session,
        playerId: id,
        txId: `${round}-b`,
        roundId: round,
        amount: '10.00',
      };
      const results = await Promise.allSettled([vendor.call('bet', bet), vendor.call('bet', bet)]);
      if (results.every((r) => r.status === 'rejected')) return { placed: false, win: 0n };
      const w = {
        playerId: id,
        txId: `${round}-w`,
        roundId: round,
        amount: `${win}.00`,
        final: true,
      };
      await Promise.all([vendor.call('win', w), vendor.call('win', w)]);
      return { placed: true, win };
    };
    const outcomes = await Promise.all(rounds.map(settle));
    const placed = outcomes.filter((o) => o.placed);
    const won = placed.reduce((sum, o) => sum + o.win, 0n);
    const expected = 300_00n - BigInt(placed.length) * 10_00n + won * 100n;
    expect((await balanceOf(player)).replace('.', '')).toBe(expected.toString());
    const { db } = t.database;
    const counts = (await db.execute(sql`
      select kind, count(*)::int as n from vendor_transactions
      where account_id = ${id} and vendor_code = 'SIMVENDOR' group by kind order by kind`)) as {
      rows: { kind: string; n: number }[];
    };
    expect(counts.rows).toEqual([
      { kind: 'bet', n: placed.length },
      { kind: 'win', n: placed.length },
    ]);
    const books = (await db.execute(sql`
      select
        (select count(*)::int from (select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0) x) as unbalanced,
        (select count(*)::int from ledger_accounts a where a.balance <> coalesce((select sum(amount) from ledger_postings p where p.account_id = a.id), 0)) as drifted,
        (select count(*)::int from ledger_accounts where not allow_negative and balance < 0) as negative`)) as {
      rows: { unbalanced: number; drifted: number; negative: number }[];
    };
    expect(books.rows[0]).toEqual({ unbalanced: 0, drifted: 0, negative: 0 });
  });
});
