import { sql } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorRolePermissions, type OperatorRole } from '@taya/contracts';
import { createTestApp, type TestContext } from '../../test/harness';
import { demoOperatorTotpSecret } from './seed';
import { addressAllowed } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
}, 60_000);
afterAll(() => t.close());

const password = 'Console#Pass2026';
/** The code of the authenticator `offset` steps from now. */
const code = (secret: string, offset = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: Date.now() + offset * 30_000 });

let counter = 0;
/** A new operator through the command's service and the enrolment calls; its name and secret. */
async function enrolled(
  role: OperatorRole = 'admin',
  merchants: string[] | null = null,
  ipAllowList: string[] | null = null,
) {
  const username = `op_${role}_${++counter}_${Date.now() % 100000}`;
  const created = await t.app.services.operators.create({ username, role, merchants, ipAllowList });
  const info = await t.app.inject({ method: 'GET', url: `/ops/enrol/${created.enrolToken}` });
  expect(info.statusCode, info.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/enrol',
    payload: { token: created.enrolToken, password, code: code(created.secret, -1) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { username, secret: created.secret, id: created.id };
}

const login = (body: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/ops/session/login', payload: body, remoteAddress });

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });

/** Rows of a raw SQL read. */
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('enrolment', () => {
  it('shows the secret until the first code binds it, then never again', async () => {
    const created = await t.app.services.operators.create({
      username: `op_enrol_${Date.now() % 100000}`,
      role: 'finance',
      merchants: ['TYPH'],
    });
    const info = await t.app.inject({ method: 'GET', url: `/ops/enrol/${created.enrolToken}` });
    expect(info.json().value).toMatchObject({ secret: created.secret });
    expect(info.json().value.otpauthUri).toContain(`secret=${created.secret}`);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/ops/enrol',
      payload: { token: created.enrolToken, password, code: '000000' },
    });
    expect(wrong.json().errorCode).toBe('authenticator_code_invalid');
    const weak = await t.app.inject({
      method: 'POST',
      url: '/ops/enrol',
      payload: { token: created.enrolToken, password: 'short', code: code(created.secret) },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields[0].path).toBe('password');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/ops/enrol',
      payload: { token: created.enrolToken, password, code: code(created.secret) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: `/ops/enrol/${created.enrolToken}` });
    expect(again.statusCode).toBe(404);
    expect(again.body).not.toContain(created.secret);
  });
});

describe('log-in', () => {
  it('takes the password and the authenticator code, and tells the console who is in', async () => {
    const op = await enrolled('finance', ['TYPH']);
    const res = await login({ username: op.username, password, code: code(op.secret) });
    expect(res.statusCode, res.body).toBe(200);
    const { token, operator } = res.json().value;
    expect(operator).toMatchObject({ role: 'finance', merchants: ['TYPH'], merchantCode: 'TYPH' });
    const me = await call('GET', '/ops/session/me', token);
    expect(me.json().value).toMatchObject({
      username: op.username,
      role: 'finance',
      permissions: [...operatorRolePermissions.finance],
    });
    // Thirty minutes idle at most, twelve hours in all.
    const [row] = await rowsOf<{ idle: string; max: string }>(
      sql`select extract(epoch from idle_expires_at - created_at) as idle, extract(epoch from expires_at - created_at) as max from auth_sessions where operator_username = ${op.username}`,
    );
    expect(Math.round(Number(row!.idle) / 60)).toBe(30);
    expect(Math.round(Number(row!.max) / 3600)).toBe(12);
  });

  it('refuses a wrong or replayed code and a wrong password alike', async () => {
    const op = await enrolled('support');
    const wrong = await login({ username: op.username, password, code: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe('login.failed');
    const badPassword = await login({
      username: op.username,
      password: 'nope',
      code: code(op.secret),
    });
    expect(badPassword.json().errorCode).toBe('login.failed');
    const first = await login({ username: op.username, password, code: code(op.secret) });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await login({ username: op.username, password, code: code(op.secret) });
    expect(replay.json().errorCode).toBe('login.failed');
    const unknown = await login({ username: 'op_nobody', password, code: code(op.secret) });
    expect(unknown.json().errorCode).toBe('login.failed');
  });

  it('locks the name after five wrong tries, however many arrive at once', async () => {
    const op = await enrolled('risk');
    const burst = await Promise.all(
      Array.from({ length: 32 }, () =>
        login({ username: op.username, password: 'Wrong#123', code: '000000' }),
      ),
    );
    const codes = burst.map((r) => r.json().errorCode as string);
    expect(codes.filter((c) => c === 'login.failed').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'account_locked').length).toBeGreaterThanOrEqual(27);
    expect(codes.every((c) => c === 'login.failed' || c === 'account_locked')).toBe(true);
    const right = await login({ username: op.username, password, code: code(op.secret) });
    expect(right.json().errorCode).toBe('account_locked');
  });

  it('keeps to the operator’s address allow-list', async () => {
    const op = await enrolled('admin', null, ['10.1.2.0/24', '192.0.2.9']);
    const outside = await login({ username: op.username, password, code: code(op.secret) });
    expect(outside.statusCode).toBe(403);
    const inside = await login(
      { username: op.username, password, code: code(op.secret, 1) },
      '10.1.2.77',
    );
    expect(inside.statusCode, inside.body).toBe(200);
    expect(addressAllowed('::ffff:192.0.2.9', ['192.0.2.9'])).toBe(true);
    expect(addressAllowed('192.0.2.10', ['192.0.2.9'])).toBe(false);
    expect(addressAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(addressAllowed('2001:db9::1', ['2001:db8::/32'])).toBe(false);
  });

  it('refuses a merchant outside the scope and a disabled operator', async () => {
    const op = await enrolled('content', ['TYPH']);
    const other = await login({
      username: op.username,
      password,
      code: code(op.secret),
      merchantCode: 'TYMM',
    });
    expect(other.statusCode).toBe(403);
    await t.app.services.operators.setStatus(op.id, 'disabled');
    const disabled = await login({ username: op.username, password, code: code(op.secret, 1) });
    expect(disabled.json().errorCode).toBe('account_disabled');
  });

  it('lets the seeded demo operators in with the README’s secret', async () => {
    const res = await login({
      username: 'demo_readonly',
      password: 'Demo#2026',
      code: code(demoOperatorTotpSecret),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.operator).toMatchObject({ role: 'read_only', merchants: null });
  });
});

describe('sessions', () => {
  it('ends an idle session', async () => {
    const op = await enrolled('lottery');
    const { token } = (
      await login({ username: op.username, password, code: code(op.secret) })
    ).json().value;
    expect((await call('GET', '/ops/session/me', token)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update auth_sessions set idle_expires_at = now() - interval '1 second' where operator_username = ${op.username}`,
    );
    const after = await call('GET', '/ops/session/me', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().errorCode).toBe('user.or.token.invalid');
  });

  it('lists and revokes its own sessions; an admin also those of others in its merchants', async () => {
    const op = await enrolled('support', ['TYPH']);
    const a = (await login({ username: op.username, password, code: code(op.secret) })).json().value
      .token as string;
    const b = (await login({ username: op.username, password, code: code(op.secret, 1) })).json()
      .value.token as string;
    const mine = (await call('GET', '/ops/sessions', a)).json().value as {
      id: string;
      current: boolean;
      username: string;
    }[];
    expect(mine).toHaveLength(2);
    expect(mine.every((s) => s.username === op.username)).toBe(true);
    const other = mine.find((s) => !s.current)!;
    expect((await call('POST', `/ops/sessions/${other.id}/revoke`, a)).statusCode).toBe(200);
    expect((await call('GET', '/ops/session/me', b)).statusCode).toBe(401);

    // Another support operator can neither see nor end it; an admin of every merchant can.
    const peer = await t.loginOperator({ role: 'support', merchants: ['TYPH'] });
    const current = mine.find((s) => s.current)!;
    const peerList = (await call('GET', '/ops/sessions', peer)).json().value as { id: string }[];
    expect(peerList.some((s) => s.id === current.id)).toBe(false);
    expect((await call('POST', `/ops/sessions/${current.id}/revoke`, peer)).statusCode).toBe(404);
    const scopedAdmin = await t.loginOperator({ role: 'admin', merchants: ['TYMM'] });
    expect((await call('POST', `/ops/sessions/${current.id}/revoke`, scopedAdmin)).statusCode).toBe(
      404,
    );
    const admin = await t.loginOperator({ role: 'admin' });
    const all = (await call('GET', '/ops/sessions', admin)).json().value as { id: string }[];
    expect(all.some((s) => s.id === current.id)).toBe(true);
    expect((await call('POST', `/ops/sessions/${current.id}/revoke`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/ops/session/me', a)).statusCode).toBe(401);
  });

  it('logs out', async () => {
    const op = await enrolled('read_only');
    const { token } = (
      await login({ username: op.username, password, code: code(op.secret) })
    ).json().value;
    expect((await call('POST', '/ops/session/logout', token)).statusCode).toBe(200);
    expect((await call('GET', '/ops/session/me', token)).statusCode).toBe(401);
  });
});
