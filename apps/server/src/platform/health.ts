import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { migrationsFolder, type Database } from './db';
import { AppError } from './errors';
import { addRoute } from './http';
import type { Jobs } from './jobs';

/** How long a readiness check may take before it counts as failed. */
const checkTimeoutMs = 3_000;

const checkState = z.enum(['ok', 'failed', 'off']);
const checksSchema = z.object({
  /** The database answers a query. */
  database: checkState,
  /** Every committed migration is applied. */
  migrations: checkState,
  /** The job queue runs (`off` on a node started with JOBS=off: it runs no jobs by design). */
  jobs: checkState,
});
export type ReadinessChecks = z.infer<typeof checksSchema>;

export interface HealthDeps {
  database: Database;
  jobs: Jobs;
  /** Whether this process runs the scheduled jobs (config JOBS). */
  jobsEnabled: boolean;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('check timed out')), checkTimeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The newest committed migration's timestamp, as the migrator records it once applied. */
async function newestMigration(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** Runs the readiness checks: each one `ok`, `failed`, or `off` when this node does not run it. */
export async function readiness(deps: HealthDeps): Promise<ReadinessChecks> {
  const { db } = deps.database;
  const database = await withTimeout(db.execute(sql`select 1`)).then(
    () => 'ok' as const,
    () => 'failed' as const,
  );
  let migrations: ReadinessChecks['migrations'] = 'failed';
  if (database === 'ok') {
    migrations = await withTimeout(
      Promise.all([
        newestMigration(),
        db.execute(sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`),
      ]),
    ).then(
      ([newest, result]) => {
        const { rows } = result as unknown as { rows: { created_at: string | null }[] };
        const applied = Number(rows[0]?.created_at ?? 0);
        return applied >= newest ? ('ok' as const) : ('failed' as const);
      },
      () => 'failed' as const,
    );
  }
  const jobs = !deps.jobsEnabled ? 'off' : deps.jobs.running ? 'ok' : 'failed';
  return { database, migrations, jobs };
}

/**
 * `GET /healthz`: the process is up and serving (no dependency is asked). `GET /readyz`: this
 * node can take traffic: the database answers, its migrations are applied and the job queue runs;
 * otherwise 503 `service_unavailable` naming the failed checks in `value.checks`.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  /** The failed checks at the last probe ('' when ready, null before the first). */
  let lastFailed: string | null = null;
  addRoute(app, {
    method: 'GET',
    url: '/healthz',
    access: 'public',
    response: z.object({ status: z.literal('up') }),
    handler: async () => ({ status: 'up' as const }),
  });

  addRoute(app, {
    method: 'GET',
    url: '/readyz',
    access: 'public',
    response: z.object({ status: z.literal('ready'), checks: checksSchema }),
    handler: async ({ req }) => {
      const checks = await readiness(deps);
      const failed = Object.entries(checks)
        .filter(([, state]) => state === 'failed')
        .map(([name]) => name);
      const state = failed.join(', ');
      if (state !== lastFailed) {
        if (failed.length > 0) req.log.warn({ checks }, `not ready: ${state}`);
        else if (lastFailed !== null) req.log.info({ checks }, 'ready again');
        lastFailed = state;
      }
      if (failed.length > 0) {
        throw new AppError('service_unavailable', `Not ready: ${failed.join(', ')}`, undefined, {
          checks,
        });
      }
      return { status: 'ready' as const, checks };
    },
  });
}
