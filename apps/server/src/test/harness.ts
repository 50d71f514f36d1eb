import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { sealRequest, type OperatorRole } from '@taya/contracts';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../platform/config';
import { openDatabase, type Database } from '../platform/db';
import type { Principal } from '../platform/auth/sessions';
import { ensureTestOperator, issueOperatorSession } from './operators';
import { adminQuery, withDatabase } from './postgres';

export { ensureTestOperator, issueOperatorSession };

/** The PostgreSQL server the suite runs against, when TEST_DATABASE_URL is set. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // A test that needs the scheduled jobs turns them on.
    JOBS: 'off',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taya-test-data-')),
    WEB_DIST: path.join(tmpdir(), 'taya-no-web-build'),
    CONSOLE_DIST: path.join(tmpdir(), 'taya-no-console-build'),
    ...env,
  });
}

/**
 * A database of this test file's own: a copy of the migrated PGlite template by default, or a
 * new database on the PostgreSQL server of TEST_DATABASE_URL, so files run in parallel.
 */
export async function createTestDatabase(): Promise<Database & { url: string | null }> {
  if (!testDatabaseUrl) {
    const dump = readFileSync(inject('pgliteTemplate'));
    const pglite = new PGlite({ loadDataDir: new Blob([dump]) });
    const database = await openDatabase({ pglite });
    return { ...database, url: null };
  }
  const name = `taya_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    testDatabaseUrl,
    `create database ${name} template ${inject('postgresTemplate')}`,
  );
  const url = withDatabase(testDatabaseUrl, name);
  const database = await openDatabase({ url, poolSize: 20 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(testDatabaseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Log lines the app wrote (JSON strings), when built with `captureLogs`. */
  logs: string[];
  /** A session of the given role, as the identity module would issue after a log-in. */
  login(role: Principal['role'], subjectId?: string): Promise<string>;
  /**
   * An operator's session: a real operator (created on first use, id `subjectId`) of the given
   * role and merchant scope (null: every merchant). `login('operator')` is one of role admin.
   */
  loginOperator(options?: {
    subjectId?: string;
    role?: OperatorRole;
    merchants?: string[] | null;
    merchantCode?: string;
  }): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    captureLogs?: boolean;
    beforeReady?: (app: FastifyInstance) => void;
    /**
     * Keep the demo accounts as seeded, never logged in: their first log-in must change the
     * password (PWDEXPFORCECHANGE3). Otherwise they have logged in before, as a test expects of
     * a member it logs in to do something else.
     */
    freshDemoAccounts?: boolean;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  if (!options.freshDemoAccounts) await markDemoAccountsLoggedIn(database);
  const logs: string[] = [];
  const config = testConfig({
    ...(options.captureLogs ? { LOG_LEVEL: 'info' } : {}),
    ...options.env,
  });
  const logStream = options.captureLogs
    ? new Writable({
        write(chunk: Buffer, _enc, done) {
          logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      })
    : undefined;
  const app = await buildApp({ config, database, logStream });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    loginOperator: (o) => issueOperatorSession(app, database, o),
    login: async (role, subjectId = `${role}-${randomBytes(4).toString('hex')}`) => {
      if (role === 'operator') return issueOperatorSession(app, database, { subjectId });
      const { token } = await app.services.sessions.issue({
        subjectId,
        role,
        merchantCode: 'TYPH',
      });
      return token;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The demo accounts have logged in before: no first-log-in password change stands in the way. */
export async function markDemoAccountsLoggedIn(database: Database): Promise<void> {
  await database.db.execute(
    sql`update accounts set login_count = 1 where login_count = 0 and username_key in ('demo_member', 'demo_agent', 'demo_master')`,
  );
}

/** Fetches a captcha as a browser would and reads its answer from the development outbox. */
export async function solveCaptcha(app: FastifyInstance, remoteAddress = '127.0.0.1') {
  const res = await app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress });
  if (res.statusCode !== 200) throw new Error(`captcha: ${res.statusCode} ${res.body}`);
  const id = res.cookies.find((c) => c.name === 'taya_captcha')!.value;
  const outbox = await app.inject({
    method: 'GET',
    url: `/dev/outbox?channel=captcha&destination=${id}`,
  });
  const answer = (outbox.json() as { value: { body: string }[] }).value[0]!.body;
  return { cookies: { taya_captcha: id }, answer, png: (res.json() as { value: string }).value };
}

/** The newest SMS the sandbox "sent" to a number, and the six-digit code in it. */
export async function lastSmsCode(app: FastifyInstance, e164Number: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/dev/outbox?channel=sms&destination=${encodeURIComponent(e164Number)}`,
  });
  const body = (res.json() as { value: { body: string }[] }).value[0]?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no SMS code for ${e164Number}`);
  return code;
}

/** Injects a call whose body travels sealed, as the web app sends the §7 "E" calls. */
export async function injectSealed(
  app: FastifyInstance,
  request: {
    method: 'POST' | 'PUT';
    url: string;
    payload: unknown;
    headers?: Record<string, string>;
    cookies?: Record<string, string>;
    remoteAddress?: string;
  },
) {
  const sealed = await sealRequest(
    app.services.sealed.publicKey(),
    request.method,
    request.url,
    request.payload,
  );
  return app.inject({
    method: request.method,
    url: request.url,
    payload: sealed.body,
    // Like the web app, every sealed call carries an idempotency key (the money commands need one).
    headers: {
      'idempotency-key': randomUUID(),
      ...request.headers,
      encryption: sealed.header,
    },
    ...(request.cookies ? { cookies: request.cookies } : {}),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
}

/** A 1×1 PNG and a tiny baseline JPEG, as phones would send receipts. */
export const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const sampleJpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** Sends files as a browser's multipart form does (each part named `field`). */
export async function injectMultipart(
  app: FastifyInstance,
  request: {
    url: string;
    headers?: Record<string, string>;
    files: { name: string; type: string; data: Uint8Array }[];
    field?: string;
  },
) {
  const form = new FormData();
  for (const f of request.files) {
    form.append(request.field ?? 'files', new Blob([f.data], { type: f.type }), f.name);
  }
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: request.url,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { ...request.headers, 'content-type': encoded.headers.get('content-type')! },
  });
}

/** Uploads images as a member and returns their ids. */
export async function uploadImages(
  app: FastifyInstance,
  auth: Record<string, string>,
  count = 1,
): Promise<string[]> {
  const res = await injectMultipart(app, {
    url: '/wps/member/uploads',
    headers: auth,
    files: Array.from({ length: count }, (_, i) => ({
      name: `receipt-${i}.png`,
      type: 'image/png',
      data: samplePng,
    })),
  });
  if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return (res.json().value as { id: string }[]).map((u) => u.id);
}

/** Logs a demo account in as the web app does; its session, id and a caller with its token. */
export async function loginDemo(app: FastifyInstance, username: string, password = 'Demo#2026') {
  const res = await injectSealed(app, {
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  const value = res.json().value as { token: string; id: string };
  const auth = { authorization: `Bearer ${value.token}` };
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const sealed = (url: string, payload: object) =>
    injectSealed(app, { method: 'POST', url, headers: auth, payload });
  return { id: value.id, token: value.token, auth, call, sealed };
}

/** Puts money in a member's main wallet through the ledger, as a credited deposit would. */
export async function fund(app: FastifyInstance, ownerId: string, minor: bigint, key: string) {
  const { wallet } = app.services;
  const cash = await wallet.cashAccount('TYPH', ownerId);
  const clearing = await wallet.ledger.account({
    merchantCode: 'TYPH',
    currency: 'TLB',
    ownerId: null,
    kind: 'payment_clearing',
    subKind: 'test',
    allowNegative: true,
  });
  await wallet.ledger.post({
    merchantCode: 'TYPH',
    idempotencyKey: `test-fund:${key}`,
    type: 'deposit',
    actor: 'test',
    postings: [
      { accountId: clearing, amount: -minor },
      { accountId: cash, amount: minor },
    ],
  });
}
