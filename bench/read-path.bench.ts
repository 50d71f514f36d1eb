/**
 * The lobby's read path at volume, on PostgreSQL: settled bets of the last week are seeded
 * straight into the kernel's tables (rounds, bets and their bet records, as a settle writes
 * them), the rankings rollup catches up, then hot games, gameList and the system status are
 * driven over HTTP by the load process of the other HTTP benchmarks, beside a bare Fastify GET
 * route measured with the same process and clients in the same run. Done at 100,000 bets, then
 * again at 1,000,000 (the figures should not move).
 *
 *   npm run bench:read-path
 *   BENCH_DATABASE_URL=postgres://… BENCH_SECONDS=10 BENCH_CLIENTS=16 BENCH_SIZES=100000,1000000 \
 *     npm run bench:read-path
 *
 * It measures and prints; it never fails: on an environment problem it says why and exits 0.
 */
import { performance } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import type pg from 'pg';
import type { RunningServer } from '../apps/server/src/server';
import { bareFastifyReference, measureLoad, type Measured } from './http-load';
import {
  benchDatabases,
  EnvironmentProblem,
  percentile,
  startBenchServer,
  withClient,
} from './pg-reference';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const MEMBERS = 5_000;

const routes = [
  { name: 'hot games', paths: ['/wps/relay/GCSGAME_hotGamesV2?language=en'] },
  {
    name: 'gameList',
    paths: [
      '/wps/relay/GCSGAME_gameList?pageNo=1&pageSize=20&language=en',
      '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=20&language=en',
    ],
  },
  { name: 'system status', paths: ['/wps/system/status'] },
];

/**
 * Adds `count` settled bets of TYPH members, settled at random times of the last 7 days, on the
 * merchant's games (a few played far more than the rest), in batches of 100,000: one round, one
 * settled bet and its bet record each, written as the kernel's settle writes them (the ledger's
 * holds and entries are left out: nothing on the read path reads them).
 */
async function seedBets(client: pg.Client, from: number, count: number) {
  const { rows: gameRows } = await client.query<{ n: number }>(
    `select count(*)::int as n from games where merchant_code = 'TYPH' and enabled`,
  );
  if ((gameRows[0]?.n ?? 0) === 0) throw new Error('no TYPH games to bet on');
  for (let start = from; start < from + count; start += 100_000) {
    const end = Math.min(start + 100_000, from + count) - 1;
    await client.query('begin');
    await client.query(`
      create temp table seed on commit drop as
      with g as (
        select array_agg(id order by sort, id) as ids, array_agg(game_code order by sort, id) as codes,
          array_agg(game_type order by sort, id) as types,
          array_agg(vendor_code order by sort, id) as vendors, count(*)::int as n
        from games where merchant_code = 'TYPH' and enabled
      ), b as (
        select i, 1 + floor(power(random(), 2) * g.n)::int as k,
          now() - random() * interval '7 days' as settled_at,
          (100 + floor(random() * 9900))::bigint as stake, random() as luck
        from generate_series(${start}, ${end}) as i, g
      )
      select 'bench-r' || b.i as round_id, 'bench-b' || b.i as bet_id,
        'bench-member-' || (b.i % ${MEMBERS}) as account_id,
        g.ids[b.k] as game_id, g.codes[b.k] as game_code, g.types[b.k] as game_type,
        g.vendors[b.k] as vendor_code, b.stake,
        case when b.luck < 0.6 then 0 else floor(b.stake * (1 + b.luck * 5))::bigint end as payout,
        b.settled_at - interval '2 seconds' as placed_at, b.settled_at
      from b, g`);
    await client.query(`
      insert into rounds (id, merchant_code, game_id, game_code, game_type, vendor_code, engine,
        status, opened_at, closed_at)
      select round_id, 'TYPH', game_id, game_code, game_type, vendor_code,
        case when vendor_code = 'TAYA' then 'taya-slot@1' else 'vendor:' || vendor_code end,
        'settled', placed_at, settled_at
      from seed`);
    await client.query(`
      insert into bets (id, round_id, merchant_code, account_id, currency, stake, valid_bet,
        payout, status, hold_id, close_entry_id, placed_at, settled_at)
      select bet_id, round_id, 'TYPH', account_id, 'TLB', stake, stake, payout, 'settled',
        'bench-hold-' || bet_id, 'bench-settle-' || bet_id, placed_at, settled_at
      from seed`);
    await client.query(`
      insert into bet_records (id, merchant_code, account_id, vendor_code, game_id, game_type,
        round_id, currency, stake, valid_bet, payout, status, placed_at, settled_at)
      select vendor_code || ':' || round_id || ':' || account_id, 'TYPH', account_id,
        vendor_code, game_id, game_type, round_id, 'TLB', stake, stake, payout, 'settled',
        placed_at, settled_at
      from seed`);
    await client.query('commit');
  }
  await client.query('analyze rounds; analyze bets; analyze bet_records');
}

/** Slices of a route's turn (and as many of the bare route's) in a run. */
const SLICES = 5;

/** Several measurements of one load as one. */
function merge(parts: Measured[]): Measured {
  const errors: Record<string, number> = {};
  for (const p of parts)
    for (const [k, v] of Object.entries(p.errors)) errors[k] = (errors[k] ?? 0) + v;
  const sum = (f: (p: Measured) => number) => parts.reduce((a, p) => a + f(p), 0);
  return {
    latencies: parts.flatMap((p) => p.latencies),
    errors,
    seconds: sum((p) => p.seconds),
    cpuSeconds: sum((p) => p.cpuSeconds),
    serverCpuSeconds: sum((p) => p.serverCpuSeconds),
    nodeCpuSeconds: [],
    postgresCpuSeconds: sum((p) => p.postgresCpuSeconds),
    allPostgresCpuSeconds: sum((p) => p.allPostgresCpuSeconds),
    machine: { busy: sum((p) => p.machine.busy), total: sum((p) => p.machine.total) },
  };
}

function line(name: string, m: Measured, bare: Measured | null): string {
  const sorted = Float64Array.from(m.latencies).sort();
  const rate = m.latencies.length / m.seconds;
  const p99 = percentile(sorted, 0.99);
  const errors = Object.values(m.errors).reduce((a, b) => a + b, 0);
  const head =
    `  ${name.padEnd(16)} ${rate.toFixed(0).padStart(6)} requests/s, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, ` +
    `p99 ${p99.toFixed(1)} ms, ${errors} errors, server CPU ${((m.serverCpuSeconds / m.latencies.length) * 1000).toFixed(3)} ms a request`;
  if (!bare) return `${head} (the bare GET route in the same turns)`;
  const ratio = rate / (bare.latencies.length / bare.seconds);
  return (
    `${head}\n    ratio to the bare route ${ratio.toFixed(2)} (target ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'not met'}; ` +
    `p99 ≤ 10 ms: ${p99 <= 10 ? 'met' : 'not met'})`
  );
}

async function measureSize(server: RunningServer, appUrl: string, seeded: number) {
  const database = new URL(appUrl).pathname.slice(1);
  const t0 = performance.now();
  const records = await server.app.services.games.rollUpRankings();
  const rollupMs = performance.now() - t0;
  // What every call cost before: the week's scan, timed here on the same data.
  const scan = await withClient(appUrl, async (c) => {
    const started = performance.now();
    for (let i = 0; i < 3; i++) {
      await c.query(
        `select game_id, count(*)::int from bet_records
         where merchant_code = 'TYPH' and settled_at >= now() - interval '7 days'
         group by game_id order by count(*) desc, game_id limit 12`,
      );
    }
    return (performance.now() - started) / 3;
  });
  const players = Array.from({ length: CLIENTS }, () => ({}));
  // The machine may be shared and its load may change: each route and the bare route take turns
  // in short slices, so both see the same conditions, and each route's ratio is to its own turns
  // of the bare route.
  const slice = SECONDS / SLICES;
  const results: { name: string; m: Measured; bare: Measured }[] = [];
  for (const route of routes) {
    // One call first: the caches fill as they would after the first visitor.
    await fetch(`${server.url}${route.paths[0]}`);
    const own: Measured[] = [];
    const bare: Measured[] = [];
    for (let i = 0; i < SLICES; i++) {
      own.push(
        await measureLoad(
          { kind: 'get', baseUrl: server.url, seconds: slice, players, paths: route.paths },
          database,
        ),
      );
      bare.push(await bareFastifyReference(slice, CLIENTS, 'GET'));
    }
    results.push({ name: route.name, m: merge(own), bare: merge(bare) });
  }
  console.log(
    [
      `${seeded.toLocaleString('en')} settled bets in the last 7 days (TYPH), ${CLIENTS} clients, ${SECONDS} s a route`,
      `  host: ${cpus().length} CPUs, Node ${process.version}, NODE_ENV ${process.env.NODE_ENV ?? '(unset)'}`,
      `  rankings rollup: ${records.toLocaleString('en')} records read in ${(rollupMs / 1000).toFixed(1)} s; ` +
        `the week's scan hot games ran on every call before: ${scan.toFixed(0)} ms; ` +
        `load average ${loadavg()[0]!.toFixed(1)}`,
      ...results.flatMap((r) => [
        line(r.name, r.m, r.bare),
        line('  bare GET route', r.bare, null),
      ]),
    ].join('\n'),
  );
}

async function main() {
  const { appUrl, drop } = await benchDatabases(BASE_URL, 'readpath');
  let server: RunningServer | undefined;
  try {
    server = await startBenchServer(appUrl);
    let seeded = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await withClient(appUrl, (c) => seedBets(c, seeded, size - seeded));
      console.log(
        `seeded ${(size - seeded).toLocaleString('en')} bets in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      seeded = size;
      await measureSize(server, appUrl, seeded);
    }
  } finally {
    await server?.stop().catch(() => {});
    await drop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof EnvironmentProblem) {
    console.log(`read path benchmark skipped: ${err.message}`);
    return;
  }
  console.log(`read path benchmark could not run: ${(err as Error).message}`);
});
