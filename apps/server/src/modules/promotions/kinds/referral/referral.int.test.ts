import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectSealed,
  loginDemo,
  solveCaptcha,
  type TestContext,
} from '../../../../test/harness';
import {
  balanceOf,
  basePromotion,
  bonusTurnover,
  insertMember,
  savePromotion,
} from '../../../../test/members';
import { accounts } from '../../../identity/schema';
import { depositOrders } from '../../../cashier/schema';
import { betRecords } from '../../../games/schema';
import { promotionClaims, promotions } from '../../schema';
import { friendQualifies } from './service';

let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

const hour = 3_600_000;
let seq = 0;
const uniqueName = () => `friend${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

async function register(body: Record<string, unknown>) {
  const captcha = await solveCaptcha(t.app, `10.7.${seq % 250}.${(seq += 1) % 250}`);
  const res = await injectSealed(t.app, {
    method: 'PUT',
    url: '/wps/member/register',
    payload: {
      username: uniqueName(),
      password: 'abc12345',
      confirmPassword: 'abc12345',
      paymentPassword: '123456',
      mobileNum: `0917${String(1_000_000 + seq).slice(-7)}`,
      captcha: captcha.answer,
      ...body,
    },
    cookies: captcha.cookies,
  });
  return res;
}

async function accountOf(id: string) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, id));
  return row!;
}

/** A member account made directly, with its referrer and registration time. */
const newAccount = (referredBy: string | null, registeredAt?: Date) =>
  insertMember(t, {
    username: uniqueName(),
    referredBy,
    ...(registeredAt ? { registeredAt } : {}),
  });

async function memberClient(id: string) {
  const { token } = await t.app.services.sessions.issue({
    subjectId: id,
    role: 'member',
    merchantCode: 'TYPH',
  });
  return (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

async function credit(accountId: string, minor: bigint) {
  await t.database.db.insert(depositOrders).values({
    id: randomUUID(),
    merchantCode: 'TYPH',
    accountId,
    channelCode: 'BANK',
    amount: minor,
    currency: 'TLB',
    status: 'credited',
    decidedAt: new Date(),
  });
}

async function bet(accountId: string, validBet: bigint, status: 'settled' | 'open' = 'settled') {
  const id = randomUUID();
  await t.database.db.insert(betRecords).values({
    id,
    merchantCode: 'TYPH',
    accountId,
    vendorCode: 'TEST',
    gameId: 'test-game',
    gameType: 'RNG',
    roundId: id,
    currency: 'TLB',
    stake: validBet,
    validBet,
    payout: 0n,
    status,
  });
}

/** A referral promotion of its own: the other referral promotions stop, so amounts are exact. */
async function referralPromotion(overrides: Record<string, unknown> = {}, rules: object = {}) {
  await t.database.db
    .update(promotions)
    .set({ enabled: false })
    .where(eq(promotions.kind, 'referral'));
  return savePromotion(
    t,
    operator,
    basePromotion({
      kind: 'referral',
      category: 'referral',
      title: { en: 'Invite friends' },
      content: { en: 'Earn for each friend' },
      perMemberLimit: 100,
      rules: {
        kind: 'referral',
        reward: '50.00',
        minDeposit: '100.00',
        minValidBet: '300.00',
        maxFriends: 2,
        turnoverMultipleTenths: 20,
        ...rules,
      },
      ...overrides,
    }),
  );
}

const runJob = () => t.app.services.referral.rewardDue();

describe('invite codes and registration', () => {
  it('gives a member a code of its own and records who referred each new member', async () => {
    const demo = await loginDemo(t.app, 'demo_member');
    const first = await demo.call('GET', '/wps/member/referral');
    expect(first.statusCode, first.body).toBe(200);
    const code = first.json().value.code as string;
    expect(code).toMatch(/^[0-9A-F]{10}$/);
    expect((await demo.call('GET', '/wps/member/referral')).json().value.code).toBe(code);

    const referrer = await accountOf(demo.id);
    const byLink = await register({ referralCode: code });
    expect(byLink.statusCode, byLink.body).toBe(201);
    const friend = await accountOf(byLink.json().value.id);
    expect(friend.referredBy).toBe(demo.id);
    // The friend joins the referrer's team, as with a recommender.
    expect(friend.parentId).toBe(referrer.parentId);

    // A member named as recommender is the referrer too.
    const byRecommender = await register({ recommenderId: friend.username });
    expect(byRecommender.statusCode, byRecommender.body).toBe(201);
    expect((await accountOf(byRecommender.json().value.id)).referredBy).toBe(friend.id);

    // An agent's code puts the member under the agent; it is no referral.
    const byAgent = await register({ referralCode: 'DEMOAGENT' });
    expect(byAgent.statusCode, byAgent.body).toBe(201);
    const underAgent = await accountOf(byAgent.json().value.id);
    expect(underAgent.referredBy).toBeNull();
    expect(underAgent.parentId).not.toBeNull();

    // A member's code is no affiliate (agent) code, and an unknown code creates nothing.
    const asAffiliate = await register({ affiliateCode: code });
    expect(asAffiliate.json().errorCode).toBe('invitation_code_error');
    const unknown = await register({ referralCode: 'NOSUCHCODE' });
    expect(unknown.json().errorCode).toBe('invitation_code_error');
  });

  it('is for members only: agents invite from the register centre', async () => {
    const agent = await loginDemo(t.app, 'demo_agent');
    expect((await agent.call('GET', '/wps/member/referral')).statusCode).toBe(403);
    const trial = await t.login('trial');
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/member/referral',
      headers: { authorization: `Bearer ${trial}` },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/referral' })).statusCode).toBe(
      401,
    );
  });
});

describe('operator rules', () => {
  it('refuses a referral promotion that a registration alone would pay', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/promotions',
      headers: { authorization: `Bearer ${operator}` },
      payload: basePromotion({
        kind: 'referral',
        category: 'referral',
        title: { en: 'Invite' },
        content: { en: 'Invite' },
        startsAt: new Date().toISOString(),
        perMemberLimit: 5,
        rules: {
          kind: 'referral',
          reward: '50.00',
          minDeposit: '0',
          minValidBet: '0',
          maxFriends: 5,
          turnoverMultipleTenths: 10,
        },
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('rules.minDeposit');
  });
});

describe('the referral.reward job', () => {
  it('pays the referrer once per qualifying friend, with turnover, up to maxFriends', async () => {
    expect(friendQualifies({ minDepositMinor: '100', minValidBetMinor: '0' }, 100n, 0n)).toBe(true);
    expect(friendQualifies({ minDepositMinor: '100', minValidBetMinor: '5' }, 100n, 4n)).toBe(
      false,
    );
    const id = await referralPromotion();
    const referrer = await newAccount(null, new Date(Date.now() - 48 * hour));
    const early = await newAccount(referrer.id, new Date(Date.now() - 2 * hour));
    // Registered in this order (the job pays friends in registration order), apart so no two
    // share a clock tick.
    const start = Date.now();
    const a = await newAccount(referrer.id, new Date(start + 10));
    const b = await newAccount(referrer.id, new Date(start + 20));
    const c = await newAccount(referrer.id, new Date(start + 30));
    const get = await memberClient(referrer.id);

    // Joined before the promotion started: never counts.
    await credit(early.id, 500_00n);
    await bet(early.id, 500_00n);
    await credit(a.id, 100_00n);
    await bet(a.id, 200_00n);
    await bet(a.id, 100_00n);
    await bet(a.id, 900_00n, 'open');
    await credit(b.id, 100_00n);

    const summary = (await get('/wps/member/referral')).json().value;
    expect(summary.promotion).toMatchObject({
      id,
      reward: '50.00',
      minDeposit: '100.00',
      minValidBet: '300.00',
      maxFriends: 2,
    });
    const byName = (name: string) =>
      (summary.friends as { name: string }[]).find(
        (f) => f.name === `${name.slice(0, 2)}${'*'.repeat(name.length - 4)}${name.slice(-2)}`,
      );
    expect(byName(a.username)).toMatchObject({
      deposited: '100.00',
      validBet: '300.00',
      status: 'qualified',
      reward: null,
    });
    expect(byName(b.username)).toMatchObject({ status: 'in_progress', validBet: '0.00' });
    expect(byName(early.username)).toMatchObject({ status: 'not_eligible' });
    expect(summary.friends).toHaveLength(4);
    // Names are masked.
    expect(JSON.stringify(summary)).not.toContain(a.username);

    // The promotion's state for the referrer: taking part; the job pays.
    const state = (await get(`/wps/promotions/${id}`)).json().value;
    expect(state).toMatchObject({ state: 'Joined', reason: 'invite_friends' });

    expect(await runJob()).toEqual({ paid: 1, amount: 50_00n });
    // Run again: nothing more to pay.
    expect(await runJob()).toEqual({ paid: 0, amount: 0n });
    expect(await balanceOf(t, referrer.id)).toBe(50_00n);
    expect(await bonusTurnover(t, referrer.id)).toEqual([100_00n]);
    const after = (await get('/wps/member/referral')).json().value;
    expect(after).toMatchObject({ totalEarned: '50.00', friendsRewarded: 1, currency: 'TLB' });
    expect(
      (after.friends as { status: string; reward: string | null }[]).filter(
        (f) => f.status === 'rewarded',
      ),
    ).toEqual([expect.objectContaining({ reward: '50.00' })]);

    // b and c qualify; maxFriends is 2, so only one more is paid.
    await bet(b.id, 300_00n);
    await credit(c.id, 100_00n);
    await bet(c.id, 300_00n);
    expect(await runJob()).toEqual({ paid: 1, amount: 50_00n });
    expect(await runJob()).toEqual({ paid: 0, amount: 0n });
    expect(await balanceOf(t, referrer.id)).toBe(100_00n);
    const claims = await t.database.db
      .select()
      .from(promotionClaims)
      .where(eq(promotionClaims.promotionId, id));
    expect(claims.map((cl) => cl.sourceId).sort()).toEqual([a.id, b.id].sort());
    expect(claims.every((cl) => cl.accountId === referrer.id)).toBe(true);
    const [promo] = await t.database.db.select().from(promotions).where(eq(promotions.id, id));
    expect(promo!.spent).toBe(100_00n);
  });

  it('stays within the budget and pays only active members as referrers', async () => {
    // Starting now: the earlier tests' friends joined before it and do not count.
    const id = await referralPromotion(
      { budget: '50.00', startsAt: new Date().toISOString() },
      { maxFriends: 10 },
    );
    const one = await newAccount(null);
    const two = await newAccount(null);
    const f1 = await newAccount(one.id);
    const f2 = await newAccount(two.id);
    for (const f of [f1, f2]) {
      await credit(f.id, 100_00n);
      await bet(f.id, 300_00n);
    }
    expect(await runJob()).toEqual({ paid: 1, amount: 50_00n });
    expect(await runJob()).toEqual({ paid: 0, amount: 0n });
    expect((await balanceOf(t, one.id)) + (await balanceOf(t, two.id))).toBe(50_00n);
    const [promo] = await t.database.db.select().from(promotions).where(eq(promotions.id, id));
    expect(promo!.spent).toBe(50_00n);

    // A later promotion: only friends who join from now count.
    await referralPromotion({ startsAt: new Date().toISOString() });
    const disabled = await newAccount(null);
    await t.database.db
      .update(accounts)
      .set({ status: 'disabled' })
      .where(eq(accounts.id, disabled.id));
    const active = await newAccount(null);
    const f3 = await newAccount(disabled.id);
    const f4 = await newAccount(active.id);
    for (const f of [f3, f4]) {
      await credit(f.id, 100_00n);
      await bet(f.id, 300_00n);
    }
    expect(await runJob()).toEqual({ paid: 1, amount: 50_00n });
    expect(await balanceOf(t, disabled.id)).toBe(0n);
    expect(await balanceOf(t, active.id)).toBe(50_00n);
  });

  it('says the promotion is off and keeps earnings once no referral promotion runs', async () => {
    await t.database.db
      .update(promotions)
      .set({ enabled: false })
      .where(eq(promotions.kind, 'referral'));
    const member = await loginDemo(t.app, 'demo_member');
    const value = (await member.call('GET', '/wps/member/referral')).json().value;
    expect(value.promotion).toBeNull();
    const summary = (await member.call('GET', '/wps/member/promotions/summary')).json().value;
    expect(summary.availablePromo).toEqual([{ type: 'REFERRAL', enabled: false }]);
  });
});
