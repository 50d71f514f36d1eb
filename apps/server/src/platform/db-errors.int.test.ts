import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import {
  createTestApp,
  createTestDatabase,
  testConfig,
  testDatabaseUrl,
  type TestContext,
} from '../test/harness';
import { openDatabase } from './db';
import { Writable } from 'node:stream';

/** A member id that must never reach the log, and words only SQL text would bring there. */
const memberId = 'acct-7f3a-private';
const sqlWords = /\b(select|insert|update|delete|from|where|values|returning)\b|"[a-z_]+"\."|\$\d/i;

function requestFailedLines(logs: string[]) {
  return logs.filter((l) => l.includes('request failed')).map((l) => JSON.parse(l));
}

function expectClean(logs: string[]) {
  for (const line of logs) {
    expect(line).not.toMatch(sqlWords);
    expect(line).not.toContain(memberId);
    expect(line).not.toContain('timeout exceeded');
  }
}

describe('a database failure in a request', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ captureLogs: true });
  });
  afterAll(() => t.close());

  it('logs the error class, code and request id, never the statement or its values', async () => {
    const token = await t.login('member', memberId);
    // The driver fails as a pool that has no free connection does: a plain error, no SQLSTATE.
    const client = (
      t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }
    ).$client;
    const original = client.query.bind(client);
    const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
      const text =
        typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
      if (/wallet/i.test(text))
        return Promise.reject(new Error('timeout exceeded when trying to connect'));
      return original(...args);
    });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/wps/v2/wallets/balance',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'internal_error' });
      const [line] = requestFailedLines(t.logs);
      expect(line).toMatchObject({
        reqId: res.headers['x-request-id'],
        err: { type: 'DrizzleQueryError', cause: 'Error' },
      });
      expect(Object.keys(line.err).sort()).toEqual(['cause', 'type']);
    } finally {
      spy.mockRestore();
    }
    expectClean(t.logs);
  });
});

describe.skipIf(!testDatabaseUrl)('a pool timeout on PostgreSQL', () => {
  it('is logged without SQL text or the account id', async () => {
    const base = await createTestDatabase();
    // One connection, held by a transaction below: the request's query times out waiting.
    const database = await openDatabase({
      url: base.url!,
      poolSize: 1,
      connectionTimeoutMillis: 200,
    });
    const logs: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      logStream: stream,
    });
    await app.ready();
    try {
      const { token } = await app.services.sessions.issue({
        subjectId: memberId,
        role: 'member',
        merchantCode: 'TYPH',
      });
      // The session is resolved first; then the only connection is taken.
      let release!: () => void;
      const held = database.db.transaction(
        () => new Promise<void>((resolve) => (release = resolve)),
      );
      await new Promise((r) => setTimeout(r, 50));
      const res = await app.inject({
        method: 'GET',
        url: '/wps/v2/wallets/balance',
        headers: { authorization: `Bearer ${token}` },
      });
      release();
      await held;
      expect(res.statusCode).toBe(500);
      const lines = requestFailedLines(logs);
      expect(lines.length).toBe(1);
      expect(lines[0]).toMatchObject({ reqId: res.headers['x-request-id'] });
      expect(lines[0].err).toEqual({ type: 'DrizzleQueryError', cause: 'Error' });
      expectClean(logs);
    } finally {
      await app.close();
      await database.close();
      await base.close();
    }
  });
});
