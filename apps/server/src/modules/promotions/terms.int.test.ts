import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import {
  basePromotion,
  deposit,
  newMember,
  savePromotion,
  type MemberClient,
} from '../../test/members';

let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

const firstDeposit = (turnoverMultipleTenths: number) =>
  savePromotion(
    t,
    operator,
    basePromotion({
      kind: 'deposit_first',
      category: 'deposit',
      title: { en: 'First deposit' },
      content: { en: 'Bonus on the first deposit' },
      rules: {
        kind: 'deposit_first',
        percentBps: 10_000,
        cap: '1000.00',
        minDeposit: '100.00',
        turnoverMultipleTenths,
      },
    }),
  );

async function listed(member: MemberClient, id: string) {
  const res = await member.get('/wps/promotions');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value.list as { id: string; terms: unknown }[]).find((p) => p.id === id)!;
}

const remaining = async (member: MemberClient) =>
  (await member.get('/wps/member/bonuses')).json().value.turnoverRemaining as string;

describe('claim terms', () => {
  it('say what a claim commits to, and the claim adds exactly the turnover they name', async () => {
    const id = await firstDeposit(55);
    const m = await newMember(t);
    // Before a qualifying deposit: the multiple is known, the amount is not.
    expect((await listed(m, id)).terms).toEqual({
      bonus: null,
      turnoverMultipleTenths: 55,
      turnoverOn: 'bonus',
      turnoverRequired: null,
      countedGames: 'all',
      wallet: 'bonus',
      expiresAt: null,
    });

    await deposit(t, m.id, 300_55n);
    const terms = {
      bonus: '300.55',
      turnoverMultipleTenths: 55,
      turnoverOn: 'bonus',
      // 300.55 × 5.5 = 1653.025, floored to the currency's cents as the claim does.
      turnoverRequired: '1653.02',
      countedGames: 'all',
      wallet: 'bonus',
      expiresAt: null,
    };
    expect((await listed(m, id)).terms).toEqual(terms);
    const detail = await m.get(`/wps/promotions/${id}`);
    expect(detail.json().value.terms).toEqual(terms);

    const before = await remaining(m);
    const claimed = await m.post(`/wps/promotions/${id}/claim`, { requestId: randomUUID() });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().value).toMatchObject({ amount: '300.55', turnoverAdded: '1653.02' });
    expect(Number(await remaining(m)) - Number(before)).toBeCloseTo(1653.02, 2);
    // Claimed: nothing more to commit to.
    expect((await listed(m, id)).terms).toMatchObject({ bonus: null, turnoverRequired: null });
  });
});
