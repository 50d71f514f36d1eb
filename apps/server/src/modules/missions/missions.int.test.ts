import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseUrl, type TestContext } from '../../test/harness';
import {
  balanceOf,
  bonusTurnover,
  currencyOf,
  deposit,
  insertMembers,
  newMember,
  type MemberClient,
} from '../../test/members';
import { depositOrders } from '../cashier/schema';
import { betRecords } from '../games/schema';
import { maskName } from '../games/service';
import { missionClaims, missions } from './schema';
import { periodWindow, progressOf } from './service';

let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

/** A settled bet record as the game platform writes one. */
async function bet(
  accountId: string,
  validBet: bigint,
  options: {
    gameType?: string;
    at?: Date;
    merchantCode?: string;
    status?: 'settled' | 'open';
  } = {},
) {
  const merchantCode = options.merchantCode ?? 'TYPH';
  const at = options.at ?? new Date();
  await t.database.db.insert(betRecords).values({
    id: randomUUID(),
    merchantCode,
    accountId,
    vendorCode: 'TEST',
    gameId: `game-${options.gameType ?? 'RNG'}`,
    gameType: options.gameType ?? 'RNG',
    roundId: randomUUID(),
    currency: currencyOf(merchantCode),
    stake: validBet,
    validBet,
    status: options.status ?? 'settled',
    placedAt: at,
    settledAt: options.status === 'open' ? null : at,
  });
}

function missionBody(overrides: Record<string, unknown> = {}) {
  return {
    merchantCode: 'TYPH',
    period: 'daily',
    task: 'bet_amount',
    gameTypes: ['RNG'],
    target: '100.00',
    reward: '5.00',
    turnoverMultipleTenths: 30,
    title: { en: 'Bet on slots', ty: 'Tumaya sa slots' },
    description: { en: 'Bet on slots today' },
    budget: null,
    enabled: true,
    reason: 'Set up for the test',
    ...overrides,
  };
}

const ops = (payload: object, token = operator) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/missions',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

async function createMission(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await ops(missionBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as string;
}

interface Item {
  id: string;
  state: string | null;
  progress: string | null;
  target: string;
  periodKey: string;
}

async function itemOf(member: MemberClient, id: string): Promise<Item> {
  const res = await member.get('/wps/missions?language=ty');
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json().value.list as Item[]).find((i) => i.id === id);
  expect(item).toBeDefined();
  return item!;
}

const claim = (member: MemberClient, id: string, requestId = randomUUID()) =>
  member.post(`/wps/missions/${id}/claim`, { requestId });

describe('periods', () => {
  it('starts a day at local midnight and a week on local Monday', () => {
    // 2026-03-04 is a Wednesday; 17:30 UTC is 01:30 on Thursday in Manila (UTC+8).
    const at = new Date('2026-03-04T17:30:00Z');
    expect(periodWindow('daily', 'Asia/Manila', at)).toEqual({
      key: '2026-03-05',
      start: new Date('2026-03-04T16:00:00Z'),
      end: new Date('2026-03-05T16:00:00Z'),
    });
    expect(periodWindow('weekly', 'Asia/Manila', at)).toEqual({
      key: '2026-03-02',
      start: new Date('2026-03-01T16:00:00Z'),
      end: new Date('2026-03-08T16:00:00Z'),
    });
  });

  it('counts only the listed game types', () => {
    const activity = {
      bets: new Map([
        ['RNG', { count: 3n, validBet: 300n }],
        ['LIVE', { count: 2n, validBet: 5000n }],
      ]),
      deposits: { count: 1n, amount: 900n },
    };
    expect(progressOf({ task: 'bet_amount', gameTypes: ['RNG'] }, activity)).toBe(300n);
    expect(progressOf({ task: 'bet_amount', gameTypes: [] }, activity)).toBe(5300n);
    expect(progressOf({ task: 'bet_count', gameTypes: ['RNG'] }, activity)).toBe(3n);
    expect(progressOf({ task: 'deposit_amount', gameTypes: [] }, activity)).toBe(900n);
    expect(progressOf({ task: 'deposit_count', gameTypes: [] }, activity)).toBe(1n);
  });
});

describe('operator missions', () => {
  it('creates, updates and lists a mission; refuses bad input and members', async () => {
    const id = await createMission({ budget: '50.00' });
    const update = await ops(missionBody({ id, reward: '6.50', budget: '60.00', sort: 4 }));
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().value).toEqual({ id, created: false });
    const list = await t.app.inject({
      method: 'GET',
      url: '/ops/missions?merchantCode=TYPH',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(list.statusCode).toBe(200);
    const row = list.json().value.list.find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({ reward: '6.50', budget: '60.00', spent: '0.00', sort: 4 });

    const noEnglish = await ops(missionBody({ title: { ty: 'Walang Ingles' } }));
    expect(noEnglish.statusCode).toBe(400);
    const fractionCount = await ops(missionBody({ task: 'bet_count', target: '2.5' }));
    expect(fractionCount.statusCode).toBe(400);
    expect(fractionCount.body).toContain('target');
    const zeroReward = await ops(missionBody({ reward: '0' }));
    expect(zeroReward.statusCode).toBe(400);
    const tooPrecise = await ops(missionBody({ reward: '1.001' }));
    expect(tooPrecise.statusCode).toBe(400);
    expect(tooPrecise.body).toContain('reward');
    const depositWithGames = await ops(missionBody({ task: 'deposit_count', target: '1' }));
    expect(depositWithGames.statusCode).toBe(400);

    const m = await newMember(t);
    const asMember = await t.app.inject({
      method: 'POST',
      url: '/ops/missions',
      headers: m.auth,
      payload: missionBody(),
    });
    expect(asMember.statusCode).toBe(403);
  });
});

describe('member missions', () => {
  it('shows visitors the definitions only', async () => {
    const id = await createMission();
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/missions',
      headers: { merchant: 'TYPH' },
    });
    expect(res.statusCode).toBe(200);
    const item = res.json().value.list.find((i: Item) => i.id === id);
    expect(item).toMatchObject({ progress: null, state: null, target: '100.00', reward: '5.00' });
    const summary = await t.app.inject({ method: 'GET', url: '/wps/missions/summary' });
    expect(summary.statusCode).toBe(401);
  });

  it('counts settled slot bets of today only, refuses before completion, pays once', async () => {
    const id = await createMission();
    const m = await newMember(t);
    const other = await newMember(t);
    const day = periodWindow('daily', 'Asia/Manila', new Date());

    // Yesterday's bet, an open bet, another game type and another member's bet do not count.
    await bet(m.id, 500_00n, { at: new Date(day.start.getTime() - 1) });
    await bet(m.id, 500_00n, { status: 'open' });
    await bet(m.id, 500_00n, { gameType: 'LIVE' });
    await bet(other.id, 500_00n);
    await bet(m.id, 40_00n, { at: day.start });
    expect(await itemOf(m, id)).toMatchObject({
      state: 'in_progress',
      progress: '40.00',
      periodKey: day.key,
    });

    const early = await claim(m, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().value).toEqual({ state: 'in_progress', reason: 'not_done' });
    expect(await balanceOf(t, m.id)).toBe(0n);

    await bet(m.id, 60_00n);
    expect(await itemOf(m, id)).toMatchObject({ state: 'claimable', progress: '100.00' });
    const summary = await m.get('/wps/missions/summary');
    expect(summary.json().value.claimable).toBeGreaterThanOrEqual(1);

    const requestId = randomUUID();
    const paid = await claim(m, id, requestId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value).toMatchObject({
      missionId: id,
      periodKey: day.key,
      amount: '5.00',
      turnoverAdded: '15.00',
      replayed: false,
    });
    expect(await balanceOf(t, m.id)).toBe(5_00n);
    expect(await bonusTurnover(t, m.id)).toEqual([15_00n]);
    // The bonus list names the reward by its mission, with its amount.
    const bonuses = await m.get('/wps/member/bonuses?language=EN');
    expect(bonuses.json().value.list).toEqual([
      expect.objectContaining({ title: 'Bet on slots', amount: '5.00', required: '15.00' }),
    ]);

    const replay = await claim(m, id, requestId);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().value).toMatchObject({ replayed: true, amount: '5.00' });
    const again = await claim(m, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().value).toEqual({ state: 'claimed', reason: 'already_claimed' });
    expect(await balanceOf(t, m.id)).toBe(5_00n);
    expect((await itemOf(m, id)).state).toBe('claimed');

    // The other member made a bet of 500 too: its own progress, never m's claim.
    expect(await itemOf(other, id)).toMatchObject({ state: 'claimable', progress: '500.00' });
    const byOther = await other.post(`/wps/missions/${id}/claim`, { requestId });
    expect(byOther.statusCode).toBe(200);
    expect(byOther.json().value.replayed).toBe(false);

    const claims = await t.database.db
      .select()
      .from(missionClaims)
      .where(eq(missionClaims.missionId, id));
    expect(claims).toHaveLength(2);
    const [row] = await t.database.db.select().from(missions).where(eq(missions.id, id));
    expect(row!.spent).toBe(10_00n);
  });

  it('counts spins and credited deposits of the week', async () => {
    const spins = await createMission({ task: 'bet_count', target: '3', reward: '2.00' });
    const deposits = await createMission({
      period: 'weekly',
      task: 'deposit_amount',
      gameTypes: [],
      target: '500.00',
      reward: '25.00',
      turnoverMultipleTenths: 0,
    });
    const m = await newMember(t);
    await bet(m.id, 1_00n);
    await bet(m.id, 1_00n);
    expect(await itemOf(m, spins)).toMatchObject({ state: 'in_progress', progress: '2' });
    await bet(m.id, 1_00n);
    expect(await itemOf(m, spins)).toMatchObject({ state: 'claimable', progress: '3' });

    // A pending deposit does not count; credited ones do.
    await t.database.db.insert(depositOrders).values({
      id: randomUUID(),
      merchantCode: 'TYPH',
      accountId: m.id,
      channelCode: 'BANK',
      amount: 1000_00n,
      currency: 'TLB',
      status: 'pending',
    });
    await deposit(t, m.id, 300_00n);
    expect(await itemOf(m, deposits)).toMatchObject({ state: 'in_progress', progress: '300.00' });
    await deposit(t, m.id, 200_00n);
    expect(await itemOf(m, deposits)).toMatchObject({ state: 'claimable', progress: '500.00' });
    const before = await balanceOf(t, m.id);
    const cashBefore = await balanceOf(t, m.id, 'member_cash');
    const res = await claim(m, deposits);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ amount: '25.00', turnoverAdded: '0.00' });
    // With nothing to wager the reward is cash at once.
    expect(await balanceOf(t, m.id)).toBe(before);
    expect((await balanceOf(t, m.id, 'member_cash')) - cashBefore).toBe(25_00n);
  });

  it('closes a mission whose budget cannot pay one more reward', async () => {
    const id = await createMission({ target: '1.00', reward: '5.00', budget: '5.00' });
    const a = await newMember(t);
    const b = await newMember(t);
    await bet(a.id, 1_00n);
    await bet(b.id, 1_00n);
    expect((await claim(a, id)).statusCode).toBe(200);
    expect((await itemOf(b, id)).state).toBe('closed');
    const refused = await claim(b, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().value).toEqual({ state: 'closed', reason: 'budget_spent' });
    expect(await balanceOf(t, b.id)).toBe(0n);
  });

  it('refuses a mission of another merchant, a disabled one, and bad input', async () => {
    const mm = await createMission({ merchantCode: 'TYMM', reward: '200.00', target: '1.00' });
    const off = await createMission({ enabled: false, target: '1.00' });
    const m = await newMember(t);
    await bet(m.id, 10_00n);
    expect((await claim(m, mm)).statusCode).toBe(404);
    expect((await claim(m, off)).statusCode).toBe(404);
    const bad = await m.post(`/wps/missions/${mm}/claim`, { requestId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('requestId');
    const badPeriod = await m.get('/wps/missions/leaderboard?period=monthly');
    expect(badPeriod.statusCode).toBe(400);
    const list = await m.get('/wps/missions');
    const ids = list.json().value.list.map((i: Item) => i.id);
    expect(ids).not.toContain(mm);
    expect(ids).not.toContain(off);
  });
});

describe('leaderboard', () => {
  it('ranks members by valid slot bet of the period, masked, with my own rank', async () => {
    const big = await newMember(t, { merchantCode: 'TYMM', prefix: 'leaderbig' });
    const mid = await newMember(t, { merchantCode: 'TYMM', prefix: 'leadermid' });
    const small = await newMember(t, { merchantCode: 'TYMM', prefix: 'leadersmall' });
    const none = await newMember(t, { merchantCode: 'TYMM', prefix: 'leadernone' });
    const week = periodWindow('weekly', 'Asia/Yangon', new Date());
    const day = periodWindow('daily', 'Asia/Yangon', new Date());
    await bet(big.id, 9_000_000_00n, { merchantCode: 'TYMM' });
    await bet(mid.id, 5_000_000_00n, { merchantCode: 'TYMM' });
    await bet(mid.id, 3_000_000_00n, { merchantCode: 'TYMM' });
    await bet(small.id, 7_000_000_00n, { merchantCode: 'TYMM' });
    // Live-casino bets are not what the slot missions count; a bet before today counts only for
    // the week (when the week started before today).
    await bet(small.id, 9_500_000_00n, { merchantCode: 'TYMM', gameType: 'LIVE' });
    const earlier = new Date(day.start.getTime() - 1);
    if (earlier >= week.start) {
      await bet(small.id, 2_000_000_00n, { merchantCode: 'TYMM', at: earlier });
    }

    const daily = await mid.get('/wps/missions/leaderboard?period=daily');
    expect(daily.statusCode, daily.body).toBe(200);
    const board = daily.json().value;
    expect(board).toMatchObject({ period: 'daily', periodKey: day.key, gameTypes: ['RNG'] });
    expect(board.list.slice(0, 3)).toEqual([
      { rank: 1, name: maskName(big.username), validBet: '9000000.00' },
      { rank: 2, name: maskName(mid.username), validBet: '8000000.00' },
      { rank: 3, name: maskName(small.username), validBet: '7000000.00' },
    ]);
    expect(board.list.length).toBeLessThanOrEqual(20);
    expect(JSON.stringify(board)).not.toContain(mid.username);
    expect(board.me).toEqual({ rank: 2, validBet: '8000000.00' });

    const nobody = await none.get('/wps/missions/leaderboard?period=daily');
    expect(nobody.json().value.me).toEqual({ rank: null, validBet: '0.00' });

    const weekly = await small.get('/wps/missions/leaderboard?period=weekly');
    expect(weekly.statusCode).toBe(200);
    const weekBoard = weekly.json().value;
    // No weekly mission of this merchant counts bets, so the week ranks every game type.
    expect(weekBoard).toMatchObject({ periodKey: week.key, gameTypes: [] });
    expect(weekBoard.me).toEqual({
      rank: 1,
      validBet: earlier >= week.start ? '18500000.00' : '16500000.00',
    });

    const visitor = await t.app.inject({
      method: 'GET',
      url: '/wps/missions/leaderboard?period=daily',
      headers: { merchant: 'TYMM' },
    });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().value.me).toBeNull();
    // Another merchant's board never shows these members.
    const ph = await t.app.inject({
      method: 'GET',
      url: '/wps/missions/leaderboard?period=daily',
      headers: { merchant: 'TYPH' },
    });
    expect(JSON.stringify(ph.json().value)).not.toContain(maskName(big.username));
  });
});

describe.skipIf(!testDatabaseUrl)('concurrent claims (PostgreSQL)', () => {
  it('pays exactly the budget when 150 members claim 100 rewards at once', async () => {
    const id = await createMission({ target: '1.00', reward: '10.00', budget: '1000.00' });
    const { db } = t.database;
    const members = await insertMembers(t, 150, 'missionrace');
    for (const memberId of members) await bet(memberId, 1_00n);
    const service = t.app.services.missions;
    const outcomes = await Promise.allSettled(
      members.flatMap((accountId, i) => {
        const member = { accountId, merchantCode: 'TYPH' };
        const calls = [service.claim(member, id, `race-${accountId}`)];
        // Ten members race themselves with a second request id.
        if (i < 10) calls.push(service.claim(member, id, `again-${accountId}`));
        return calls;
      }),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(100);
    for (const r of outcomes.filter((o) => o.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    }
    const claims = await db.select().from(missionClaims).where(eq(missionClaims.missionId, id));
    expect(claims).toHaveLength(100);
    expect(new Set(claims.map((c) => c.accountId)).size).toBe(100);
    const [row] = await db.select().from(missions).where(eq(missions.id, id));
    expect(row!.spent).toBe(1_000_00n);
    const total = await db.execute(sql`
      select coalesce(sum(p.amount), 0)::text as total from ledger_postings p
      join ledger_entries e on e.id = p.entry_id
      join ledger_accounts a on a.id = p.account_id
      where e.reference = ${id} and a.kind = 'member_bonus'`);
    expect((total as unknown as { rows: { total: string }[] }).rows[0]!.total).toBe('100000');
  });
});
