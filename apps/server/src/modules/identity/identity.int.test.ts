import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  injectSealed,
  lastSmsCode,
  solveCaptcha,
  type TestContext,
} from '../../test/harness';
import { sealRequest } from '@taya/contracts';
import { accounts } from './schema';
import { demoPassword } from './seed';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Json = {
  success: boolean;
  errorCode?: string;
  value: Record<string, unknown> | null;
  fields?: { path: string; code: string }[];
};

async function login(
  body: Record<string, unknown>,
  opts: { ip?: string; cookies?: Record<string, string> } = {},
) {
  const res = await injectSealed(t.app, {
    method: 'POST',
    url: '/wps/session/login',
    payload: body,
    remoteAddress: opts.ip ?? '127.0.0.1',
    ...(opts.cookies ? { cookies: opts.cookies } : {}),
  });
  return { status: res.statusCode, json: res.json() as Json };
}

async function accountCount() {
  return (await t.database.db.select({ id: accounts.id }).from(accounts)).length;
}

let seq = 0;
const uniqueName = () => `player${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

async function register(body: Record<string, unknown>, url = '/wps/member/register') {
  const captcha = await solveCaptcha(t.app, `10.9.${seq % 250}.${(seq += 1) % 250}`);
  const res = await injectSealed(t.app, {
    method: 'PUT',
    url,
    payload: { captcha: captcha.answer, ...body },
    cookies: captcha.cookies,
  });
  return { status: res.statusCode, json: res.json() as Json };
}

describe('log-in by username', () => {
  it('logs the demo member in and serves its info', async () => {
    const { status, json } = await login({
      username: '  demo_member ',
      password: demoPassword,
      type: 'username',
    });
    expect(status).toBe(200);
    expect(json.value).toMatchObject({
      userName: 'demo_member',
      customerType: 0,
      passwordExpired: false,
    });
    const token = json.value!.token as string;
    const info = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.json().value).toMatchObject({
      account: 'demo_member',
      type: 0,
      mobile: '91*****002',
      clubLabel: null,
    });
  });

  it('says the same for an unknown name and a wrong password', async () => {
    const a = await login({
      username: 'demo_member',
      password: 'wrong-password',
      type: 'username',
    });
    const b = await login({
      username: 'nobody_here_at_all',
      password: 'wrong-password',
      type: 'username',
    });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.json).toEqual(b.json);
    expect(a.json).toMatchObject({ errorCode: 'login.failed', value: { captcha: false } });
    await t.app.services.identity.login(
      { username: 'demo_member', password: demoPassword, type: 'username', portal: 'member' },
      {
        ip: '127.0.0.1',
        merchantCode: 'TYPH',
        device: undefined,
        captchaId: undefined,
        host: undefined,
      },
    );
  });

  it('asks for a captcha after 3 failures, then locks after 6', async () => {
    const name = 'ghost_user_lock';
    const fail = () => login({ username: name, password: 'nope', type: 'username' });
    expect((await fail()).json.value).toEqual({ captcha: false });
    expect((await fail()).json.value).toEqual({ captcha: false });
    expect((await fail()).json.value).toEqual({ captcha: true });
    const noCaptcha = await fail();
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.json).toMatchObject({
      errorCode: 'captcha_required',
      value: { captcha: true },
    });
    const wrongCaptcha = await login({
      username: name,
      password: 'nope',
      type: 'username',
      captcha: 'ZZZZ',
    });
    expect(wrongCaptcha.json.errorCode).toBe('captcha_invalid');
    for (let i = 0; i < 3; i++) {
      const c = await solveCaptcha(t.app, `10.1.1.${i + 1}`);
      const r = await login(
        { username: name, password: 'nope', type: 'username', captcha: c.answer },
        { cookies: c.cookies },
      );
      expect(r.json.errorCode).toBe('login.failed');
    }
    const locked = await login({ username: name, password: 'nope', type: 'username' });
    expect(locked.status).toBe(403);
    expect(locked.json.errorCode).toBe('account_locked');
  });

  it('keeps members out of the agent portal and agent-only accounts out of the member site', async () => {
    const member = await login({
      username: 'demo_member',
      password: demoPassword,
      portal: 'agent',
    });
    expect(member).toMatchObject({ status: 403, json: { errorCode: 'non_agent_login' } });
    const agent = await login({ username: 'demo_agent', password: demoPassword, portal: 'agent' });
    expect(agent.status).toBe(200);
    expect(agent.json.value!.customerType).toBe(1);
    const demoAgent = (
      await t.database.db.select().from(accounts).where(eq(accounts.usernameKey, 'demo_agent'))
    )[0]!;
    await t.database.db.insert(accounts).values({
      id: randomUUID(),
      merchantCode: 'TYPH',
      username: 'team_only',
      usernameKey: 'team_only',
      type: 41,
      passwordHash: demoAgent.passwordHash,
      registerMethod: 'SEED',
    });
    expect((await login({ username: 'team_only', password: demoPassword })).json.errorCode).toBe(
      'non_member_login',
    );
    expect(
      (await login({ username: 'team_only', password: demoPassword, portal: 'agent' })).status,
    ).toBe(200);
  });

  it('refuses bad input with the fields at fault', async () => {
    const res = await login({ username: '', password: '', type: 'email', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.json.fields!.map((f) => f.path).sort()).toEqual([
      'extra',
      'password',
      'type',
      'username',
    ]);
  });
});

describe('registration', () => {
  it('registers by username, logs the member in, and refuses the same name twice', async () => {
    const username = uniqueName();
    const before = await accountCount();
    const res = await register({
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      paymentPassword: '123456',
      mobileNum: '09171234567',
    });
    expect(res.status).toBe(201);
    expect(res.json.value).toMatchObject({
      userName: username,
      customerType: 0,
      firstTimeLogin: true,
    });
    expect(await accountCount()).toBe(before + 1);
    const again = await register({
      username: username.toUpperCase(),
      password: 'abc12345',
      confirmPassword: 'abc12345',
      paymentPassword: '123456',
      mobileNum: '09171234568',
    });
    expect(again.status).toBe(409);
    expect(again.json.errorCode).toBe('username_taken');
    const sameMobile = await register({
      username: uniqueName(),
      password: 'abc12345',
      confirmPassword: 'abc12345',
      paymentPassword: '123456',
      mobileNum: '0917 123 4567',
    });
    expect(sameMobile.json.errorCode).toBe('mobile_taken');
    expect(await accountCount()).toBe(before + 1);
  });

  it('checks every field against the merchant rules and creates nothing', async () => {
    const before = await accountCount();
    const res = await register({
      username: '1bad',
      password: 'short',
      confirmPassword: 'other',
      paymentPassword: '12ab56',
      mobileNum: '12',
      email: 'not-an-email',
    });
    expect(res.status).toBe(400);
    const byPath = Object.fromEntries(res.json.fields!.map((f) => [f.path, f.code]));
    expect(byPath).toEqual({
      username: 'length',
      password: 'length',
      confirmPassword: 'mismatch',
      paymentPassword: 'pattern',
      mobileNum: 'length',
      email: 'pattern',
    });
    expect(await accountCount()).toBe(before);
  });

  it('refuses a registration without a right captcha', async () => {
    const res = await injectSealed(t.app, {
      method: 'PUT',
      url: '/wps/member/register',
      payload: {
        username: uniqueName(),
        password: 'abc12345',
        confirmPassword: 'abc12345',
        paymentPassword: '123456',
        mobileNum: '09179999999',
        captcha: 'AAAA',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('captcha_invalid');
  });

  it('puts a member under the agent of a valid invitation code; a bad code creates nothing', async () => {
    const before = await accountCount();
    const bad = await register({
      username: uniqueName(),
      password: 'abc12345',
      confirmPassword: 'abc12345',
      paymentPassword: '123456',
      mobileNum: '09175550001',
      affiliateCode: 'NOPE123',
    });
    expect(bad.json.errorCode).toBe('invitation_code_error');
    expect(await accountCount()).toBe(before);
    const affiliate = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/affiliate?code=DEMOAGENT',
    });
    expect(affiliate.json().value).toBe(true);
    const good = await register({
      username: uniqueName(),
      password: 'abc12345',
      confirmPassword: 'abc12345',
      paymentPassword: '123456',
      mobileNum: '09175550002',
      affiliateCode: 'DEMOAGENT',
    });
    expect(good.status).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, good.json.value!.id as string));
    const [agent] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.usernameKey, 'demo_agent'));
    expect(row!.parentId).toBe(agent!.id);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('registers by mobile with an SMS code; the username is the number', async () => {
    const send = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { countryDialingCode: '+63', mobileNo: '09178880001' },
    });
    expect(send.json()).toEqual({ success: true, value: { expiredMinutes: 1 } });
    const code = await lastSmsCode(t.app, '+639178880001');
    const wrong = await register(
      {
        mobileNum: '09178880001',
        countryDialingCode: '+63',
        verificationCode: '000000',
        username: '',
        password: 'abc12345',
        confirmPassword: 'abc12345',
        paymentPassword: '123456',
      },
      '/wps/member/register/mobile',
    );
    expect(wrong.json.errorCode).toBe('verification_code_invalid');
    const res = await register(
      {
        mobileNum: '09178880001',
        countryDialingCode: '+63',
        verificationCode: code,
        username: '',
        password: 'abc12345',
        confirmPassword: 'abc12345',
        paymentPassword: '123456',
      },
      '/wps/member/register/mobile',
    );
    expect(res.status).toBe(201);
    expect(res.json.value!.userName).toBe('09178880001');
  });
});

describe('SMS codes and log-in by SMS', () => {
  it('sends a six-digit code and logs in with it once', async () => {
    const send = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum: '09170000002', countryDialingCode: '+63' },
    });
    expect(send.statusCode).toBe(200);
    const code = await lastSmsCode(t.app, '+639170000002');
    expect(code).toMatch(/^\d{6}$/);
    const ok = await login({
      username: '09170000002',
      password: code,
      type: 'sms',
      countryDialingCode: '+63',
    });
    expect(ok.status).toBe(200);
    expect(ok.json.value).toMatchObject({ userName: 'demo_member', passwordExpired: false });
    const reuse = await login({
      username: '09170000002',
      password: code,
      type: 'sms',
      countryDialingCode: '+63',
    });
    expect(reuse.status).toBe(401);
  });

  it('throttles a flood: one a second per number, then a quota per number and per address', async () => {
    const send = (mobileNum: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: { mobileNum, countryDialingCode: '+63' },
        remoteAddress: ip,
      });
    expect((await send('09171110000', '10.2.0.1')).statusCode).toBe(200);
    const second = await send('09171110000', '10.2.0.1');
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toContain('5 minutes');
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await send(`0917222${String(i).padStart(4, '0')}`, '10.2.0.2')).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });

  it('refuses a number that is not a mobile number', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum: '12', countryDialingCode: '+63' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('mobileNum');
  });
});

describe('free play, log-out and passwords', () => {
  it('gives a trial session that cannot touch member functions', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/wps/session/login/freeplay' });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.customerType).toBe(4);
    const auth = { authorization: `Bearer ${value.token}` };
    expect(
      (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: auth })).json().value
        .type,
    ).toBe(4);
    const pw = await injectSealed(t.app, {
      method: 'PUT',
      url: '/wps/member/password',
      headers: auth,
      payload: { oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' },
    });
    expect(pw.statusCode).toBe(403);
    expect(pw.json().errorCode).toBe('in_need_true_account');
  });

  it('revokes the token on log-out', async () => {
    const { json } = await login({ username: 'demo_agent', password: demoPassword });
    const auth = { authorization: `Bearer ${json.value!.token}` };
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: auth }))
        .statusCode,
    ).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().errorCode).toBe('user.or.token.invalid');
  });

  it('changes a password, and forces a change when it has expired', async () => {
    const username = uniqueName();
    const reg = await register({
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      paymentPassword: '123456',
      mobileNum: '09173330001',
    });
    const auth = { authorization: `Bearer ${reg.json.value!.token}` };
    const bad = await injectSealed(t.app, {
      method: 'PUT',
      url: '/wps/member/password',
      headers: auth,
      payload: { oldPassword: 'wrong123', newPassword: 'xyz98765', confirmNewPassword: 'xyz98765' },
    });
    expect(bad.json().fields[0].path).toBe('oldPassword');
    const ok = await injectSealed(t.app, {
      method: 'PUT',
      url: '/wps/member/password',
      headers: auth,
      payload: { oldPassword: 'abc12345', newPassword: 'xyz98765', confirmNewPassword: 'xyz98765' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await login({ username, password: 'abc12345' })).status).toBe(401);
    await t.database.db
      .update(accounts)
      .set({ passwordChangedAt: new Date('2020-01-01') })
      .where(eq(accounts.usernameKey, username));
    const expired = await login({ username, password: 'xyz98765' });
    expect(expired.json.value).toMatchObject({ passwordExpired: true });
  });

  it('resets by e-mail link, once, and tells nobody whether the e-mail matched', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: 'username=nobody_x&email=a%40b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const known = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: 'username=demo_agent&email=demo_agent%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unknown.json()).toEqual(known.json());
    // The link is sent after the answer has gone out.
    await t.app.services.background.idle();
    const mail = await t.app.inject({
      method: 'GET',
      url: '/dev/outbox?channel=email&destination=demo_agent%40example.com',
    });
    const token = /token=([\w-]+)/.exec(mail.json().value[0].body)![1]!;
    const reset = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: { token, newPassword: 'newpass123', confirmNewPassword: 'newpass123' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: { token, newPassword: 'newpass456', confirmNewPassword: 'newpass456' },
    });
    expect(again.json().errorCode).toBe('verification_code_invalid');
    expect((await login({ username: 'demo_agent', password: 'newpass123' })).status).toBe(200);
  });

  it('resets by phone and logs in', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum: '09170000001', countryDialingCode: '+63' },
      remoteAddress: '10.3.0.1',
    });
    const code = await lastSmsCode(t.app, '+639170000001');
    const res = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: {
        mobileNum: '09170000001',
        countryDialingCode: '+63',
        verificationCode: code,
        newPassword: 'phone1234',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.userName).toBe('demo_agent');
    expect((await login({ username: 'demo_agent', password: 'phone1234' })).status).toBe(200);
  });
});

describe('captcha', () => {
  it('serves a PNG, one a second per client', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      remoteAddress: '10.4.0.1',
    });
    expect(first.statusCode).toBe(200);
    const png = Buffer.from(first.json().value, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(first.cookies[0]).toMatchObject({ name: 'taya_captcha', httpOnly: true, path: '/wps' });
    const second = await t.app.inject({
      method: 'GET',
      url: '/wps/captcha',
      remoteAddress: '10.4.0.1',
    });
    expect(second.statusCode).toBe(429);
  });
});

describe('sealed bodies (calls marked E)', () => {
  const credentials = { username: 'demo_member', password: demoPassword, type: 'username' };

  it('publishes the public key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' });
    expect(res.json().value).toMatchObject({
      algorithm: 'RSA-OAEP-256+A256GCM',
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it('refuses a plaintext body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: credentials,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('encryption_required');
  });

  it('refuses a replayed body', async () => {
    const sealed = await sealRequest(
      t.app.services.sealed.publicKey(),
      'POST',
      '/wps/session/login',
      credentials,
    );
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: sealed.body,
        headers: { encryption: sealed.header },
      });
    expect((await send()).statusCode).toBe(200);
    const replay = await send();
    expect(replay.statusCode).toBe(409);
    expect(replay.json().errorCode).toBe('request_replayed');
  });

  it('refuses a body sealed for another call, a tampered one, and an old one', async () => {
    const key = t.app.services.sealed.publicKey();
    const other = await sealRequest(key, 'PUT', '/wps/member/register', credentials);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: other.body,
      headers: { encryption: other.header },
    });
    expect(moved.json().errorCode).toBe('decryption_failed');
    const sealed = await sealRequest(key, 'POST', '/wps/session/login', credentials);
    const bytes = Buffer.from(sealed.body.value, 'base64');
    bytes[20] = bytes[20]! ^ 0xff;
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { value: bytes.toString('base64') },
      headers: { encryption: sealed.header },
    });
    expect(tampered.json().errorCode).toBe('decryption_failed');
    const old = await sealRequest(
      key,
      'POST',
      '/wps/session/login',
      credentials,
      Date.now() - 10 * 60_000,
    );
    const stale = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: old.body,
      headers: { encryption: old.header },
    });
    expect(stale.json().errorCode).toBe('request_expired');
  });
});

describe('trimmed inputs (SPEC §5)', () => {
  it('trims the username and the password at log-in', async () => {
    const res = await login({
      username: '  demo_member  ',
      password: `  ${demoPassword}\t`,
      type: 'username',
    });
    expect(res.status).toBe(200);
  });
});
