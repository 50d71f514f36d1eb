import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, injectSealed, lastSmsCode, type TestContext } from '../../test/harness';
import { payoutAccounts } from '../cashier/schema';
import {
  accountAuthenticators,
  accountChanges,
  accountRecoveryCodes,
  accounts,
  loginThrottle,
} from './schema';
import { hashSecret } from './secrets';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'Totp#2026';
const base = '/wps/member/security/authenticator';
let seq = 0;
/** Each test logs in from addresses of its own. */
let ipSeq = 0;
const newIp = () => `198.19.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function newAccount(extra: Partial<typeof accounts.$inferInsert> = {}) {
  const id = randomUUID();
  const username = `totp${Date.now().toString(36)}${seq++}`;
  await t.database.db.insert(accounts).values({
    id,
    merchantCode: 'TYPH',
    username,
    usernameKey: username,
    type: 0,
    registerMethod: 'TEST',
    passwordHash: await hashSecret(password),
    passwordChangedAt: new Date(),
    // Not a first log-in: that would have to change the password before anything else.
    loginCount: 1,
    ...extra,
  });
  return { id, username };
}

const login = (username: string, ip: string) =>
  injectSealed(t.app, {
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password },
    remoteAddress: ip,
  });

const verify = (challengeId: string, method: string, verificationCode: string, ip: string) =>
  injectSealed(t.app, {
    method: 'POST',
    url: '/wps/session/login/verification',
    payload: { challengeId, method, verificationCode },
    remoteAddress: ip,
  });

/** Logs in from the account's first address (no challenge yet); its bearer header. */
async function firstLogin(username: string, ip = newIp()) {
  const res = await login(username, ip);
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().value.token as string}` };
}

const post = (auth: Record<string, string>, path: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: auth,
    ...(payload ? { payload } : {}),
  });

/** The app's code for the step `offset` steps from now. */
function codeOf(secret: string, offset = 0): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: Date.now() + offset * 30_000 });
}

/** A six-digit code that is none of the codes around now. */
function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2, 3].map((o) => codeOf(secret, o)));
  for (;;) {
    const c = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (!near.has(c)) return c;
  }
}

/** Sets up and binds an authenticator with the current code; the next fresh code is step +1. */
async function bind(auth: Record<string, string>) {
  const setup = await post(auth, 'setup');
  expect(setup.statusCode).toBe(200);
  const secret = setup.json().value.secret as string;
  const boundWith = codeOf(secret);
  const bound = await post(auth, 'bind', { code: boundWith });
  expect(bound.statusCode).toBe(200);
  return { secret, boundWith, recoveryCodes: bound.json().value.recoveryCodes as string[] };
}

const changesOf = (accountId: string) =>
  t.database.db
    .select({ kind: accountChanges.kind, changes: accountChanges.changes })
    .from(accountChanges)
    .where(eq(accountChanges.accountId, accountId));

describe('binding an authenticator', () => {
  it('binds with a code from the app and refuses a wrong or replayed code', async () => {
    const { id, username } = await newAccount();
    const auth = await firstLogin(username);

    const setup = await post(auth, 'setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json().value as { secret: string; otpauthUri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri.startsWith(`otpauth://totp/Taya:${username}?`)).toBe(true);
    const uri = new URL(otpauthUri);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Taya',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });

    // A second setup before binding replaces the pending secret.
    const again = (await post(auth, 'setup')).json().value.secret as string;
    expect(again).not.toBe(secret);
    const stale = await post(auth, 'bind', { code: codeOf(secret) });
    if (codeOf(secret) !== codeOf(again)) {
      expect(stale.statusCode).toBe(400);
      expect(stale.json().errorCode).toBe('authenticator_code_invalid');
    }

    const [row] = await t.database.db
      .select()
      .from(accountAuthenticators)
      .where(eq(accountAuthenticators.accountId, id));
    expect(row!.boundAt).toBeNull();
    expect(row!.secretSealed).not.toContain(again);
    expect(row!.secretSealed).not.toContain(again.toLowerCase());

    const wrong = await post(auth, 'bind', { code: wrongCode(again) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('authenticator_code_invalid');
    const short = await post(auth, 'bind', { code: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields[0].path).toBe('code');

    const code = codeOf(again);
    const bound = await post(auth, 'bind', { code });
    expect(bound.statusCode).toBe(200);
    const recoveryCodes = bound.json().value.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    const stored = await t.database.db
      .select()
      .from(accountRecoveryCodes)
      .where(eq(accountRecoveryCodes.accountId, id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(recoveryCodes).not.toContain(s.codeHash);
    expect(await t.app.services.authenticator.status(id)).toMatchObject({
      bound: true,
      recoveryCodesLeft: 10,
    });

    expect((await post(auth, 'setup')).json().errorCode).toBe('authenticator_bound');
    expect((await post(auth, 'setup')).statusCode).toBe(409);
    expect((await post(auth, 'bind', { code: codeOf(again, 1) })).statusCode).toBe(409);

    // The code that bound it is used up; the next step's code works once.
    const replay = await post(auth, 'recovery-codes', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errorCode).toBe('authenticator_code_invalid');
    const renewed = await post(auth, 'recovery-codes', { code: codeOf(again, 1) });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().value.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    const replayAgain = await post(auth, 'recovery-codes', { code: codeOf(again, 1) });
    expect(replayAgain.json().errorCode).toBe('authenticator_code_invalid');
    // Recovery codes do not renew recovery codes, and the old ones are gone.
    expect((await post(auth, 'recovery-codes', { code: fresh[0]! })).statusCode).toBe(400);
    expect((await post(auth, 'unbind', { code: recoveryCodes[0]! })).statusCode).toBe(400);

    const changes = await changesOf(id);
    expect(changes.map((c) => c.kind).sort()).toEqual(['authenticator_bound', 'recovery_codes']);
    for (const c of changes) {
      for (const f of c.changes) expect(f).toMatchObject({ from: null, to: null });
    }
  });

  it('is for members and agents only', async () => {
    const trial = await t.login('trial');
    const res = await post({ authorization: trial }, 'setup');
    expect(res.statusCode).toBe(403);
    expect((await post({}, 'setup')).statusCode).toBe(401);
  });
});

describe('recovery codes and unbinding', () => {
  it('takes a recovery code once at log-in, and unbinds only with a code', async () => {
    const { id, username } = await newAccount();
    const auth = await firstLogin(username);
    const { secret, recoveryCodes } = await bind(auth);

    const ip = newIp();
    const challenge = await login(username, ip);
    expect(challenge.statusCode).toBe(403);
    const challengeId = challenge.json().value.challengeId as string;
    const used = await verify(challengeId, 'totp', ` ${recoveryCodes[0]!.toUpperCase()} `, ip);
    expect(used.statusCode).toBe(200);
    expect(used.json().value.userName).toBe(username);

    const ip2 = newIp();
    const second = (await login(username, ip2)).json().value.challengeId as string;
    const reuse = await verify(second, 'totp', recoveryCodes[0]!, ip2);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().errorCode).toBe('authenticator_code_invalid');
    expect((await t.app.services.authenticator.status(id)).recoveryCodesLeft).toBe(9);

    const none = await t.app.inject({ method: 'POST', url: `${base}/unbind`, headers: auth });
    expect(none.statusCode).toBe(400);
    const wrong = await post(auth, 'unbind', { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('authenticator_code_invalid');
    expect(await t.app.services.authenticator.isBound(id)).toBe(true);

    const unbound = await post(auth, 'unbind', { code: recoveryCodes[1]! });
    expect(unbound.statusCode).toBe(200);
    expect(await t.app.services.authenticator.isBound(id)).toBe(false);
    expect(
      await t.database.db
        .select()
        .from(accountRecoveryCodes)
        .where(eq(accountRecoveryCodes.accountId, id)),
    ).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(accountAuthenticators)
        .where(eq(accountAuthenticators.accountId, id)),
    ).toHaveLength(0);

    const again = await post(auth, 'unbind', { code: codeOf(secret) });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('authenticator_not_bound');
    expect((await post(auth, 'recovery-codes', { code: codeOf(secret) })).statusCode).toBe(409);

    const kinds = (await changesOf(id)).map((c) => c.kind).sort();
    expect(kinds).toEqual([
      'authenticator_bound',
      'authenticator_unbound',
      'recovery_code_used',
      'recovery_code_used',
    ]);

    // Unbound, a new address is proved as before (here: nothing bound, so no challenge).
    expect((await login(username, newIp())).statusCode).toBe(200);
  });

  it('unbinds with a current code from the app', async () => {
    const { id, username } = await newAccount();
    const auth = await firstLogin(username);
    const { secret } = await bind(auth);
    const res = await post(auth, 'unbind', { code: codeOf(secret, 1) });
    expect(res.statusCode).toBe(200);
    expect(await t.app.services.authenticator.isBound(id)).toBe(false);
  });
});

describe('log-in from a new address with an authenticator bound', () => {
  it('asks for the authenticator only, refuses a wrong code and logs in with the right one', async () => {
    const mobile = `9${String(randomInt(100_000_000, 999_999_999))}`;
    const { username } = await newAccount({
      countryDialingCode: '+63',
      mobile,
      email: `${mobile}@example.com`,
      payeeName: 'Ana Reyes',
    });
    const auth = await firstLogin(username);
    const { secret, boundWith } = await bind(auth);

    const ip = newIp();
    const res = await login(username, ip);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('login_verify_required');
    expect(res.json().value.methods).toEqual([{ method: 'totp', destination: '' }]);
    const challengeId = res.json().value.challengeId as string;

    // Other channels are not offered once an authenticator is bound.
    const send = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/verification/code',
      payload: { challengeId, method: 'sms' },
      remoteAddress: ip,
    });
    expect(send.statusCode).toBe(400);
    expect(send.json().fields[0].path).toBe('method');
    const byName = await verify(challengeId, 'bank_name', 'Ana Reyes', ip);
    expect(byName.statusCode).toBe(400);
    expect(byName.json()).toMatchObject({
      errorCode: 'request_param_err',
      fields: [{ path: 'method' }],
    });
    const unknown = await verify(challengeId, 'carrier_pigeon', '123456', ip);
    expect(unknown.statusCode).toBe(400);

    const wrong = await verify(challengeId, 'totp', wrongCode(secret), ip);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('authenticator_code_invalid');
    // The code that bound the authenticator is used up.
    // (The very code, not the current step's: a step may have turned since.)
    const replay = await verify(challengeId, 'totp', boundWith, ip);
    expect(replay.json().errorCode).toBe('authenticator_code_invalid');

    const ok = await verify(challengeId, 'totp', codeOf(secret, 1), ip);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.userName).toBe(username);
    // The challenge is used up, and the address is known from now on.
    expect((await verify(challengeId, 'totp', codeOf(secret, 1), ip)).statusCode).toBe(400);
    expect((await login(username, ip)).statusCode).toBe(200);

    // An SMS code alone is not enough from a new address either.
    const ip2 = newIp();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { mobileNum: `0${mobile}`, countryDialingCode: '+63' },
      remoteAddress: ip2,
    });
    expect(sent.statusCode).toBe(200);
    const smsCode = await lastSmsCode(t.app, `+63${mobile}`);
    const bySms = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/session/login',
      payload: {
        username: `0${mobile}`,
        password: smsCode,
        type: 'sms',
        countryDialingCode: '+63',
      },
      remoteAddress: ip2,
    });
    expect(bySms.statusCode).toBe(403);
    expect(bySms.json().errorCode).toBe('login_verify_required');
    expect(bySms.json().value.methods).toEqual([{ method: 'totp', destination: '' }]);
  });

  it('ends the challenge after five wrong codes', async () => {
    const { username } = await newAccount();
    const auth = await firstLogin(username);
    const { secret } = await bind(auth);
    const ip = newIp();
    const challengeId = (await login(username, ip)).json().value.challengeId as string;
    for (let i = 0; i < 5; i++) {
      expect((await verify(challengeId, 'totp', wrongCode(secret), ip)).statusCode).toBe(400);
    }
    const late = await verify(challengeId, 'totp', codeOf(secret, 1), ip);
    expect(late.json()).toMatchObject({
      errorCode: 'verification_code_invalid',
      message: 'This verification has expired; log in again',
    });
  });
});

describe('log-in from a new address by bank account name', () => {
  it('takes the payee name of an account without mobile or e-mail', async () => {
    const { username } = await newAccount({ payeeName: 'Juan  Dela Cruz' });
    await firstLogin(username);
    const ip = newIp();
    const res = await login(username, ip);
    expect(res.statusCode).toBe(403);
    expect(res.json().value.methods).toEqual([{ method: 'bank_name', destination: '' }]);
    const challengeId = res.json().value.challengeId as string;

    const totp = await verify(challengeId, 'totp', '123456', ip);
    expect(totp.json().fields[0].path).toBe('method');
    const wrong = await verify(challengeId, 'bank_name', 'Juan Cruz', ip);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('verification_code_invalid');
    const ok = await verify(challengeId, 'bank_name', '  juan dela   CRUZ ', ip);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.userName).toBe(username);
  });

  it('takes the name on a bank payout account', async () => {
    const { id, username } = await newAccount();
    await firstLogin(username);
    await t.database.db.insert(payoutAccounts).values([
      {
        id: randomUUID(),
        accountId: id,
        kind: 'ewallet',
        provider: 'GCASH',
        accountName: 'Wallet Name',
        accountNumber: '09170001111',
      },
      {
        id: randomUUID(),
        accountId: id,
        kind: 'bank',
        provider: 'BDO',
        accountName: 'Maria Santos',
        accountNumber: '001234567890',
      },
    ]);
    const ip = newIp();
    const res = await login(username, ip);
    expect(res.json().value.methods).toEqual([{ method: 'bank_name', destination: '' }]);
    const challengeId = res.json().value.challengeId as string;
    // An e-wallet's name is no bank account name.
    expect((await verify(challengeId, 'bank_name', 'Wallet Name', ip)).statusCode).toBe(400);
    expect((await verify(challengeId, 'bank_name', 'maria santos', ip)).statusCode).toBe(200);
  });
});

describe('wrong authenticator codes', () => {
  it('lock the checks after repeated wrong codes, even for the right one', async () => {
    const { id, username } = await newAccount();
    const auth = await firstLogin(username);
    const { secret } = await bind(auth);
    for (let i = 0; i < 6; i++) {
      const res = await post(auth, 'recovery-codes', { code: wrongCode(secret) });
      expect(res.json().errorCode).toBe('authenticator_code_invalid');
    }
    const locked = await post(auth, 'recovery-codes', { code: codeOf(secret, 1) });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().errorCode).toBe('account_locked');

    // Log-in checks share the lock.
    const ip = newIp();
    const challengeId = (await login(username, ip)).json().value.challengeId as string;
    const atLogin = await verify(challengeId, 'totp', codeOf(secret, 1), ip);
    expect(atLogin.statusCode).toBe(403);
    expect(atLogin.json().errorCode).toBe('account_locked');

    // Once the lock ends the right code works again.
    await t.database.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(
        and(eq(loginThrottle.merchantCode, 'TYPH'), eq(loginThrottle.usernameKey, `totp:${id}`)),
      );
    expect((await verify(challengeId, 'totp', codeOf(secret, 1), ip)).statusCode).toBe(200);
  });
});
