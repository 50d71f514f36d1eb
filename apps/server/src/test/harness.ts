import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { sealRequest } from '@taya/contracts';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../platform/config';
import { openDatabase, type Database } from '../platform/db';
import type { Principal } from '../platform/auth/sessions';
import { applySeeds } from '../platform/seed';
import { seedsFor } from '../db/seeds';

/** The PostgreSQL server the suite runs against, when TEST_DATABASE_URL is set. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taya-test-data-')),
    WEB_DIST: path.join(tmpdir(), 'taya-no-web-build'),
    ...env,
  });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
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
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(testDatabaseUrl, name);
  const database = await openDatabase({ url, poolSize: 20 });
  await database.migrate();
  await applySeeds(database.db, seedsFor({ seedDemo: true }));
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: testDatabaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
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
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    captureLogs?: boolean;
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
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
    login: async (role, subjectId = `${role}-${randomBytes(4).toString('hex')}`) => {
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
    headers: { ...request.headers, encryption: sealed.header },
    ...(request.cookies ? { cookies: request.cookies } : {}),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
}
