/**
 * Money throughput with one and with two API nodes on the same PostgreSQL: in-house slot spins
 * (`POST /taya-games/slot/spin`) and a vendor's signed bet+win pairs (`/wallet-api/seamless`),
 * each node a server process of its own (`npm start`'s), the load from a process of its own
 * spreading the players over the nodes, beside `pgbench -b tpcb-like` on the same server in the
 * same run. Prints each figure with p50/p99, the CPU of every process, the ratio to pgbench, and
 * what bounds it.
 *
 *   npm run bench:scale-out
 *   BENCH_DATABASE_URL=postgres://… BENCH_SECONDS=20 BENCH_PLAYERS=64 npm run bench:scale-out
 *
 * It measures and prints; it never fails: on an environment problem it says why and exits 0.
 */
import type { ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import type { RunningServer } from '../apps/server/src/server';
import { freePort, startNode } from '../apps/server/src/test/nodes';
import {
  addBenchVendor,
  benchVendor,
  benchVendorSecrets,
  books,
  fundedMembers,
  measureLoad,
  openSlotPlayers,
  openVendorPlayers,
  pgbenchReference,
  type Measured,
} from './http-load';
import {
  benchDatabases,
  EnvironmentProblem,
  percentile,
  startBenchServer,
  type PgbenchResult,
} from './pg-reference';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 32);

interface Run {
  nodes: number;
  unit: 'spins' | 'pairs';
  measured: Measured;
}

async function main() {
  const { appUrl, refUrl, pgbench, drop } = await benchDatabases(BASE_URL, 'scale');
  let setup: RunningServer | undefined;
  const children: ChildProcess[] = [];
  try {
    const reference = pgbenchReference(pgbench.bin, refUrl, SECONDS, PLAYERS);
    // This process migrates, seeds and sets the players up; the load goes to the nodes only.
    setup = await startBenchServer(appUrl, { VENDOR_SECRETS: benchVendorSecrets });
    await addBenchVendor(setup);
    const members = await fundedMembers(setup, PLAYERS, 1_000_000_00n);
    const slotPlayers = await openSlotPlayers(setup, members);
    const vendorPlayers = await openVendorPlayers(setup, members);
    const nodes: { url: string; pid: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = await startNode(appUrl, port, {
        VENDOR_SECRETS: benchVendorSecrets,
        RATE_LIMIT_PER_MINUTE: '100000000',
        SEAMLESS_RATE_LIMIT_PER_MINUTE: '100000000',
      });
      children.push(child);
      nodes.push({ url: `http://127.0.0.1:${port}`, pid: child.pid! });
    }
    const database = new URL(appUrl).pathname.slice(1);
    console.log(
      `running pgbench, then ${PLAYERS} players spinning and a vendor sending bet+win pairs, ${SECONDS} s each, on 1 and on 2 API nodes, then pgbench again …`,
    );
    const before = reference();
    const runs: Run[] = [];
    for (const count of [1, 2]) {
      const on = nodes.slice(0, count);
      const common = {
        baseUrl: on[0]!.url,
        spread: on.map((n) => n.url),
        seconds: SECONDS,
      };
      const pids = on.map((n) => n.pid);
      runs.push({
        nodes: count,
        unit: 'spins',
        measured: await measureLoad(
          { ...common, kind: 'slot', players: slotPlayers },
          database,
          pids,
        ),
      });
      runs.push({
        nodes: count,
        unit: 'pairs',
        measured: await measureLoad(
          {
            ...common,
            kind: 'vendor',
            vendorCode: benchVendor.code,
            secret: benchVendor.secret,
            players: vendorPlayers,
          },
          database,
          pids,
        ),
      });
    }
    const after = reference();
    const checked = await books(setup);
    report(runs, [before, after], pgbench.version, checked);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await setup?.stop().catch(() => {});
    await drop();
  }
}

function report(
  runs: Run[],
  reference: [PgbenchResult, PgbenchResult],
  pgbenchVersion: string,
  checked: Awaited<ReturnType<typeof books>>,
) {
  const tps = (reference[0].tps + reference[1].tps) / 2;
  const core = (cpu: number, seconds: number) => `${((cpu / seconds) * 100).toFixed(0)}%`;
  const lines = [
    `spins and vendor bet+win pairs over HTTP on 1 and 2 API nodes, ${PLAYERS} players, ${SECONDS} s each, PostgreSQL at ${new URL(BASE_URL).host}`,
    `  host: ${cpus().length} CPUs, Node ${process.version}; ${pgbenchVersion}`,
    `  pgbench -b tpcb-like -c ${PLAYERS}: ${tps.toFixed(0)} tps (before ${reference[0].tps.toFixed(0)}, after ${reference[1].tps.toFixed(0)})`,
    `  nodes  what    rate/s  ÷pgbench  p50 ms  p99 ms  errors  CPU, % of one core (node 1, node 2 | PostgreSQL | load) · machine busy`,
  ];
  for (const { nodes, unit, measured: m } of runs) {
    const sorted = Float64Array.from(m.latencies).sort();
    const rate = m.latencies.length / m.seconds;
    const errors = Object.values(m.errors).reduce((a, b) => a + b, 0);
    lines.push(
      `  ${String(nodes).padEnd(6)} ${unit.padEnd(7)} ${rate.toFixed(0).padStart(6)}  ${(rate / tps).toFixed(2).padStart(8)}  ${percentile(sorted, 0.5).toFixed(1).padStart(6)}  ${percentile(sorted, 0.99).toFixed(1).padStart(6)}  ${String(errors).padStart(6)}  ` +
        `${m.nodeCpuSeconds.map((c) => core(c, m.seconds)).join(', ')} | ${core(m.postgresCpuSeconds, m.seconds)} | ${core(m.cpuSeconds, m.seconds)} · ${((m.machine.busy / m.machine.total) * 100).toFixed(0)}%`,
    );
  }
  lines.push('  what bounds it:');
  for (const { nodes, unit, measured: m } of runs) {
    const n = m.latencies.length;
    const perOp = (cpu: number) => ((cpu / n) * 1000).toFixed(2);
    const nodeCpu = m.nodeCpuSeconds.reduce((a, b) => a + b, 0);
    const parts = [
      { name: `the API node${nodes > 1 ? 's' : ''}`, cpu: nodeCpu },
      { name: 'PostgreSQL', cpu: m.allPostgresCpuSeconds },
      { name: 'the load generator', cpu: m.cpuSeconds },
    ].sort((a, b) => b.cpu - a.cpu);
    const busy = m.machine.busy / m.machine.total;
    const hottest = Math.max(...m.nodeCpuSeconds) / m.seconds;
    const bound =
      busy >= 0.8
        ? `the machine's ${cpus().length} cores (${(busy * 100).toFixed(0)}% busy), most of it ${parts[0]!.name}`
        : hottest >= 0.85
          ? `one node's single thread (${(hottest * 100).toFixed(0)}% of a core)`
          : `neither CPU nor one thread (machine ${(busy * 100).toFixed(0)}% busy): waits — commits and round trips`;
    lines.push(
      `    ${nodes} node${nodes > 1 ? 's' : ''}, ${unit}: ${bound}; CPU per ${unit.slice(0, -1)}: nodes ${perOp(nodeCpu)} ms, PostgreSQL ${perOp(m.allPostgresCpuSeconds)} ms, load ${perOp(m.cpuSeconds)} ms`,
    );
  }
  lines.push(
    `  books after the runs: ${checked.unbalanced === 0 && checked.drifted === 0 && checked.negative === 0 ? 'ok' : 'NOT OK'} (${checked.entries} entries, ${checked.unbalanced} unbalanced, ${checked.drifted} accounts off their postings, ${checked.negative} negative)`,
  );
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  if (err instanceof EnvironmentProblem) {
    console.log(`scale-out benchmark skipped: ${err.message}`);
    return;
  }
  console.log(`scale-out benchmark could not run: ${(err as Error).message}`);
});
