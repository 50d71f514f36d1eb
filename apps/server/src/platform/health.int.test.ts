import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';

describe('GET /healthz', () => {
  it('answers 200 while the process is up, even when the database is gone', async () => {
    const t = await createTestApp();
    try {
      const up = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ success: true, value: { status: 'up' } });
      await t.database.close();
      const still = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(still.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('the probes and the rate limit', () => {
  it('never counts a load balancer’s probes, which come every second from one address', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const probes = [];
      for (let i = 0; i < 10; i++) {
        probes.push((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode);
        probes.push((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode);
      }
      expect(probes.every((code) => code === 200)).toBe(true);
      const calls = [];
      for (let i = 0; i < 4; i++)
        calls.push((await t.app.inject({ method: 'GET', url: '/wps/system/status' })).statusCode);
      expect(calls).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('GET /readyz', () => {
  it('is ready with the database reachable and migrated; jobs off on a node without them', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        value: { status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'off' } },
      });
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the migrations when the newest one is not applied', async () => {
    const t = await createTestApp();
    try {
      await t.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        errorCode: 'service_unavailable',
        message: 'Not ready: migrations',
        value: { checks: { database: 'ok', migrations: 'failed', jobs: 'off' } },
      });
    } finally {
      await t.close();
    }
  });

  it('logs a change of readiness once, not every probe, and never as a failed request', async () => {
    const t = await createTestApp({ captureLogs: true });
    try {
      await t.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      for (let i = 0; i < 3; i++) {
        expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      }
      const lines = t.logs.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(lines.filter((l) => l.msg === 'request failed')).toEqual([]);
      expect(lines.filter((l) => l.msg === 'not ready: migrations')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the database when it cannot be reached', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.errorCode).toBe('service_unavailable');
      expect(body.value.checks).toMatchObject({ database: 'failed', migrations: 'failed' });
      expect(body.message).toMatch(/^Not ready: database/);
    } finally {
      await t.close();
    }
  });

  it('needs the job queue running on a node that runs jobs', async () => {
    const t = await createTestApp({ env: { JOBS: 'on' } });
    try {
      // The node starts its game loops with its jobs; on a busy machine the embedded database may
      // answer a check later than its 3 s while they start: ready within seconds.
      await expect
        .poll(
          async () => {
            const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
            return { status: ready.statusCode, checks: ready.json().value.checks };
          },
          { timeout: 30_000, interval: 500 },
        )
        .toEqual({ status: 200, checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
      await t.app.services.jobs.stop();
      const stopped = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json()).toMatchObject({
        errorCode: 'service_unavailable',
        message: 'Not ready: jobs',
        value: { checks: { database: 'ok', migrations: 'ok', jobs: 'failed' } },
      });
    } finally {
      await t.close();
    }
  }, 60_000);
});
