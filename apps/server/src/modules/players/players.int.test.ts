import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { balanceOf, basePromotion, newMember, savePromotion } from '../../test/members';
import { payoutAccounts } from '../cashier/schema';
import { accountLoginIps, accounts, loginThrottle } from '../identity/schema';
import { eq } from 'drizzle-orm';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  admin = await t.login('operator');
}, 60_000);
afterAll(() => t.close());

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token = admin) =>
  t.app.inject({ method: 'GET', url, headers: as(token) });
const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url, headers: as(token), payload });
const put = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'PUT', url, headers: as(token), payload });

describe('search', () => {
  it('finds a player by username prefix, log-in address and payout account number', async () => {
    const m = await newMember(t, { prefix: 'findme' });
    const ip = `10.${Math.floor(Math.random() * 250)}.7.9`;
    await t.database.db.insert(accountLoginIps).values({ accountId: m.id, ip });
    const number = `ACC${Date.now()}`;
    await t.database.db.insert(payoutAccounts).values({
      id: randomUUID(),
      accountId: m.id,
      kind: 'bank',
      provider: 'BDO',
      accountName: 'Find Me',
      accountNumber: number,
    });
    for (const q of [m.username.slice(0, 10), ip, number, m.id]) {
      const res = await get(`/ops/players?q=${encodeURIComponent(q)}&pageSize=200`);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json().value.rows.map((r: { id: string }) => r.id),
        q,
      ).toContain(m.id);
    }
    const none = await get(`/ops/players?q=${encodeURIComponent('zz-nobody-zz')}`);
    expect(none.json().value).toMatchObject({ rows: [], total: 0 });
  });

  it('keeps to the operator’s merchants, pages and sorts', async () => {
    const m = await newMember(t, { prefix: 'scoped' });
    const mm = await t.loginOperator({ role: 'support', merchants: ['TYMM'] });
    const res = await get(`/ops/players?q=${m.username}`, mm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.total).toBe(0);
    expect((await get(`/ops/players?merchantCode=TYPH`, mm)).statusCode).toBe(403);
    expect((await get(`/ops/players/${m.id}`, mm)).statusCode).toBe(403);
    expect((await get(`/ops/players/${m.id}/ledger`, mm)).statusCode).toBe(403);

    await newMember(t, { prefix: 'pagesort' });
    await newMember(t, { prefix: 'pagesort' });
    const page1 = await get('/ops/players?q=pagesort&pageSize=2&sort=username&order=asc');
    const v = page1.json().value;
    expect(v.total).toBeGreaterThanOrEqual(2);
    expect(v.rows).toHaveLength(2);
    const names = v.rows.map((r: { username: string }) => r.username);
    expect([...names].sort()).toEqual(names);
    const bad = await get('/ops/players?sort=balance');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sort');
  });
});

describe('summary', () => {
  it('shows balances, locks, sub-resources and the audit of changes', async () => {
    const m = await newMember(t, { prefix: 'summary' });
    await fund(t.app, m.id, 12_345n, randomUUID());
    const res = await get(`/ops/players/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      id: m.id,
      username: m.username,
      status: 'active',
      balances: { cash: '12345', bonus: '0', locked: '0' },
      tags: [],
      notesCount: 0,
      promotionsExcluded: false,
    });
    const ledger = await get(`/ops/players/${m.id}/ledger?pageSize=5`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.json().value).toMatchObject({
      total: 1,
      rows: [{ amount: '12345', accountKind: 'member_cash', type: 'deposit' }],
    });
    for (const sub of ['bets', 'cashier', 'bonuses', 'logins', 'changes', 'notes']) {
      const r = await get(`/ops/players/${m.id}/${sub}`);
      expect(r.statusCode, `${sub}: ${r.body}`).toBe(200);
    }
    const logins = (await get(`/ops/players/${m.id}/logins`)).json().value;
    expect(logins.rows).toEqual([expect.objectContaining({ kind: 'session', active: true })]);
    expect((await get(`/ops/players/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('keeps notes and tags', async () => {
    const m = await newMember(t, { prefix: 'notes' });
    const note = await post(`/ops/players/${m.id}/notes`, { body: 'Called about a deposit' });
    expect(note.statusCode, note.body).toBe(200);
    const tags = await put(`/ops/players/${m.id}/tags`, { tags: ['vip', 'watch', 'vip'] });
    expect(tags.json().value).toEqual({ tags: ['vip', 'watch'] });
    const v = (await get(`/ops/players/${m.id}`)).json().value;
    expect(v).toMatchObject({ tags: ['vip', 'watch'], notesCount: 1 });
    const notes = (await get(`/ops/players/${m.id}/notes`)).json().value;
    expect(notes.rows[0]).toMatchObject({ body: 'Called about a deposit' });
    const changes = (await get(`/ops/players/${m.id}/changes`)).json().value;
    expect(changes.rows.map((r: { action: string }) => r.action)).toEqual([
      'players.tags',
      'players.notes.add',
    ]);
    expect(changes.rows[0]).toMatchObject({
      before: { tags: [] },
      after: { tags: ['vip', 'watch'] },
    });
  });
});

describe('access', () => {
  it('disabling ends the player’s sessions at once; enabling lets it log in again', async () => {
    const m = await newMember(t, { prefix: 'disable' });
    expect((await m.get('/wps/member/info')).statusCode).toBe(200);
    const noReason = await post(`/ops/players/${m.id}/disable`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
    const support = await t.loginOperator({ role: 'support', merchants: ['TYPH'] });
    expect(
      (await post(`/ops/players/${m.id}/disable`, { reason: 'fraud' }, support)).statusCode,
    ).toBe(403);

    const res = await post(`/ops/players/${m.id}/disable`, { reason: 'Chargeback fraud' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ id: m.id, status: 'disabled', sessionsEnded: 1 });
    const after = await m.get('/wps/member/info');
    expect(after.statusCode).toBe(401);
    expect(after.json().errorCode).toBe('user.or.token.invalid');

    const changes = (await get(`/ops/players/${m.id}/changes`)).json().value;
    expect(changes.rows[0]).toMatchObject({
      action: 'players.disable',
      before: { status: 'active' },
      after: { status: 'disabled', sessionsEnded: 1 },
      reason: 'Chargeback fraud',
    });
    const enabled = await post(`/ops/players/${m.id}/enable`, { reason: 'Cleared by risk' });
    expect(enabled.json().value.status).toBe('active');
    const [row] = await t.database.db
      .select({ status: accounts.status })
      .from(accounts)
      .where(eq(accounts.id, m.id));
    expect(row!.status).toBe('active');
  });

  it('unlocks the log-in and the payment password', async () => {
    const m = await newMember(t, { prefix: 'locked' });
    const until = new Date(Date.now() + 15 * 60_000);
    await t.database.db.insert(loginThrottle).values([
      { merchantCode: 'TYPH', usernameKey: m.username, failures: 6, lockedUntil: until },
      {
        merchantCode: 'TYPH',
        usernameKey: `payment-password:${m.id}`,
        failures: 5,
        lockedUntil: until,
      },
    ]);
    const locks = (await get(`/ops/players/${m.id}`)).json().value.locks;
    expect(locks.loginLockedUntil).toBe(until.toISOString());
    expect(locks.paymentPasswordLockedUntil).toBe(until.toISOString());
    const res = await post(`/ops/players/${m.id}/unlock`, { reason: 'Verified by phone' });
    expect(res.json().value).toEqual({ cleared: 2 });
    const after = (await get(`/ops/players/${m.id}`)).json().value.locks;
    expect(after).toEqual({
      loginLockedUntil: null,
      loginAddressLocks: [],
      paymentPasswordLockedUntil: null,
    });
  });

  it('sends a password reset link through the e-mail outbox', async () => {
    const m = await newMember(t, { prefix: 'resetlink' });
    const email = `${m.username}@example.com`;
    await t.database.db.update(accounts).set({ email }).where(eq(accounts.id, m.id));
    const res = await post(`/ops/players/${m.id}/reset-password-link`, { reason: 'Asked by chat' });
    expect(res.statusCode, res.body).toBe(200);
    const outbox = await t.app.inject({ method: 'GET', url: `/dev/outbox?destination=${email}` });
    expect(outbox.json().value[0].body).toContain('/reset-password?token=');
  });
});

describe('promotions', () => {
  it('an excluded player cannot claim; included again, it can', async () => {
    const promo = await savePromotion(
      t,
      admin,
      basePromotion({
        kind: 'new_member',
        category: 'newcomer',
        title: { en: 'Welcome', ty: 'Maligayang pagdating' },
        content: { en: 'Welcome bonus' },
        rules: { kind: 'new_member', amount: '5.00', withinDays: 30, turnoverMultipleTenths: 10 },
      }),
    );
    const m = await newMember(t, { prefix: 'excluded' });
    const ex = await post(`/ops/players/${m.id}/promotions/exclude`, { reason: 'Bonus abuse' });
    expect(ex.statusCode, ex.body).toBe(200);
    const refused = await m.post(`/wps/promotions/${promo}/claim`, { requestId: randomUUID() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().value).toMatchObject({ reason: 'excluded' });
    // Nor can an operator's grant reach it.
    const grant = await post(`/ops/players/${m.id}/bonuses`, {
      promotionId: promo,
      amount: '500',
      turnoverMultipleTenths: 10,
      reason: 'Goodwill',
      requestId: randomUUID(),
    });
    expect(grant.statusCode).toBe(409);
    expect(await balanceOf(t, m.id)).toBe(0n);

    await post(`/ops/players/${m.id}/promotions/include`, { reason: 'Reviewed' });
    const ok = await m.post(`/wps/promotions/${promo}/claim`, { requestId: randomUUID() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await balanceOf(t, m.id)).toBe(500n);
  });

  it('an operator grants a bonus with its turnover, once per request', async () => {
    const promo = await savePromotion(
      t,
      admin,
      basePromotion({
        kind: 'new_member',
        category: 'newcomer',
        title: { en: 'Goodwill', ty: 'Goodwill' },
        content: { en: 'Goodwill bonus' },
        rules: { kind: 'new_member', amount: '1.00', withinDays: 30, turnoverMultipleTenths: 10 },
      }),
    );
    const m = await newMember(t, { prefix: 'granted' });
    const body = {
      promotionId: promo,
      amount: '2500',
      turnoverMultipleTenths: 30,
      reason: 'Service recovery',
      requestId: randomUUID(),
    };
    const first = await post(`/ops/players/${m.id}/bonuses`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ amount: '2500', turnover: '7500', replayed: false });
    const again = await post(`/ops/players/${m.id}/bonuses`, body);
    expect(again.json().value.replayed).toBe(true);
    expect(await balanceOf(t, m.id)).toBe(2500n);
    const summary = (await get(`/ops/players/${m.id}`)).json().value;
    expect(summary.turnover).toEqual({ required: '7500', done: '0' });
  });
});

describe('manual adjustments', () => {
  const adjust = (id: string, body: Record<string, unknown>, token = admin) =>
    post(
      `/ops/players/${id}/adjustments`,
      {
        direction: 'credit',
        wallet: 'cash',
        reason: 'Missing deposit',
        requestId: randomUUID(),
        ...body,
      },
      token,
    );

  it('applies up to the threshold at once, once per request, and never overdraws', async () => {
    const m = await newMember(t, { prefix: 'adjust' });
    const requestId = randomUUID();
    const res = await adjust(m.id, { amount: '150000', requestId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ state: 'applied', approval: null });
    await adjust(m.id, { amount: '150000', requestId });
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(150_000n);
    const debit = await adjust(m.id, { direction: 'debit', amount: '50000' });
    expect(debit.statusCode, debit.body).toBe(200);
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(100_000n);
    const over = await adjust(m.id, { direction: 'debit', amount: '100001' });
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe('insufficient_funds');
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(100_000n);
    const ledger = (await get(`/ops/players/${m.id}/ledger`)).json().value;
    expect(ledger.rows[0]).toMatchObject({ type: 'manual_adjustment', amount: '-50000' });
    const support = await t.loginOperator({ role: 'support', merchants: ['TYPH'] });
    expect((await adjust(m.id, { amount: '1' }, support)).statusCode).toBe(403);
  });

  it('above the threshold waits for a second operator, and moves once however many approve', async () => {
    const m = await newMember(t, { prefix: 'fourEyes'.toLowerCase() });
    const requester = await t.loginOperator({ role: 'finance', merchants: ['TYPH'] });
    const res = await adjust(m.id, { amount: '1000001' }, requester);
    expect(res.statusCode, res.body).toBe(200);
    const approval = res.json().value.approval;
    expect(res.json().value.state).toBe('pending');
    expect(approval).toMatchObject({ kind: 'player.adjustment', status: 'pending' });
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(0n);

    const listed = (await get('/ops/approvals?kind=player.adjustment')).json().value;
    expect(listed.rows.map((r: { id: string }) => r.id)).toContain(approval.id);

    const own = await post(`/ops/approvals/${approval.id}/approve`, {}, requester);
    expect(own.statusCode).toBe(403);

    const second = await t.loginOperator({ role: 'finance', merchants: ['TYPH'] });
    const third = await t.loginOperator({ role: 'admin', merchants: null });
    const results = await Promise.all(
      [second, third, second, third].map((tok) =>
        post(`/ops/approvals/${approval.id}/approve`, {}, tok),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(1_000_001n);
    const reject = await post(`/ops/approvals/${approval.id}/reject`, {}, second);
    expect(reject.statusCode).toBe(409);

    const other = await adjust(m.id, { amount: '2000000' }, requester);
    const rejected = await post(
      `/ops/approvals/${other.json().value.approval.id}/reject`,
      { note: 'No ticket' },
      second,
    );
    expect(rejected.json().value).toMatchObject({ status: 'rejected', decisionNote: 'No ticket' });
    expect(await balanceOf(t, m.id, 'member_cash')).toBe(1_000_001n);
  });

  it('the threshold is a per-merchant setting', async () => {
    const m = await newMember(t, { prefix: 'threshold' });
    const set = await put('/ops/player-settings/TYMM', {
      adjustApprovalAbove: '500',
      reason: 'Finance asked',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await get('/ops/player-settings/TYPH')).json().value.adjustApprovalAbove).toBe(
      '1000000',
    );
    expect((await adjust(m.id, { amount: '600' })).json().value.state).toBe('applied');
    expect((await get('/ops/player-settings/TYMM')).json().value.adjustApprovalAbove).toBe('500');
  });
});
