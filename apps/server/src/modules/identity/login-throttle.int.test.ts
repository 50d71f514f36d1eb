import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createTestApp, injectSealed, solveCaptcha, type TestContext } from '../../test/harness';
import { accounts } from './schema';
import { hashSecret } from './secrets';

/** Bursts of parallel log-ins: no more tries are checked than the policy allows. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'Burst#2026';
const burst = 64;
let seq = 0;
let ipSeq = 0;
/** Each caller comes from an address of its own. */
const newIp = () => `203.0.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

async function newAccount() {
  const username = `burst${Date.now().toString(36)}${seq++}`;
  await t.database.db.insert(accounts).values({
    id: randomUUID(),
    merchantCode: 'TYPH',
    username,
    usernameKey: username,
    type: 0,
    registerMethod: 'TEST',
    passwordHash: await hashSecret(password),
    passwordChangedAt: new Date(),
  });
  return username;
}

type Captcha = { cookies: Record<string, string>; answer: string };

async function login(
  username: string,
  pass: string,
  ip: string,
  captcha?: Captcha,
  app: FastifyInstance = t.app,
) {
  const res = await injectSealed(app, {
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password: pass, ...(captcha ? { captcha: captcha.answer } : {}) },
    remoteAddress: ip,
    ...(captcha ? { cookies: captcha.cookies } : {}),
  });
  return { status: res.statusCode, errorCode: res.json().errorCode as string | undefined };
}

/** `n` solved captchas, each fetched from an address of its own (one image a second each). */
async function captchas(n: number): Promise<Captcha[]> {
  const solved: Captcha[] = [];
  for (let i = 0; i < n; i++) solved.push(await solveCaptcha(t.app, newIp()));
  return solved;
}

/** How many tries had their password checked (and found wrong). */
const checked = (results: { errorCode?: string | undefined }[]) =>
  results.filter((r) => r.errorCode === 'login.failed').length;

describe('a burst of wrong log-ins from one address', () => {
  it('checks no more than 3 without a captcha', async () => {
    const username = await newAccount();
    const ip = newIp();
    const results = await Promise.all(
      Array.from({ length: burst }, () => login(username, 'wrong-one', ip)),
    );
    expect(checked(results)).toBeLessThanOrEqual(3);
    expect(results.filter((r) => r.errorCode === 'captcha_required').length).toBeGreaterThan(0);
  });

  it('checks no more than 6 with a solved captcha each, then the name is locked there', async () => {
    const username = await newAccount();
    const ip = newIp();
    const solved = await captchas(burst);
    const results = await Promise.all(solved.map((c) => login(username, 'wrong-one', ip, c)));
    expect(checked(results)).toBeLessThanOrEqual(6);
    expect(results.filter((r) => r.errorCode === 'account_locked').length).toBeGreaterThan(0);
  });

  it('refuses the right password sent inside a burst of 63 wrong ones', async () => {
    const username = await newAccount();
    const ip = newIp();
    const solved = await captchas(burst);
    const results = await Promise.all(
      solved.map((c, i) => login(username, i === burst - 1 ? password : 'wrong-one', ip, c)),
    );
    expect(checked(results)).toBeLessThanOrEqual(6);
    expect(results[burst - 1]).toMatchObject({ status: 403, errorCode: 'account_locked' });
  });

  it('refuses the right password inside a burst without captchas', async () => {
    const username = await newAccount();
    const ip = newIp();
    const results = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        login(username, i === burst - 1 ? password : 'wrong-one', ip),
      ),
    );
    expect(checked(results)).toBeLessThanOrEqual(3);
    expect(results[burst - 1]!.status).not.toBe(200);
  });
});

describe('a burst over two server nodes', () => {
  it('checks no more than 6 from one address, the nodes sharing one database', async () => {
    const other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    try {
      const username = await newAccount();
      const ip = newIp();
      const solved = await captchas(burst);
      const results = await Promise.all(
        solved.map((c, i) => login(username, 'wrong-one', ip, c, i % 2 ? other : t.app)),
      );
      expect(checked(results)).toBeLessThanOrEqual(6);
    } finally {
      await other.close();
    }
  });
});

describe('a burst of wrong log-ins from many addresses', () => {
  it('checks no more than 3 without a captcha across all addresses', async () => {
    const username = await newAccount();
    const results = await Promise.all(
      Array.from({ length: burst }, () => login(username, 'wrong-one', newIp())),
    );
    expect(checked(results)).toBeLessThanOrEqual(3);
    // A back-off, not a lock: the others are asked for a captcha.
    expect(results.every((r) => r.errorCode !== 'account_locked')).toBe(true);
  });
});

describe('an attacker cannot lock a member out', () => {
  it('locks the name at the attacker’s address only; the member logs in from theirs', async () => {
    const username = await newAccount();
    const home = newIp();
    expect((await login(username, password, home)).status).toBe(200);

    const attacker = newIp();
    const solved = await captchas(burst);
    const attack = await Promise.all(solved.map((c) => login(username, 'wrong-one', attacker, c)));
    expect(attack.some((r) => r.errorCode === 'account_locked')).toBe(true);
    // The attacker's address stays locked, even with the right password and a captcha.
    const [again] = await captchas(1);
    expect(await login(username, password, attacker, again)).toMatchObject({
      status: 403,
      errorCode: 'account_locked',
    });

    // From home the member is asked for a captcha (the back-off), never locked out.
    const bare = await login(username, password, home);
    expect(bare).toMatchObject({ status: 400, errorCode: 'captcha_required' });
    const [captcha] = await captchas(1);
    expect((await login(username, password, home, captcha)).status).toBe(200);
    // Logged in, the member's address needs no captcha any more.
    expect((await login(username, password, home)).status).toBe(200);
  });

  it('does not let a burst from many addresses lock the name anywhere', async () => {
    const username = await newAccount();
    const home = newIp();
    expect((await login(username, password, home)).status).toBe(200);
    const solved = await captchas(burst);
    await Promise.all(solved.map((c) => login(username, 'wrong-one', newIp(), c)));
    const [captcha] = await captchas(1);
    expect((await login(username, password, home, captcha)).status).toBe(200);
  });
});
