import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { basePromotion, deposit, newMember, savePromotion } from '../../test/members';

let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

const createPromotion = (title: string) =>
  savePromotion(
    t,
    operator,
    basePromotion({
      kind: 'deposit_first',
      category: 'deposit',
      title: { en: title, th: `โบนัส ${title}` },
      content: { en: 'Bonus on the first deposit' },
      rules: {
        kind: 'deposit_first',
        percentBps: 5_000,
        cap: '1000.00',
        minDeposit: '100.00',
        turnoverMultipleTenths: 50,
      },
    }),
  );

const minor = (decimal: string) => BigInt(decimal.replace('.', ''));

describe('member rewards: claims history and bonus turnover', () => {
  it('lists only the member’s own claims, newest first, a page at a time', async () => {
    const first = await createPromotion('Claims A');
    const second = await createPromotion('Claims B');
    const member = await newMember(t);
    const other = await newMember(t);
    await deposit(t, member.id, 40_000n);

    const empty = await member.get('/wps/member/promotions/claims');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().value).toEqual({
      list: [],
      page: 1,
      size: 20,
      hasMore: false,
      currency: 'TLB',
    });

    const a = await member.post(`/wps/promotions/${first}/claim`, { requestId: randomUUID() });
    expect(a.statusCode, a.body).toBe(200);
    const b = await member.post(`/wps/promotions/${second}/claim`, { requestId: randomUUID() });
    expect(b.statusCode, b.body).toBe(200);

    const all = (await member.get('/wps/member/promotions/claims?language=th')).json().value;
    expect(all.list).toHaveLength(2);
    expect(all.list.map((c: { promotionId: string }) => c.promotionId).sort()).toEqual(
      [first, second].sort(),
    );
    const claimB = all.list.find((c: { promotionId: string }) => c.promotionId === second);
    expect(claimB).toMatchObject({
      id: b.json().value.claimId,
      kind: 'deposit_first',
      title: 'โบนัส Claims B',
      amount: '200.00',
      turnover: '1000.00',
      wallet: 'bonus',
    });
    expect(Date.parse(all.list[0].createdAt)).toBeGreaterThanOrEqual(
      Date.parse(all.list[1].createdAt),
    );

    const page1 = (await member.get('/wps/member/promotions/claims?page=1&size=1')).json().value;
    const page2 = (await member.get('/wps/member/promotions/claims?page=2&size=1')).json().value;
    expect(page1).toMatchObject({ page: 1, size: 1, hasMore: true });
    expect(page2).toMatchObject({ page: 2, size: 1, hasMore: false });
    expect(page1.list[0].id).toBe(all.list[0].id);
    expect(page2.list[0].id).toBe(all.list[1].id);

    const others = (await other.get('/wps/member/promotions/claims')).json().value;
    expect(others.list).toEqual([]);

    const visitor = await t.app.inject({ method: 'GET', url: '/wps/member/promotions/claims' });
    expect(visitor.statusCode).toBe(401);
    const bad = await member.get('/wps/member/promotions/claims?size=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('size');
  });

  it('shows each bonus with its turnover progress and what still blocks a withdrawal', async () => {
    const promotionId = await createPromotion('Bonus turnover');
    const member = await newMember(t);
    await deposit(t, member.id, 20_000n);

    const before = (await member.get('/wps/member/bonuses')).json().value;
    expect(before.list).toEqual([]);
    expect(before.currency).toBe('TLB');
    expect(before.bonusBalance).toBe('0.00');
    // The deposit's own turnover requirement already blocks a withdrawal.
    const depositTurnover = minor(before.turnoverRemaining);

    const claimed = await member.post(`/wps/promotions/${promotionId}/claim`, {
      requestId: randomUUID(),
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const claimId = claimed.json().value.claimId as string;

    const after = (await member.get('/wps/member/bonuses')).json().value;
    expect(after.list).toHaveLength(1);
    expect(after.list[0]).toMatchObject({
      claimId,
      promotionId,
      title: 'Bonus turnover',
      amount: '100.00',
      required: '500.00',
      progressed: '0.00',
      remaining: '500.00',
      complete: false,
    });
    expect(minor(after.turnoverRemaining)).toBe(depositTurnover + 50_000n);
    expect(after.bonusBalance).toBe('100.00');

    // Valid bets fill the oldest requirement (the deposit's) first, then the bonus.
    await t.app.services.cashier.recordTurnover(member.id, depositTurnover + 12_345n);
    const moving = (await member.get('/wps/member/bonuses')).json().value;
    expect(moving.list[0]).toMatchObject({
      progressed: '123.45',
      remaining: '376.55',
      complete: false,
    });
    expect(moving.turnoverRemaining).toBe('376.55');

    await t.app.services.cashier.recordTurnover(member.id, 100_000n);
    const done = (await member.get('/wps/member/bonuses')).json().value;
    expect(done.list[0]).toMatchObject({
      progressed: '500.00',
      remaining: '0.00',
      complete: true,
    });
    expect(done.turnoverRemaining).toBe('0.00');

    const stranger = await newMember(t);
    const theirs = (await stranger.get('/wps/member/bonuses')).json().value;
    expect(theirs).toEqual({
      list: [],
      bonusBalance: '0.00',
      turnoverRemaining: '0.00',
      currency: 'TLB',
    });
    const visitor = await t.app.inject({ method: 'GET', url: '/wps/member/bonuses' });
    expect(visitor.statusCode).toBe(401);
  });
});
