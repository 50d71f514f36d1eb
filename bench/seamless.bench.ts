/**
 * Seamless-wallet throughput over HTTP on PostgreSQL: vendor bet+win round trips per second
 * (each a signed bet, then a signed win, through the real API server), beside
 * `pgbench -b tpcb-like` on the same server in the same run. The figure is the ratio.
 *
 *   npm run bench:seamless
 *   BENCH_DATABASE_URL=postgres://… BENCH_SECONDS=30 BENCH_CLIENTS=64 npm run bench:seamless
 *
 * It measures and prints; it never fails: on an environment problem it says why and exits 0.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { RunningServer } from '../apps/server/src/server';
import { signVendorBody } from '../apps/server/src/modules/games/seamless';
import { vendorSignatureHeader } from '../apps/server/src/modules/games/seamless-routes';
import { gameVendors, games, vendorSessions } from '../apps/server/src/modules/games/schema';
import {
  benchDatabases,
  EnvironmentProblem,
  percentile,
  pgbenchInit,
  pgbenchRun,
  startBenchServer,
} from './pg-reference';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const PLAYERS = 256;
const SECRET = 'bench-vendor-secret-0123456789abcdef';

async function main() {
  const { appUrl, refUrl, pgbench, drop } = await benchDatabases(BASE_URL, 'seamless');
  let server: RunningServer | undefined;
  try {
    server = await startBenchServer(appUrl, { VENDOR_SECRETS: `BENCH=${SECRET}` });
    const { db } = server.database;
    await db.insert(gameVendors).values({
      merchantCode: 'TYPH',
      code: 'BENCH',
      gameType: 'RNG',
      displayName: 'Bench vendor',
      walletMode: 'seamless',
    });
    await db.insert(games).values({
      id: 'TYPH-BENCH-1',
      merchantCode: 'TYPH',
      vendorCode: 'BENCH',
      gameCode: 'B1',
      gameType: 'RNG',
      name: 'Bench game',
    });
    // Players with a session at the vendor and money to play with.
    const { wallet } = server.app.services;
    const clearing = await wallet.ledger.account({
      merchantCode: 'TYPH',
      currency: 'TLB',
      ownerId: null,
      kind: 'payment_clearing',
      subKind: 'bench',
      allowNegative: true,
    });
    const players: { id: string; session: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const id = randomUUID();
      const session = randomBytes(32).toString('base64url');
      await db.insert(vendorSessions).values({
        tokenHash: createHash('sha256').update(session).digest('hex'),
        vendorCode: 'BENCH',
        accountId: id,
        merchantCode: 'TYPH',
        gameId: 'TYPH-BENCH-1',
        currency: 'TLB',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      await wallet.ledger.post({
        merchantCode: 'TYPH',
        idempotencyKey: `bench-fund:${id}`,
        type: 'deposit',
        actor: 'bench',
        postings: [
          { accountId: clearing, amount: -1_000_000_00n },
          { accountId: await wallet.cashAccount('TYPH', id), amount: 1_000_000_00n },
        ],
      });
      players.push({ id, session });
    }

    const call = async (action: 'bet' | 'win', body: object) => {
      const raw = JSON.stringify({ ...body, timestamp: Date.now() });
      const res = await fetch(`${server!.url}/wallet-api/seamless/BENCH/${action}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [vendorSignatureHeader]: signVendorBody(SECRET, raw),
        },
        body: raw,
      });
      const json = (await res.json()) as { success: boolean; errorCode?: string };
      if (!json.success) throw new Error(json.errorCode ?? String(res.status));
    };

    const latencies: number[] = [];
    let errors = 0;
    const until = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        let n = 0;
        while (performance.now() < until) {
          const player = players[(c + n * CLIENTS) % PLAYERS]!;
          n += 1;
          const round = randomUUID();
          const t0 = performance.now();
          try {
            await call('bet', {
              sessionToken: player.session,
              playerId: player.id,
              txId: `${round}:bet`,
              roundId: round,
              amount: '1.00',
            });
            await call('win', {
              playerId: player.id,
              txId: `${round}:win`,
              roundId: round,
              amount: n % 3 === 0 ? '2.50' : '0.00',
              final: true,
            });
            latencies.push(performance.now() - t0);
          } catch {
            errors += 1;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const sorted = Float64Array.from(latencies).sort();
    const pairs = latencies.length / seconds;

    const books = (await server.database.db.execute(
      // Every entry balanced, every balance equal to its postings.
      sql`select
        (select count(*)::int from (select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0) x) as unbalanced,
        (select count(*)::int from ledger_accounts a where a.balance <> coalesce((select sum(amount) from ledger_postings p where p.account_id = a.id), 0)) as drifted,
        (select count(*)::int from bet_records where status = 'settled') as settled`,
    )) as { rows: { unbalanced: number; drifted: number; settled: number }[] };
    await server.stop();
    server = undefined;

    pgbenchInit(pgbench.bin, refUrl, 32);
    const reference = pgbenchRun(pgbench.bin, refUrl, SECONDS, Math.min(CLIENTS, 64));

    console.log(
      `seamless wallet over HTTP, ${CLIENTS} vendor clients, ${SECONDS} s, PostgreSQL at ${new URL(BASE_URL).host}`,
    );
    console.log(
      `  bet+win round trips: ${pairs.toFixed(0)}/s (${latencies.length} pairs, ${errors} errors), p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms`,
    );
    console.log(
      `  process CPU (server and client in one Node process): ${(((cpu.user + cpu.system) / 1e6 / seconds) * 100).toFixed(0)}% of one core`,
    );
    console.log(
      `  pgbench -b tpcb-like -c ${Math.min(CLIENTS, 64)} (${pgbench.version}): ${reference.tps.toFixed(0)} tps, latency avg ${reference.latencyAvg.toFixed(1)} ms`,
    );
    console.log(`  ratio (round trips/s ÷ pgbench tps): ${(pairs / reference.tps).toFixed(2)}`);
    const b = books.rows[0]!;
    console.log(
      `  books after the run: ${b.unbalanced === 0 && b.drifted === 0 ? 'ok' : 'NOT OK'} (${b.unbalanced} unbalanced entries, ${b.drifted} accounts off their postings, ${b.settled} settled rounds)`,
    );
  } finally {
    await server?.stop().catch(() => {});
    await drop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof EnvironmentProblem) {
    console.log(`seamless benchmark skipped: ${err.message}`);
    return;
  }
  console.log(`seamless benchmark could not run: ${(err as Error).message}`);
});
