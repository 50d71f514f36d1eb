import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, fund, injectSealed, loginDemo, type TestContext } from '../../test/harness';
import { accounts } from '../identity/schema';
import { betRecords } from '../games/schema';
import { agentContracts, agentSettlements } from './schema';
import { windowAt, windowsBetween } from './windows';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const agents = () => t.app.services.agents;

async function makeAccount(merchantCode: string, type: number, parentId: string | null) {
  const id = randomUUID();
  const username = `u${id.slice(0, 8)}`;
  await db().insert(accounts).values({
    id,
    merchantCode,
    username,
    usernameKey: username,
    type,
    parentId,
    registerMethod: 'TEST',
  });
  return id;
}

/** A settled bet of a member at an instant: stake, payout (minor units). */
async function bet(
  merchantCode: string,
  accountId: string,
  at: Date,
  stake: bigint,
  payout: bigint,
) {
  const roundId = randomUUID();
  await db()
    .insert(betRecords)
    .values({
      id: `TEST:${roundId}:${accountId}`,
      merchantCode,
      accountId,
      vendorCode: 'TEST',
      gameId: `${merchantCode}-TAYA-FORTUNE`,
      gameType: 'RNG',
      roundId,
      currency: merchantCode === 'TYPH' ? 'TLB' : 'MMK',
      stake,
      validBet: stake,
      payout,
      status: 'settled',
      placedAt: at,
      settledAt: at,
    });
}

/** A contract between `upline` and `downline` (or the operator's), active since `since`. */
async function contract(
  merchantCode: string,
  kind: 'daily' | 'dividend' | 'hourly' | 'realtime',
  upline: string | null,
  downline: string,
  tiers: { rate: string; minActiveMembers: number; minPeriodBet: string }[],
  since: Date,
  period: 'D' | 'W' | 'H' | 'M' = 'D',
) {
  let id: string;
  if (upline === null) {
    ({ id } = await agents().grantTop(merchantCode, 'operator:test', {
      agentId: downline,
      kind,
      period: kind === 'dividend' ? period : undefined,
      tiers,
    }));
  } else {
    const offer = await agents().process({ accountId: upline, merchantCode }, kind, {
      action: 'REQUEST',
      subordinateId: downline,
      tiers,
      ...(kind === 'dividend' ? { period } : {}),
    });
    await agents().process({ accountId: downline, merchantCode }, kind, {
      action: 'A',
      contractId: offer.id,
    });
    id = offer.id;
  }
  await db().update(agentContracts).set({ activeFrom: since }).where(eq(agentContracts.id, id));
  return id;
}

const flat = (rate: string) => [{ rate, minActiveMembers: 0, minPeriodBet: '0' }];

/** The worked example's tree (formulas.ts): M ← A ← B; m1 under B, m2 under A, m3 under M. */
async function exampleTree(merchantCode: string) {
  const M = await makeAccount(merchantCode, 1, null);
  const A = await makeAccount(merchantCode, 1, M);
  const B = await makeAccount(merchantCode, 2, A);
  const m1 = await makeAccount(merchantCode, 0, B);
  const m2 = await makeAccount(merchantCode, 0, A);
  const m3 = await makeAccount(merchantCode, 0, M);
  return { M, A, B, m1, m2, m3 };
}

async function settlementOf(contractId: string, windowStart: Date) {
  const [row] = await db()
    .select()
    .from(agentSettlements)
    .where(
      and(
        eq(agentSettlements.contractId, contractId),
        eq(agentSettlements.windowStart, windowStart),
      ),
    );
  return row;
}

async function cash(accountId: string): Promise<bigint> {
  const { rows } = (await db().execute(sql`
    select coalesce(sum(balance), 0)::text as b from ledger_accounts
    where owner_id = ${accountId} and kind = 'member_cash'`)) as { rows: { b: string }[] };
  return BigInt(rows[0]!.b);
}

describe('the downline tree', () => {
  it('keeps every ancestor of an account, and moves a subtree whole', async () => {
    const { M, A, B, m1 } = await exampleTree('TYPH');
    expect(await agents().inTeam(M, m1)).toBe(true);
    expect(await agents().inTeam(A, m1)).toBe(true);
    expect(await agents().inTeam(B, M)).toBe(false);
    const other = await makeAccount('TYPH', 1, null);
    await db().update(accounts).set({ parentId: other }).where(eq(accounts.id, A));
    expect(await agents().inTeam(other, m1)).toBe(true);
    expect(await agents().inTeam(M, m1)).toBe(false);
    expect(await agents().inTeam(M, A)).toBe(false);
    // An account cannot go under its own downline.
    await expect(
      db().update(accounts).set({ parentId: m1 }).where(eq(accounts.id, A)),
    ).rejects.toThrow();
  });
});

describe('settlement: the worked examples', () => {
  const since = new Date('2026-11-01T00:00:00Z');

  it('pays daily salaries exactly, in Manila days, across the day boundary', async () => {
    const { M, A, B, m1, m2, m3 } = await exampleTree('TYPH');
    const cM = await contract('TYPH', 'daily', null, M, flat('1.5'), since);
    const cA = await contract(
      'TYPH',
      'daily',
      M,
      A,
      [
        { rate: '0.8', minActiveMembers: 1, minPeriodBet: '0' },
        { rate: '1', minActiveMembers: 2, minPeriodBet: '10000' },
      ],
      since,
    );
    const cB = await contract('TYPH', 'daily', A, B, flat('0.6'), since);
    // 20 Nov in Manila runs from 19 Nov 16:00 UTC to 20 Nov 16:00 UTC.
    const day = windowAt('daily', 'Asia/Manila', new Date('2026-11-20T04:00:00Z'));
    expect(day.start.toISOString()).toBe('2026-11-19T16:00:00.000Z');
    await bet('TYPH', m1, new Date('2026-11-19T16:00:00Z'), 4_000_00n, 0n); // 00:00 Manila
    await bet('TYPH', m1, new Date('2026-11-20T15:59:59Z'), 6_000_00n, 0n); // 23:59:59 Manila
    await bet('TYPH', m2, new Date('2026-11-20T10:00:00Z'), 5_000_00n, 0n);
    await bet('TYPH', m3, new Date('2026-11-20T10:00:00Z'), 2_000_00n, 0n);
    // Either side of the day: not this window.
    await bet('TYPH', m1, new Date('2026-11-19T15:59:59Z'), 99_00n, 0n);
    await bet('TYPH', m2, new Date('2026-11-20T16:00:00Z'), 77_00n, 0n);

    const before = { M: await cash(M), A: await cash(A), B: await cash(B) };
    const result = await agents().settle('TYPH', 'daily', day);
    expect(result.paid).toBe(255_00n);
    expect(await settlementOf(cB, day.start)).toMatchObject({
      teamValidBet: 10_000_00n,
      activeMembers: 1,
      rate: 60,
      gross: 60_00n,
      payout: 60_00n,
    });
    expect(await settlementOf(cA, day.start)).toMatchObject({
      teamValidBet: 15_000_00n,
      activeMembers: 2,
      tier: 1,
      rate: 100,
      gross: 150_00n,
      subordinatesGross: 60_00n,
      payout: 90_00n,
    });
    expect(await settlementOf(cM, day.start)).toMatchObject({
      teamValidBet: 17_000_00n,
      activeMembers: 3,
      gross: 255_00n,
      subordinatesGross: 150_00n,
      payout: 105_00n,
    });
    expect((await cash(M)) - before.M).toBe(105_00n);
    expect((await cash(A)) - before.A).toBe(90_00n);
    expect((await cash(B)) - before.B).toBe(60_00n);

    // Run again: nothing more.
    expect((await agents().settle('TYPH', 'daily', day)).paid).toBe(0n);
    expect((await cash(M)) - before.M).toBe(105_00n);

    // The next day holds the bet at 00:00 on 21 Nov (Manila): m2's 77.00 → A's team, 1 active.
    const next = windowAt('daily', 'Asia/Manila', day.end);
    await agents().settle('TYPH', 'daily', next);
    expect(await settlementOf(cA, next.start)).toMatchObject({
      teamValidBet: 77_00n,
      activeMembers: 1,
      tier: 0,
      rate: 80,
      gross: 61n, // 0.80 % of 77.00 = 0.616, rounded down
      payout: 61n,
    });
  });

  it('pays dividends of net loss in Yangon days (they start at 17:30 UTC)', async () => {
    const { M, A, B, m1, m2, m3 } = await exampleTree('TYMM');
    const cM = await contract('TYMM', 'dividend', null, M, flat('40'), since);
    const cA = await contract('TYMM', 'dividend', M, A, flat('30'), since);
    const cB = await contract('TYMM', 'dividend', A, B, flat('20'), since);
    const day = windowAt('dividend:D', 'Asia/Yangon', new Date('2026-11-20T06:00:00Z'));
    expect(day.start.toISOString()).toBe('2026-11-19T17:30:00.000Z');
    await bet('TYMM', m1, new Date('2026-11-19T17:30:00Z'), 10_000_00n, 9_000_00n); // loses 1,000
    await bet('TYMM', m2, new Date('2026-11-20T17:29:59Z'), 5_000_00n, 5_500_00n); // wins 500
    await bet('TYMM', m3, new Date('2026-11-20T00:00:00Z'), 2_000_00n, 1_700_00n); // loses 300
    // 17:29 UTC on the 19th is still the 19th in Yangon.
    await bet('TYMM', m1, new Date('2026-11-19T17:29:00Z'), 1_000_00n, 0n);
    await agents().settle('TYMM', 'dividend:D', day);
    expect(await settlementOf(cB, day.start)).toMatchObject({
      teamNetLoss: 1_000_00n,
      payout: 200_00n,
    });
    expect(await settlementOf(cA, day.start)).toMatchObject({
      teamNetLoss: 500_00n,
      gross: 150_00n,
      subordinatesGross: 200_00n,
      payout: 0n,
    });
    expect(await settlementOf(cM, day.start)).toMatchObject({
      teamNetLoss: 800_00n,
      gross: 320_00n,
      subordinatesGross: 200_00n,
      payout: 120_00n,
    });
  });

  it('pays weekly, semi-monthly and monthly dividends by their own windows, each edge exact', async () => {
    const cases = [
      // Manila's week ends Sunday 29 Nov 2026 24:00 (16:00 UTC); Yangon's second half of
      // November starts 16 Nov 00:00 (15 Nov 17:30 UTC); Manila's December starts 30 Nov 16:00 UTC.
      {
        merchant: 'TYPH',
        zone: 'Asia/Manila',
        period: 'W',
        inside: '2026-11-29T15:59:59Z',
        outside: '2026-11-29T16:00:00Z',
      },
      {
        merchant: 'TYMM',
        zone: 'Asia/Yangon',
        period: 'H',
        inside: '2026-11-15T17:30:00Z',
        outside: '2026-11-15T17:29:59Z',
      },
      {
        merchant: 'TYPH',
        zone: 'Asia/Manila',
        period: 'M',
        inside: '2026-11-30T15:59:59Z',
        outside: '2026-11-30T16:00:00Z',
      },
    ] as const;
    for (const c of cases) {
      const { M, A, m1, m2 } = await exampleTree(c.merchant);
      // In force since before the month: a contract pays only for windows it covers whole.
      const from = new Date('2026-10-01T00:00:00Z');
      const cM = await contract(c.merchant, 'dividend', null, M, flat('40'), from, c.period);
      const cA = await contract(c.merchant, 'dividend', M, A, flat('25'), from, c.period);
      await bet(c.merchant, m1, new Date(c.inside), 1_000_00n, 200_00n); // the team loses 800
      await bet(c.merchant, m2, new Date(c.outside), 5_000_00n, 0n); // another window
      const w = windowAt(`dividend:${c.period}`, c.zone, new Date(c.inside));
      expect(w.start <= new Date(c.inside) && new Date(c.inside) < w.end).toBe(true);
      expect(new Date(c.outside) < w.start || new Date(c.outside) >= w.end).toBe(true);
      await agents().settle(c.merchant, `dividend:${c.period}`, w);
      expect(await settlementOf(cA, w.start)).toMatchObject({
        teamNetLoss: 800_00n,
        payout: 200_00n,
      });
      expect(await settlementOf(cM, w.start)).toMatchObject({
        teamNetLoss: 800_00n,
        gross: 320_00n,
        payout: 120_00n,
      });
    }
  });

  it('pays real-time salary per five minutes and hourly salary per Yangon hour', async () => {
    const { M, A, m2 } = await exampleTree('TYMM');
    const rM = await contract('TYMM', 'realtime', null, M, flat('1'), since);
    const rA = await contract('TYMM', 'realtime', M, A, flat('0.5'), since);
    const hM = await contract('TYMM', 'hourly', null, M, flat('1'), since);
    await bet('TYMM', m2, new Date('2026-11-20T09:29:59Z'), 1_000_00n, 0n);
    await bet('TYMM', m2, new Date('2026-11-20T09:30:00Z'), 3_000_00n, 0n);
    const five = windowAt('realtime', 'Asia/Yangon', new Date('2026-11-20T09:31:00Z'));
    await agents().settle('TYMM', 'realtime', five);
    expect(await settlementOf(rA, five.start)).toMatchObject({
      teamValidBet: 3_000_00n,
      payout: 15_00n,
    });
    expect(await settlementOf(rM, five.start)).toMatchObject({ gross: 30_00n, payout: 15_00n });
    // Yangon's hour 16:00–17:00 local is 09:30–10:30 UTC: the 09:29:59 bet is in the hour before.
    const hour = windowAt('hourly', 'Asia/Yangon', new Date('2026-11-20T10:00:00Z'));
    expect(hour.start.toISOString()).toBe('2026-11-20T09:30:00.000Z');
    await agents().settle('TYMM', 'hourly', hour);
    expect(await settlementOf(hM, hour.start)).toMatchObject({
      teamValidBet: 3_000_00n,
      payout: 30_00n,
    });
  });
});

describe('the team overview', () => {
  it('counts the team, its bets, deposits and players per Manila day', async () => {
    const { M, m1, m2, m3 } = await exampleTree('TYPH');
    await bet('TYPH', m1, new Date('2026-10-10T15:59:00Z'), 100_00n, 50_00n); // 10 Oct, 23:59
    await bet('TYPH', m2, new Date('2026-10-10T16:01:00Z'), 200_00n, 260_00n); // 11 Oct, 00:01
    await bet('TYPH', m3, new Date('2026-10-11T05:00:00Z'), 300_00n, 0n); // 11 Oct
    await fund(t.app, m1, 1_000_00n, `overview-${m1}`);
    // The daily figures are rolled up window by window (the job does it every minute): the bets'
    // windows, and every window from the accounts' creation to now (sign-ups, the deposit).
    const [created] = await db().select().from(accounts).where(eq(accounts.id, M));
    const windows = [
      ...['2026-10-10T15:59:00Z', '2026-10-10T16:01:00Z', '2026-10-11T05:00:00Z'].map((at) =>
        windowAt('realtime', 'Asia/Manila', new Date(at)),
      ),
      ...windowsBetween(
        'realtime',
        'Asia/Manila',
        created!.createdAt,
        windowAt('realtime', 'Asia/Manila', new Date()).end,
      ),
    ];
    for (const w of windows) expect(await agents().rollup('TYPH', w)).toBe(true);
    // Once only.
    expect(await agents().rollup('TYPH', windows[0]!)).toBe(false);
    const [acc] = await db().select().from(accounts).where(eq(accounts.id, M));
    const overview = await agents().teamOverview(
      { accountId: M, merchantCode: 'TYPH' },
      { from: '2026-10-09T16:00:00Z', to: new Date(Date.now() + 60_000).toISOString() },
    );
    expect(acc).toBeDefined();
    expect(overview).toMatchObject({
      members: 5,
      agents: 2,
      newMembers: 5,
      activeMembers: 3,
      deposits: '1000.00',
      validBet: '600.00',
      profit: '290.00',
    });
    const days = Object.fromEntries(overview.days.map((d) => [d.day, d]));
    expect(days['2026-10-10']).toMatchObject({
      activeMembers: 1,
      validBet: '100.00',
      profit: '50.00',
    });
    expect(days['2026-10-11']).toMatchObject({
      activeMembers: 2,
      validBet: '500.00',
      profit: '240.00',
    });
  });
});

describe('agent screens the merchant turns off', () => {
  it('answers function.not.available, changing nothing', async () => {
    const operator = await t.login('operator');
    const turn = (modId: string, enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/ops/system/modules/${modId}`,
        headers: { authorization: `Bearer ${operator}` },
        payload: { merchantCode: 'TYPH', enabled, reason: 'Agent screen test' },
      });
    expect((await turn('DIVIDEND', false)).statusCode).toBe(200);
    const agent = await loginDemo(t.app, 'demo_agent');
    const before = (await db().select().from(agentContracts)).length;
    const res = await agent.call('POST', '/wps/relay/MCS2_processDividendReq', {
      action: 'REQUEST',
      subordinateId: agent.id,
      tiers: flat('1'),
      period: 'W',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('function.not.available');
    expect((await db().select().from(agentContracts)).length).toBe(before);
    await turn('DIVIDEND', true);
  });
});

describe('team reports', () => {
  it("list team bets, each line's loss, my income and team transactions — my team only", async () => {
    const { M, A, m1, m2, m3 } = await exampleTree('TYPH');
    const outsider = await makeAccount('TYPH', 0, null);
    await bet('TYPH', m1, new Date('2026-09-10T05:00:00Z'), 100_00n, 0n);
    await bet('TYPH', m2, new Date('2026-09-10T06:00:00Z'), 200_00n, 500_00n);
    await bet('TYPH', m3, new Date('2026-09-10T07:00:00Z'), 300_00n, 100_00n);
    await bet('TYPH', outsider, new Date('2026-09-10T07:00:00Z'), 999_00n, 0n);
    await fund(t.app, m2, 50_00n, `reports-${m2}`);
    const me = { accountId: M, merchantCode: 'TYPH' };
    const period = { from: '2026-09-09T16:00:00Z', to: '2026-09-10T16:00:00Z' };

    const bets = await agents().teamBets(me, { ...period, page: 1, size: 10 });
    expect(bets.totals).toMatchObject({ count: 3, validBet: '600.00', winLoss: '0.00' });
    const [one] = await db().select().from(accounts).where(eq(accounts.id, m2));
    const m2Bets = await agents().teamBets(me, {
      ...period,
      username: one!.username,
      page: 1,
      size: 10,
    });
    expect(m2Bets.list).toHaveLength(1);
    expect(m2Bets.list[0]).toMatchObject({ validBet: '200.00', winLoss: '300.00' });
    const [out] = await db().select().from(accounts).where(eq(accounts.id, outsider));
    await expect(
      agents().teamBets(me, { ...period, username: out!.username, page: 1, size: 10 }),
    ).rejects.toMatchObject({ code: 'not_found' });

    // M's direct lines: A (with B, m1, m2 below) and m3.
    const loss = await agents().teamLoss(me, { ...period, page: 1, size: 10 });
    const byId = Object.fromEntries(loss.list.map((r) => [r.id, r]));
    expect(byId[A]).toMatchObject({ isAgent: true, teamSize: 3, bets: 2, loss: '-200.00' });
    expect(byId[m3]).toMatchObject({ isAgent: false, bets: 1, loss: '200.00' });
    await expect(
      agents().teamLoss(me, { ...period, parentId: outsider, page: 1, size: 10 }),
    ).rejects.toMatchObject({ code: 'not_found' });

    const moves = await agents().teamTransactions(me, {
      startTime: Date.now() - 60_000,
      endTime: Date.now() + 60_000,
      txTypeIds: 'deposit',
      page: 1,
      size: 10,
    });
    expect(moves.list).toEqual([expect.objectContaining({ amount: '50.00', txTypeId: 'deposit' })]);

    const c = await contract('TYPH', 'daily', null, M, flat('1'), new Date('2026-09-01T00:00:00Z'));
    await agents().settle(
      'TYPH',
      'daily',
      windowAt('daily', 'Asia/Manila', new Date('2026-09-10T05:00:00Z')),
    );
    expect(c).toBeTruthy();
    const income = await agents().revenue(me, {
      from: '2026-09-01T00:00:00Z',
      to: '2026-09-30T00:00:00Z',
    });
    expect(income.total).toBe('6.00');
    expect(income.byKind.find((k) => k.kind === 'daily')).toMatchObject({
      windows: 1,
      payout: '6.00',
    });
  });
});

describe('the settlement job', () => {
  it('settles each ended window once, however often it runs, and concurrently', async () => {
    const { M, m3 } = await exampleTree('TYPH');
    const activeFrom = new Date(Date.now() - 20 * 60_000);
    const c = await contract('TYPH', 'realtime', null, M, flat('1'), activeFrom);
    await bet('TYPH', m3, new Date(Date.now() - 10 * 60_000), 500_00n, 0n);
    const before = await cash(M);
    const runs = await Promise.all([
      agents().settleDue(),
      agents().settleDue(),
      agents().settleDue(),
    ]);
    expect(runs.some((r) => r.windows > 0)).toBe(true);
    await agents().settleDue();
    expect((await cash(M)) - before).toBe(5_00n);
    const rows = await db()
      .select()
      .from(agentSettlements)
      .where(eq(agentSettlements.contractId, c));
    expect(rows.filter((r) => r.payout > 0n)).toHaveLength(1);
    // Every window from the contract's start to a minute ago, each once.
    const starts = rows.map((r) => r.windowStart.getTime());
    expect(new Set(starts).size).toBe(starts.length);
  });
});

describe('contracts between an agent and its subordinates', () => {
  it('runs the life cycle through the calls, never above the upline, and warns on a lower rate', async () => {
    const master = await loginDemo(t.app, 'demo_master');
    const agent = await loginDemo(t.app, 'demo_agent');
    await agents().grantTop('TYPH', 'operator:test', {
      agentId: master.id,
      kind: 'daily',
      tiers: flat('2'),
    });
    // demo_agent registers a downline agent of its own.
    const created = await agent.call('POST', '/wps/agent/downlines', {
      username: 'teambagent1',
      password: 'Secret123',
      type: 1,
    });
    expect(created.statusCode).toBe(200);
    const sub = created.json().value.id as string;

    const offer = (who: typeof master, body: object) =>
      who.call('POST', '/wps/relay/MCS2_processDailySalContract', body);
    // Above the upline's own rate: refused.
    const tooHigh = await offer(master, {
      action: 'REQUEST',
      subordinateId: agent.id,
      tiers: flat('2.5'),
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().errorCode).toBe('contract_rate_above_upline');
    // Without a contract of its own, demo_agent cannot offer one.
    const noOwn = await offer(agent, { action: 'REQUEST', subordinateId: sub, tiers: flat('1') });
    expect(noOwn.json().errorCode).toBe('contract_needs_own');

    const first = await offer(master, {
      action: 'REQUEST',
      subordinateId: agent.id,
      tiers: flat('1.5'),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ status: 'pending', maxRate: '1.50' });
    expect(
      (await offer(agent, { action: 'A', contractId: first.json().value.id })).json().value.status,
    ).toBe('active');
    const down = await offer(agent, { action: 'REQUEST', subordinateId: sub, tiers: flat('1.2') });
    const b = await loginDemo(t.app, 'teambagent1', 'Secret123');
    // An account its agent made changes its password at its first log-in, before anything else.
    const changed = await injectSealed(t.app, {
      method: 'PUT',
      url: '/wps/member/password',
      headers: b.auth,
      payload: {
        oldPassword: 'Secret123',
        newPassword: 'Secret456',
        confirmNewPassword: 'Secret456',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await offer(b, { action: 'A', contractId: down.json().value.id })).statusCode).toBe(
      200,
    );

    // The master lowers demo_agent to 1.00 %: agreeing would end the 1.20 % contract below.
    const lower = await offer(master, {
      action: 'REQUEST',
      subordinateId: agent.id,
      tiers: flat('1'),
    });
    const listed = (await agent.call('GET', '/wps/agent/contracts?kind=daily')).json().value;
    const pending = listed.mine.find((c: { status: string }) => c.status === 'pending');
    expect(pending.downlineHigherRate).toEqual([
      expect.objectContaining({ contractId: down.json().value.id, maxRate: '1.20' }),
    ]);
    // The consolidated funds carry the same offer in the original front end's shape.
    const funds = (await agent.call('GET', '/wps/member/info/funds/consolidated')).json().value;
    expect(funds.dailysalreqtype.CONS).toEqual({
      id: lower.json().value.id,
      status: 'P',
      downlineHigherRate: true,
      details: [{ betVolume: '0.00', activeMember: 0, rateType: 'P', rate: '1.00' }],
    });
    const unconfirmed = await offer(agent, { action: 'A', contractId: lower.json().value.id });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().errorCode).toBe('contract_lower_rate');
    const confirmed = await offer(agent, {
      action: 'A',
      contractId: lower.json().value.id,
      confirm: true,
    });
    expect(confirmed.json().value).toMatchObject({ status: 'active', maxRate: '1.00' });
    const [ended] = await db()
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.id, down.json().value.id));
    expect(ended).toMatchObject({ status: 'terminated', endReason: 'upline_rate_lowered' });
    // The old 1.50 % contract was replaced.
    const [old] = await db()
      .select()
      .from(agentContracts)
      .where(eq(agentContracts.id, first.json().value.id));
    expect(old!.status).toBe('superseded');

    // A rejected offer, then a termination by the subordinate.
    const again = await offer(agent, { action: 'REQUEST', subordinateId: sub, tiers: flat('0.5') });
    expect((await offer(b, { action: 'R', contractId: again.json().value.id })).statusCode).toBe(
      200,
    );
    const third = await offer(agent, { action: 'REQUEST', subordinateId: sub, tiers: flat('0.5') });
    await offer(b, { action: 'A', contractId: third.json().value.id });
    const terminated = await offer(b, { action: 'C', contractId: third.json().value.id });
    expect(terminated.json().value.status).toBe('terminated');
  });

  it('refuses every reach into another team with 404 or 403, changing nothing', async () => {
    const agent = await loginDemo(t.app, 'demo_agent');
    const outsider = await makeAccount('TYPH', 1, null);
    const stranger = await makeAccount('TYPH', 0, outsider);
    const [someContract] = await db().select().from(agentContracts).limit(1);
    const countBefore = (await db().select().from(agentContracts)).length;

    const offered = await agent.call('POST', '/wps/relay/MCS2_processDailySalContract', {
      action: 'REQUEST',
      subordinateId: outsider,
      tiers: flat('0.1'),
    });
    expect(offered.statusCode).toBe(404);
    const browse = await agent.call(
      'GET',
      `/wps/relay/ODSFE2_subordinateSimple?subordinateType=DIRECT&parentId=${outsider}`,
    );
    expect(browse.statusCode).toBe(404);
    const answer = await agent.call('POST', '/wps/relay/MCS2_processDailySalContract', {
      action: 'C',
      contractId: someContract!.id,
    });
    // Not a party to it (the operator's top contract, or another pair's): no such contract.
    if (someContract!.downlineId !== agent.id && someContract!.uplineId !== agent.id) {
      expect(answer.statusCode).toBe(404);
    }
    const member = await loginDemo(t.app, 'demo_member');
    expect(
      (await member.call('GET', '/wps/relay/ODSFE2_subordinateSimple?subordinateType=DIRECT'))
        .statusCode,
    ).toBe(403);
    expect((await db().select().from(agentContracts)).length).toBe(countBefore);
    expect(await agents().inTeam(agent.id, stranger)).toBe(false);

    // Reports name no one outside the team.
    const [out] = await db().select().from(accounts).where(eq(accounts.id, stranger));
    const period = 'from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z';
    expect(
      (await agent.call('GET', `/wps/agent/team/bets?${period}&username=${out!.username}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await agent.call('GET', `/wps/agent/team/loss?${period}&parentId=${outsider}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await agent.call(
          'GET',
          `/wps/relay/ODSFE2_MemTransDet?subordinateName=${out!.username}&startTime=0&endTime=86400000`,
        )
      ).statusCode,
    ).toBe(404);

    // Its own team is browsable: demo_member is a direct subordinate.
    const mine = (
      await agent.call('GET', '/wps/relay/ODSFE2_subordinateSimple?subordinateType=DIRECT')
    ).json().value;
    expect(mine.list.map((r: { username: string }) => r.username)).toContain('demo_member');
  });
});
