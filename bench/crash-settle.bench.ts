/**
 * Crash round settlement at scale on PostgreSQL: 10,000 members bet on one shared round (half
 * with auto cash-outs, a tenth cashing out by hand), then the round crashes and settles in ONE
 * transaction (one kernel batch, one wallet entry). Prints the settlement time and its bets per
 * second, checks the ledger paid exactly floor(stake × cash-out) summed, and runs
 * `pgbench -b tpcb-like` on the same server as the reference.
 *
 *   npm run bench:crash-settle
 *   BENCH_DATABASE_URL=postgres://… BENCH_BETS=10000 npm run bench:crash-settle
 *
 * It measures and prints; it never fails: on an environment problem it says why and exits 0.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { crashText, multiplierAt, payoutAt } from '@taya/games';
import { CrashRunner } from '../apps/server/src/modules/originals';
import type { RunningServer } from '../apps/server/src/server';
import {
  benchDatabases,
  EnvironmentProblem,
  pgbenchInit,
  pgbenchRun,
  startBenchServer,
} from './pg-reference';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BETS = Number(process.env.BENCH_BETS ?? 10_000);
const PARALLEL = 16;

const seconds = (from: number) => (performance.now() - from) / 1000;
type Rows<T> = { rows: T[] };

async function main() {
  const { appUrl, refUrl, pgbench, drop } = await benchDatabases(BASE_URL, 'crash');
  let server: RunningServer | undefined;
  try {
    server = await startBenchServer(appUrl);
    const { db } = server.database;
    const { crash, wallet } = server.app.services;
    const exec = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as Rows<T>).rows;
    let clock = Date.parse('2026-03-01T00:00:00Z');
    crash.deps.options.now = () => clock;
    const runner = new CrashRunner(crash);
    const step = async (at: number) => {
      clock = at;
      await runner.step(at);
    };
    const live = async () => (await crash.liveRound(db))!;
    // Empty rounds until one crashes at 2.00× or more, so cash-outs of every kind happen.
    await step(clock);
    for (;;) {
      const round = await live();
      if (round.status === 'open' && round.bettingEndsAt && round.crashPoint >= 200n) break;
      if (!round.bettingEndsAt) await step(clock);
      else if (round.status === 'open') await step(round.bettingEndsAt.getTime());
      else await step(round.crashAt!.getTime());
    }
    const round = await live();
    const cp = round.crashPoint;

    const seedStarted = performance.now();
    const clearing = await wallet.ledger.account({
      merchantCode: 'TYPH',
      currency: 'TLB',
      ownerId: null,
      kind: 'payment_clearing',
      subKind: 'bench',
      allowNegative: true,
    });
    const members = Array.from({ length: BETS }, (_, i) => `bench-crash-${i}`);
    const stakeOf = (i: number) => 1_00n + BigInt(i % 500) * 13n;
    const autoOf = (i: number) =>
      i % 2 === 0 ? [101n, 150n, 200n, cp, cp + 1n, 500n][(i / 2) % 6]! : undefined;
    for (let i = 0; i < members.length; i += PARALLEL) {
      await Promise.all(
        members.slice(i, i + PARALLEL).map(async (m, k) => {
          const account = await wallet.cashAccount('TYPH', m);
          await wallet.ledger.post({
            merchantCode: 'TYPH',
            idempotencyKey: `bench-fund:${m}`,
            type: 'deposit',
            actor: 'bench',
            postings: [
              { accountId: clearing, amount: -1_000_00n },
              { accountId: account, amount: 1_000_00n },
            ],
          });
          const auto = autoOf(i + k);
          await crash.bet(
            { kind: 'member', member: { accountId: m, merchantCode: 'TYPH' } },
            {
              requestId: `bench-${i + k}`,
              amount: (Number(stakeOf(i + k)) / 100).toFixed(2),
              ...(auto !== undefined ? { autoCashout: crashText(auto) } : {}),
            },
          );
        }),
      );
    }
    const seedSeconds = seconds(seedStarted);
    await step(round.bettingEndsAt!.getTime());
    const running = await live();
    const startedAt = running.startedAt!.getTime();
    const crashAt = running.crashAt!.getTime();
    // A tenth cash out by hand, at one moment halfway through the flight.
    const half = startedAt + Math.floor((crashAt - startedAt) / 2);
    clock = half;
    const manual = members.filter((_, i) => i % 10 === 1);
    for (let i = 0; i < manual.length; i += PARALLEL)
      await Promise.all(
        manual
          .slice(i, i + PARALLEL)
          .map((m) =>
            crash.cashout(
              { kind: 'member', member: { accountId: m, merchantCode: 'TYPH' } },
              { requestId: `out-${m}` },
            ),
          ),
      );
    const entriesBefore = (
      await exec<{ n: number }>(sql`select count(*)::int as n from ledger_entries`)
    )[0]!.n;
    const settleStarted = performance.now();
    await step(crashAt);
    const settleSeconds = seconds(settleStarted);
    const entries =
      (await exec<{ n: number }>(sql`select count(*)::int as n from ledger_entries`))[0]!.n -
      entriesBefore;

    const mHalf = BigInt(multiplierAt(half - startedAt));
    let expected = 0n;
    for (const [i] of members.entries()) {
      const auto = autoOf(i);
      const m = i % 10 === 1 ? mHalf : auto !== undefined && auto <= cp ? auto : null;
      if (m !== null) expected += payoutAt(stakeOf(i), { num: m, den: 100n });
    }
    const [kernel] = await exec<{ n: number; paid: string; entries: number }>(sql`
      select count(*)::int as n, coalesce(sum(payout), 0)::text as paid,
             count(distinct close_entry_id)::int as entries
      from bets where round_id = ${`crash-${round.number}-TYPH`} and status = 'settled'`);
    const [unbalanced] = await exec<{ n: number }>(sql`
      select count(*)::int as n from (select entry_id from ledger_postings
      group by entry_id, currency having sum(amount) <> 0) u`);

    pgbenchInit(pgbench.bin, refUrl, 32);
    const reference = pgbenchRun(pgbench.bin, refUrl, 10, 16);
    console.log(`crash settlement, ${BETS} bets on one round crashing at ${crashText(cp)}×`);
    console.log(`  seeding (funding and placing through the kernel): ${seedSeconds.toFixed(1)} s`);
    console.log(
      `  settlement: ${settleSeconds.toFixed(2)} s for ${kernel!.n} bets (${(kernel!.n / settleSeconds).toFixed(0)} bets/s) in ${entries} ledger entr${entries === 1 ? 'y' : 'ies'}`,
    );
    console.log(
      `  paid ${kernel!.paid} = expected ${expected} → ${BigInt(kernel!.paid) === expected ? 'exact' : 'DIFFERS'}; unbalanced entries ${unbalanced!.n}`,
    );
    console.log(
      `  pgbench -b tpcb-like -c 16 (${pgbench.version}): ${reference.tps.toFixed(0)} tps, latency avg ${reference.latencyAvg.toFixed(1)} ms`,
    );
    console.log(
      `  ratio: settlement took ${(settleSeconds * reference.tps).toFixed(0)} pgbench transactions`,
    );
  } finally {
    await server?.stop().catch(() => {});
    await drop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof EnvironmentProblem) {
    console.log(`crash settlement benchmark skipped: ${err.message}`);
    return;
  }
  console.log(`crash settlement benchmark could not run: ${(err as Error).message}`);
});
