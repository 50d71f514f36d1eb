import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseUrl, type TestContext } from '../../test/harness';
import {
  balanceOf,
  basePromotion,
  bonusTurnover,
  currencyOf,
  deposit,
  insertMembers,
  newMember,
  savePromotion,
  type MemberClient,
} from '../../test/members';
import { depositOrders } from '../cashier/schema';
import { betRecords } from '../games/schema';
import { promotionClaims, promotions } from './schema';
import { depositBonus, localDay, rebateOf } from './service';

let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

const hour = 3_600_000;
function promotionBody(overrides: Record<string, unknown> = {}) {
  return basePromotion({
    kind: 'deposit_first',
    category: 'deposit',
    title: { en: 'First deposit', ty: 'Unang deposito' },
    content: { en: 'Bonus on the first deposit' },
    rules: {
      kind: 'deposit_first',
      percentBps: 10_000,
      cap: '1000.00',
      minDeposit: '100.00',
      turnoverMultipleTenths: 50,
    },
    ...overrides,
  });
}

const ops = (payload: object, token = operator) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/promotions',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

const createPromotion = (overrides: Record<string, unknown> = {}) =>
  savePromotion(t, operator, promotionBody(overrides));

async function stateOf(member: MemberClient, id: string) {
  const res = await member.get(`/wps/promotions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  const v = res.json().value;
  return { state: v.state, reason: v.reason, claimAmount: v.claimAmount };
}

const claim = (member: MemberClient, id: string, requestId = randomUUID()) =>
  member.post(`/wps/promotions/${id}/claim`, { requestId });

describe('amounts', () => {
  it('floors the percentage, never passes the cap, and floors a rebate per game type', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (amount, bps, cap) => {
          const bonus = depositBonus(amount, { percentBps: bps, capMinor: cap.toString() });
          expect(bonus <= cap).toBe(true);
          expect(bonus * 10_000n <= amount * BigInt(bps)).toBe(true);
          if (bonus < cap) expect((bonus + 1n) * 10_000n > amount * BigInt(bps)).toBe(true);
        },
      ),
    );
    expect(depositBonus(12_345n, { percentBps: 3_333, capMinor: '100000' })).toBe(4_114n);
    expect(
      rebateOf(
        new Map([
          ['RNG', 199n],
          ['LIVE', 10_050n],
          ['FISH', 1_000_000n],
        ]),
        { RNG: 50, LIVE: 100 },
      ),
    ).toBe(0n + 100n);
  });

  it('cuts local days in Manila and Yangon', () => {
    const at = new Date('2026-11-10T16:00:00Z');
    expect(localDay('Asia/Manila', at)).toEqual({
      day: '2026-11-11',
      start: new Date('2026-11-10T16:00:00Z'),
      end: new Date('2026-11-11T16:00:00Z'),
    });
    expect(localDay('Asia/Yangon', at)).toEqual({
      day: '2026-11-10',
      start: new Date('2026-11-09T17:30:00Z'),
      end: new Date('2026-11-10T17:30:00Z'),
    });
  });
});

describe('demo promotions', () => {
  it('offers each merchant a first-deposit, a reload and a slot rebate, kyat amounts scaled', async () => {
    const m = await newMember(t, { merchantCode: 'TYMM' });
    const list = (await m.get('/wps/promotions?language=my')).json().value.list as {
      id: string;
      kind: string;
      title: string;
    }[];
    const seeded = list.filter((p) =>
      ['deposit_first', 'deposit_reload', 'rebate'].includes(p.kind),
    );
    expect(seeded.map((p) => p.kind).slice(0, 3)).toEqual([
      'deposit_first',
      'deposit_reload',
      'rebate',
    ]);
    expect(seeded[0]!.title).toBe('ပထမဆုံး ငွေသွင်းဘောနပ်စ် 100%');
    const first = (await m.get(`/wps/promotions/${seeded[0]!.id}`)).json().value;
    expect(first).toMatchObject({ currency: 'MMK', state: 'Join', reason: 'deposit_required' });
    expect(first.rules).toEqual({
      kind: 'deposit_first',
      percentBps: 10_000,
      cap: '40000.00',
      minDeposit: '4000.00',
      turnoverMultipleTenths: 50,
    });
    const rebate = (await m.get(`/wps/promotions/${seeded[2]!.id}`)).json().value;
    expect(rebate.rules).toMatchObject({ ratesBps: { RNG: 50 }, wallet: 'bonus' });
    expect(rebate.state).toBe('Joined');
  });
});

describe('first-deposit bonus', () => {
  it('walks Join → Claim → Claimed, pays the exact amount with its turnover, once', async () => {
    const id = await createPromotion();
    const m = await newMember(t);
    expect(await stateOf(m, id)).toEqual({
      state: 'Join',
      reason: 'deposit_required',
      claimAmount: null,
    });
    const early = await claim(m, id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      errorCode: 'conflict',
      value: { state: 'Join', reason: 'deposit_required' },
    });

    await deposit(t, m.id, 300_55n);
    expect(await stateOf(m, id)).toEqual({
      state: 'Claim',
      reason: 'deposit_qualified',
      claimAmount: '300.55',
    });
    const summaryBefore = (await m.get('/wps/member/promotions/summary')).json().value;
    // Every kind in state Claim counts (the demo welcome bonus and lucky draw too).
    const listed = (await m.get('/wps/promotions')).json().value.list as {
      state: string;
    }[];
    expect(summaryBefore.availablePromoCount).toBe(
      listed.filter((p) => p.state === 'Claim').length,
    );
    expect(summaryBefore).toMatchObject({
      // The demo refer-and-earn promotion runs for this merchant.
      availablePromo: [{ type: 'REFERRAL', enabled: true }],
      rewardBadge: true,
    });

    const requestId = randomUUID();
    const first = await claim(m, id, requestId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({
      promotionId: id,
      amount: '300.55',
      turnoverAdded: '1502.75',
      wallet: 'bonus',
      replayed: false,
    });
    expect(await balanceOf(t, m.id)).toBe(300_55n);
    expect(await bonusTurnover(t, m.id)).toEqual([1502_75n]);

    const retry = await claim(m, id, requestId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().value).toMatchObject({
      claimId: first.json().value.claimId,
      amount: '300.55',
      replayed: true,
    });
    expect(await balanceOf(t, m.id)).toBe(300_55n);
    expect(await bonusTurnover(t, m.id)).toEqual([1502_75n]);

    expect(await stateOf(m, id)).toMatchObject({ state: 'Claimed', reason: 'limit_reached' });
    const again = await claim(m, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().value).toEqual({ state: 'Claimed', reason: 'limit_reached' });
    expect(await balanceOf(t, m.id)).toBe(300_55n);
    const summaryAfter = (await m.get('/wps/member/promotions/summary')).json().value;
    expect(summaryAfter.availablePromoCount).toBe(summaryBefore.availablePromoCount - 1);
  });

  it('caps the bonus, and closes for a first deposit below the minimum', async () => {
    const id = await createPromotion();
    const big = await newMember(t);
    await deposit(t, big.id, 2_500_00n);
    const res = await claim(big, id);
    expect(res.json().value).toMatchObject({ amount: '1000.00', turnoverAdded: '5000.00' });
    expect(await balanceOf(t, big.id)).toBe(1_000_00n);

    const small = await newMember(t);
    await deposit(t, small.id, 99_99n);
    await deposit(t, small.id, 500_00n);
    expect(await stateOf(small, id)).toMatchObject({
      state: 'Close',
      reason: 'deposit_below_minimum',
    });
    expect((await claim(small, id)).statusCode).toBe(409);
    expect(await balanceOf(t, small.id)).toBe(0n);
  });

  it('shows Coming soon before the start and Close after the end', async () => {
    const soon = await createPromotion({
      startsAt: new Date(Date.now() + 24 * hour).toISOString(),
    });
    const ended = await createPromotion({
      startsAt: new Date(Date.now() - 48 * hour).toISOString(),
      endsAt: new Date(Date.now() - 24 * hour).toISOString(),
    });
    const m = await newMember(t);
    await deposit(t, m.id, 200_00n);
    expect(await stateOf(m, soon)).toMatchObject({ state: 'Coming soon', reason: 'not_started' });
    expect(await stateOf(m, ended)).toMatchObject({ state: 'Close', reason: 'ended' });
    expect((await claim(m, soon)).json().value).toEqual({
      state: 'Coming soon',
      reason: 'not_started',
    });
    expect((await claim(m, ended)).statusCode).toBe(409);
  });

  it('is closed to members outside its audience', async () => {
    const id = await createPromotion({
      audience: { vipLevels: null, newMembersOnly: true },
    });
    const old = await newMember(t, { registeredAt: new Date(Date.now() - 10 * 24 * hour) });
    await deposit(t, old.id, 200_00n);
    expect(await stateOf(old, id)).toMatchObject({ state: 'Close', reason: 'audience' });
    const fresh = await newMember(t);
    await deposit(t, fresh.id, 200_00n);
    expect(await stateOf(fresh, id)).toMatchObject({ state: 'Claim', claimAmount: '200.00' });
  });

  it('refuses a claim that would pass the budget', async () => {
    const id = await createPromotion({ budget: '150.00' });
    const a = await newMember(t);
    const b = await newMember(t);
    await deposit(t, a.id, 100_00n);
    await deposit(t, b.id, 100_00n);
    expect((await claim(a, id)).json().value.amount).toBe('100.00');
    expect(await stateOf(b, id)).toMatchObject({ state: 'Close', reason: 'budget_spent' });
    const refused = await claim(b, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().value).toEqual({ state: 'Close', reason: 'budget_spent' });
    expect(await balanceOf(t, b.id)).toBe(0n);
    const [row] = await t.database.db.select().from(promotions).where(eq(promotions.id, id));
    expect(row!.spent).toBe(100_00n);
  });
});

describe('reload bonus', () => {
  it('pays each qualifying deposit after the first, up to the per-member limit', async () => {
    const id = await createPromotion({
      kind: 'deposit_reload',
      perMemberLimit: 2,
      rules: {
        kind: 'deposit_reload',
        percentBps: 1_000,
        cap: '500.00',
        minDeposit: '200.00',
        turnoverMultipleTenths: 30,
      },
    });
    const m = await newMember(t);
    await deposit(t, m.id, 300_00n);
    expect(await stateOf(m, id)).toMatchObject({ state: 'Join', reason: 'deposit_required' });
    await deposit(t, m.id, 150_00n);
    expect(await stateOf(m, id)).toMatchObject({ state: 'Join', reason: 'deposit_below_minimum' });
    await deposit(t, m.id, 1_234_56n);
    expect(await stateOf(m, id)).toMatchObject({ state: 'Claim', claimAmount: '123.45' });
    expect((await claim(m, id)).json().value).toMatchObject({
      amount: '123.45',
      turnoverAdded: '370.35',
    });
    expect(await stateOf(m, id)).toMatchObject({ state: 'Join', reason: 'deposit_below_minimum' });
    await deposit(t, m.id, 9_000_00n);
    expect((await claim(m, id)).json().value).toMatchObject({
      amount: '500.00',
      turnoverAdded: '1500.00',
    });
    await deposit(t, m.id, 9_000_00n);
    expect(await stateOf(m, id)).toMatchObject({ state: 'Claimed', reason: 'limit_reached' });
    expect((await claim(m, id)).statusCode).toBe(409);
    expect(await balanceOf(t, m.id)).toBe(623_45n);
    expect((await bonusTurnover(t, m.id)).sort()).toEqual([370_35n, 1500_00n].sort());
  });
});

describe('callers and input', () => {
  it('lets a member claim only for itself, in its own merchant', async () => {
    const id = await createPromotion();
    const m = await newMember(t);
    const other = await newMember(t);
    await deposit(t, other.id, 200_00n);
    const forOther = await m.post(`/wps/promotions/${id}/claim`, {
      requestId: randomUUID(),
      accountId: other.id,
    });
    expect(forOther.statusCode).toBe(400);
    expect(forOther.json().errorCode).toBe('request_param_err');
    expect(await balanceOf(t, other.id)).toBe(0n);

    const visitor = await t.app.inject({
      method: 'POST',
      url: `/wps/promotions/${id}/claim`,
      payload: { requestId: randomUUID() },
    });
    expect(visitor.statusCode).toBe(401);

    const myanmar = await newMember(t, { merchantCode: 'TYMM' });
    await deposit(t, myanmar.id, 20_000_00n, 'TYMM');
    expect((await claim(myanmar, id)).statusCode).toBe(404);
    expect((await myanmar.get(`/wps/promotions/${id}`)).statusCode).toBe(404);

    const visitorView = await t.app.inject({ method: 'GET', url: `/wps/promotions/${id}` });
    expect(visitorView.json().value).toMatchObject({ state: 'Join', reason: 'login_required' });
  });

  it('answers bad operator input with 400 naming the field, and saves nothing', async () => {
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(promotions);
    const cases: [Record<string, unknown>, string][] = [
      [{ rules: { ...promotionBody().rules, percentBps: 'x' } }, 'rules.percentBps'],
      [{ kind: 'deposit_reload' }, 'rules.kind'],
      [{ endsAt: new Date(Date.now() - 2 * hour).toISOString() }, 'endsAt'],
      [{ budget: '12.345' }, 'budget'],
      [{ merchantCode: 'NOPE' }, 'merchantCode'],
      [
        {
          kind: 'rebate',
          rules: {
            kind: 'rebate',
            ratesBps: {},
            minPayout: '1',
            wallet: 'bonus',
            turnoverMultipleTenths: 0,
          },
        },
        'rules.ratesBps',
      ],
    ];
    for (const [overrides, path] of cases) {
      const res = await ops(promotionBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const fields = (res.json().fields as { path: string }[]).map((f) => f.path);
      expect(fields).toContain(path);
    }
    const member = await newMember(t);
    const asMember = await ops(promotionBody(), (member.auth.authorization ?? '').slice(7));
    expect(asMember.statusCode).toBe(403);
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(promotions);
    expect(after!.n).toBe(before!.n);
  });

  it('updates a promotion, keeping its kind and a budget above what it paid', async () => {
    const id = await createPromotion({ budget: '500.00' });
    const m = await newMember(t);
    await deposit(t, m.id, 300_00n);
    await claim(m, id);
    const lower = await ops(promotionBody({ id, budget: '200.00' }));
    expect(lower.statusCode).toBe(400);
    expect(lower.json().fields[0].path).toBe('budget');
    const ok = await ops(promotionBody({ id, budget: '800.00', title: { en: 'Renamed' } }));
    expect(ok.json().value).toEqual({ id, created: false });
    expect((await m.get(`/wps/promotions/${id}`)).json().value.title).toBe('Renamed');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/ops/promotions?merchantCode=TYPH',
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(listed.json().value.list.find((p: { id: string }) => p.id === id)).toMatchObject({
      budget: '800.00',
      spent: '300.00',
      claims: 1,
      title: { en: 'Renamed' },
    });
    const asMember = await m.get('/ops/promotions?merchantCode=TYPH');
    expect(asMember.statusCode).toBe(403);
  });
});

describe('daily rebate', () => {
  async function bet(
    accountId: string,
    merchantCode: string,
    gameType: string,
    validBet: bigint,
    settledAt: Date,
  ) {
    await t.database.db.insert(betRecords).values({
      id: randomUUID(),
      merchantCode,
      accountId,
      vendorCode: 'TEST',
      gameId: `game-${gameType}`,
      gameType,
      roundId: randomUUID(),
      currency: currencyOf(merchantCode),
      stake: validBet,
      validBet,
      status: 'settled',
      placedAt: settledAt,
      settledAt,
    });
  }

  it('pays the Manila day once, by its local boundary, with turnover', async () => {
    const id = await createPromotion({
      kind: 'rebate',
      category: 'rebate',
      startsAt: '2026-11-01T00:00:00+08:00',
      rules: {
        kind: 'rebate',
        ratesBps: { LIVE: 100, FISH: 50 },
        minPayout: '1.00',
        wallet: 'bonus',
        turnoverMultipleTenths: 10,
      },
    });
    const m = await newMember(t);
    const tiny = await newMember(t);
    // Manila's 10 November runs from 9 Nov 16:00 to 10 Nov 16:00 UTC.
    await bet(m.id, 'TYPH', 'LIVE', 1_000_00n, new Date('2026-11-09T16:00:00Z'));
    await bet(m.id, 'TYPH', 'FISH', 333_33n, new Date('2026-11-10T15:59:59Z'));
    await bet(m.id, 'TYPH', 'LIVE', 5_000_00n, new Date('2026-11-10T16:00:00Z'));
    await bet(m.id, 'TYPH', 'LIVE', 7_000_00n, new Date('2026-11-09T15:59:59Z'));
    await bet(tiny.id, 'TYPH', 'LIVE', 99_00n, new Date('2026-11-10T12:00:00Z'));
    expect((await stateOf(m, id)).state).toBe('Joined');

    const at = new Date('2026-11-10T16:10:00Z');
    const first = await t.app.services.promotions.settleRebates(at);
    expect(first.days).toBeGreaterThan(0);
    const claims = await t.database.db
      .select()
      .from(promotionClaims)
      .where(eq(promotionClaims.promotionId, id));
    // 9 November (Manila) holds the 7,000.00 bet: 70.00; 10 November: 10.00 + 1.66.
    expect(claims.map((c) => [c.accountId, c.sourceId, c.amount]).sort()).toEqual(
      [
        [m.id, '2026-11-09', 70_00n],
        [m.id, '2026-11-10', 11_66n],
      ].sort(),
    );
    expect(await balanceOf(t, m.id)).toBe(81_66n);
    expect((await bonusTurnover(t, m.id)).sort()).toEqual([11_66n, 70_00n].sort());
    expect(await balanceOf(t, tiny.id)).toBe(0n);

    const second = await t.app.services.promotions.settleRebates(at);
    expect(second).toEqual({ days: 0, paid: 0n });
    const [promo] = await t.database.db.select().from(promotions).where(eq(promotions.id, id));
    const day = await t.app.services.promotions.settleRebateDay(
      await t.app.services.system.merchantFor('TYPH', undefined),
      promo!,
      localDay('Asia/Manila', new Date('2026-11-10T00:00:00Z')),
    );
    expect(day).toBeNull();
    expect(await balanceOf(t, m.id)).toBe(81_66n);
    expect(promo!.spent).toBe(81_66n);
  });

  it('cuts the Yangon day at 17:30 UTC and can pay into the main wallet', async () => {
    const id = await createPromotion({
      merchantCode: 'TYMM',
      kind: 'rebate',
      category: 'rebate',
      startsAt: '2026-11-01T00:00:00+06:30',
      rules: {
        kind: 'rebate',
        ratesBps: { LIVE: 100 },
        minPayout: '40.00',
        wallet: 'main',
        turnoverMultipleTenths: 0,
      },
    });
    const m = await newMember(t, { merchantCode: 'TYMM' });
    await bet(m.id, 'TYMM', 'LIVE', 10_000_00n, new Date('2026-11-10T17:29:59Z'));
    await bet(m.id, 'TYMM', 'LIVE', 90_000_00n, new Date('2026-11-10T17:30:00Z'));
    await t.app.services.promotions.settleRebates(new Date('2026-11-10T17:40:00Z'));
    await t.app.services.promotions.settleRebates(new Date('2026-11-10T17:50:00Z'));
    const claims = await t.database.db
      .select()
      .from(promotionClaims)
      .where(eq(promotionClaims.promotionId, id));
    expect(claims.map((c) => [c.sourceId, c.amount, c.wallet])).toEqual([
      ['2026-11-10', 100_00n, 'main'],
    ]);
    expect(await bonusTurnover(t, m.id)).toEqual([]);
    const balance = (await m.get('/wps/v2/wallets/balance')).json().value;
    expect(balance.sumBalance).toBe('100.00');
  });

  it('refuses a member claim of a rebate', async () => {
    const id = await createPromotion({
      kind: 'rebate',
      category: 'rebate',
      rules: {
        kind: 'rebate',
        ratesBps: { LIVE: 100 },
        minPayout: '1.00',
        wallet: 'bonus',
        turnoverMultipleTenths: 10,
      },
    });
    const m = await newMember(t);
    const res = await claim(m, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().value).toEqual({ state: 'Joined', reason: 'not_claimable' });
  });
});

describe.skipIf(!testDatabaseUrl)('concurrent claims (PostgreSQL)', () => {
  it('pays exactly the budget when 150 members claim 100 claims at once', async () => {
    const id = await createPromotion({
      budget: '1000.00',
      rules: {
        kind: 'deposit_first',
        percentBps: 10_000,
        cap: '10.00',
        minDeposit: '10.00',
        turnoverMultipleTenths: 50,
      },
    });
    const { db } = t.database;
    const members = await insertMembers(t, 150, 'promorace');
    await db.insert(depositOrders).values(
      members.map((memberId) => ({
        id: randomUUID(),
        merchantCode: 'TYPH',
        accountId: memberId,
        channelCode: 'BANK',
        amount: 10_00n,
        currency: 'TLB',
        status: 'credited' as const,
        decidedAt: new Date(),
      })),
    );
    const service = t.app.services.promotions;
    const outcomes = await Promise.allSettled(
      members.flatMap((accountId, i) => {
        const member = { accountId, merchantCode: 'TYPH' };
        const calls = [service.claim(member, id, `race-${accountId}`)];
        // Ten members race themselves with a second request id.
        if (i < 10) calls.push(service.claim(member, id, `again-${accountId}`));
        return calls;
      }),
    );
    const paid = outcomes.filter((o) => o.status === 'fulfilled');
    expect(paid).toHaveLength(100);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
    }
    const claims = await db
      .select()
      .from(promotionClaims)
      .where(eq(promotionClaims.promotionId, id));
    expect(claims).toHaveLength(100);
    expect(new Set(claims.map((c) => c.accountId)).size).toBe(100);
    const [promo] = await db.select().from(promotions).where(eq(promotions.id, id));
    expect(promo!.spent).toBe(1_000_00n);
    const unbalanced = await db.execute(sql`
      select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`);
    expect((unbalanced as unknown as { rows: unknown[] }).rows).toEqual([]);
    const total = await db.execute(sql`
      select coalesce(sum(p.amount), 0)::text as total from ledger_postings p
      join ledger_entries e on e.id = p.entry_id
      join ledger_accounts a on a.id = p.account_id
      where e.reference = ${id} and a.kind = 'member_bonus'`);
    expect((total as unknown as { rows: { total: string }[] }).rows[0]!.total).toBe('100000');
  });
});
