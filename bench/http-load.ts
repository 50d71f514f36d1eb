/**
 * What the HTTP benchmarks share: the platform on a fresh database (its own server, in this
 * process), members with a session and money (through the app's public services and HTTP only),
 * the load generator in a process of its own, CPU figures from /proc, and the report.
 */
import { fork } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { RunningServer } from '../apps/server/src/server';
import type { LoadJob, LoadResult, SlotPlayer, VendorPlayer } from './load-process';
import { percentile, pgbenchInit, pgbenchRun, type PgbenchResult } from './pg-reference';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const ticks = 100;

/** Calls the server as a browser or the game page would; the answer's `value`, or it throws. */
export async function callJson<T>(
  server: RunningServer,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: object; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  });
  const json = (await res.json()) as { success: boolean; errorCode?: string; value: T };
  if (!res.ok || !json.success) {
    throw new Error(`${method} ${url}: ${res.status} ${json.errorCode ?? ''}`);
  }
  return json.value;
}

/**
 * `count` members of TYPH, each with a site session (as a log-in would issue) and
 * `funds` minor units in the main wallet (a deposit through the ledger).
 */
export async function fundedMembers(server: RunningServer, count: number, funds: bigint) {
  const { sessions, wallet } = server.app.services;
  const clearing = await wallet.ledger.account({
    merchantCode: 'TYPH',
    currency: 'TLB',
    ownerId: null,
    kind: 'payment_clearing',
    subKind: 'bench',
    allowNegative: true,
  });
  const members: { id: string; token: string }[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const { token } = await sessions.issue({ subjectId: id, role: 'member', merchantCode: 'TYPH' });
    await wallet.ledger.post({
      merchantCode: 'TYPH',
      idempotencyKey: `bench-fund:${id}`,
      type: 'deposit',
      actor: 'bench',
      postings: [
        { accountId: clearing, amount: -funds },
        { accountId: await wallet.cashAccount('TYPH', id), amount: funds },
      ],
    });
    members.push({ id, token });
  }
  return members;
}

/** The one-time token of a real-money launch of a game (`/wps/game/launchGame`). */
export async function launchToken(server: RunningServer, memberToken: string, nodeId: string) {
  const launch = await callJson<{ content: { game_url: string } }>(
    server,
    'GET',
    `/wps/game/launchGame?nodeId=${nodeId}&accountType=1`,
    { token: memberToken },
  );
  const token = new URL(launch.content.game_url, 'http://x').searchParams.get('token');
  if (!token) throw new Error(`no launch token in ${launch.content.game_url}`);
  return token;
}

/**
 * Each member launches Taya Fortune and the game page opens it, as in the browser: the players
 * the `slot` load job spins with.
 */
export async function openSlotPlayers(
  server: RunningServer,
  members: { token: string }[],
): Promise<SlotPlayer[]> {
  const players: SlotPlayer[] = [];
  for (const m of members) {
    const token = await launchToken(server, m.token, 'TYPH-TAYA-FORTUNE');
    const open = await callJson<{ session: string; playerId: string }>(
      server,
      'POST',
      '/taya-games/slot/open',
      { body: { token } },
    );
    players.push({ playerId: open.playerId, session: open.session });
  }
  return players;
}

/** An outside vendor on the seamless wallet, with one game in TYPH's catalog. */
export const benchVendor = { code: 'BENCH', secret: 'bench-vendor-secret-0123456789abcdef' };

/**
 * Adds the bench vendor and its game to the catalog (before anyone opens the lobby); start the
 * server with `VENDOR_SECRETS: benchVendorSecrets`.
 */
export async function addBenchVendor(server: RunningServer): Promise<void> {
  await server.database.db.execute(sql`
    insert into game_vendors (merchant_code, code, game_type, display_name, wallet_mode)
    values ('TYPH', ${benchVendor.code}, 'RNG', 'Bench vendor', 'seamless')`);
  await server.database.db.execute(sql`
    insert into games (id, merchant_code, vendor_code, game_code, game_type, name)
    values ('TYPH-BENCH-1', 'TYPH', ${benchVendor.code}, 'B1', 'RNG', 'Bench game')`);
  server.app.services.games.invalidate('TYPH');
}
export const benchVendorSecrets = `${benchVendor.code}=${benchVendor.secret}`;

/**
 * Each member launches the bench vendor's game and the vendor authenticates the launch token
 * (signed): the players the `vendor` load job sends bets and wins for.
 */
export async function openVendorPlayers(
  server: RunningServer,
  members: { token: string }[],
): Promise<VendorPlayer[]> {
  const players: VendorPlayer[] = [];
  for (const m of members) {
    const launch = await launchToken(server, m.token, 'TYPH-BENCH-1');
    const raw = JSON.stringify({ launchToken: launch, timestamp: Date.now() });
    const session = await callJson<{ sessionToken: string; playerId: string }>(
      server,
      'POST',
      `/wallet-api/seamless/${benchVendor.code}/authenticate`,
      {
        body: JSON.parse(raw) as object,
        headers: {
          'x-taya-signature': createHmac('sha256', benchVendor.secret).update(raw).digest('hex'),
        },
      },
    );
    players.push({ playerId: session.playerId, sessionToken: session.sessionToken });
  }
  return players;
}

/** user+system CPU seconds of one process so far, from /proc/<pid>/stat. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds so far of the PostgreSQL processes on this host: all of them, and the backends
 * serving `database` (a backend's title names its database). Backends that ended meanwhile are
 * missing from both, so compare over a time in which the pool keeps its connections.
 */
export function postgresCpuSeconds(database: string): { all: number; ours: number } {
  let all = 0;
  let ours = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = (Number(fields[11]) + Number(fields[12])) / ticks;
      all += cpu;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.includes(` ${database} `)) ours += cpu;
    } catch {
      // the process ended meanwhile
    }
  }
  return { all, ours };
}

/** Busy and total CPU seconds of the whole machine so far, from /proc/stat. */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / ticks, total: total / ticks };
}

/**
 * Runs a load job in a child process and measures the server (this process), the load process,
 * PostgreSQL and the machine over the same time.
 */
export async function measureLoad(job: LoadJob, database: string, serverPids: number[] = []) {
  const child = fork(path.join(here, 'load-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', reject);
  });
  const serverStart = process.cpuUsage();
  const pidsStart = serverPids.map(processCpuSeconds);
  const pgStart = postgresCpuSeconds(database);
  const machineStart = machineCpuSeconds();
  const answer = new Promise<LoadResult>((resolve, reject) => {
    child.once('message', (m: { ok: boolean; result?: LoadResult; error?: string }) =>
      m.ok ? resolve(m.result!) : reject(new Error(`load process: ${m.error}`)),
    );
    child.once('exit', (code) => reject(new Error(`load process exited with ${code}`)));
  });
  child.send(job);
  const result = await answer;
  const server = process.cpuUsage(serverStart);
  const pidsEnd = serverPids.map(processCpuSeconds);
  const machineEnd = machineCpuSeconds();
  const pgEnd = postgresCpuSeconds(database);
  return {
    ...result,
    serverCpuSeconds: (server.user + server.system) / 1e6,
    /** CPU seconds of each of `serverPids` (API nodes in processes of their own) meanwhile. */
    nodeCpuSeconds: pidsEnd.map((end, i) => end - pidsStart[i]!),
    postgresCpuSeconds: pgEnd.ours - pgStart.ours,
    allPostgresCpuSeconds: pgEnd.all - pgStart.all,
    machine: {
      busy: machineEnd.busy - machineStart.busy,
      total: machineEnd.total - machineStart.total,
    },
  };
}
export type Measured = Awaited<ReturnType<typeof measureLoad>>;

/**
 * The HTTP ceiling: the same load process and clients against a bare Fastify route in this
 * process (a JSON body in, or a GET; `{ success: true }` out), for the same time. No operation that answers
 * over HTTP here can run faster than this.
 */
export async function bareFastifyReference(
  seconds: number,
  clients: number,
  method: 'POST' | 'GET' = 'POST',
) {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => ({ success: true }));
  app.get('/bare', async () => ({ success: true }));
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const players = Array.from({ length: clients }, () => ({}));
    return await measureLoad(
      method === 'GET'
        ? { kind: 'get', baseUrl, seconds, players, paths: ['/bare'] }
        : { kind: 'bare', baseUrl, seconds, players },
      '',
    );
  } finally {
    await app.close();
  }
}

/** pgbench tpcb-like before and after the load, on its own database of the same server. */
export function pgbenchReference(bin: string, refUrl: string, seconds: number, clients: number) {
  pgbenchInit(bin, refUrl, 32);
  return () => pgbenchRun(bin, refUrl, seconds, clients);
}

/** The books on the ledger tables: every entry balanced, every balance its postings, none negative where not allowed. */
export async function books(server: RunningServer) {
  const { rows } = (await server.database.db.execute(sql`select
    (select count(*)::int from (select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0) x) as unbalanced,
    (select count(*)::int from ledger_accounts a where a.balance <> coalesce((select sum(amount) from ledger_postings p where p.account_id = a.id), 0)) as drifted,
    (select count(*)::int from ledger_accounts where not allow_negative and balance < 0) as negative,
    (select count(*)::int from ledger_entries) as entries`)) as {
    rows: { unbalanced: number; drifted: number; negative: number; entries: number }[];
  };
  return rows[0]!;
}

/** Prints the figures of a run: rate, latency, CPU by process, the reference and the ratio. */
export function report(options: {
  title: string;
  unit: string;
  measured: Measured;
  reference: [PgbenchResult, PgbenchResult];
  pgbenchVersion: string;
  clients: number;
  target: number;
  books: Awaited<ReturnType<typeof books>>;
  /** The same load against a bare Fastify route (`bareFastifyReference`). */
  bare?: Measured;
}) {
  const { measured: m, reference } = options;
  const sorted = Float64Array.from(m.latencies).sort();
  const rate = m.latencies.length / m.seconds;
  const tps = (reference[0].tps + reference[1].tps) / 2;
  const ratio = rate / tps;
  const p99 = percentile(sorted, 0.99);
  const share = (s: number) => `${((s / m.seconds) * 100).toFixed(0)}% of one core`;
  const errors = Object.entries(m.errors)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const total = Object.values(m.errors).reduce((a, b) => a + b, 0);
  const lines = [
    options.title,
    `  host: ${cpus().length} CPUs, Node ${process.version}; ${options.pgbenchVersion}`,
    `  ${options.unit}: ${rate.toFixed(0)}/s (${m.latencies.length} in ${m.seconds.toFixed(1)} s, ${total} errors${errors ? `: ${errors}` : ''})`,
    `  latency: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(sorted[sorted.length - 1] ?? NaN).toFixed(1)} ms`,
    `  CPU: server process ${m.serverCpuSeconds.toFixed(1)} s (${share(m.serverCpuSeconds)}), ` +
      `load process ${m.cpuSeconds.toFixed(1)} s (${share(m.cpuSeconds)}), ` +
      `PostgreSQL backends of the app's database ${m.postgresCpuSeconds.toFixed(1)} s (${share(m.postgresCpuSeconds)}), ` +
      `all PostgreSQL processes ${m.allPostgresCpuSeconds.toFixed(1)} s (${share(m.allPostgresCpuSeconds)}); ` +
      `machine ${((m.machine.busy / m.machine.total) * 100).toFixed(0)}% busy`,
    `  CPU per ${options.unit.replace(/s$/, '')}: server ${((m.serverCpuSeconds / m.latencies.length) * 1000).toFixed(2)} ms, ` +
      `load ${((m.cpuSeconds / m.latencies.length) * 1000).toFixed(2)} ms, PostgreSQL ${((m.postgresCpuSeconds / m.latencies.length) * 1000).toFixed(2)} ms`,
    `  pgbench -b tpcb-like -c ${options.clients}: ${tps.toFixed(0)} tps (before ${reference[0].tps.toFixed(0)}, after ${reference[1].tps.toFixed(0)}), latency avg ${((reference[0].latencyAvg + reference[1].latencyAvg) / 2).toFixed(1)} ms`,
    `  ratio (${options.unit}/s ÷ pgbench tps): ${ratio.toFixed(2)} (target ≥ ${options.target}: ${ratio >= options.target ? 'met' : 'not met'}); p99 ≤ 50 ms: ${p99 <= 50 ? 'met' : 'not met'}`,
    ...(options.bare ? bareLines(options.bare, rate, options.unit) : []),
    `  books after the run: ${options.books.unbalanced === 0 && options.books.drifted === 0 && options.books.negative === 0 ? 'ok' : 'NOT OK'} (${options.books.entries} entries, ${options.books.unbalanced} unbalanced, ${options.books.drifted} accounts off their postings, ${options.books.negative} negative)`,
  ];
  console.log(lines.join('\n'));
}

function bareLines(bare: Measured, rate: number, unit: string): string[] {
  const n = bare.latencies.length;
  const bareRate = n / bare.seconds;
  const perOp = (cpu: number) => ((cpu / n) * 1000).toFixed(2);
  return [
    `  bare Fastify route, same load process and clients: ${bareRate.toFixed(0)} requests/s; ` +
      `CPU per request: server ${perOp(bare.serverCpuSeconds)} ms, load ${perOp(bare.cpuSeconds)} ms`,
    `  ratio (${unit}/s ÷ bare route requests/s): ${(rate / bareRate).toFixed(3)}`,
  ];
}
