import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, injectSealed, testDatabaseUrl, type TestContext } from '../../test/harness';
import { newMember } from '../../test/members';
import { betRecords } from '../games/schema';
import { ledgerEntries, ledgerPostings } from '../wallet/schema';
import { pointsBalances, pointsLedger, pointsRedemptions, pointsRewards } from './schema';
import { earnOnTotal, pointsForBet } from './service';
import type { PointsCarry } from './model';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const points = () => t.app.services.points;
const M = 'TYPH';

/** A member with payment password 135790 and a session of its own. */
async function makeMember() {
  const m = await newMember(t, { prefix: 'p', paymentPassword: '135790' });
  return {
    ...m,
    sealed: (url: string, payload: object) =>
      injectSealed(t.app, { method: 'POST', url, headers: m.auth, payload }),
  };
}

/** A settled bet record of TYPH, settled now unless told. */
async function settledBet(
  accountId: string,
  validBet: bigint,
  options: {
    gameType?: string;
    at?: Date;
    status?: 'settled' | 'cancelled';
    merchantCode?: string;
  } = {},
) {
  const roundId = randomUUID();
  const at = options.at ?? new Date();
  const merchantCode = options.merchantCode ?? M;
  const id = `TEST:${roundId}`;
  await db()
    .insert(betRecords)
    .values({
      id,
      merchantCode,
      accountId,
      vendorCode: 'TEST',
      gameId: `${merchantCode}-TAYA-FORTUNE`,
      gameType: options.gameType ?? 'RNG',
      roundId,
      currency: merchantCode === M ? 'TLB' : 'MMK',
      stake: validBet,
      validBet,
      payout: 0n,
      status: options.status ?? 'settled',
      placedAt: at,
      settledAt: at,
    });
  return id;
}

async function balanceOf(accountId: string): Promise<bigint> {
  const [row] = await db()
    .select({ balance: pointsBalances.balance })
    .from(pointsBalances)
    .where(eq(pointsBalances.accountId, accountId));
  return row?.balance ?? 0n;
}

/** The job run as it would be a few minutes from now, when every bet so far is old enough. */
const earnAll = () => points().earnDue({ now: new Date(Date.now() + 2 * 60_000) });

/** Gives a member points the way members earn them: a settled RNG bet and the job. */
async function earn(accountId: string, pts: number) {
  await settledBet(accountId, BigInt(pts) * 100_00n);
  await earnAll();
}

async function mainBalance(m: { get: (u: string) => Promise<{ json(): unknown }> }) {
  const res = (await m.get('/wps/v2/wallets/balance')).json() as {
    value: { balance: { accountTypeId: number; availBalance: string }[] };
  };
  return res.value.balance.find((b) => b.accountTypeId === 2)!.availBalance;
}

async function addReward(values: Partial<typeof pointsRewards.$inferInsert> = {}) {
  const id = `TEST-${randomUUID()}`;
  await db()
    .insert(pointsRewards)
    .values({
      id,
      merchantCode: M,
      names: { en: 'Test reward', ty: 'Gantimpala' },
      kind: 'item',
      requiredPoints: 100n,
      stock: 10,
      ...values,
    });
  return id;
}

const stockOf = async (id: string) =>
  (await db().select().from(pointsRewards).where(eq(pointsRewards.id, id)))[0]!.stock;

/** The wallet entry's postings sum to zero, and the actor is who caused it. */
async function entryOf(reference: string) {
  const [entry] = await db()
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reference, reference));
  const [sum] = await db()
    .select({ total: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.entryId, entry!.id));
  return { entry: entry!, total: BigInt(sum!.total) };
}

describe('earning', () => {
  it('rounds down an amount at the ratio of its game type', () => {
    const rng = { points: 1, unit: 100_00n };
    expect(pointsForBet(99_99n, rng)).toBe(0n);
    expect(pointsForBet(100_00n, rng)).toBe(1n);
    expect(pointsForBet(1_234_56n, rng)).toBe(12n);
    expect(pointsForBet(0n, rng)).toBe(0n);
    expect(pointsForBet(500_00n, { points: 3, unit: 200_00n })).toBe(7n);
  });

  it('earns on the running total: small bets add up, the remainder is carried', () => {
    const rng = { points: 1, unit: 100_00n };
    let carry: PointsCarry | undefined;
    let total = 0n;
    // ₱521 in bets of ₱5.21: none earns a point on its own, together they earn 5.
    for (let i = 0; i < 100; i += 1) {
      const next = earnOnTotal(carry, 5_21n, rng);
      expect(next.points <= 1n).toBe(true);
      total += next.points;
      carry = next.carry;
    }
    expect(total).toBe(5n);
    expect(carry).toEqual({ owed: 21_00n, unit: 100_00n });
    // 3 points per ₱200: the fractions of a point carry too.
    const three = { points: 3, unit: 200_00n };
    const a = earnOnTotal(undefined, 100_00n, three);
    expect(a).toEqual({ points: 1n, carry: { owed: 100_00n, unit: 200_00n } });
    expect(earnOnTotal(a.carry, 100_00n, three).points).toBe(2n);
    // An operator changes the unit: what was carried keeps its worth, rounded down.
    expect(
      earnOnTotal({ owed: 50_00n, unit: 100_00n }, 0n, { points: 1, unit: 1_000_00n }),
    ).toEqual({ points: 0n, carry: { owed: 500_00n, unit: 1_000_00n } });
  });

  it('credits each settled bet once, whatever the job runs; cancelled, young and unrated bets earn nothing', async () => {
    expect(t.app.services.jobs.names).toContain('points.earn');
    const m = await makeMember();
    const at = new Date(Date.now() - 5 * 60_000);
    const first = await settledBet(m.id, 250_00n, { at });
    await settledBet(m.id, 1_000_00n, { gameType: 'LIVE', at }); // 1 per 200.00: 5
    await settledBet(m.id, 10_000_00n, { status: 'cancelled', at });
    await settledBet(m.id, 10_000_00n, { gameType: 'NOT-RATED', at });
    // Settled seconds ago: waits for the next run, in case an older settlement commits late.
    await settledBet(m.id, 300_00n, { at: new Date() });
    await Promise.all([points().earnDue(), points().earnDue()]);
    await points().earnDue();
    expect(await balanceOf(m.id)).toBe(7n);
    await earnAll();
    expect(await balanceOf(m.id)).toBe(10n);
    const rows = await db().select().from(pointsLedger).where(eq(pointsLedger.accountId, m.id));
    expect(rows.map((r) => r.kind)).toEqual(['earn', 'earn', 'earn']);
    expect(rows.find((r) => r.reference === first)).toMatchObject({
      amount: 2n,
      idempotencyKey: `earn:${first}`,
      actor: 'job:points.earn',
    });
  });

  it('property: random bets and job runs in any order → balance = Σ by game type floor(Σ valid bet × ratio)', async () => {
    // Myanmar's demo ratios, on a cursor of its own (the other tests bet in TYPH).
    const ratios: Record<string, { points: number; unit: bigint }> = {
      RNG: { points: 1, unit: 1_000_00n },
      LIVE: { points: 1, unit: 2_000_00n },
      LOTT: { points: 1, unit: 5_000_00n },
    };
    // A clock of our own, moving forward op by op.
    let clock = Date.now() - 2 * 24 * 60 * 60_000;
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('bet' as const),
        member: fc.nat(2),
        validBet: fc.bigInt({ min: 0n, max: 50_000_00n }),
        gameType: fc.constantFrom('RNG', 'LIVE', 'LOTT', 'PVP'),
        status: fc.constantFrom('settled', 'settled', 'settled', 'cancelled') as fc.Arbitrary<
          'settled' | 'cancelled'
        >,
        // Committed up to 30 s after its settlement time (the job waits 60 s).
        late: fc.nat(30_000),
        advance: fc.nat(20_000),
      }),
      fc.record({
        kind: fc.constantFrom('run' as const, 'twoRuns' as const),
        batchSize: fc.integer({ min: 1, max: 4 }),
        advance: fc.nat(90_000),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const members = [randomUUID(), randomUUID(), randomUUID()];
        // Each member's settled valid bet by game type: points come from the running totals.
        const totals = new Map(members.map((id) => [id, new Map<string, bigint>()]));
        for (const o of ops) {
          clock += o.advance;
          if (o.kind === 'bet') {
            const accountId = members[o.member]!;
            await settledBet(accountId, o.validBet, {
              gameType: o.gameType,
              status: o.status,
              at: new Date(clock - o.late),
              merchantCode: 'TYMM',
            });
            if (o.status === 'settled') {
              const byType = totals.get(accountId)!;
              byType.set(o.gameType, (byType.get(o.gameType) ?? 0n) + o.validBet);
            }
          } else {
            const run = () =>
              points().earnDue({ now: new Date(clock), batchSize: o.batchSize, maxBatches: 2 });
            if (o.kind === 'run') await run();
            else await Promise.all([run(), run()]);
          }
        }
        clock += 2 * 60_000;
        while ((await points().earnDue({ now: new Date(clock) })).bets > 0);
        for (const id of members) {
          let expected = 0n;
          for (const [gameType, total] of totals.get(id)!) {
            const ratio = ratios[gameType];
            if (ratio) expected += pointsForBet(total, ratio);
          }
          expect(await balanceOf(id)).toBe(expected);
        }
        const dup = await db().execute(sql`
          select reference from points_ledger where kind = 'earn'
          group by account_id, reference having count(*) > 1`);
        expect((dup as { rows: unknown[] }).rows).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});

describe('points calls', () => {
  it('balance, rewards, config, detail, redeem and convert for the member', async () => {
    const m = await makeMember();
    expect((await m.get('/wps/relay/MCS2_getPointBalance')).json().value).toEqual({
      accountTypeId: 9,
      balance: 0,
    });
    await earn(m.id, 3_000);
    expect((await m.get('/wps/relay/MCS2_getPointBalance')).json().value.balance).toBe(3_000);

    const config = (await m.get('/wps/relay/MCS2_getPointConfig')).json().value;
    expect(config.ratios).toContainEqual({ gameType: 'RNG', points: 1, validBet: '100.00' });
    expect(config.exchange).toEqual({ points: 100, cash: '1.00' });
    expect(config.minConvert).toBe(100);

    const rewards = (await m.get('/wps/relay/MCS2_getPointReward?language=my')).json().value.list;
    const voucher = rewards.find((r: { id: string }) => r.id === 'TYPH-POINTS-VOUCHER');
    expect(voucher).toMatchObject({
      name: 'ငွေသား ဘောက်ချာ',
      type: 'cash',
      requiredPoints: 1_000,
      amount: '100.00',
      status: 'active',
    });
    expect(rewards.find((r: { id: string }) => r.id === 'TYPH-POINTS-TSHIRT')).toMatchObject({
      type: 'item',
      amount: null,
      name: 'Taya တီရှပ်',
    });
    const inTagalog = (await m.get('/wps/relay/MCS2_getPointReward?language=ty')).json().value;
    expect(inTagalog.list.find((r: { id: string }) => r.id === 'TYPH-POINTS-TSHIRT').name).toBe(
      'T-shirt ng Taya',
    );
    expect((await m.get('/wps/relay/MCS2_getPointReward')).json().value.list[0].name).toBe(
      'Cash voucher',
    );

    const stock = await stockOf('TYPH-POINTS-TSHIRT');
    const redeemed = await m.sealed('/wps/relay/passwordCheck/MCS2_redeemPointReward', {
      rewardId: 'TYPH-POINTS-TSHIRT',
      quantity: 1,
      redeemType: 'ITEM',
      password: '135790',
      province: 'Metro Manila',
      remarks: 'Size M',
    });
    expect(redeemed.statusCode).toBe(201);
    expect(redeemed.json().value).toMatchObject({
      rewardId: 'TYPH-POINTS-TSHIRT',
      rewardName: 'Taya T-shirt',
      quantity: 1,
      points: 2_500,
      status: 'In Process',
      province: 'Metro Manila',
      remarks: 'Size M',
    });
    expect(await stockOf('TYPH-POINTS-TSHIRT')).toBe(stock - 1);
    expect(await balanceOf(m.id)).toBe(500n);

    const list = (await m.get('/wps/relay/MCS2_getRedeemPointList?page=1&size=10')).json().value;
    expect(list.list.map((r: { id: string }) => r.id)).toEqual([redeemed.json().value.id]);
    expect(list.hasMore).toBe(false);
    const rejectedOnly = await m.get('/wps/relay/MCS2_getRedeemPointList?status=Rejected');
    expect(rejectedOnly.json().value.list).toEqual([]);

    const cashBefore = await mainBalance(m);
    const requestId = randomUUID();
    const converted = await m.sealed('/wps/relay/passwordCheck/MCS2_convertPoint', {
      amount: 300,
      password: '135790',
      requestId,
    });
    expect(converted.statusCode).toBe(200);
    expect(converted.json().value).toEqual({
      requestId,
      points: 300,
      cash: '3.00',
      pointBalance: 200,
    });
    // A retry with the same request id converts nothing more.
    const retry = await m.sealed('/wps/relay/passwordCheck/MCS2_convertPoint', {
      amount: 300,
      password: '135790',
      requestId,
    });
    expect(retry.json().value.pointBalance).toBe(200);
    const reuse = await m.sealed('/wps/relay/passwordCheck/MCS2_convertPoint', {
      amount: 100,
      password: '135790',
      requestId,
    });
    expect(reuse.statusCode).toBe(409);
    expect(Number(await mainBalance(m)) - Number(cashBefore)).toBeCloseTo(3, 5);
    const { entry, total } = await entryOf(`points-convert:${requestId}`);
    expect(total).toBe(0n);
    expect(entry.actor).toBe(m.id);
    expect(await balanceOf(m.id)).toBe(200n);

    const detail = await m.get(
      `/wps/relay/ODSFE2_MemTransDet?startTime=0&endTime=${Date.now() + 60_000}&page=1&size=2`,
    );
    expect(detail.statusCode).toBe(200);
    const page = detail.json().value;
    expect(
      page.list.map((r: { txTypeId: string; amount: string }) => [r.txTypeId, r.amount]),
    ).toEqual([
      ['point_convert', '-300'],
      ['point_redeem', '-2500'],
    ]);
    expect(page.list[0].username).toBe(m.username);
    expect(page.hasMore).toBe(true);
    const earnOnly = await m.get(
      `/wps/relay/ODSFE2_MemTransDet?startTime=0&endTime=${Date.now() + 60_000}&txTypeIds=point_earn`,
    );
    expect(earnOnly.json().value.list.map((r: { amount: string }) => r.amount)).toEqual(['3000']);
  });

  it('refuses a wrong payment password, then locks it like agent transfers do', async () => {
    const m = await makeMember();
    await earn(m.id, 2_000);
    const reward = await addReward();
    const wrong = await m.sealed('/wps/relay/passwordCheck/MCS2_redeemPointReward', {
      rewardId: reward,
      quantity: 1,
      redeemType: 'ITEM',
      password: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.map((f: { path: string }) => f.path)).toEqual(['password']);
    for (let i = 0; i < 5; i += 1) {
      await m.sealed('/wps/relay/passwordCheck/MCS2_convertPoint', {
        amount: 100,
        password: '000000',
      });
    }
    const locked = await m.sealed('/wps/relay/passwordCheck/MCS2_convertPoint', {
      amount: 100,
      password: '135790',
    });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().errorCode).toBe('account_locked');
    expect(await balanceOf(m.id)).toBe(2_000n);
    expect(await stockOf(reward)).toBe(10);
  });

  it('refuses too few points, no stock, bad input and another member’s redemption', async () => {
    const m = await makeMember();
    await earn(m.id, 150);
    const reward = await addReward({ requiredPoints: 100n, stock: 1 });
    const redeem = (body: object) =>
      m.sealed('/wps/relay/passwordCheck/MCS2_redeemPointReward', {
        rewardId: reward,
        quantity: 1,
        redeemType: 'ITEM',
        password: '135790',
        ...body,
      });

    const tooMany = await redeem({ quantity: 2 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().errorCode).toBe('reward_out_of_stock');

    const other = await addReward({ requiredPoints: 200n });
    const poor = await redeem({ rewardId: other });
    expect(poor.statusCode).toBe(409);
    expect(poor.json().errorCode).toBe('insufficient_funds');
    expect(await stockOf(other)).toBe(10);

    for (const [body, field] of [
      [{ quantity: 0 }, 'quantity'],
      [{ redeemType: 'no spaces!' }, 'redeemType'],
      [{ rewardId: 'no-such-reward' }, 'rewardId'],
      [{ remarks: 'x'.repeat(141) }, 'remarks'],
      [{ extra: 1 }, 'extra'],
    ] as const) {
      const res = await redeem(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    const small = await m.sealed('/wps/relay/passwordCheck/MCS2_convertPoint', {
      amount: 99,
      password: '135790',
    });
    expect(small.statusCode).toBe(400);
    expect(small.json().fields[0].path).toBe('amount');
    const notInt = await m.sealed('/wps/relay/passwordCheck/MCS2_convertPoint', {
      amount: 100.5,
      password: '135790',
    });
    expect(notInt.statusCode).toBe(400);
    expect(notInt.json().fields[0].path).toBe('amount');
    const badPage = await m.get('/wps/relay/MCS2_getRedeemPointList?size=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().fields[0].path).toBe('size');
    expect(await balanceOf(m.id)).toBe(150n);

    const ok = await redeem({});
    expect(ok.statusCode).toBe(201);
    const soldOut = await redeem({});
    expect(soldOut.json().errorCode).toBe('reward_out_of_stock');
    const listed = (await m.get('/wps/relay/MCS2_getPointReward')).json().value.list;
    expect(listed.find((r: { id: string }) => r.id === reward)).toMatchObject({
      quantity: 0,
      status: 'sold_out',
    });

    const stranger = await makeMember();
    const theirs = (await stranger.get('/wps/relay/MCS2_getRedeemPointList')).json().value;
    expect(theirs.list).toEqual([]);
    const detail = await stranger.get(
      `/wps/relay/ODSFE2_MemTransDet?startTime=0&endTime=${Date.now() + 60_000}`,
    );
    expect(detail.json().value.list).toEqual([]);
    const peek = await stranger.get(
      `/wps/relay/ODSFE2_MemTransDet?startTime=0&endTime=${Date.now() + 60_000}&subordinateName=${m.username}`,
    );
    expect(peek.statusCode).toBe(403);
    const decide = await t.app.inject({
      method: 'POST',
      url: `/ops/points/redemptions/${ok.json().value.id}/approve`,
      headers: stranger.auth,
      payload: {},
    });
    expect(decide.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/wps/relay/MCS2_getPointBalance' });
    expect(anonymous.statusCode).toBe(401);
    // The redeem call takes only a sealed body.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
      headers: m.auth,
      payload: { rewardId: reward, quantity: 1, redeemType: 'ITEM', password: '135790' },
    });
    expect(plain.statusCode).toBe(400);
  });
});

describe('operator decisions', () => {
  const opCall = async (url: string, operatorId: string, payload: { note?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${await t.login('operator', operatorId)}` },
      payload,
    });

  it('approving a cash reward pays the main wallet through the ledger, by the operator', async () => {
    const m = await makeMember();
    await earn(m.id, 2_000);
    const reward = await addReward({
      kind: 'cash',
      cashAmount: 25_00n,
      requiredPoints: 500n,
    });
    const res = await m.sealed('/wps/relay/passwordCheck/MCS2_redeemPointReward', {
      rewardId: reward,
      quantity: 2,
      redeemType: 'CASH',
      password: '135790',
    });
    const id = res.json().value.id as string;
    expect(res.json().value).toMatchObject({ points: 1_000, amount: '50.00' });
    expect(await mainBalance(m)).toBe('0.00');

    const pending = await t.app.inject({
      method: 'GET',
      url: `/ops/points/redemptions?merchantCode=${M}`,
      headers: { authorization: `Bearer ${await t.login('operator', 'op-list')}` },
    });
    expect(pending.json().value.map((r: { id: string }) => r.id)).toContain(id);

    const approved = await opCall(`/ops/points/redemptions/${id}/approve`, 'op-1');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'Approved', decisionNote: null });
    expect(await mainBalance(m)).toBe('50.00');
    const { entry, total } = await entryOf(`points-redemption:${id}`);
    expect(total).toBe(0n);
    expect(entry.actor).toBe('op-1');
    expect(entry.type).toBe('points_reward');

    // Approving again pays nothing more; rejecting now is refused.
    expect((await opCall(`/ops/points/redemptions/${id}/approve`, 'op-1')).statusCode).toBe(200);
    expect(await mainBalance(m)).toBe('50.00');
    const late = await opCall(`/ops/points/redemptions/${id}/reject`, 'op-2');
    expect(late.statusCode).toBe(409);
    expect(await balanceOf(m.id)).toBe(1_000n);
    const [row] = await db().select().from(pointsRedemptions).where(eq(pointsRedemptions.id, id));
    expect(row).toMatchObject({ status: 'approved', decidedBy: 'op-1', entryId: entry.id });
  });

  it('rejecting gives back the points and the stock, once', async () => {
    const m = await makeMember();
    await earn(m.id, 1_000);
    const reward = await addReward({ requiredPoints: 300n, stock: 3 });
    const res = await m.sealed('/wps/relay/passwordCheck/MCS2_redeemPointReward', {
      rewardId: reward,
      quantity: 3,
      redeemType: 'ITEM',
      password: '135790',
    });
    const id = res.json().value.id as string;
    expect(await balanceOf(m.id)).toBe(100n);
    expect(await stockOf(reward)).toBe(0);

    const rejected = await opCall(`/ops/points/redemptions/${id}/reject`, 'op-3', {
      note: 'No delivery to this address',
    });
    expect(rejected.json().value).toMatchObject({
      status: 'Rejected',
      decisionNote: 'No delivery to this address',
    });
    expect((await opCall(`/ops/points/redemptions/${id}/reject`, 'op-3')).statusCode).toBe(200);
    expect(await balanceOf(m.id)).toBe(1_000n);
    expect(await stockOf(reward)).toBe(3);
    expect((await opCall(`/ops/points/redemptions/${id}/approve`, 'op-3')).statusCode).toBe(409);
    const refund = await db()
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.accountId, m.id), eq(pointsLedger.kind, 'refund')));
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({ amount: 900n, actor: 'op-3', reference: id });
    const list = (await m.get('/wps/relay/MCS2_getRedeemPointList?status=Rejected')).json().value;
    expect(list.list.map((r: { id: string }) => r.id)).toEqual([id]);
    // The member sees why.
    expect(list.list[0].decisionNote).toBe('No delivery to this address');
    expect(
      (await opCall(`/ops/points/redemptions/${randomUUID()}/reject`, 'op-3')).statusCode,
    ).toBe(404);
  });
});

describe.skipIf(!testDatabaseUrl)('concurrent redemptions (PostgreSQL)', () => {
  it('20 redemptions of a reward with stock 5: exactly 5 succeed, stock and points exact', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => makeMember()));
    for (const m of members) await settledBet(m.id, 10_000n * 100_00n);
    await earnAll();
    const reward = await addReward({ requiredPoints: 700n, stock: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        members[i % 4]!.sealed('/wps/relay/passwordCheck/MCS2_redeemPointReward', {
          rewardId: reward,
          quantity: 1,
          redeemType: 'ITEM',
          password: '135790',
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode !== 201).map((r) => r.json().errorCode)).toEqual(
      Array(15).fill('reward_out_of_stock'),
    );
    expect(await stockOf(reward)).toBe(0);
    let spent = 0n;
    for (const m of members) spent += 10_000n - (await balanceOf(m.id));
    expect(spent).toBe(5n * 700n);
    const rows = await db()
      .select()
      .from(pointsRedemptions)
      .where(eq(pointsRedemptions.rewardId, reward));
    expect(rows).toHaveLength(5);
  });
});

describe('the rewards shown to visitors', () => {
  it("lists the Merchant header's rewards without a session, named in the Language header", async () => {
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCS2_getPointReward',
      headers: { merchant: 'TYMM', language: 'MY' },
    });
    expect(visitor.statusCode).toBe(200);
    const list = visitor.json().value.list as { id: string; name: string; amount: string }[];
    expect(list.map((r) => r.id)).toContain('TYMM-POINTS-VOUCHER');
    expect(list.every((r) => r.id.startsWith('TYMM-'))).toBe(true);
    expect(list.find((r) => r.id === 'TYMM-POINTS-VOUCHER')).toMatchObject({
      name: 'ငွေသား ဘောက်ချာ',
      amount: '1000.00',
    });
    // A member's own merchant wins over a Merchant header naming another.
    const m = await makeMember();
    const own = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCS2_getPointReward',
      headers: { ...m.auth, merchant: 'TYMM' },
    });
    const ids = (own.json().value.list as { id: string }[]).map((r) => r.id);
    expect(ids).toContain('TYPH-POINTS-VOUCHER');
    expect(ids.some((id) => id.startsWith('TYMM-'))).toBe(false);
  });
});
