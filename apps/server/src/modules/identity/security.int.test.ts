import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, injectSealed, lastSmsCode, type TestContext } from '../../test/harness';
import { newMember } from '../../test/members';
import { authSessions } from '../../platform/auth/schema';
import { registerFieldRules } from '../system/schema';
import { accountChanges, accounts } from './schema';
import { hashSecret } from './secrets';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loginPassword = 'abc12345';
let ipSeq = 0;

type Issues = { fields?: { path: string; code: string }[] };

/** A member with a log-in password and a session; calls come from one address and device. */
async function member() {
  const m = await newMember(t, { prefix: 'sec' });
  await t.database.db
    .update(accounts)
    .set({ passwordHash: await hashSecret(loginPassword), passwordChangedAt: new Date() })
    .where(eq(accounts.id, m.id));
  const ip = `198.51.100.${++ipSeq}`;
  const headers = { ...m.auth, device: 'WEB' };
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      headers,
      remoteAddress: ip,
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, json: res.json() };
  };
  const sealed = async (url: string, payload: object) => {
    const res = await injectSealed(t.app, {
      method: 'PUT',
      url,
      payload,
      headers,
      remoteAddress: ip,
    });
    return { status: res.statusCode, json: res.json() };
  };
  const row = async () =>
    (await t.database.db.select().from(accounts).where(eq(accounts.id, m.id)))[0]!;
  const changes = () =>
    t.database.db
      .select()
      .from(accountChanges)
      .where(eq(accountChanges.accountId, m.id))
      .orderBy(accountChanges.createdAt);
  return { ...m, ip, call, sealed, row, changes };
}

async function lastEmailCode(address: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/dev/outbox?channel=email&destination=${encodeURIComponent(address)}`,
  });
  const body = (res.json() as { value: { body: string }[] }).value[0]?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no e-mail code for ${address}`);
  return code;
}

const paths = (json: Issues) => (json.fields ?? []).map((f) => f.path).sort();

describe('profile', () => {
  it('lists the fields the merchant enables, in order, with their rules', async () => {
    const m = await member();
    const { status, json } = await m.call('GET', '/wps/member/profile');
    expect(status).toBe(200);
    const fields = json.value.fields as { field: string; value: string | null }[];
    expect(fields.map((f) => f.field)).toEqual([
      'nickname',
      'fullname',
      'birthday',
      'addressPermanent',
      'addressCurrent',
      'nationality',
      'occupation',
      'incomeSource',
      'placeOfBirth',
      'zalo',
      'telegram',
    ]);
    expect(json.value.fields[1]).toMatchObject({
      field: 'fullname',
      value: null,
      lockedReason: null,
      rule: { enabled: true, required: false, minLength: 3, maxLength: 60, patternId: 21 },
    });
  });

  it('refuses bad values all together, naming each field, and changes nothing', async () => {
    const m = await member();
    const { status, json } = await m.call('PUT', '/wps/member/profile', {
      nickname: 'Lucky',
      fullname: 'x',
      birthday: '2015-01-01',
      nationality: 'PH 1',
    });
    expect(status).toBe(400);
    expect(json.errorCode).toBe('request_param_err');
    expect(paths(json)).toEqual(['birthday', 'fullname', 'nationality']);
    const unreal = await m.call('PUT', '/wps/member/profile', { birthday: '1990-02-30' });
    expect(unreal.status).toBe(400);
    expect(unreal.json.fields).toEqual([
      expect.objectContaining({ path: 'birthday', code: 'invalid' }),
    ]);
    const row = await m.row();
    expect(row.nickname).toBeNull();
    expect(row.birthday).toBeNull();
    expect(row.profile).toEqual({});
    expect(await m.changes()).toHaveLength(0);
  });

  it('refuses a field the merchant does not offer', async () => {
    const m = await member();
    const { status, json } = await m.call('PUT', '/wps/member/profile', {
      qqNum: '123456',
      nickname: 'Lucky',
    });
    expect(status).toBe(400);
    expect(json.errorCode).toBe('request_param_err');
    expect(json.fields).toEqual([expect.objectContaining({ path: 'qqNum', code: 'disabled' })]);
    expect((await m.row()).nickname).toBeNull();
    // Unknown keys are refused by the schema itself.
    expect((await m.call('PUT', '/wps/member/profile', { username: 'x' })).status).toBe(400);
  });

  it('changes only the fields sent and records what changed, where from', async () => {
    const m = await member();
    const first = await m.call('PUT', '/wps/member/profile', {
      nickname: 'Lucky',
      addressCurrent: '12 Rizal St, Manila',
      telegram: '@lucky_ph',
    });
    expect(first.status).toBe(200);
    const value = (f: string) =>
      (first.json.value.fields as { field: string; value: string | null }[]).find(
        (x) => x.field === f,
      )?.value;
    expect(value('nickname')).toBe('Lucky');
    expect(value('addressCurrent')).toBe('12 Rizal St, Manila');
    const row = await m.row();
    expect(row.nickname).toBe('Lucky');
    expect(row.profile).toEqual({ addressCurrent: '12 Rizal St, Manila', telegram: '@lucky_ph' });

    // The same values again change nothing and write no record; an empty string clears.
    expect((await m.call('PUT', '/wps/member/profile', { nickname: 'Lucky' })).status).toBe(200);
    const cleared = await m.call('PUT', '/wps/member/profile', { telegram: '', nickname: 'Lucky' });
    expect(cleared.status).toBe(200);
    expect((await m.row()).profile).toEqual({ addressCurrent: '12 Rizal St, Manila' });

    const records = await m.changes();
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      kind: 'profile',
      actorId: m.id,
      ip: m.ip,
      device: 'WEB',
      changes: [
        { field: 'nickname', from: null, to: 'Lucky' },
        { field: 'addressCurrent', from: null, to: '12 Rizal St, Manila' },
        { field: 'telegram', from: null, to: '@lucky_ph' },
      ],
    });
    expect(records[1]!.changes).toEqual([{ field: 'telegram', from: '@lucky_ph', to: null }]);

    const page = await m.call('GET', '/wps/member/security/changes?pageSize=1');
    expect(page.json.value).toMatchObject({ total: 2, hasMore: true });
    expect(page.json.value.list[0].changes).toEqual(records[1]!.changes);
  });

  it('locks the full name, birthday and ID number once they are on file', async () => {
    await t.database.db
      .update(registerFieldRules)
      .set({ enabled: true })
      .where(
        and(eq(registerFieldRules.merchantCode, 'TYPH'), eq(registerFieldRules.field, 'idNumber')),
      );
    t.app.services.system.invalidate();
    const m = await member();
    const set = await m.call('PUT', '/wps/member/profile', {
      fullname: 'Juan Dela Cruz',
      birthday: '1990-05-01',
      idNumber: 'AB1234567',
    });
    expect(set.status).toBe(200);
    const fields = set.json.value.fields as {
      field: string;
      value: string | null;
      lockedReason: string | null;
    }[];
    expect(fields.find((f) => f.field === 'fullname')).toMatchObject({
      value: 'Juan Dela Cruz',
      lockedReason: 'verified',
    });
    expect(fields.find((f) => f.field === 'birthday')?.lockedReason).toBe('verified');
    expect(fields.find((f) => f.field === 'idNumber')).toMatchObject({
      value: '*****4567',
      lockedReason: 'verified',
    });
    expect(fields.find((f) => f.field === 'nickname')?.lockedReason).toBeNull();

    // Even its own value is refused, and nothing else sent with it changes.
    const same = await m.call('PUT', '/wps/member/profile', {
      fullname: 'Juan Dela Cruz',
      nickname: 'Juan',
    });
    expect(same.status).toBe(409);
    expect(same.json.errorCode).toBe('profile_field_locked');
    expect(same.json.fields).toEqual([
      expect.objectContaining({ path: 'fullname', code: 'locked' }),
    ]);
    const others = await m.call('PUT', '/wps/member/profile', {
      birthday: '1991-01-01',
      idNumber: 'ZZ9999999',
    });
    expect(others.status).toBe(409);
    expect(paths(others.json)).toEqual(['birthday', 'idNumber']);
    const row = await m.row();
    expect(row).toMatchObject({
      nickname: null,
      birthday: '1990-05-01',
      idNumber: 'AB1234567',
      profile: { fullname: 'Juan Dela Cruz' },
    });
    const records = await m.changes();
    expect(records).toHaveLength(1);
    // The ID number is recorded masked.
    expect(records[0]!.changes).toContainEqual({
      field: 'idNumber',
      from: null,
      to: '*****4567',
    });
  });
});

describe('e-mail and mobile', () => {
  it('binds an e-mail with a code, and a second one only with the log-in password', async () => {
    const m = await member();
    const sent = await m.call('POST', '/wps/member/security/email/code', {
      email: 'Bind.Me@Example.com',
    });
    expect(sent.status).toBe(200);
    expect(sent.json.value).toEqual({ expiredMinutes: 1, destination: 'bi*****@example.com' });
    const code = await lastEmailCode('bind.me@example.com');
    const wrong = await m.call('PUT', '/wps/member/security/email', {
      email: 'bind.me@example.com',
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errorCode).toBe('verification_code_invalid');
    expect((await m.row()).email).toBeNull();
    const bound = await m.call('PUT', '/wps/member/security/email', {
      email: 'bind.me@example.com',
      verificationCode: code,
    });
    expect(bound.status).toBe(200);
    expect(bound.json.value.email).toBe('bi*****@example.com');
    expect((await m.row()).email).toBe('bind.me@example.com');
    // A code is good once.
    expect(
      (
        await m.call('PUT', '/wps/member/security/email', {
          email: 'bind.me@example.com',
          verificationCode: code,
        })
      ).status,
    ).toBe(400);

    expect(
      (await m.call('POST', '/wps/member/security/email/code', { email: 'second@example.com' }))
        .status,
    ).toBe(200);
    const second = await lastEmailCode('second@example.com');
    const noPassword = await m.call('PUT', '/wps/member/security/email', {
      email: 'second@example.com',
      verificationCode: second,
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.fields).toEqual([expect.objectContaining({ path: 'password' })]);
    const badPassword = await m.call('PUT', '/wps/member/security/email', {
      email: 'second@example.com',
      verificationCode: second,
      password: 'wrong-password1',
    });
    expect(badPassword.status).toBe(400);
    expect(badPassword.json.fields).toEqual([
      expect.objectContaining({ path: 'password', code: 'wrong' }),
    ]);
    const replaced = await m.call('PUT', '/wps/member/security/email', {
      email: 'second@example.com',
      verificationCode: second,
      password: loginPassword,
    });
    expect(replaced.status).toBe(200);
    expect((await m.row()).email).toBe('second@example.com');
    const records = (await m.changes()).filter((r) => r.kind === 'email');
    expect(records.map((r) => r.changes)).toEqual([
      [{ field: 'email', from: null, to: 'bi*****@example.com' }],
      [{ field: 'email', from: 'bi*****@example.com', to: 'se****@example.com' }],
    ]);
  });

  it('binds a mobile number with a code; another account’s number is taken', async () => {
    const m = await member();
    const bad = await m.call('POST', '/wps/member/security/mobile/code', { mobileNum: '123456' });
    expect(bad.status).toBe(400);
    expect(paths(bad.json)).toEqual(['mobileNum']);
    const sent = await m.call('POST', '/wps/member/security/mobile/code', {
      mobileNum: '0917 555 0101',
    });
    expect(sent.status).toBe(200);
    expect(sent.json.value.destination).toBe('+63 91*****101');
    const code = await lastSmsCode(t.app, '+639175550101');
    const bound = await m.call('PUT', '/wps/member/security/mobile', {
      mobileNum: '09175550101',
      verificationCode: code,
    });
    expect(bound.status).toBe(200);
    expect(bound.json.value).toMatchObject({ mobile: '91*****101', countryDialingCode: '+63' });
    expect(await m.row()).toMatchObject({ mobile: '9175550101', countryDialingCode: '+63' });
    expect((await m.changes()).at(-1)).toMatchObject({
      kind: 'mobile',
      changes: [{ field: 'mobile', from: null, to: '+63 91*****101' }],
    });

    const other = await member();
    const taken = await other.call('POST', '/wps/member/security/mobile/code', {
      mobileNum: '09175550101',
    });
    expect(taken.status).toBe(409);
    expect(taken.json.errorCode).toBe('mobile_taken');
    const takenBind = await other.call('PUT', '/wps/member/security/mobile', {
      mobileNum: '09175550101',
      verificationCode: code,
    });
    expect(takenBind.status).toBe(409);
    expect((await other.row()).mobile).toBeNull();
  });
});

describe('payment password', () => {
  it('sets, then changes with the old one or an SMS code, and records no secret', async () => {
    const m = await member();
    const noMobile = await m.call('POST', '/wps/member/security/payment-password/code');
    expect(noMobile.status).toBe(400);

    const url = '/wps/member/security/payment-password';
    const hashes: string[] = [];
    // Sealed only: a plain body is refused.
    expect(
      (
        await m.call('PUT', url, {
          newPaymentPassword: '135790',
          confirmNewPaymentPassword: '135790',
        })
      ).status,
    ).toBe(400);
    const weak = await m.sealed(url, {
      newPaymentPassword: 'abc',
      confirmNewPaymentPassword: 'abd',
    });
    expect(weak.status).toBe(400);
    expect(paths(weak.json)).toEqual(['confirmNewPaymentPassword', 'newPaymentPassword']);
    const first = await m.sealed(url, {
      newPaymentPassword: '135790',
      confirmNewPaymentPassword: '135790',
    });
    expect(first.status).toBe(200);
    expect(first.json.value.paymentPasswordSet).toBe(true);
    hashes.push((await m.row()).paymentPasswordHash!);

    const missing = await m.sealed(url, {
      newPaymentPassword: '246802',
      confirmNewPaymentPassword: '246802',
    });
    expect(missing.status).toBe(400);
    const wrongOld = await m.sealed(url, {
      oldPaymentPassword: '000000',
      newPaymentPassword: '246802',
      confirmNewPaymentPassword: '246802',
    });
    expect(wrongOld.status).toBe(400);
    expect(paths(wrongOld.json)).toEqual(['oldPaymentPassword']);
    expect((await m.row()).paymentPasswordHash).toBe(hashes[0]);
    const rightOld = await m.sealed(url, {
      oldPaymentPassword: '135790',
      newPaymentPassword: '246802',
      confirmNewPaymentPassword: '246802',
    });
    expect(rightOld.status).toBe(200);
    hashes.push((await m.row()).paymentPasswordHash!);

    await t.database.db
      .update(accounts)
      .set({ countryDialingCode: '+63', mobile: '9175550202' })
      .where(eq(accounts.id, m.id));
    const sent = await m.call('POST', '/wps/member/security/payment-password/code');
    expect(sent.status).toBe(200);
    expect(sent.json.value.destination).toBe('+63 91*****202');
    const code = await lastSmsCode(t.app, '+639175550202');
    const wrongCode = await m.sealed(url, {
      verificationCode: code === '000000' ? '111111' : '000000',
      newPaymentPassword: '975310',
      confirmNewPaymentPassword: '975310',
    });
    expect(wrongCode.json.errorCode).toBe('verification_code_invalid');
    const byCode = await m.sealed(url, {
      verificationCode: code,
      newPaymentPassword: '975310',
      confirmNewPaymentPassword: '975310',
    });
    expect(byCode.status).toBe(200);
    hashes.push((await m.row()).paymentPasswordHash!);
    expect(await t.app.services.identity.checkPaymentPassword(m.id, '975310')).toBe(true);

    // The log-in password too: recorded, never its value.
    const login = await injectSealed(t.app, {
      method: 'PUT',
      url: '/wps/member/password',
      payload: {
        oldPassword: loginPassword,
        newPassword: 'xyz98765',
        confirmNewPassword: 'xyz98765',
      },
      headers: m.auth,
    });
    expect(login.statusCode).toBe(200);
    const loginHash = (await m.row()).passwordHash!;

    const records = await m.changes();
    expect(records.map((r) => r.kind)).toEqual([
      'payment_password',
      'payment_password',
      'payment_password',
      'login_password',
    ]);
    expect(records[0]!.changes).toEqual([{ field: 'paymentPassword', from: null, to: null }]);
    expect(records[3]!.changes).toEqual([{ field: 'password', from: null, to: null }]);
    const all = JSON.stringify(records);
    for (const secret of [
      '135790',
      '246802',
      '975310',
      loginPassword,
      'xyz98765',
      loginHash,
      ...hashes,
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('avatar, overview and log-ins', () => {
  it('records an avatar change and shows the overview', async () => {
    const m = await member();
    expect((await m.call('PUT', '/wps/member/info/icon', { icon: 'avatar-07' })).status).toBe(200);
    expect((await m.changes()).map((r) => [r.kind, r.changes])).toEqual([
      ['icon', [{ field: 'icon', from: null, to: 'avatar-07' }]],
    ]);
    const overview = await m.call('GET', '/wps/member/security');
    expect(overview.json.value).toMatchObject({
      email: null,
      mobile: null,
      countryDialingCode: null,
      paymentPasswordSet: false,
      authenticator: { bound: false, boundAt: null, recoveryCodesLeft: 0 },
    });
    expect(typeof overview.json.value.loginPasswordChangedAt).toBe('string');
  });

  it('lists log-ins with their status and ends the other sessions', async () => {
    const m = await member();
    const { sessions } = t.app.services;
    const caller = (await sessions.resolve(m.auth.authorization.slice(7)))!.sessionId;
    const issue = (ip: string) =>
      sessions.issue({ subjectId: m.id, role: 'member', merchantCode: 'TYPH', ip, device: 'H5' });
    const live = await issue('203.0.113.1');
    const revoked = await issue('203.0.113.2');
    const expired = await issue('203.0.113.3');
    const alsoLive = await issue('203.0.113.4');
    await sessions.revoke(revoked.sessionId);
    await t.database.db
      .update(authSessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.id, expired.sessionId));

    const list = await m.call('GET', '/wps/member/logins');
    expect(list.status).toBe(200);
    const byId = new Map(
      (list.json.value as { id: string; status: string; current: boolean }[]).map((e) => [e.id, e]),
    );
    expect(byId.get(caller)).toMatchObject({ status: 'active', current: true });
    expect(byId.get(live.sessionId)).toMatchObject({
      status: 'active',
      current: false,
      ip: '203.0.113.1',
      device: 'H5',
    });
    expect(byId.get(revoked.sessionId)?.status).toBe('revoked');
    expect(byId.get(expired.sessionId)?.status).toBe('ended');

    // One session by id: recorded with its address.
    const one = await m.call('DELETE', `/wps/member/sessions/${alsoLive.sessionId}`);
    expect(one.status).toBe(200);
    const info = (token: string) =>
      t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });
    expect((await info(alsoLive.token)).statusCode).toBe(401);

    const others = await m.call('DELETE', '/wps/member/sessions');
    expect(others.json.value).toEqual({ revoked: 1 });
    expect((await info(live.token)).statusCode).toBe(401);
    expect((await info(m.auth.authorization)).statusCode).toBe(200);
    expect((await m.call('DELETE', '/wps/member/sessions')).json.value).toEqual({ revoked: 0 });
    const records = (await m.changes()).filter((r) => r.kind === 'session_revoked');
    expect(records.map((r) => r.changes)).toEqual([
      [{ field: 'session', from: '203.0.113.4', to: null }],
      [{ field: 'session', from: '203.0.113.1', to: null }],
    ]);

    // Another member's session is not found, and lives on.
    const b = await member();
    const bSession = (await sessions.resolve(b.auth.authorization.slice(7)))!.sessionId;
    expect((await m.call('DELETE', `/wps/member/sessions/${bSession}`)).status).toBe(404);
    expect((await info(b.auth.authorization)).statusCode).toBe(200);
  });

  it('refuses visitors and trial players', async () => {
    const trial = await t.login('trial');
    for (const url of ['/wps/member/profile', '/wps/member/security', '/wps/member/logins']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: trial } });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('in_need_true_account');
    }
  });
});
