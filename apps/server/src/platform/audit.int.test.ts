import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { redact } from './audit';

/**
 * The audit log: every operator write that succeeds leaves exactly one row (and a refused one
 * none), appends from many requests at once keep one unbroken chain, and a row altered or
 * deleted in the database is named by the verify call.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
}, 60_000);
afterAll(() => t.close());

/** Rows of a raw SQL read. */
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const rowCount = async () =>
  (await rowsOf<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]!.n;

/** Bodies the walk sends where an empty one would only be refused. */
const validBodies: Record<string, { url?: string; body?: unknown }> = {
  'PUT /ops/system/maintenance': {
    body: { merchantCode: 'TYPH', enabled: false, reason: 'audit walk' },
  },
  'POST /ops/system/region-restrictions': {
    body: {
      merchantCode: 'TYPH',
      kind: 'ip_range',
      value: '203.0.113.0/24',
      note: 'audit walk',
      reason: 'audit walk',
    },
  },
  'PUT /ops/system/modules/:modId': {
    url: '/ops/system/modules/LOGIN',
    body: { merchantCode: 'TYPH', enabled: true, reason: 'audit walk' },
  },
  'PATCH /ops/system/merchants/:code': {
    url: '/ops/system/merchants/TYPH',
    body: { countryName: 'Philippines', sort: 0, reason: 'audit walk' },
  },
  'POST /ops/system/domain-routes': {
    body: { merchantCode: 'TYPH', domain: 'walk.taya.ph', kind: 'mirror', reason: 'audit walk' },
  },
  'PUT /ops/system/register-rules/:field': {
    url: '/ops/system/register-rules/qqNum',
    body: {
      merchantCode: 'TYPH',
      enabled: false,
      required: false,
      minLength: 5,
      maxLength: 12,
      patternId: 6,
      reason: 'audit walk',
    },
  },
  'POST /ops/system/resources': {
    body: {
      merchantCode: 'TYPH',
      resourceType: 'AUDIT_WALK',
      labelNameEn: 'Audit walk',
      url: 'https://example.com/walk',
      sort: 90,
      reason: 'audit walk',
    },
  },
  'POST /ops/system/customer-service': {
    body: {
      merchantCode: 'TYPH',
      csType: 'LINK',
      csPosition: 'FOOTER',
      path: 'https://example.com/help',
      sort: 90,
      reason: 'audit walk',
    },
  },
  'POST /ops/operators': {
    body: { username: 'audit_walk_op', role: 'support', merchants: ['TYPH'], reason: 'audit walk' },
  },
  'PUT /ops/originals/limits/:game': {
    url: '/ops/originals/limits/limbo',
    body: {
      merchantCode: 'TYPH',
      minBet: '1.00',
      maxBet: '10000.00',
      maxProfit: '100000.00',
      rtpBps: 9900,
      reason: 'audit walk',
    },
  },
  'PUT /ops/games/maintenance': {
    body: { merchantCode: 'TYPH', vendor: 'TAYA', maintenance: false },
  },
};

const ops = (method: string, url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('audit log', () => {
  it('records every successful operator write once, and no refused one', async () => {
    const writes = t.app.routeTable.filter(
      (r) =>
        r.method !== 'GET' &&
        r.access !== 'public' &&
        r.access.includes('operator') &&
        r.permission,
    );
    expect(writes.length).toBeGreaterThanOrEqual(30);
    const wrong: string[] = [];
    let succeeded = 0;
    for (const route of writes) {
      const key = `${route.method} ${route.url}`;
      const known = validBodies[key];
      const url = known?.url ?? route.url.replace(/:([A-Za-z0-9_]+)/g, () => randomUUID());
      const token = await t.loginOperator({
        role: 'admin',
        subjectId: `audit-walk-${succeeded}-${wrong.length}`,
      });
      const before = await rowCount();
      const res = await ops(route.method, url, token, known?.body ?? {});
      const added = (await rowCount()) - before;
      const expected = res.statusCode < 400 ? 1 : 0;
      if (res.statusCode < 400) succeeded += 1;
      if (added !== expected) wrong.push(`${key}: ${res.statusCode} left ${added} rows`);
    }
    expect(wrong).toEqual([]);
    expect(succeeded).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it('keeps actor, address, target and the change, and finds them by filter', async () => {
    const token = await t.loginOperator({ role: 'admin', subjectId: 'audit-reader' });
    const added = await ops('POST', '/ops/system/region-restrictions', token, {
      merchantCode: 'TYPH',
      kind: 'ip_range',
      value: '198.51.100.0/24',
      reason: 'Abuse from this range',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = (added.json().value as { id: string }).id;
    const removed = await ops('DELETE', `/ops/system/region-restrictions/${id}`, token, {
      reason: 'Range cleared again',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const page = await ops('GET', '/ops/audit?actor=t_audit_reader&pageSize=10', token);
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json().value.rows as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: 'system.write',
      actorId: 'audit-reader',
      actorRole: 'admin',
      merchantCode: 'TYPH',
      address: '127.0.0.1',
      targetType: 'DELETE /ops/system/region-restrictions/:id',
      targetId: id,
    });
    expect(rows[1]!.after).toMatchObject({ value: '198.51.100.0/24' });
    // The restriction's addition and its removal both name it.
    const byTarget = await ops('GET', `/ops/audit?targetId=${id}`, token);
    expect(byTarget.json().value.total).toBe(2);
    // A role without the audit action cannot read it.
    const support = await t.loginOperator({ role: 'support' });
    expect((await ops('GET', '/ops/audit', support)).statusCode).toBe(403);
  });

  it('keeps secrets out of a recorded body', () => {
    expect(
      redact({ merchantCode: 'TYPH', password: 'Plain#Text1', nested: [{ newPassword: 'x' }] }),
    ).toEqual({
      merchantCode: 'TYPH',
      password: '[redacted]',
      nested: [{ newPassword: '[redacted]' }],
    });
  });

  it('keeps one chain however many appends arrive at once', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.services.audit.record({ action: 'test.concurrent', targetId: String(i) }),
      ),
    );
    const token = await t.loginOperator({ role: 'admin' });
    const verify = await ops('GET', '/ops/audit/verify', token);
    expect(verify.json().value).toMatchObject({ ok: true, firstBad: null });
    const [{ n, top }] = (await rowsOf<{ n: number; top: number }>(
      sql`select count(*)::int as n, max(seq)::int as top from audit_log`,
    )) as [{ n: number; top: number }];
    expect(top).toBe(n);
  });

  it('names a row altered or deleted in the database', async () => {
    const token = await t.loginOperator({ role: 'admin', subjectId: 'audit-verifier' });
    for (let i = 0; i < 3; i += 1)
      await t.app.services.audit.record({ action: 'test.tamper', after: { n: i } });
    const verify = async () => (await ops('GET', '/ops/audit/verify', token)).json().value;
    expect((await verify()).ok).toBe(true);
    const [target] = (await rowsOf<{ id: string; seq: number; after: unknown }>(
      sql`select id, seq::int as seq, after from audit_log where action = 'test.tamper' order by seq limit 1`,
    )) as [{ id: string; seq: number; after: unknown }];

    await t.database.db.execute(
      sql`update audit_log set after = '{"n": 99}'::jsonb where id = ${target.id}`,
    );
    expect(await verify()).toMatchObject({
      ok: false,
      firstBad: { seq: target.seq, id: target.id, problem: 'hash' },
    });
    await t.database.db.execute(
      sql`update audit_log set after = ${JSON.stringify(target.after)}::jsonb where id = ${target.id}`,
    );
    expect((await verify()).ok).toBe(true);

    await t.database.db.execute(sql`delete from audit_log where id = ${target.id}`);
    expect(await verify()).toMatchObject({
      ok: false,
      firstBad: { seq: target.seq, id: null, problem: 'missing' },
    });
  });

  it('names a deleted last row', async () => {
    const extra = await createTestApp();
    try {
      await extra.app.services.audit.record({ action: 'test.one' });
      const last = await extra.app.services.audit.record({ action: 'test.two' });
      await extra.database.db.execute(sql`delete from audit_log where seq = ${last.seq}`);
      expect(await extra.app.services.audit.verify()).toMatchObject({
        ok: false,
        firstBad: { seq: last.seq, problem: 'missing' },
      });
    } finally {
      await extra.close();
    }
  });
});
