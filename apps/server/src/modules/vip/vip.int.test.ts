import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, testDatabaseUrl, type TestContext } from '../../test/harness';
import { currencyOf, insertMember } from '../../test/members';
import { betRecords } from '../games/schema';
import { depositOrders } from '../cashier/schema';
import { vipProgress, vipUpgrades } from './schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const vip = () => t.app.services.vip;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

const newMember = async (merchantCode = 'TYPH') =>
  (await insertMember(t, { merchantCode, prefix: 'v' })).id;

async function bet(
  accountId: string,
  validBet: bigint,
  options: { merchantCode?: string; status?: 'settled' | 'open' | 'cancelled'; at?: Date } = {},
): Promise<string> {
  const merchantCode = options.merchantCode ?? 'TYPH';
  const status = options.status ?? 'settled';
  const at = options.at ?? new Date();
  const roundId = randomUUID();
  const id = `TEST:${roundId}:${accountId}`;
  await db()
    .insert(betRecords)
    .values({
      id,
      merchantCode,
      accountId,
      vendorCode: 'TEST',
      gameId: `${merchantCode}-TAYA-FORTUNE`,
      gameType: 'RNG',
      roundId,
      currency: currencyOf(merchantCode),
      stake: validBet,
      validBet,
      payout: 0n,
      status,
      placedAt: at,
      // A voided round keeps the time it was voided at: only its status keeps it out.
      settledAt: status === 'open' ? null : at,
    });
  return id;
}

async function deposit(
  accountId: string,
  amount: bigint,
  options: {
    merchantCode?: string;
    status?: 'pending' | 'credited' | 'rejected';
    at?: Date;
  } = {},
): Promise<string> {
  const merchantCode = options.merchantCode ?? 'TYPH';
  const status = options.status ?? 'credited';
  const at = options.at ?? new Date();
  const id = randomUUID();
  await db()
    .insert(depositOrders)
    .values({
      id,
      merchantCode,
      accountId,
      channelCode: 'TEST',
      amount,
      currency: currencyOf(merchantCode),
      status,
      createdAt: at,
      decidedAt: status === 'pending' ? null : at,
      decidedBy: status === 'pending' ? null : 'operator:test',
    });
  return id;
}

async function progress(accountId: string) {
  const [row] = await db().select().from(vipProgress).where(eq(vipProgress.accountId, accountId));
  return row ?? { validBet: 0n, deposits: 0n, rankLevel: 0 };
}

async function upgrades(accountId: string) {
  return (
    await db()
      .select()
      .from(vipUpgrades)
      .where(eq(vipUpgrades.accountId, accountId))
      .orderBy(asc(vipUpgrades.toLevel))
  ).map((u) => [u.fromLevel, u.toLevel]);
}

async function sessionOf(accountId: string, merchantCode = 'TYPH') {
  const { token } = await t.app.services.sessions.issue({
    subjectId: accountId,
    role: 'member',
    merchantCode,
  });
  return { authorization: `Bearer ${token}` };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the vip.progress fold', () => {
  type Op =
    | {
        kind: 'bet';
        member: number;
        amount: bigint;
        status: 'settled' | 'open' | 'cancelled';
        age: number;
      }
    | {
        kind: 'deposit';
        member: number;
        amount: bigint;
        status: 'pending' | 'credited' | 'rejected';
        age: number;
      }
    | { kind: 'settle'; index: number }
    | { kind: 'credit'; index: number }
    | { kind: 'fold' };

  const member = fc.nat(2);
  const age = fc.nat(45);
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant('bet' as const),
      member,
      amount: fc.bigInt({ min: 1n, max: 400_000_00n }),
      status: fc.constantFrom('settled' as const, 'open' as const, 'cancelled' as const),
      age,
    }),
    fc.record({
      kind: fc.constant('deposit' as const),
      member,
      amount: fc.bigInt({ min: 1n, max: 60_000_00n }),
      status: fc.constantFrom('credited' as const, 'pending' as const, 'rejected' as const),
      age,
    }),
    fc.record({ kind: fc.constant('settle' as const), index: fc.nat(30) }),
    fc.record({ kind: fc.constant('credit' as const), index: fc.nat(30) }),
    fc.record({ kind: fc.constant('fold' as const) }),
  );

  it('counts every settled bet and credited deposit exactly once, however often it runs', async () => {
    const levels = await vip().levels('TYPH');
    expect(levels).toHaveLength(6);
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 30 }), async (ops) => {
        const members = [randomUUID(), randomUUID(), randomUUID()];
        const bets: { id: string; member: number; amount: bigint; status: string }[] = [];
        const deposits: { id: string; member: number; amount: bigint; status: string }[] = [];
        for (const op of ops) {
          if (op.kind === 'bet') {
            const id = await bet(members[op.member]!, op.amount, {
              status: op.status,
              at: minutesAgo(op.age),
            });
            bets.push({ id, member: op.member, amount: op.amount, status: op.status });
          } else if (op.kind === 'deposit') {
            const id = await deposit(members[op.member]!, op.amount, {
              status: op.status,
              at: minutesAgo(op.age),
            });
            deposits.push({ id, member: op.member, amount: op.amount, status: op.status });
          } else if (op.kind === 'settle') {
            const open = bets.filter((b) => b.status === 'open');
            const b = open[op.index % Math.max(open.length, 1)];
            if (!b) continue;
            b.status = 'settled';
            await db()
              .update(betRecords)
              .set({ status: 'settled', settledAt: minutesAgo(1) })
              .where(eq(betRecords.id, b.id));
          } else if (op.kind === 'credit') {
            const pending = deposits.filter((d) => d.status === 'pending');
            const d = pending[op.index % Math.max(pending.length, 1)];
            if (!d) continue;
            d.status = 'credited';
            await db()
              .update(depositOrders)
              .set({ status: 'credited', decidedAt: new Date(), decidedBy: 'operator:test' })
              .where(eq(depositOrders.id, d.id));
          } else {
            // Two runs at once, as two nodes would: each record still counts once.
            await Promise.all([vip().foldProgress(), vip().foldProgress({ batchSize: 3 })]);
          }
        }
        await vip().foldProgress();
        await vip().foldProgress();
        for (const [i, id] of members.entries()) {
          const validBet = bets
            .filter((b) => b.member === i && b.status === 'settled')
            .reduce((s, b) => s + b.amount, 0n);
          const deposited = deposits
            .filter((d) => d.member === i && d.status === 'credited')
            .reduce((s, d) => s + d.amount, 0n);
          const row = await progress(id);
          expect(row.validBet).toBe(validBet);
          expect(row.deposits).toBe(deposited);
          const rank = Math.max(
            ...levels
              .filter((l) => validBet >= l.validBetThreshold && deposited >= l.depositThreshold)
              .map((l) => l.rankLevel),
          );
          expect(row.rankLevel).toBe(rank);
          expect(await upgrades(id)).toEqual(Array.from({ length: rank }, (_, k) => [k, k + 1]));
        }
      }),
      { numRuns: 12 },
    );
  });

  it('upgrades at the exact thresholds, and not one minor unit below', async () => {
    // TYPH rank 1: valid bet 10,000.00 and deposits 2,000.00.
    const shortOfBet = await newMember();
    await bet(shortOfBet, 10_000_00n - 1n);
    await deposit(shortOfBet, 2_000_00n);
    const shortOfDeposit = await newMember();
    await bet(shortOfDeposit, 10_000_00n);
    await deposit(shortOfDeposit, 2_000_00n - 1n);
    await vip().foldProgress();
    expect((await progress(shortOfBet)).rankLevel).toBe(0);
    expect((await progress(shortOfDeposit)).rankLevel).toBe(0);
    expect(await upgrades(shortOfBet)).toEqual([]);

    await bet(shortOfBet, 1n);
    await deposit(shortOfDeposit, 1n);
    const r = await vip().foldProgress();
    expect(r.upgrades).toBeGreaterThanOrEqual(2);
    expect(await progress(shortOfBet)).toMatchObject({
      validBet: 10_000_00n,
      deposits: 2_000_00n,
      rankLevel: 1,
    });
    expect((await progress(shortOfDeposit)).rankLevel).toBe(1);
    expect(await upgrades(shortOfDeposit)).toEqual([[0, 1]]);
  });

  it('records every rank passed in a jump, once, and never lowers a rank', async () => {
    const id = await newMember();
    await bet(id, 5_000_000_00n);
    await deposit(id, 1_000_000_00n);
    await vip().foldProgress();
    expect((await progress(id)).rankLevel).toBe(5);
    expect(await upgrades(id)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
    ]);
    // A cancelled bet later changes nothing counted; another run adds nothing.
    await db().update(betRecords).set({ status: 'cancelled' }).where(eq(betRecords.accountId, id));
    const again = await vip().foldProgress();
    expect(again.upgrades).toBe(0);
    expect((await progress(id)).rankLevel).toBe(5);
    expect(await upgrades(id)).toHaveLength(5);
  });

  it('uses each merchant’s own ladder: an MMK member needs MMK magnitudes', async () => {
    const id = await newMember('TYMM');
    // Enough for PHP rank 3, short of MMK rank 1 (500,000 / 100,000 MMK).
    await bet(id, 200_000_00n, { merchantCode: 'TYMM' });
    await deposit(id, 50_000_00n, { merchantCode: 'TYMM' });
    await vip().foldProgress();
    expect((await progress(id)).rankLevel).toBe(0);
    await bet(id, 300_000_00n, { merchantCode: 'TYMM' });
    await deposit(id, 50_000_00n, { merchantCode: 'TYMM' });
    await vip().foldProgress();
    expect(await progress(id)).toMatchObject({ merchantCode: 'TYMM', rankLevel: 1 });
  });

  it.skipIf(!testDatabaseUrl)(
    'counts each record once when many runs race on PostgreSQL',
    async () => {
      const members = await Promise.all([0, 1, 2, 3].map(() => newMember()));
      const expected = new Map<string, bigint>(members.map((m) => [m, 0n]));
      for (let i = 0; i < 120; i++) {
        const m = members[i % members.length]!;
        const amount = BigInt(1_00 + i);
        expected.set(m, expected.get(m)! + amount);
        await bet(m, amount, { at: minutesAgo(i % 20) });
      }
      const runs = await Promise.all(
        Array.from({ length: 8 }, (_, i) => vip().foldProgress({ batchSize: 7 + i })),
      );
      expect(runs.reduce((s, r) => s + r.bets, 0)).toBeGreaterThanOrEqual(120);
      for (const m of members) expect((await progress(m)).validBet).toBe(expected.get(m));
    },
    60_000,
  );

  it('is the vip.progress job, every minute', () => {
    expect(t.app.services.jobs.names).toContain('vip.progress');
  });
});

describe('GET /wps/vip/levels', () => {
  it('lists the merchant’s ranks and benefits to anyone, in its currency', async () => {
    const ph = await get('/wps/vip/levels', { merchant: 'TYPH' });
    expect(ph.statusCode).toBe(200);
    const phValue = ph.json().value;
    expect(phValue.currency).toBe('TLB');
    expect(phValue.levels.map((l: { rankLevel: number }) => l.rankLevel)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    expect(phValue.levels[1]).toEqual({
      rankLevel: 1,
      labelName: 'VIP 1',
      validBetThreshold: '10000.00',
      depositThreshold: '2000.00',
      benefits: {
        rebateRateBps: 40,
        rebateRatesBps: { RNG: 50, LIVE: 30, SPORTS: 35 },
        dailyWithdrawCount: 5,
        dailyWithdrawAmount: '100000.00',
        upgradeBonus: '100.00',
      },
    });
    expect(phValue.levels[5].benefits).toMatchObject({
      dailyWithdrawCount: null,
      dailyWithdrawAmount: null,
    });

    const mm = (await get('/wps/vip/levels?language=MY', { merchant: 'TYMM' })).json().value;
    expect(mm.currency).toBe('MMK');
    expect(mm.levels[1].labelName).toBe('VIP ၁');
    for (const [i, level] of mm.levels.entries()) {
      if (i === 0) continue;
      expect(Number(level.validBetThreshold)).toBeGreaterThan(
        Number(phValue.levels[i].validBetThreshold) * 10,
      );
    }
  });

  it('refuses bad input with the field named', async () => {
    const bad = await get('/wps/vip/levels?language=%3Cscript%3E');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, errorCode: 'request_param_err' });
    expect(bad.json().fields[0].path).toContain('language');
    const unknown = await get('/wps/vip/levels?merchantCode=TYMM');
    expect(unknown.statusCode).toBe(400);
  });
});

describe('GET /wps/member/vip', () => {
  it('shows the caller only its own rank, progress and benefits', async () => {
    const low = await newMember();
    const high = await newMember();
    await bet(low, 2_500_00n);
    await deposit(low, 500_00n);
    await bet(high, 60_000_00n);
    await deposit(high, 12_000_00n);
    await vip().foldProgress();

    const lowRes = await get('/wps/member/vip', await sessionOf(low));
    expect(lowRes.statusCode).toBe(200);
    expect(lowRes.json().value).toEqual({
      hasVip: false,
      vipLabelName: 'VIP 0',
      vipRankLevel: 0,
      level: expect.objectContaining({ rankLevel: 0, labelName: 'VIP 0' }),
      nextLevel: expect.objectContaining({ rankLevel: 1, validBetThreshold: '10000.00' }),
      progress: {
        validBet: '2500.00',
        deposits: '500.00',
        nextValidBet: '10000.00',
        nextDeposits: '2000.00',
        validBetPercent: 25,
        depositsPercent: 25,
      },
      benefits: {
        rebateRateBps: 30,
        rebateRatesBps: { RNG: 40, LIVE: 20, SPORTS: 25 },
        dailyWithdrawCount: 3,
        dailyWithdrawAmount: '50000.00',
        upgradeBonus: '0.00',
      },
    });

    const highValue = (await get('/wps/member/vip', await sessionOf(high))).json().value;
    expect(highValue).toMatchObject({
      hasVip: true,
      vipLabelName: 'VIP 2',
      vipRankLevel: 2,
      progress: { validBet: '60000.00', deposits: '12000.00', nextValidBet: '200000.00' },
    });

    // No parameter can name another member.
    const other = await get(`/wps/member/vip?accountId=${high}`, await sessionOf(low));
    expect(other.statusCode).toBe(400);
    expect((await get('/wps/member/vip')).statusCode).toBe(401);
  });

  it('is complete at the top rank', async () => {
    const id = await newMember();
    await bet(id, 6_000_000_00n);
    await deposit(id, 1_000_000_00n);
    await vip().foldProgress();
    const value = (await get('/wps/member/vip', await sessionOf(id))).json().value;
    expect(value).toMatchObject({
      vipRankLevel: 5,
      nextLevel: null,
      progress: {
        nextValidBet: null,
        nextDeposits: null,
        validBetPercent: 100,
        depositsPercent: 100,
      },
    });
  });

  it('fills member info’s club label once the member holds a rank', async () => {
    const id = await newMember();
    const auth = await sessionOf(id);
    expect((await get('/wps/member/info', auth)).json().value.clubLabel).toBeNull();
    await bet(id, 10_000_00n);
    await deposit(id, 2_000_00n);
    await vip().foldProgress();
    expect((await get('/wps/member/info', auth)).json().value.clubLabel).toEqual({
      labelName: 'VIP 1',
    });
  });
});
