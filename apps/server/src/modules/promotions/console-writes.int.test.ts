import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit-schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { basePromotion } from '../../test/members';

/** The console's promotion, mission and VIP writes: each takes a reason and leaves its audit row. */
let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.loginOperator({ role: 'admin' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${operator}` },
    ...(payload ? { payload } : {}),
  });

async function lastAudit(action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return row;
}

describe('promotions from the console', () => {
  it('creates, then disables, a promotion with a reason each time; the list has what an edit needs', async () => {
    const body = basePromotion({
      kind: 'red_envelope',
      category: 'envelope',
      title: { en: 'Evening envelopes' },
      content: { en: 'Grab one each window' },
      audience: { vipLevels: [1, 2], newMembersOnly: false },
      budget: '500.00',
      sort: 7,
      rules: {
        kind: 'red_envelope',
        minAmount: '1.00',
        maxAmount: '5.00',
        windows: [{ start: '20:00', end: '20:30' }],
        turnoverMultipleTenths: 10,
      },
      reason: 'Evening campaign',
    }) as Record<string, unknown>;
    const created = await call('POST', '/ops/promotions', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id as string;
    expect(await lastAudit('promotions.write')).toMatchObject({ reason: 'Evening campaign' });

    const off = await call('POST', '/ops/promotions', {
      ...body,
      id,
      enabled: false,
      reason: 'Paused for review',
    });
    expect(off.json().value).toEqual({ id, created: false });
    expect(await lastAudit('promotions.write')).toMatchObject({ reason: 'Paused for review' });

    const list = await call('GET', '/ops/promotions?merchantCode=TYPH');
    const row = list.json().value.list.find((p: { id: string }) => p.id === id);
    expect(row).toMatchObject({
      enabled: false,
      content: { en: 'Grab one each window' },
      audience: { vipLevels: [1, 2], newMembersOnly: false },
      sort: 7,
      rules: { kind: 'red_envelope', windows: [{ start: '20:00', end: '20:30' }] },
    });
  });

  it('refuses a reason too short to say anything', async () => {
    const res = await call(
      'POST',
      '/ops/promotions',
      basePromotion({
        kind: 'new_member',
        category: 'welcome',
        title: { en: 'Welcome' },
        content: { en: 'Welcome' },
        rules: { kind: 'new_member', amount: '5.00', withinDays: 7, turnoverMultipleTenths: 10 },
        reason: 'x',
      }),
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('missions from the console', () => {
  it('creates and edits a mission with a reason', async () => {
    const body = {
      merchantCode: 'TYPH',
      period: 'daily',
      task: 'deposit_count',
      gameTypes: [],
      target: '2',
      reward: '3.00',
      turnoverMultipleTenths: 10,
      title: { en: 'Two deposits' },
      description: { en: 'Deposit twice today' },
      budget: null,
      enabled: true,
      reason: 'Daily mission',
    };
    const created = await call('POST', '/ops/missions', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id as string;
    const edited = await call('POST', '/ops/missions', {
      ...body,
      id,
      reward: '4.00',
      reason: 'Bigger reward',
    });
    expect(edited.json().value).toEqual({ id, created: false });
    expect(await lastAudit('promotions.write')).toMatchObject({ reason: 'Bigger reward' });
    const list = await call('GET', '/ops/missions?merchantCode=TYPH');
    expect(list.json().value.list.find((m: { id: string }) => m.id === id)).toMatchObject({
      reward: '4.00',
    });
  });
});

describe('VIP levels from the console', () => {
  it('lists the ladder, saves a rank with its reason and before/after, and members see it', async () => {
    const before = (await call('GET', '/ops/vip/levels?merchantCode=TYPH')).json().value;
    expect(before.list.length).toBeGreaterThan(0);
    const rank = before.list.at(-1).rankLevel + 1;
    const body = {
      merchantCode: 'TYPH',
      label: { en: 'Diamond test' },
      validBetThreshold: '9000000.00',
      depositThreshold: '900000.00',
      rebateRateBps: 120,
      rebateRatesBps: { SLOT: 150 },
      dailyWithdrawCount: null,
      dailyWithdrawAmount: null,
      upgradeBonus: '888.00',
      reason: 'A new top rank',
    };
    const saved = await call('PUT', `/ops/vip/levels/${rank}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({
      rankLevel: rank,
      label: { en: 'Diamond test' },
      benefits: { rebateRateBps: 120, rebateRatesBps: { SLOT: 150 }, upgradeBonus: '888.00' },
    });
    const audit = await lastAudit('promotions.write');
    expect(audit).toMatchObject({
      reason: 'A new top rank',
      targetType: 'vip_level',
      targetId: `TYPH:${rank}`,
      before: null,
    });

    const changed = await call('PUT', `/ops/vip/levels/${rank}`, {
      ...body,
      upgradeBonus: '999.00',
      reason: 'Raised the bonus',
    });
    expect(changed.json().value.benefits.upgradeBonus).toBe('999.00');
    expect((await lastAudit('promotions.write'))?.before).toMatchObject({ upgradeBonus: '88800' });

    const visitor = await t.app.inject({
      method: 'GET',
      url: '/wps/vip/levels',
      headers: { 'x-merchant-code': 'TYPH' },
    });
    const level = visitor
      .json()
      .value.levels.find((l: { rankLevel: number }) => l.rankLevel === rank);
    expect(level?.benefits.upgradeBonus).toBe('999.00');

    const bad = await call('PUT', `/ops/vip/levels/${rank}`, { ...body, reason: '' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the points mall from the console', () => {
  it('adds a cash reward, restocks it with a reason, and members see it', async () => {
    const body = {
      merchantCode: 'TYPH',
      names: { en: 'Console voucher' },
      image: null,
      type: 'cash',
      requiredPoints: 500,
      amount: '50.00',
      quantity: 10,
      status: 'active',
      reason: 'New voucher for November',
    };
    const created = await call('POST', '/ops/points/rewards', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id as string;
    const restocked = await call('POST', '/ops/points/rewards', {
      ...body,
      id,
      quantity: 25,
      reason: 'Restocked vouchers',
    });
    expect(restocked.json().value).toEqual({ id, created: false });
    expect(await lastAudit('promotions.write')).toMatchObject({
      reason: 'Restocked vouchers',
      targetType: 'points_reward',
      targetId: id,
      before: { stock: 10 },
    });
    const list = await call('GET', '/ops/points/rewards?merchantCode=TYPH');
    expect(list.json().value.list.find((r: { id: string }) => r.id === id)).toMatchObject({
      quantity: 25,
      amount: '50.00',
      status: 'active',
    });
    const mall = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCS2_getPointReward',
      headers: { merchant: 'TYPH' },
    });
    expect(mall.statusCode, mall.body).toBe(200);
    expect(mall.json().value.list.find((r: { id: string }) => r.id === id)).toMatchObject({
      name: 'Console voucher',
      quantity: 25,
    });
    // An item has no cash amount; the type of a reward never changes.
    expect((await call('POST', '/ops/points/rewards', { ...body, type: 'item' })).statusCode).toBe(
      400,
    );
    const retyped = await call('POST', '/ops/points/rewards', {
      ...body,
      id,
      type: 'item',
      amount: null,
    });
    expect(retyped.statusCode).toBe(400);
  });
});
