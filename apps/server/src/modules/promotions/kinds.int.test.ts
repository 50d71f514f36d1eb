import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseUrl, uploadImages, type TestContext } from '../../test/harness';
import {
  balanceOf,
  basePromotion,
  bonusTurnover,
  deposit,
  insertMembers,
  newMember,
  savePromotion,
  type MemberClient,
} from '../../test/members';
import { payoutAccounts } from '../cashier/schema';
import { vipProgress, vipUpgrades } from '../vip/schema';
import { pickPrize } from './kinds/member-rewards';
import { promotionApplications, promotionClaims, promotions } from './schema';
import { PromotionsService } from './service';

let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

const hour = 3_600_000;
const day = 24 * hour;
function promotionBody(rules: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return basePromotion({
    kind: rules.kind,
    category: 'events',
    title: { en: `A ${String(rules.kind)} promotion` },
    content: { en: 'Its rules' },
    rules,
    ...overrides,
  });
}

const opsCall = (method: 'GET' | 'POST', url: string, payload?: object, token = operator) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

const createPromotion = (rules: Record<string, unknown>, overrides: Record<string, unknown> = {}) =>
  savePromotion(t, operator, promotionBody(rules, overrides));

async function stateOf(m: MemberClient, id: string) {
  const res = await m.get(`/wps/promotions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  const v = res.json().value;
  return { state: v.state, reason: v.reason, claimAmount: v.claimAmount };
}

const claim = (m: MemberClient, id: string, requestId = randomUUID()) =>
  m.post(`/wps/promotions/${id}/claim`, { requestId });

/** The bonus requirements' turnover, smallest first. */
const sortedTurnover = async (memberId: string) => (await bonusTurnover(t, memberId)).sort();

async function spentOf(id: string) {
  const [row] = await t.database.db.select().from(promotions).where(eq(promotions.id, id));
  return row!.spent;
}

describe('new-member bonus', () => {
  const rules = {
    kind: 'new_member',
    amount: '25.50',
    withinDays: 3,
    turnoverMultipleTenths: 30,
  };

  it('pays a member who registered after the start, once, with its turnover', async () => {
    const id = await createPromotion(rules);
    const m = await newMember(t);
    expect(await stateOf(m, id)).toEqual({
      state: 'Claim',
      reason: 'new_member_qualified',
      claimAmount: '25.50',
    });
    const summary = (await m.get('/wps/member/promotions/summary')).json().value;
    const listed = (await m.get('/wps/promotions')).json().value.list as { state: string }[];
    expect(summary.availablePromoCount).toBe(listed.filter((p) => p.state === 'Claim').length);
    expect(summary.availablePromoCount).toBeGreaterThanOrEqual(1);
    expect(summary.rewardBadge).toBe(true);

    const requestId = randomUUID();
    const paid = await claim(m, id, requestId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value).toMatchObject({
      amount: '25.50',
      turnoverAdded: '76.50',
      wallet: 'bonus',
      replayed: false,
    });
    expect((await claim(m, id, requestId)).json().value).toMatchObject({
      claimId: paid.json().value.claimId,
      replayed: true,
    });
    expect(await balanceOf(t, m.id)).toBe(25_50n);
    expect(await sortedTurnover(m.id)).toEqual([76_50n]);
    expect(await stateOf(m, id)).toMatchObject({ state: 'Claimed', reason: 'limit_reached' });
    const again = await claim(m, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().value).toEqual({ state: 'Claimed', reason: 'limit_reached' });
    const after = (await m.get('/wps/member/promotions/summary')).json().value;
    expect(after.availablePromoCount).toBe(summary.availablePromoCount - 1);
  });

  it('closes for members who registered before the start or too long ago', async () => {
    const id = await createPromotion(rules, {
      startsAt: new Date(Date.now() - 10 * day).toISOString(),
    });
    const before = await newMember(t, { registeredAt: new Date(Date.now() - 11 * day) });
    expect(await stateOf(before, id)).toMatchObject({
      state: 'Close',
      reason: 'registered_before_start',
    });
    const late = await newMember(t, { registeredAt: new Date(Date.now() - 3 * day - 60_000) });
    expect(await stateOf(late, id)).toMatchObject({
      state: 'Close',
      reason: 'registration_window_passed',
    });
    const inTime = await newMember(t, { registeredAt: new Date(Date.now() - 3 * day + 60_000) });
    expect(await stateOf(inTime, id)).toMatchObject({ state: 'Claim', claimAmount: '25.50' });
    expect((await claim(late, id)).statusCode).toBe(409);
    expect(await balanceOf(t, late.id)).toBe(0n);
  });

  it('refuses a claim the budget cannot pay', async () => {
    const id = await createPromotion(rules, { budget: '30.00' });
    const a = await newMember(t);
    const b = await newMember(t);
    expect((await claim(a, id)).json().value.amount).toBe('25.50');
    expect(await stateOf(b, id)).toMatchObject({ state: 'Close', reason: 'budget_spent' });
    const refused = await claim(b, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().value).toEqual({ state: 'Close', reason: 'budget_spent' });
    expect(await balanceOf(t, b.id)).toBe(0n);
    expect(await spentOf(id)).toBe(25_50n);
  });
});

describe('birthday bonus', () => {
  const rules = {
    kind: 'birthday',
    amount: '50.00',
    amountsByVipLevel: { '2': '200.00' },
    turnoverMultipleTenths: 20,
  };
  const manila = () => DateTime.now().setZone('Asia/Manila');
  const birthdayThisMonth = () => `1990-${String(manila().month).padStart(2, '0')}-15`;
  const birthdayOtherMonth = () => `1990-${String((manila().month % 12) + 1).padStart(2, '0')}-15`;

  it('pays in the birthday month once a year, by VIP level, and says why otherwise', async () => {
    const id = await createPromotion(rules, { perMemberLimit: 10, budget: '300.00' });
    const none = await newMember(t);
    expect(await stateOf(none, id)).toMatchObject({ state: 'Close', reason: 'birthday_missing' });
    expect((await claim(none, id)).json().value).toEqual({
      state: 'Close',
      reason: 'birthday_missing',
    });
    const other = await newMember(t, { birthday: birthdayOtherMonth() });
    expect(await stateOf(other, id)).toMatchObject({
      state: 'Close',
      reason: 'not_birthday_month',
    });

    const m = await newMember(t, { birthday: birthdayThisMonth() });
    expect(await stateOf(m, id)).toEqual({
      state: 'Claim',
      reason: 'birthday_qualified',
      claimAmount: '50.00',
    });
    expect((await claim(m, id)).json().value).toMatchObject({
      amount: '50.00',
      turnoverAdded: '100.00',
    });
    const [row] = await t.database.db
      .select()
      .from(promotionClaims)
      .where(and(eq(promotionClaims.promotionId, id), eq(promotionClaims.accountId, m.id)));
    expect(row!.sourceId).toBe(String(manila().year));
    expect(await stateOf(m, id)).toMatchObject({ state: 'Claimed', reason: 'claimed_this_year' });
    expect((await claim(m, id)).statusCode).toBe(409);
    expect(await balanceOf(t, m.id)).toBe(50_00n);
    expect(await sortedTurnover(m.id)).toEqual([100_00n]);

    const vip = await newMember(t, { birthday: birthdayThisMonth() });
    await t.database.db
      .insert(vipProgress)
      .values({ accountId: vip.id, merchantCode: 'TYPH', rankLevel: 2 });
    expect(await stateOf(vip, id)).toMatchObject({ state: 'Claim', claimAmount: '200.00' });
    expect((await claim(vip, id)).json().value.amount).toBe('200.00');

    // 250.00 of 300.00 paid: the next 50.00 fits, then nothing does.
    const third = await newMember(t, { birthday: birthdayThisMonth() });
    expect((await claim(third, id)).json().value.amount).toBe('50.00');
    const fourth = await newMember(t, { birthday: birthdayThisMonth() });
    expect(await stateOf(fourth, id)).toMatchObject({ state: 'Close', reason: 'budget_spent' });
    expect((await claim(fourth, id)).statusCode).toBe(409);
    expect(await spentOf(id)).toBe(300_00n);
  });
});

describe('VIP upgrade bonus', () => {
  const rules = {
    kind: 'vip_upgrade',
    amountsByRank: { '1': '10.00', '2': '30.00' },
    turnoverMultipleTenths: 10,
  };

  async function upgrade(accountId: string, toLevel: number, at: Date) {
    await t.database.db.insert(vipUpgrades).values({
      id: randomUUID(),
      merchantCode: 'TYPH',
      accountId,
      fromLevel: toLevel - 1,
      toLevel,
      upgradedAt: at,
    });
  }

  it('pays each rank reached once, oldest first, and only upgrades in the period', async () => {
    const id = await createPromotion(rules, { perMemberLimit: 5 });
    const m = await newMember(t);
    expect(await stateOf(m, id)).toMatchObject({ state: 'Join', reason: 'vip_upgrade_required' });
    expect((await claim(m, id)).statusCode).toBe(409);

    const now = Date.now();
    await upgrade(m.id, 1, new Date(now - 2 * hour)); // before the start
    await upgrade(m.id, 2, new Date(now - 30 * 60_000));
    await upgrade(m.id, 3, new Date(now - 20 * 60_000)); // no bonus for rank 3
    expect(await stateOf(m, id)).toEqual({
      state: 'Claim',
      reason: 'vip_upgrade_qualified',
      claimAmount: '30.00',
    });
    expect((await claim(m, id)).json().value).toMatchObject({
      amount: '30.00',
      turnoverAdded: '30.00',
    });
    expect(await stateOf(m, id)).toMatchObject({
      state: 'Claimed',
      reason: 'vip_upgrade_required',
    });
    expect((await claim(m, id)).statusCode).toBe(409);
    expect(await balanceOf(t, m.id)).toBe(30_00n);

    const two = await newMember(t);
    await upgrade(two.id, 1, new Date(now - 10 * 60_000));
    await upgrade(two.id, 2, new Date(now - 5 * 60_000));
    expect(await stateOf(two, id)).toMatchObject({ state: 'Claim', claimAmount: '10.00' });
    await claim(two, id);
    expect(await stateOf(two, id)).toMatchObject({ state: 'Claim', claimAmount: '30.00' });
    await claim(two, id);
    const sources = await t.database.db
      .select({ sourceId: promotionClaims.sourceId, amount: promotionClaims.amount })
      .from(promotionClaims)
      .where(and(eq(promotionClaims.promotionId, id), eq(promotionClaims.accountId, two.id)));
    expect(sources.map((s) => [s.sourceId, s.amount]).sort()).toEqual([
      ['rank:1', 10_00n],
      ['rank:2', 30_00n],
    ]);
    expect(await sortedTurnover(two.id)).toEqual([10_00n, 30_00n].sort());
  });

  it('keeps to the per-member limit and the budget', async () => {
    const id = await createPromotion(rules, { perMemberLimit: 1, budget: '35.00' });
    const m = await newMember(t);
    await upgrade(m.id, 1, new Date(Date.now() - 10 * 60_000));
    await upgrade(m.id, 2, new Date(Date.now() - 5 * 60_000));
    await claim(m, id);
    expect(await stateOf(m, id)).toMatchObject({ state: 'Claimed', reason: 'limit_reached' });
    const other = await newMember(t);
    await upgrade(other.id, 2, new Date(Date.now() - 5 * 60_000));
    expect(await stateOf(other, id)).toMatchObject({ state: 'Close', reason: 'budget_spent' });
    expect((await claim(other, id)).statusCode).toBe(409);
    expect(await spentOf(id)).toBe(10_00n);
  });
});

describe('application promotions', () => {
  const rules = {
    kind: 'application',
    amount: '80.00',
    maxAmount: '200.00',
    turnoverMultipleTenths: 10,
  };
  const apply = (m: MemberClient, id: string, body: Record<string, unknown>) =>
    m.post(`/wps/promotions/${id}/apply`, { requestId: randomUUID(), ...body });

  it('walks Join → Applying → Rejected → Applying → Issued, decided by an operator once', async () => {
    const id = await createPromotion(rules);
    const m = await newMember(t);
    expect(await stateOf(m, id)).toMatchObject({ state: 'Join', reason: 'apply_open' });
    expect((await claim(m, id)).json().value).toEqual({ state: 'Join', reason: 'not_claimable' });

    const images = await uploadImages(t.app, m.auth, 2);
    const requestId = randomUUID();
    const applied = await apply(m, id, {
      requestId,
      comment: '  Big win on slots ',
      imageIds: images,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().value).toMatchObject({
      status: 'pending',
      comment: 'Big win on slots',
      imageIds: images,
      replayed: false,
    });
    const appId = applied.json().value.id as string;
    const retry = await apply(m, id, { requestId, comment: 'Big win on slots', imageIds: images });
    expect(retry.json().value).toMatchObject({ id: appId, replayed: true });
    const reused = await apply(m, id, { requestId, comment: 'Another text', imageIds: [] });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errorCode).toBe('idempotency_conflict');
    expect(await stateOf(m, id)).toMatchObject({
      state: 'Applying',
      reason: 'application_pending',
    });
    const twice = await apply(m, id, { comment: 'Again', imageIds: [] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().value).toEqual({ state: 'Applying', reason: 'application_pending' });

    const pending = await opsCall(
      'GET',
      '/ops/promotions/applications?merchantCode=TYPH&status=pending',
    );
    expect(pending.statusCode).toBe(200);
    expect(pending.json().value.list.find((a: { id: string }) => a.id === appId)).toMatchObject({
      accountId: m.id,
      status: 'pending',
      imageIds: images,
    });

    const rejected = await opsCall('POST', `/ops/promotions/applications/${appId}/reject`, {
      reason: 'The screenshot does not show the win',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({
      status: 'rejected',
      decidedBy: expect.any(String),
    });
    const detail = (await m.get(`/wps/promotions/${id}`)).json().value;
    expect(detail).toMatchObject({
      state: 'Rejected',
      reason: 'application_rejected',
      application: { status: 'rejected', reason: 'The screenshot does not show the win' },
    });
    expect(
      (await opsCall('POST', `/ops/promotions/applications/${appId}/approve`, {})).statusCode,
    ).toBe(409);
    expect(await balanceOf(t, m.id)).toBe(0n);

    // Rejected may apply again; the images used once must be uploaded again.
    const usedAgain = await apply(m, id, { comment: 'Second try', imageIds: images });
    expect(usedAgain.statusCode).toBe(400);
    expect(usedAgain.json().fields[0].path).toBe('imageIds');
    const second = await apply(m, id, {
      comment: 'Second try',
      imageIds: await uploadImages(t.app, m.auth, 1),
    });
    expect(second.statusCode, second.body).toBe(200);
    const secondId = second.json().value.id as string;
    expect(await stateOf(m, id)).toMatchObject({ state: 'Applying' });

    const tooMuch = await opsCall('POST', `/ops/promotions/applications/${secondId}/approve`, {
      amount: '200.01',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields[0].path).toBe('amount');
    const approved = await opsCall('POST', `/ops/promotions/applications/${secondId}/approve`, {
      amount: '150.00',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'approved', amount: '150.00' });
    expect(await balanceOf(t, m.id)).toBe(150_00n);
    expect(await sortedTurnover(m.id)).toEqual([150_00n]);
    expect(await stateOf(m, id)).toMatchObject({ state: 'Issued', reason: 'application_approved' });
    const decidedTwice = await opsCall(
      'POST',
      `/ops/promotions/applications/${secondId}/approve`,
      {},
    );
    expect(decidedTwice.statusCode).toBe(409);
    expect(
      (await opsCall('POST', `/ops/promotions/applications/${secondId}/reject`, { reason: 'x' }))
        .statusCode,
    ).toBe(409);
    expect(await balanceOf(t, m.id)).toBe(150_00n);
    const afterLimit = await apply(m, id, { comment: 'Third', imageIds: [] });
    expect(afterLimit.statusCode).toBe(409);
    expect(afterLimit.json().value).toEqual({ state: 'Issued', reason: 'application_approved' });
  });

  it('refuses another member’s images, long remarks and members on operator calls', async () => {
    const id = await createPromotion(rules);
    const m = await newMember(t);
    const other = await newMember(t);
    const theirs = await uploadImages(t.app, other.auth, 1);
    const stolen = await apply(m, id, { comment: 'Mine', imageIds: theirs });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ errorCode: 'request_param_err' });
    expect(stolen.json().fields[0].path).toBe('imageIds');
    const long = await apply(m, id, { comment: 'x'.repeat(141), imageIds: [] });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields[0].path).toBe('comment');
    const four = await apply(m, id, {
      comment: 'Four images',
      imageIds: await uploadImages(t.app, m.auth, 3).then(async (a) => [
        ...a,
        ...(await uploadImages(t.app, m.auth, 1)),
      ]),
    });
    expect(four.statusCode).toBe(400);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(promotionApplications)
      .where(eq(promotionApplications.promotionId, id));
    expect(count!.n).toBe(0);

    const ok = await apply(m, id, { comment: 'Mine', imageIds: [] });
    expect(ok.statusCode).toBe(200);
    const appId = ok.json().value.id as string;
    const memberToken = m.auth.authorization.slice(7);
    for (const [method, url, payload] of [
      ['GET', '/ops/promotions/applications?merchantCode=TYPH', undefined],
      ['POST', `/ops/promotions/applications/${appId}/approve`, {}],
      ['POST', `/ops/promotions/applications/${appId}/reject`, { reason: 'no' }],
    ] as const) {
      const res = await opsCall(method, url, payload, memberToken);
      expect(res.statusCode, url).toBe(403);
    }
    const [row] = await t.database.db
      .select()
      .from(promotionApplications)
      .where(eq(promotionApplications.id, appId));
    expect(row!.status).toBe('pending');
  });

  it('pays approvals within the budget and the per-member limit', async () => {
    const id = await createPromotion(rules, { budget: '100.00', perMemberLimit: 2 });
    const m = await newMember(t);
    const first = (await apply(m, id, { comment: 'One', imageIds: [] })).json().value.id;
    await opsCall('POST', `/ops/promotions/applications/${first}/approve`, {});
    expect(await balanceOf(t, m.id)).toBe(80_00n);
    expect(await stateOf(m, id)).toMatchObject({ state: 'Join', reason: 'apply_open' });
    const second = (await apply(m, id, { comment: 'Two', imageIds: [] })).json().value.id;
    const over = await opsCall('POST', `/ops/promotions/applications/${second}/approve`, {});
    expect(over.statusCode).toBe(409);
    expect(over.json().value).toEqual({ state: 'Close', reason: 'budget_spent' });
    const fits = await opsCall('POST', `/ops/promotions/applications/${second}/approve`, {
      amount: '20.00',
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await spentOf(id)).toBe(100_00n);
    expect(await balanceOf(t, m.id)).toBe(100_00n);
    expect(await stateOf(m, id)).toMatchObject({ state: 'Issued' });
  });
});

describe('lucky draw', () => {
  const rules = {
    kind: 'raffle',
    prizes: [
      { amount: '0', weight: 1 },
      { amount: '5.00', weight: 1 },
      { amount: '50.00', weight: 1 },
    ],
    turnoverMultipleTenths: 20,
  };

  it('picks by weight', () => {
    const prizes = [
      { amount: 0n, weight: 2 },
      { amount: 5n, weight: 1 },
      { amount: 9n, weight: 3 },
    ];
    expect([0, 1, 2, 3, 4, 5].map((r) => pickPrize(prizes, () => r))).toEqual([
      0n,
      0n,
      5n,
      9n,
      9n,
      9n,
    ]);
  });

  /** The same engine with the roll fixed: always the last prize that may be drawn. */
  function fixedDraws(roll: (max: number) => number) {
    const { system, wallet } = t.app.services;
    return new PromotionsService(t.database.db, system, wallet, null, undefined, { roll });
  }

  it('draws within the budget, counts draws per local day, and a zero prize moves nothing', async () => {
    const id = await createPromotion(rules, { budget: '60.00', perMemberLimit: 2 });
    const m = await newMember(t);
    expect(await stateOf(m, id)).toEqual({
      state: 'Claim',
      reason: 'draw_available',
      claimAmount: null,
    });
    const last = fixedDraws((max) => max - 1);
    const first = await last.drawRaffle(m.member, id, 'draw-one-0001');
    expect(first).toMatchObject({
      amount: '50.00',
      turnoverAdded: '100.00',
      won: true,
      drawsLeftToday: 1,
      replayed: false,
    });
    expect(await last.drawRaffle(m.member, id, 'draw-one-0001')).toMatchObject({
      claimId: first.claimId,
      replayed: true,
    });
    // 10.00 left: the 50.00 prize no longer fits, so the last prize that can be drawn is 5.00.
    expect(await last.drawRaffle(m.member, id, 'draw-two-0002')).toMatchObject({
      amount: '5.00',
      drawsLeftToday: 0,
    });
    expect(await stateOf(m, id)).toMatchObject({ state: 'Claimed', reason: 'daily_limit_reached' });
    await expect(last.drawRaffle(m.member, id, 'draw-three-03')).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await balanceOf(t, m.id)).toBe(55_00n);
    expect(await sortedTurnover(m.id)).toEqual([10_00n, 100_00n].sort());

    const zero = fixedDraws(() => 0);
    const other = await newMember(t);
    const nothing = await zero.drawRaffle(other.member, id, 'draw-zero-001');
    expect(nothing).toMatchObject({ amount: '0.00', won: false, drawsLeftToday: 1 });
    expect(await balanceOf(t, other.id)).toBe(0n);
    expect(await sortedTurnover(other.id)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(promotionClaims)
      .where(eq(promotionClaims.id, nothing.claimId));
    expect(row).toMatchObject({ status: 'no_prize', amount: 0n, entryId: null });
    expect(row!.sourceId).toMatch(/^\d{4}-\d{2}-\d{2}:1$/);

    await last.drawRaffle(other.member, id, 'draw-last-001');
    expect(await spentOf(id)).toBe(60_00n);
    const third = await newMember(t);
    expect(await stateOf(third, id)).toMatchObject({ state: 'Close', reason: 'budget_spent' });
  });

  it('answers MCS2_claimRafflePromotion for the session’s member only', async () => {
    const id = await createPromotion(
      { ...rules, prizes: [{ amount: '7.77', weight: 1 }] },
      { perMemberLimit: 1 },
    );
    const m = await newMember(t);
    const res = await m.post('/wps/relay/MCS2_claimRafflePromotion', {
      promotionId: id,
      requestId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      promotionId: id,
      amount: '7.77',
      turnoverAdded: '15.54',
      won: true,
      drawsLeftToday: 0,
    });
    const other = await newMember(t);
    const forOther = await m.post('/wps/relay/MCS2_claimRafflePromotion', {
      promotionId: id,
      requestId: randomUUID(),
      accountId: other.id,
    });
    expect(forOther.statusCode).toBe(400);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_claimRafflePromotion',
      payload: { promotionId: id, requestId: randomUUID() },
    });
    expect(visitor.statusCode).toBe(401);
    const notRaffle = await createPromotion({
      kind: 'new_member',
      amount: '1.00',
      withinDays: 1,
      turnoverMultipleTenths: 0,
    });
    const wrong = await other.post('/wps/relay/MCS2_claimRafflePromotion', {
      promotionId: notRaffle,
      requestId: randomUUID(),
    });
    expect(wrong.statusCode).toBe(404);
    expect(await balanceOf(t, other.id)).toBe(0n);
  });

  it('refuses rules without a prize above zero', async () => {
    const res = await opsCall(
      'POST',
      '/ops/promotions',
      promotionBody({ ...rules, prizes: [{ amount: '0', weight: 1 }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('rules.prizes');
  });
});

describe('demo promotions of these kinds', () => {
  it('offers each merchant a new-member, birthday, VIP upgrade, application and lucky draw', async () => {
    const m = await newMember(t);
    const list = (await m.get('/wps/promotions?language=ty')).json().value.list as {
      kind: string;
      title: string;
      state: string;
    }[];
    const kinds = ['new_member', 'birthday', 'vip_upgrade', 'application', 'raffle'];
    for (const kind of kinds) expect(list.some((p) => p.kind === kind)).toBe(true);
    const demo = list.filter((p) => p.title === 'Araw-araw na lucky draw');
    expect(demo.map((p) => [p.kind, p.state])).toEqual([['raffle', 'Claim']]);
    const birthday = list.filter((p) => p.title === 'Birthday bonus');
    expect(birthday.map((p) => [p.kind, p.state])).toEqual([['birthday', 'Close']]);
  });
});

describe('VIP withdrawal limits', () => {
  let payouts = 0;
  async function member(rankLevel: number | null) {
    const m = await newMember(t, { paymentPassword: '135790' });
    if (rankLevel !== null) {
      await t.database.db
        .insert(vipProgress)
        .values({ accountId: m.id, merchantCode: 'TYPH', rankLevel });
    }
    await deposit(t, m.id, 120_000_00n);
    const { cashier } = t.app.services;
    await cashier.recordTurnover(m.id, 120_000_00n);
    const payoutId = randomUUID();
    await t.database.db.insert(payoutAccounts).values({
      id: payoutId,
      accountId: m.id,
      kind: 'ewallet',
      provider: 'GCash',
      accountName: 'Test Member',
      accountNumber: `0917${payouts++}`,
    });
    const withdraw = (amount: string) =>
      cashier.requestWithdrawal(m.member, {
        payoutAccountId: payoutId,
        amount,
        paymentPassword: '135790',
      });
    return { ...m, withdraw, info: () => cashier.withdrawInfo(m.member) };
  }

  it('holds VIP 0 to its three withdrawals a day, stricter than the merchant’s five', async () => {
    const m = await member(null);
    expect(await m.info()).toMatchObject({
      dailyCount: 3,
      usedToday: 0,
      dailyAmount: '50000.00',
      usedAmountToday: '0.00',
    });
    for (const amount of ['100', '100', '100']) await m.withdraw(amount);
    await expect(m.withdraw('100')).rejects.toMatchObject({
      code: 'conflict',
      message: 'At most 3 withdrawals a day',
    });
    expect(await m.info()).toMatchObject({ usedToday: 3, usedAmountToday: '300.00' });
  });

  it('holds VIP 1 to its daily amount, with the merchant’s count', async () => {
    const m = await member(1);
    expect(await m.info()).toMatchObject({ dailyCount: 5, dailyAmount: '100000.00' });
    await m.withdraw('50000');
    await m.withdraw('49900');
    await expect(m.withdraw('100.01')).rejects.toMatchObject({
      code: 'conflict',
      value: { dailyAmount: '100000.00', leftToday: '100.00' },
    });
    await m.withdraw('100');
    expect(await m.info()).toMatchObject({ usedToday: 3, usedAmountToday: '100000.00' });
  });
});

describe.skipIf(!testDatabaseUrl)(
  'concurrent lucky draws and new-member claims (PostgreSQL)',
  () => {
    async function race(
      id: string,
      run: (accountId: string, requestId: string) => Promise<unknown>,
    ) {
      const ids = await insertMembers(t, 150, 'kindsrace');
      const outcomes = await Promise.allSettled(
        ids.flatMap((accountId, i) => {
          const calls = [run(accountId, `race-${accountId}`)];
          if (i < 10) calls.push(run(accountId, `again-${accountId}`));
          return calls;
        }),
      );
      const paid = outcomes.filter((o) => o.status === 'fulfilled');
      for (const r of outcomes.filter((o) => o.status === 'rejected')) {
        expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
      }
      const claims = await t.database.db
        .select()
        .from(promotionClaims)
        .where(eq(promotionClaims.promotionId, id));
      return { paid, claims };
    }

    it('pays exactly 100 draws of a budget of 100 prizes among 150 members', async () => {
      const id = await createPromotion(
        { kind: 'raffle', prizes: [{ amount: '10.00', weight: 1 }], turnoverMultipleTenths: 10 },
        { budget: '1000.00', perMemberLimit: 1 },
      );
      const service = t.app.services.promotions;
      const { paid, claims } = await race(id, (accountId, requestId) =>
        service.drawRaffle({ accountId, merchantCode: 'TYPH' }, id, requestId),
      );
      expect(paid).toHaveLength(100);
      expect(claims).toHaveLength(100);
      expect(new Set(claims.map((c) => c.accountId)).size).toBe(100);
      expect(await spentOf(id)).toBe(1_000_00n);
    });

    it('pays exactly 100 new-member bonuses of a budget of 100 among 150 members', async () => {
      const id = await createPromotion(
        { kind: 'new_member', amount: '10.00', withinDays: 7, turnoverMultipleTenths: 10 },
        { budget: '1000.00', perMemberLimit: 1 },
      );
      const service = t.app.services.promotions;
      const { paid, claims } = await race(id, (accountId, requestId) =>
        service.claim({ accountId, merchantCode: 'TYPH' }, id, requestId),
      );
      expect(paid).toHaveLength(100);
      expect(claims).toHaveLength(100);
      expect(new Set(claims.map((c) => c.accountId)).size).toBe(100);
      expect(await spentOf(id)).toBe(1_000_00n);
      const total = await t.database.db.execute(sql`
      select coalesce(sum(p.amount), 0)::text as total from ledger_postings p
      join ledger_entries e on e.id = p.entry_id
      join ledger_accounts a on a.id = p.account_id
      where e.reference = ${id} and a.kind = 'member_bonus'`);
      expect((total as unknown as { rows: { total: string }[] }).rows[0]!.total).toBe('100000');
    });
  },
);
