import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../modules/identity/schema';
import { paymentChannels } from '../modules/cashier/schema';
import { startServer, type RunningServer } from '../server';
import { createTestApp, type TestContext } from '../test/harness';
import { ConfigError, developmentSecretsKey, loadConfig } from './config';

const outsider = '203.0.113.5';
const someOrder = '6f1c2f0e-8d7e-4d0a-9a55-2b0b5c1f4e10';

/** The development and sandbox calls, as a client would make them. */
const sandboxCalls = [
  { method: 'GET', url: '/dev/outbox?destination=09170000001' },
  { method: 'GET', url: `/sandbox/gateway/pay/${someOrder}` },
  { method: 'GET', url: '/sandbox/gateway/pay.js' },
  { method: 'POST', url: `/sandbox/gateway/pay/${someOrder}`, payload: { result: 'paid' } },
  { method: 'GET', url: '/ops/sandbox/lottery-feed/results?gameCode=PCSO_6_42' },
] as const;

/** What an unknown path answers: the sandbox calls must look exactly like it. */
const notFound = (method: string, url: string) => ({
  success: false,
  errorCode: 'not_found',
  message: `No such call: ${method} ${url.split('?')[0]}`,
  value: null,
});

describe('a development server', () => {
  let dev: TestContext;
  let open: TestContext;
  let operator: string;
  beforeAll(async () => {
    // Trusting every proxy makes X-Forwarded-For the request's ip: the gate must not believe it.
    dev = await createTestApp({ env: { NODE_ENV: 'development', TRUST_PROXY: 'true' } });
    operator = await dev.login('operator', 'operator-sandbox-gate');
  });
  afterAll(async () => {
    await dev?.close();
    await open?.close();
  });

  const call = (
    app: TestContext,
    c: (typeof sandboxCalls)[number],
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) =>
    app.app.inject({
      method: c.method,
      url: c.url,
      remoteAddress,
      headers: { authorization: `Bearer ${operator}`, ...headers },
      ...('payload' in c ? { payload: c.payload } : {}),
    });

  it('answers the development calls to this machine', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const outbox = await call(dev, sandboxCalls[0], address);
      expect(outbox.statusCode, address).toBe(200);
      const page = await call(dev, sandboxCalls[1], address);
      expect(page.statusCode, address).toBe(200);
      expect(page.body).toContain('Pay now');
    }
  });

  it('hides them from any other client, as if they did not exist', async () => {
    for (const address of [outsider, `::ffff:${outsider}`, '10.1.2.3']) {
      for (const c of sandboxCalls) {
        const res = await call(dev, c, address);
        expect(res.statusCode, `${address} ${c.method} ${c.url}`).toBe(404);
        expect(res.json()).toEqual(notFound(c.method, c.url));
      }
    }
  });

  it('believes the socket, not a forwarded address', async () => {
    for (const c of sandboxCalls) {
      const res = await call(dev, c, outsider, { 'x-forwarded-for': '127.0.0.1' });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(404);
    }
  });

  it('still serves its ordinary calls to other clients', async () => {
    const res = await dev.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: outsider,
    });
    expect(res.statusCode).toBe(200);
  });

  it('opens them to everyone with SANDBOX_PUBLIC', async () => {
    open = await createTestApp({ env: { NODE_ENV: 'development', SANDBOX_PUBLIC: 'true' } });
    const outbox = await open.app.inject({
      method: 'GET',
      url: sandboxCalls[0].url,
      remoteAddress: outsider,
    });
    expect(outbox.statusCode).toBe(200);
    const page = await open.app.inject({
      method: 'GET',
      url: sandboxCalls[1].url,
      remoteAddress: outsider,
    });
    expect(page.statusCode).toBe(200);
  });
});

describe('a production server', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const production = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    JOBS: 'off',
    WEB_DIST: path.join(tmpdir(), 'taya-no-web-build'),
    SMS_GATEWAY_URL: 'https://sms.example.com/send',
    SMS_GATEWAY_KEY: 'a-production-sms-key',
    EMAIL_GATEWAY_URL: 'https://mail.example.com/send',
    EMAIL_GATEWAY_KEY: 'a-production-mail-key',
    ENCRYPTION_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
    PUBLIC_URL: 'https://taya.example.com',
  };
  let prod: RunningServer;
  beforeAll(async () => {
    // The real start-up: a fresh embedded database, migrated and seeded for production.
    prod = await startServer(
      loadConfig({ ...production, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taya-prod-')) }),
    );
  }, 120_000);
  afterAll(() => prod?.stop());

  it('has no development or sandbox calls, even for this machine', async () => {
    for (const c of sandboxCalls) {
      const res = await fetch(`${prod.url}${c.url}`, {
        method: c.method,
        headers: { 'content-type': 'application/json' },
        ...('payload' in c ? { body: JSON.stringify(c.payload) } : {}),
      });
      expect(res.status, `${c.method} ${c.url}`).toBe(404);
      expect(await res.json()).toEqual(notFound(c.method, c.url));
    }
  });

  it('seeds no demo account, no sandbox channel and no placeholder bank account', async () => {
    const { db } = prod.database;
    const [people] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
    expect(people!.n).toBe(0);
    const demo = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(or(eq(accounts.usernameKey, 'demo_member'), eq(accounts.usernameKey, 'demo_agent')));
    expect(demo).toEqual([]);
    expect(await db.select().from(paymentChannels)).toEqual([]);
    for (const merchant of ['TYPH', 'TYMM']) {
      const res = await fetch(`${prod.url}/wps/cashier/channels/public`, {
        headers: { merchant },
      });
      expect(((await res.json()) as { value: unknown }).value).toEqual([]);
    }
  });

  it('refuses to start with the development secrets key', () => {
    let problems: string[] = [];
    try {
      loadConfig({
        ...production,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taya-prod-')),
        SECRETS_KEY: developmentSecretsKey.toString('base64'),
      });
    } catch (err) {
      if (err instanceof ConfigError) problems = err.problems;
    }
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SECRETS_KEY: the development key is public/);
  });

  it('keeps a bank deposit for review: no gateway callback names the sandbox', async () => {
    const res = await fetch(`${prod.url}/wps/cashier/callbacks/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        orderId: randomUUID(),
        gatewayRef: 'X1',
        amount: '100.00',
        status: 'paid',
        ts: Date.now(),
        signature: 'a'.repeat(64),
      }),
    });
    expect(res.status).toBe(404);
  });
});
