/**
 * Agent settlement at scale on PostgreSQL: 100,000 members under 1,000 agents (a tree ten levels
 * deep, every agent under contract) with 1,000,000 settled bets over one merchant day. Prints how
 * long one real-time (5-minute) window and one daily window take to settle, and the team
 * overview call's p50 and p99 for the top agent over HTTP, beside `pgbench -b tpcb-like` on the
 * same server in the same run.
 *
 *   npm run bench:agents
 *   BENCH_DATABASE_URL=postgres://… BENCH_MEMBERS=100000 BENCH_BETS=1000000 npm run bench:agents
 *
 * It measures and prints; it never fails: on an environment problem it says why and exits 0.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { RunningServer } from '../apps/server/src/server';
import { windowAt, windowsBetween } from '../apps/server/src/modules/agents/windows';
import {
  benchDatabases,
  EnvironmentProblem,
  percentile,
  pgbenchInit,
  pgbenchRun,
  startBenchServer,
} from './pg-reference';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AGENTS = 1_000;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BETS = Number(process.env.BENCH_BETS ?? 1_000_000);
const OVERVIEW_CALLS = 200;

const seconds = (from: number) => (performance.now() - from) / 1000;

async function main() {
  const { appUrl, refUrl, pgbench, drop } = await benchDatabases(BASE_URL, 'agents');
  let server: RunningServer | undefined;
  let client: pg.Client | undefined;
  try {
    const url = appUrl;
    server = await startBenchServer(url);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    const q = (text: string, values: unknown[] = []) => client!.query(text, values);

    // The day being settled: yesterday in Manila, so every window of it has ended.
    const day = windowAt('daily', 'Asia/Manila', new Date(Date.now() - 86_400_000));
    const seedStarted = performance.now();
    // Agents as a binary heap: agent i's parent is agent ⌊i/2⌋, ten levels below agent 1.
    for (let level = 0; 2 ** level <= AGENTS; level++) {
      const from = 2 ** level;
      const to = Math.min(AGENTS, 2 ** (level + 1) - 1);
      await q(
        `insert into accounts (id, merchant_code, username, username_key, type, parent_id, register_method)
         select 'agent-' || i, 'TYPH', 'agent' || i, 'agent' || i, 1,
           case when i = 1 then null else 'agent-' || (i / 2) end, 'BENCH'
         from generate_series($1::int, $2::int) i`,
        [from, to],
      );
    }
    await q(
      `insert into accounts (id, merchant_code, username, username_key, type, parent_id, register_method)
       select 'member-' || j, 'TYPH', 'member' || j, 'member' || j, 0,
         'agent-' || (1 + j % ${AGENTS}), 'BENCH'
       from generate_series(1, $1::int) j`,
      [MEMBERS],
    );
    // Every agent under a real-time and a daily contract; rates fall 0.15 % a level.
    for (const kind of ['realtime', 'daily']) {
      await q(
        `insert into agent_contracts (id, merchant_code, kind, upline_id, downline_id, tiers,
           max_rate, status, requested_by, active_from)
         select '${kind}-' || i, 'TYPH', '${kind}',
           case when i = 1 then null else 'agent-' || (i / 2) end, 'agent-' || i,
           jsonb_build_array(jsonb_build_object('rate', r, 'minActiveMembers', 0, 'minPeriodBet', '0')),
           r, 'active', 'bench', $1::timestamptz
         from (select i, 200 - 15 * floor(log(2, i))::int as r
               from generate_series(1, ${AGENTS}) i) x`,
        [new Date(day.start.getTime() - 86_400_000).toISOString()],
      );
    }
    await q(
      `insert into bet_records (id, merchant_code, account_id, vendor_code, game_id, game_type,
         round_id, currency, stake, valid_bet, payout, status, placed_at, settled_at)
       select 'bench-' || k, 'TYPH', 'member-' || (1 + (k::bigint * 7919) % $1::int), 'TAYA',
         'TYPH-TAYA-FORTUNE', 'RNG', 'round-' || k, 'TLB', s, s,
         case when k % 3 = 0 then s * 2 else 0 end, 'settled', t, t
       from (select k, 100 + (k % 50) * 100 as s,
               $2::timestamptz + (k::float8 / $3::int) * interval '1 day' as t
             from generate_series(1, $3::int) k) x`,
      [MEMBERS, day.start.toISOString(), BETS],
    );
    await q('analyze');
    const seedSeconds = seconds(seedStarted);
    const treeRows = Number((await q('select count(*)::int as n from agent_tree')).rows[0].n);

    const { agents, sessions } = server.app.services;
    // One real-time window in the middle of the day.
    const five = windowAt(
      'realtime',
      'Asia/Manila',
      new Date(day.start.getTime() + 12 * 3_600_000),
    );
    let t0 = performance.now();
    const realtime = await agents.settle('TYPH', 'realtime', five);
    const realtimeSeconds = seconds(t0);
    t0 = performance.now();
    const daily = await agents.settle('TYPH', 'daily', day);
    const dailySeconds = seconds(t0);
    const again = await agents.settle('TYPH', 'daily', day);
    // The team reports' daily figures: the day's 288 five-minute windows rolled up.
    t0 = performance.now();
    let rolled = 0;
    for (const w of windowsBetween('realtime', 'Asia/Manila', day.start, day.end)) {
      if (await agents.rollup('TYPH', w)) rolled++;
    }
    const rollupSeconds = seconds(t0);

    // The team overview for the top agent, over the settled day, through the API.
    const { token } = await sessions.issue({
      subjectId: 'agent-1',
      role: 'agent',
      merchantCode: 'TYPH',
    });
    const latencies: number[] = [];
    const query = `from=${encodeURIComponent(day.start.toISOString())}&to=${encodeURIComponent(day.end.toISOString())}`;
    let overview: { members?: number; validBet?: string; activeMembers?: number } = {};
    for (let i = 0; i < OVERVIEW_CALLS; i++) {
      const s = performance.now();
      const res = await fetch(`${server.url}/wps/agent/team/overview?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const json = (await res.json()) as { success: boolean; value: typeof overview };
      latencies.push(performance.now() - s);
      if (!json.success) throw new Error('overview failed');
      overview = json.value;
    }
    const sorted = Float64Array.from(latencies).sort();
    const books = (await server.database.db.execute(
      sql`select (select count(*)::int from agent_settlements) as settlements,
        (select coalesce(sum(payout), 0)::text from agent_settlements where kind = 'daily') as daily_paid,
        (select coalesce(sum(valid_bet), 0)::text from bet_records) as all_bets`,
    )) as { rows: { settlements: number; daily_paid: string; all_bets: string }[] };
    await client.end();
    client = undefined;
    await server.stop();
    server = undefined;

    pgbenchInit(pgbench.bin, refUrl, 32);
    const reference = pgbenchRun(pgbench.bin, refUrl, 10, 16);

    const b = books.rows[0]!;
    console.log(
      `agent settlement, ${MEMBERS} members under ${AGENTS} agents (${treeRows} tree rows), ${BETS} bets in one day, PostgreSQL at ${new URL(BASE_URL).host}`,
    );
    console.log(`  seeding: ${seedSeconds.toFixed(1)} s`);
    console.log(
      `  one real-time window (5 min): ${realtimeSeconds.toFixed(2)} s for ${realtime.contracts} contracts, paid ${realtime.paid} minor units`,
    );
    console.log(
      `  one daily window: ${dailySeconds.toFixed(2)} s for ${daily.contracts} contracts, paid ${daily.paid} minor units (rerun paid ${again.paid})`,
    );
    console.log(
      `  daily payouts ${b.daily_paid} = top rate 2.00 % × all bets ${b.all_bets} → ${BigInt(b.daily_paid) === (BigInt(b.all_bets) * 200n) / 10_000n ? 'exact' : 'differs (rounding per agent)'}`,
    );
    console.log(
      `  team figures rolled up: ${rolled} windows in ${rollupSeconds.toFixed(1)} s (${((rollupSeconds / rolled) * 1000).toFixed(0)} ms a window)`,
    );
    console.log(
      `  team overview (top agent, ${overview.members} members, ${overview.activeMembers} active, valid bet ${overview.validBet}, one day): p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms over ${OVERVIEW_CALLS} calls`,
    );
    console.log(
      `  pgbench -b tpcb-like -c 16 (${pgbench.version}): ${reference.tps.toFixed(0)} tps, latency avg ${reference.latencyAvg.toFixed(1)} ms`,
    );
    console.log(
      `  ratio (5-minute window ÷ its settlement time): ${(300 / realtimeSeconds).toFixed(0)}×; daily settlement in pgbench transactions: ${(dailySeconds * reference.tps).toFixed(0)}`,
    );
  } finally {
    await client?.end().catch(() => {});
    await server?.stop().catch(() => {});
    await drop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof EnvironmentProblem) {
    console.log(`agents benchmark skipped: ${err.message}`);
    return;
  }
  console.log(`agents benchmark could not run: ${(err as Error).message}`);
});
