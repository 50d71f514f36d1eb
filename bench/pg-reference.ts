/** What the benchmarks share: pgbench as the reference on the same server, and small helpers. */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/platform/config';
import { startServer, type RunningServer } from '../apps/server/src/server';

/** A problem with the machine, not with the code: reported, and the run exits 0. */
export class EnvironmentProblem extends Error {}

export interface PgbenchResult {
  tps: number;
  latencyAvg: number;
  transactions: number;
  failed: number;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i]!;
}

export function pgbenchEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.hostname) env.PGHOST = u.hostname.replace(/^\[|\]$/g, '');
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  env.PGDATABASE = decodeURIComponent(u.pathname.slice(1));
  return env;
}

/** `PGBENCH`, else pgbench on PATH, else the newest Debian/Ubuntu server's own copy. */
export function findPgbench(): { bin: string; version: string } {
  const candidates = [process.env.PGBENCH, 'pgbench'].filter((c): c is string => !!c);
  try {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((x, y) => Number(y) - Number(x));
    for (const v of versions) candidates.push(`/usr/lib/postgresql/${v}/bin/pgbench`);
  } catch {
    // not a Debian-style install
  }
  for (const bin of candidates) {
    const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    if (!r.error && r.status === 0) return { bin, version: r.stdout.trim() };
  }
  throw new EnvironmentProblem(
    'pgbench not found (PGBENCH, PATH, /usr/lib/postgresql/*/bin); it is the reference, so ' +
      'install it (Debian: postgresql-<version> or postgresql-contrib) or set PGBENCH',
  );
}

export function pgbenchInit(bin: string, url: string, scale: number): number {
  const started = performance.now();
  const r = spawnSync(bin, ['-i', '-q', '-s', String(scale)], {
    env: pgbenchEnv(url),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error || r.status !== 0) {
    throw new Error(`pgbench -i failed: ${r.error?.message ?? r.stderr.trim()}`);
  }
  return (performance.now() - started) / 1000;
}

export function pgbenchRun(
  bin: string,
  url: string,
  seconds: number,
  clients: number,
): PgbenchResult {
  const args = ['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds), '-n'];
  const r = spawnSync(bin, args, {
    env: pgbenchEnv(url),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`;
  if (r.error || r.status !== 0) {
    throw new Error(`pgbench ${args.join(' ')} failed: ${r.error?.message ?? out.trim()}`);
  }
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
  const processed = /number of transactions actually processed: (\d+)/.exec(out)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(out)?.[1];
  if (!tps || !latency) throw new Error(`could not read pgbench output:\n${out}`);
  return {
    tps: Number(tps),
    latencyAvg: Number(latency),
    transactions: Number(processed ?? NaN),
    failed: Number(failed ?? 0),
  };
}

/** Runs `fn` with a client of `url` (creating and dropping the benchmarks' databases). */
export async function withClient<T>(
  url: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A benchmark's own databases on the server at `baseUrl`: one for the app (`taya_bench_<kind>_…`)
 * and one for pgbench, the reference, with pgbench found first. A missing server or pgbench is
 * an `EnvironmentProblem`. `drop()` removes both.
 */
export async function benchDatabases(baseUrl: string, kind: string) {
  const suffix = randomBytes(4).toString('hex');
  const appDb = `taya_bench_${kind}_${suffix}`;
  const refDb = `taya_bench_pgbench_${suffix}`;
  try {
    await withClient(baseUrl, (c) => c.query('select 1'));
  } catch (err) {
    throw new EnvironmentProblem(`no PostgreSQL at ${baseUrl}: ${(err as Error).message}`);
  }
  const pgbench = findPgbench();
  await withClient(baseUrl, async (c) => {
    await c.query(`create database ${appDb}`);
    await c.query(`create database ${refDb}`);
  });
  return {
    appUrl: withDatabase(baseUrl, appDb),
    refUrl: withDatabase(baseUrl, refDb),
    pgbench,
    drop: () =>
      withClient(baseUrl, async (c) => {
        await c.query(`drop database if exists ${appDb} with (force)`);
        await c.query(`drop database if exists ${refDb} with (force)`);
      }),
  };
}

/**
 * The platform on `databaseUrl` for a benchmark: no jobs, no web app, no rate limit, silent, on a
 * free port; `extra` adds settings (vendor secrets, say).
 */
export function startBenchServer(
  databaseUrl: string,
  extra: Record<string, string> = {},
): Promise<RunningServer> {
  return startServer(
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      JOBS: 'off',
      RATE_LIMIT_PER_MINUTE: '100000000',
      SEAMLESS_RATE_LIMIT_PER_MINUTE: '100000000',
      WEB_DIST: '/nonexistent',
      ...extra,
    }),
  );
}
