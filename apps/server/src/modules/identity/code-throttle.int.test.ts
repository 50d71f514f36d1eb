import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  createTestApp,
  injectSealed,
  lastSmsCode,
  solveCaptcha,
  type TestContext,
} from '../../test/harness';
import { newMember } from '../../test/members';
import { providerOutbox } from '../../platform/providers/schema';
import { accounts, verificationCodes } from './schema';
import { hashSecret } from './secrets';

/**
 * Bursts of 64 parallel calls against every other counter: codes sent and checked, captchas,
 * the payment password, the authenticator and the bank account name. None lets more through
 * than its limit.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const burst = 64;
const password = 'Burst#2026';
let seq = 0;
let ipSeq = 0;
const newIp = () => `198.18.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const times = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A burst, and how many once-a-second sends it may get: one, and one more per second it took. */
async function timed<T>(run: () => Promise<T[]>): Promise<{ results: T[]; allowed: number }> {
  const started = Date.now();
  const results = await run();
  return { results, allowed: 1 + Math.floor((Date.now() - started) / 1_000) };
}

/** How many messages the sandbox sent to a destination, or to destinations starting so. */
async function sentTo(destination: string, prefix = false): Promise<number> {
  const rows = await t.database.db
    .select({ id: providerOutbox.id })
    .from(providerOutbox)
    .where(
      prefix
        ? like(providerOutbox.destination, `${destination}%`)
        : eq(providerOutbox.destination, destination),
    );
  return rows.length;
}

const sendSms = (mobileNum: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    payload: { mobileNum, countryDialingCode: '+63' },
    remoteAddress: ip,
  });

const uniqueMobile = () => `0918${String(Date.now() % 1_000_000).padStart(6, '0')}${seq++ % 10}`;

describe('sending codes', () => {
  it('sends one SMS a second to a number for a burst from 64 addresses, 5 an hour at most', async () => {
    const mobile = uniqueMobile();
    const e164 = `+63${mobile.slice(1)}`;
    const first = await timed(() => times(burst, () => sendSms(mobile, newIp())));
    const sent = first.results.filter((r) => r.statusCode === 200).length;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(first.allowed);
    expect(await sentTo(e164)).toBe(sent);
    // Six more bursts a second apart reach the hourly quota of 5 and no more.
    for (let round = 0; round < 6; round++) {
      await pause(1_050);
      await times(burst, () => sendSms(mobile, newIp()));
    }
    expect(await sentTo(e164)).toBe(5);
  });

  it('sends 20 SMS an hour from one address for a burst to 64 numbers', async () => {
    const ip = newIp();
    const prefix = `0919${String(Date.now() % 100_000).padStart(5, '0')}`;
    const results = await times(burst, (i) =>
      sendSms(`${prefix}${String(i).padStart(2, '0')}`, ip),
    );

    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(await sentTo(`+63${prefix.slice(1)}`, true)).toBe(20);
  });

  it('sends one e-mail code a second to an address for a burst, 20 an hour from one address', async () => {
    const m = await newMember(t, { prefix: 'mail' });
    const ip = newIp();
    const send = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/member/security/email/code',
        headers: m.auth,
        payload: { email },
        remoteAddress: ip,
      });
    const address = `burst${seq++}@example.com`;
    const one = await timed(() => times(burst, () => send(address)));
    const sent = one.results.filter((r) => r.statusCode === 200).length;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(one.allowed);
    expect(await sentTo(address)).toBe(sent);

    const other = newIp();
    const many = await times(burst, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/member/security/email/code',
        headers: m.auth,
        payload: { email: `many${seq}x${i}@example.com` },
        remoteAddress: other,
      }),
    );
    expect(many.filter((r) => r.statusCode === 200)).toHaveLength(20);
  });
});

describe('checking codes', () => {
  it('checks a code 5 times at most; the right one after a burst of wrong ones is refused', async () => {
    const mobile = uniqueMobile();
    const username = `codes${seq++}${Date.now().toString(36)}`;
    await t.database.db.insert(accounts).values({
      id: randomUUID(),
      merchantCode: 'TYPH',
      username,
      usernameKey: username,
      type: 0,
      registerMethod: 'TEST',
      countryDialingCode: '+63',
      mobile: mobile.slice(1),
    });
    const e164 = `+63${mobile.slice(1)}`;
    expect((await sendSms(mobile, newIp())).statusCode).toBe(200);
    const code = await lastSmsCode(t.app, e164);
    const wrong = code === '000000' ? '111111' : '000000';
    const ip = newIp();
    const results = await times(burst, (i) =>
      injectSealed(t.app, {
        method: 'POST',
        url: '/wps/member/password/verification',
        payload: {
          mobileNum: mobile,
          countryDialingCode: '+63',
          verificationCode: i === burst - 1 ? code : wrong,
          newPassword: 'phone1234',
        },
        remoteAddress: ip,
      }),
    );
    expect(results[burst - 1]!.statusCode).toBe(400);
    const [row] = await t.database.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.destination, e164), eq(verificationCodes.purpose, 'login')));
    expect(row!.attempts).toBeLessThanOrEqual(5);
  });
});

describe('captchas', () => {
  it('gives one image a second for a burst from one address', async () => {
    const ip = newIp();
    const { results, allowed } = await timed(() =>
      times(burst, () => t.app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: ip })),
    );
    const images = results.filter((r) => r.statusCode === 200).length;
    expect(images).toBeGreaterThanOrEqual(1);
    expect(images).toBeLessThanOrEqual(allowed);
  });

  it('takes a solved captcha once in a burst of log-ins', async () => {
    const username = `nobody${seq++}${Date.now().toString(36)}`;
    const ip = newIp();
    const login = (captcha?: { cookies: Record<string, string>; answer: string }) =>
      injectSealed(t.app, {
        method: 'POST',
        url: '/wps/session/login',
        payload: { username, password: 'nope', ...(captcha ? { captcha: captcha.answer } : {}) },
        remoteAddress: ip,
        ...(captcha ? { cookies: captcha.cookies } : {}),
      });
    for (let i = 0; i < 3; i++) await login();
    const captcha = await solveCaptcha(t.app, newIp());
    const results = await times(burst, () => login(captcha));
    expect(results.filter((r) => r.json().errorCode === 'login.failed')).toHaveLength(1);
  });
});

describe('the payment password', () => {
  it('checks 6 guesses at most; the right one inside the burst is refused', async () => {
    const m = await newMember(t, { prefix: 'pay', paymentPassword: '135790' });
    const ip = newIp();
    const results = await times(burst, (i) =>
      injectSealed(t.app, {
        method: 'PUT',
        url: '/wps/member/security/payment-password',
        payload: {
          oldPaymentPassword: i === burst - 1 ? '135790' : '000000',
          newPaymentPassword: '246802',
          confirmNewPaymentPassword: '246802',
        },
        headers: m.auth,
        remoteAddress: ip,
      }),
    );
    const wrong = results.filter((r) => r.json().fields?.[0]?.path === 'oldPaymentPassword');
    expect(wrong.length).toBeLessThanOrEqual(6);
    expect(results[burst - 1]!.statusCode).toBe(403);
    expect(results[burst - 1]!.json().errorCode).toBe('account_locked');
  });
});

function codeOf(secret: string, offset = 0): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({ timestamp: Date.now() + offset * 30_000 });
}

function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2, 3].map((o) => codeOf(secret, o)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!near.has(c)) return c;
  }
}

/** An account with a password that has logged in once from `home`; its bearer header. */
async function accountAt(home: string, extra: Partial<typeof accounts.$inferInsert> = {}) {
  const username = `thr${Date.now().toString(36)}${seq++}`;
  const id = randomUUID();
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
  const res = await loginAt(username, home);
  expect(res.statusCode).toBe(200);
  return { id, username, auth: { authorization: `Bearer ${res.json().value.token as string}` } };
}

const loginAt = (username: string, ip: string) =>
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

describe('the authenticator', () => {
  it('checks 6 wrong codes at most; the right one inside the burst is refused', async () => {
    const { auth } = await accountAt(newIp());
    const post = (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/wps/member/security/authenticator/${path}`,
        headers: auth,
        payload,
      });
    const secret = (await post('setup', {})).json().value.secret as string;
    expect((await post('bind', { code: codeOf(secret) })).statusCode).toBe(200);
    const wrong = wrongCode(secret);
    const results = await times(burst, (i) =>
      post('recovery-codes', { code: i === burst - 1 ? codeOf(secret, 1) : wrong }),
    );
    const checked = results.filter((r) => r.json().errorCode === 'authenticator_code_invalid');
    expect(checked.length).toBeLessThanOrEqual(6);
    expect(results[burst - 1]!.json().errorCode).toBe('account_locked');
  });
});

describe('verifying a log-in from a new address', () => {
  const expired = 'This verification has expired; log in again';

  it('checks one challenge 5 times at most', async () => {
    const { username } = await accountAt(newIp(), { payeeName: 'Juan Dela Cruz' });
    const ip = newIp();
    const challengeId = (await loginAt(username, ip)).json().value.challengeId as string;
    const results = await times(burst, () => verify(challengeId, 'bank_name', 'Nobody', ip));
    const checked = results.filter(
      (r) => r.json().errorCode === 'verification_code_invalid' && r.json().message !== expired,
    );
    expect(checked.length).toBeLessThanOrEqual(5);
  });

  it('checks 6 bank names at most across challenges; the right one inside is refused', async () => {
    const { username } = await accountAt(newIp(), { payeeName: 'Juan Dela Cruz' });
    const challenges: { id: string; ip: string }[] = [];
    for (let i = 0; i < 13; i++) {
      const ip = newIp();
      challenges.push({ id: (await loginAt(username, ip)).json().value.challengeId, ip });
    }
    const results = await times(burst, (i) => {
      const c = challenges[i % challenges.length]!;
      return verify(c.id, 'bank_name', i === burst - 1 ? 'juan dela cruz' : 'Nobody', c.ip);
    });
    const checked = results.filter(
      (r) => r.json().errorCode === 'verification_code_invalid' && r.json().message !== expired,
    );
    expect(checked.length).toBeLessThanOrEqual(6);
    expect(results[burst - 1]!.json().errorCode).toBe('account_locked');
  });
});
