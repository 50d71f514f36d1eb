import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, injectSealed, type TestContext } from '../../test/harness';
import { accounts } from './schema';
import { demoPassword } from './seed';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ freshDemoAccounts: true });
});
afterAll(() => t.close());

async function login(username: string, password = demoPassword) {
  const res = await injectSealed(t.app, {
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password, type: 'username' },
  });
  expect(res.statusCode).toBe(200);
  const value = res.json().value as {
    token: string;
    firstTimeLogin: boolean;
    passwordExpired: boolean;
  };
  return { ...value, auth: { authorization: `Bearer ${value.token}` } };
}

const get = (url: string, auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers: auth });

const change = (auth: Record<string, string>, oldPassword: string, newPassword: string) =>
  injectSealed(t.app, {
    method: 'PUT',
    url: '/wps/member/password',
    headers: auth,
    payload: { oldPassword, newPassword, confirmNewPassword: newPassword },
  });

describe('a session that must change its password first', () => {
  it('is refused everything but the change until the first log-in changed it', async () => {
    const first = await login('demo_member');
    expect(first.firstTimeLogin).toBe(true);

    const refused = await get('/wps/v2/wallets/balance', first.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      errorCode: 'password_change_required',
      message: 'Please change your password before going on',
      value: null,
    });
    expect((await get('/wps/member/sessions', first.auth)).json().errorCode).toBe(
      'password_change_required',
    );
    // What the change screen needs still answers: its own account and the public calls.
    expect((await get('/wps/member/info', first.auth)).statusCode).toBe(200);
    expect((await get('/wps/system/status', first.auth)).statusCode).toBe(200);

    expect((await change(first.auth, demoPassword, 'Fresh2026x')).statusCode).toBe(200);
    const allowed = await get('/wps/v2/wallets/balance', first.auth);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().success).toBe(true);

    // The same password again is no change.
    const same = await change(first.auth, 'Fresh2026x', 'Fresh2026x');
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toEqual([
      expect.objectContaining({ path: 'newPassword', code: 'same' }),
    ]);

    // The next log-in is no longer the first: nothing stands in its way.
    const next = await login('demo_member', 'Fresh2026x');
    expect(next.firstTimeLogin).toBe(false);
    expect((await get('/wps/v2/wallets/balance', next.auth)).statusCode).toBe(200);
  });

  it('holds an expired password to the change too, and may still log out', async () => {
    await t.database.db
      .update(accounts)
      .set({ loginCount: 3, passwordChangedAt: new Date('2020-01-01') })
      .where(eq(accounts.usernameKey, 'demo_agent'));
    const expired = await login('demo_agent');
    expect(expired).toMatchObject({ firstTimeLogin: false, passwordExpired: true });
    expect((await get('/wps/v2/wallets/balance', expired.auth)).json().errorCode).toBe(
      'password_change_required',
    );
    const out = await t.app.inject({
      method: 'POST',
      url: '/wps/session/logout',
      headers: expired.auth,
    });
    expect(out.statusCode).toBe(200);
    expect((await get('/wps/member/info', expired.auth)).json().errorCode).toBe(
      'user.or.token.invalid',
    );
  });

  it('is not asked of a password that is neither new nor expired', async () => {
    await t.database.db
      .update(accounts)
      .set({ loginCount: 1, passwordChangedAt: new Date() })
      .where(eq(accounts.usernameKey, 'demo_master'));
    const session = await login('demo_master');
    expect(session).toMatchObject({ firstTimeLogin: false, passwordExpired: false });
    expect((await get('/wps/v2/wallets/balance', session.auth)).statusCode).toBe(200);
  });
});
