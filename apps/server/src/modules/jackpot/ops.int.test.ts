import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operator jackpot pools', () => {
  it('lists the pools with their value and changes contribution and odds, in scope', async () => {
    const admin = { authorization: `Bearer ${await t.loginOperator()}` };
    await t.app.services.jackpot.seedPools();
    const list = await t.app.inject({ method: 'GET', url: '/ops/jackpot/pools', headers: admin });
    expect(list.statusCode).toBe(200);
    const [pool] = list.json().value.list as { id: string; contributionBps: number }[];
    expect(pool).toBeDefined();
    const patch = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/ops/jackpot/pools/${pool!.id}`, headers, payload });
    const changed = await patch(admin, { contributionBps: 50, hitOdds: '5000', reason: 'promo' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().value).toMatchObject({ contributionBps: 50, hitOdds: '5000.00' });
    expect((await patch(admin, { hitOdds: '0', reason: 'promo' })).statusCode).toBe(400);
    const other = { authorization: `Bearer ${await t.loginOperator({ merchants: ['TYMM'] })}` };
    expect((await patch(other, { contributionBps: 10, reason: 'promo' })).statusCode).toBe(403);
    const lottery = { authorization: `Bearer ${await t.loginOperator({ role: 'lottery' })}` };
    expect((await patch(lottery, { contributionBps: 10, reason: 'promo' })).statusCode).toBe(403);
  });
});
