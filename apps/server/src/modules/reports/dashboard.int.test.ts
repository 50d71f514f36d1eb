import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardFigures, OpsDashboard } from '@taya/contracts';
import { createTestApp, type TestContext } from '../../test/harness';
import { insertMember } from '../../test/members';
import { depositOrders, withdrawalRequests } from '../cashier/schema';
import { accounts } from '../identity/schema';
import { betRecords } from '../play/schema';
import { opsApprovals } from '../players/schema';
import { dashboardDays } from './dashboard';

let t: TestContext;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = `Bearer ${await t.loginOperator({ subjectId: 'dashboard-admin' })}`;
});
afterAll(() => t.close());

const dashboard = async (query: string, auth = op) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/ops/dashboard${query}`,
    headers: { authorization: auth },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as OpsDashboard;
};

type Delta = Partial<Record<keyof DashboardFigures, number>>;

/** `before` plus the figures this test added, field by field, as the route sends them. */
function plus(before: DashboardFigures, delta: Delta): DashboardFigures {
  const out = { ...before } as Record<string, string | number>;
  for (const [key, add] of Object.entries(delta)) {
    const was = out[key]!;
    out[key] = typeof was === 'number' ? was + add : (BigInt(was) + BigInt(add)).toString();
  }
  return out as unknown as DashboardFigures;
}

describe('GET /ops/dashboard', () => {
  it('sums seeded bets, deposits, withdrawals, bonuses and players exactly, by Manila day', async () => {
    const { days } = dashboardDays('7d', 'Asia/Manila');
    const month = dashboardDays('30d', 'Asia/Manila').days;
    const day = (offset: number) => month[month.length - 1 + offset]!.start.getTime();
    const today = day(0);
    // Manila is UTC+8: its day starts at 16:00 UTC.
    expect(new Date(today).getUTCHours()).toBe(16);

    const before7 = await dashboard('?range=7d');
    const before30 = await dashboard('?range=30d');
    const beforeToday = await dashboard('?range=today');
    expect(before7.series).toHaveLength(7);
    expect(before30.series).toHaveLength(30);
    expect(beforeToday.series.map((d) => d.date)).toEqual([days[6]!.date]);

    const { db } = t.database;
    const [a, b, c, d, e, f] = await Promise.all(
      Array.from({ length: 6 }, () => insertMember(t, { registeredAt: new Date(day(-10)) })),
    );
    const bet = (
      who: { id: string },
      at: number,
      gameType: string,
      stake: bigint,
      payout: bigint,
      status: 'settled' | 'open' | 'cancelled' = 'settled',
    ) => ({
      id: randomUUID(),
      merchantCode: 'TYPH',
      accountId: who.id,
      vendorCode: 'TAYA',
      gameId: `dash-${gameType}`,
      gameType,
      roundId: randomUUID(),
      currency: 'TLB',
      stake,
      validBet: stake,
      payout,
      status,
      placedAt: new Date(at),
      settledAt: status === 'settled' ? new Date(at) : null,
    });
    await db.insert(betRecords).values([
      bet(a!, today + 60_000, 'dashslot', 1000n, 400n),
      bet(b!, today + 120_000, 'dashlotto', 500n, 900n),
      // The last instant of yesterday in Manila.
      bet(a!, today - 1, 'dashslot', 300n, 0n),
      bet(c!, day(-3) + 3_600_000, 'dashslot', 2000n, 2500n),
      // Just before the 7 days: in the 30 days only.
      bet(d!, day(-6) - 1, 'dashslot', 7000n, 0n),
      // Placed today, not settled: an active player, no stake yet.
      bet(e!, today + 180_000, 'dashslot', 100n, 0n, 'open'),
      bet(f!, today + 240_000, 'dashslot', 50n, 0n, 'cancelled'),
    ]);
    const order = (amount: bigint, at: number, status: 'credited' | 'pending') => ({
      id: randomUUID(),
      merchantCode: 'TYPH',
      accountId: a!.id,
      channelCode: 'BANK',
      amount,
      currency: 'TLB',
      status,
      createdAt: new Date(at),
      decidedAt: status === 'credited' ? new Date(at) : null,
    });
    await db
      .insert(depositOrders)
      .values([
        order(10_000n, today + 300_000, 'credited'),
        order(5_000n, day(-3) + 60_000, 'credited'),
        order(999n, today + 300_000, 'pending'),
      ]);
    const withdrawal = (amount: bigint, status: 'approved' | 'pending') => ({
      id: randomUUID(),
      merchantCode: 'TYPH',
      accountId: b!.id,
      payoutAccountId: randomUUID(),
      amount,
      currency: 'TLB',
      status,
      holdEntryId: randomUUID(),
      createdAt: new Date(today + 60_000),
      decidedAt: status === 'approved' ? new Date(today + 120_000) : null,
    });
    await db
      .insert(withdrawalRequests)
      .values([withdrawal(3_000n, 'approved'), withdrawal(1_234n, 'pending')]);
    // New players: two today, one three days ago, and a trial player who does not count.
    await insertMember(t, { registeredAt: new Date(today + 1000) });
    await insertMember(t, { registeredAt: new Date(today + 2000) });
    await insertMember(t, { registeredAt: new Date(day(-3) + 1000) });
    const trial = await insertMember(t, { registeredAt: new Date(today + 3000) });
    await db.update(accounts).set({ type: 4 }).where(eq(accounts.id, trial.id));
    // A promotion bonus paid now, out of the house's bonus budget.
    await db.transaction((tx) =>
      t.app.services.wallet.grant(tx, {
        merchantCode: 'TYPH',
        currency: 'TLB',
        player: c!.id,
        amount: 700n,
        to: 'cash',
        from: 'bonus_expense:promotions',
        type: 'promotion_bonus',
        key: `dashboard-test:${c!.id}`,
        actor: 'test',
      }),
    );

    const after7 = await dashboard('?range=7d');
    const todayDelta: Delta = {
      deposits: 10_000,
      depositCount: 1,
      withdrawals: 3_000,
      withdrawalCount: 1,
      stake: 1500,
      payout: 1300,
      betCount: 2,
      ggr: 200,
      bonusCost: 700,
      ngr: -500,
      activePlayers: 3,
      newPlayers: 2,
    };
    const yesterdayDelta: Delta = { stake: 300, ggr: 300, ngr: 300, betCount: 1, activePlayers: 1 };
    const threeDaysDelta: Delta = {
      deposits: 5_000,
      depositCount: 1,
      stake: 2000,
      payout: 2500,
      betCount: 1,
      ggr: -500,
      ngr: -500,
      activePlayers: 1,
      newPlayers: 1,
    };
    expect(after7.series.map((s) => s.date)).toEqual(days.map((x) => x.date));
    const expected = before7.series.map((s, i) =>
      i === 6
        ? { ...plus(s, todayDelta), date: s.date }
        : i === 5
          ? { ...plus(s, yesterdayDelta), date: s.date }
          : i === 3
            ? { ...plus(s, threeDaysDelta), date: s.date }
            : s,
    );
    expect(after7.series).toEqual(expected);
    // A, B, C and E played in the 7 days; A on two days counts once.
    expect(after7.totals).toEqual(
      plus(before7.totals, {
        deposits: 15_000,
        depositCount: 2,
        withdrawals: 3_000,
        withdrawalCount: 1,
        stake: 3800,
        payout: 3800,
        betCount: 4,
        ggr: 0,
        bonusCost: 700,
        ngr: -700,
        activePlayers: 4,
        newPlayers: 3,
      }),
    );
    expect(after7.byGameType.filter((g) => g.gameType.startsWith('dash'))).toEqual([
      { gameType: 'dashslot', stake: '3300', payout: '2900', ggr: '400', betCount: 3, players: 2 },
      { gameType: 'dashlotto', stake: '500', payout: '900', ggr: '-400', betCount: 1, players: 1 },
    ]);
    expect(after7.queues.pendingDeposits).toBe(before7.queues.pendingDeposits + 1);
    expect(after7.queues.pendingWithdrawals).toBe(before7.queues.pendingWithdrawals + 1);
    expect(after7).toMatchObject({
      merchantCode: 'TYPH',
      currency: 'TLB',
      timeZone: 'Asia/Manila',
      range: '7d',
      start: new Date(day(-6)).toISOString(),
      end: new Date(today + 86_400_000).toISOString(),
    });

    const afterToday = await dashboard('?range=today');
    expect(afterToday.totals).toEqual(plus(beforeToday.totals, todayDelta));
    const after30 = await dashboard('?range=30d');
    expect(after30.totals.stake).toBe((BigInt(before30.totals.stake) + 10_800n).toString());
    expect(after30.totals.activePlayers).toBe(before30.totals.activePlayers + 5);
  });

  it("counts the merchant's four-eyes approvals still pending", async () => {
    const before = await dashboard('');
    const approval = (merchantCode: string, status: 'pending' | 'approved' | 'rejected') => ({
      id: randomUUID(),
      kind: 'player.adjustment',
      merchantCode,
      targetType: 'account',
      targetId: randomUUID(),
      payload: {},
      reason: 'dashboard count',
      status,
      requestedBy: 'dashboard-admin',
      requestedByUsername: 'dashboard-admin',
      requestKey: randomUUID(),
    });
    await t.database.db
      .insert(opsApprovals)
      .values([
        approval('TYPH', 'pending'),
        approval('TYPH', 'pending'),
        approval('TYPH', 'approved'),
        approval('TYPH', 'rejected'),
        approval('TYMM', 'pending'),
      ]);
    const after = await dashboard('');
    expect(after.queues.pendingApprovals).toBe(before.queues.pendingApprovals + 2);
    expect(after.queues.pendingDeposits).toBe(before.queues.pendingDeposits);
  });

  it('keeps an operator to the merchants of its scope', async () => {
    const ph = `Bearer ${await t.loginOperator({ role: 'finance', merchants: ['TYPH'] })}`;
    expect((await dashboard('', ph)).merchantCode).toBe('TYPH');
    const other = await t.app.inject({
      method: 'GET',
      url: '/ops/dashboard?merchantCode=TYMM',
      headers: { authorization: ph },
    });
    expect(other.statusCode).toBe(403);
    const mm = await dashboard('?merchantCode=TYMM&range=7d');
    expect(mm).toMatchObject({ merchantCode: 'TYMM', timeZone: 'Asia/Yangon', currency: 'MMK' });
    // Yangon is UTC+6:30: its day starts at 17:30 UTC.
    expect(new Date(mm.start).toISOString().slice(11, 16)).toBe('17:30');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/ops/dashboard?range=year',
      headers: { authorization: op },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('range');
    const content = `Bearer ${await t.loginOperator({ role: 'content' })}`;
    const refused = await t.app.inject({
      method: 'GET',
      url: '/ops/dashboard',
      headers: { authorization: content },
    });
    expect(refused.statusCode).toBe(403);
  });
});
