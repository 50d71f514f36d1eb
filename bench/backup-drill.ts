/**
 * Backup and restore drill on PostgreSQL: a platform database is loaded (members funded, then
 * spinning the in-house slot over HTTP for a while), its books are checked and fingerprinted —
 * every ledger invariant, each account's balance, the row counts of the money tables — then it is
 * dumped with `pg_dump --format=custom`, restored with `pg_restore` into a new database, and the
 * restored copy is checked and fingerprinted again: both must match to the cent. Finally a server
 * starts on the restored copy and a member spins there, as after a real restore.
 *
 *   npm run drill:backup
 *   BENCH_DATABASE_URL=postgres://… DRILL_SECONDS=20 npm run drill:backup
 *
 * It prints each step with its time and size and a verdict; it exits 1 when the restored copy
 * differs, 0 otherwise (and 0 with the reason on an environment problem).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { RunningServer } from '../apps/server/src/server';
import { callJson, fundedMembers, measureLoad, openSlotPlayers } from './http-load';
import {
  EnvironmentProblem,
  pgbenchEnv,
  startBenchServer,
  withClient,
  withDatabase,
} from './pg-reference';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.DRILL_SECONDS ?? 10);
const PLAYERS = Number(process.env.DRILL_PLAYERS ?? 16);

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

/** The books of a database: the invariants, and a fingerprint of every balance and count. */
async function books(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (text: string) =>
      (await client.query(text)).rows[0] as Record<string, string>;
    const invariants = await one(`select
      (select count(*) from (select entry_id from ledger_postings group by entry_id, currency
         having sum(amount) <> 0) x)::text as unbalanced_entries,
      (select count(*) from ledger_accounts a where a.balance <> coalesce((select sum(amount)
         from ledger_postings p where p.account_id = a.id), 0))::text as drifted_balances,
      (select count(*) from ledger_accounts where not allow_negative and balance < 0)::text
         as negative_balances`);
    const counts = await one(`select
      (select count(*) from ledger_entries)::text as entries,
      (select count(*) from ledger_postings)::text as postings,
      (select count(*) from ledger_accounts)::text as accounts,
      (select count(*) from rounds)::text as rounds,
      (select count(*) from bets)::text as bets,
      (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'member_cash')::text
         as member_cash`);
    const { rows } = await client.query(
      `select id, balance::text as balance from ledger_accounts order by id`,
    );
    const fingerprint = createHash('sha256')
      .update(rows.map((r: { id: string; balance: string }) => `${r.id}=${r.balance}`).join('\n'))
      .digest('hex');
    return { invariants, counts, fingerprint };
  } finally {
    await client.end();
  }
}

function run(bin: string, args: string[], url: string) {
  const out = spawnSync(bin, args, { env: pgbenchEnv(url), encoding: 'utf8' });
  if (out.error) throw new EnvironmentProblem(`${bin}: ${out.error.message}`);
  if (out.status !== 0) throw new Error(`${bin} failed: ${out.stderr.trim().split('\n')[0]}`);
}

async function main() {
  const suffix = Date.now().toString(36);
  const source = `taya_drill_${suffix}`;
  const restored = `taya_drill_${suffix}_restored`;
  try {
    await withClient(BASE_URL, (c) => c.query('select 1'));
  } catch (err) {
    throw new EnvironmentProblem(`no PostgreSQL at ${BASE_URL}: ${(err as Error).message}`);
  }
  await withClient(BASE_URL, (c) => c.query(`create database ${source}`));
  const dir = mkdtempSync(path.join(tmpdir(), 'taya-drill-'));
  let server: RunningServer | undefined;
  let failed = false;
  try {
    const sourceUrl = withDatabase(BASE_URL, source);
    const restoredUrl = withDatabase(BASE_URL, restored);

    // 1. A loaded platform: migrated, seeded, members funded and spinning.
    let t = performance.now();
    server = await startBenchServer(sourceUrl);
    const members = await fundedMembers(server, PLAYERS, 1_000_000_00n);
    const players = await openSlotPlayers(server, members);
    const load = await measureLoad(
      { kind: 'slot', baseUrl: server.url, seconds: SECONDS, players },
      source,
    );
    await server.stop();
    server = undefined;
    console.log(
      `load: ${PLAYERS} members funded, ${load.latencies.length} spins in ${SECONDS} s (${seconds(t)} s in all)`,
    );
    const before = await books(sourceUrl);
    console.log(`source books: ${JSON.stringify({ ...before.invariants, ...before.counts })}`);

    // 2. Dump, 3. restore into a new database.
    const file = path.join(dir, 'taya.dump');
    t = performance.now();
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, source], sourceUrl);
    console.log(
      `pg_dump --format=custom: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MiB in ${seconds(t)} s`,
    );
    t = performance.now();
    await withClient(BASE_URL, (c) => c.query(`create database ${restored}`));
    run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored}`, file], restoredUrl);
    console.log(`pg_restore into ${restored}: ${seconds(t)} s`);

    // 4. The restored copy's books, compared.
    const after = await books(restoredUrl);
    const same =
      JSON.stringify(after) === JSON.stringify(before) &&
      Object.values(after.invariants).every((v) => v === '0');
    console.log(`restored books: ${JSON.stringify({ ...after.invariants, ...after.counts })}`);
    console.log(
      `balances fingerprint: source ${before.fingerprint.slice(0, 16)}…, restored ${after.fingerprint.slice(0, 16)}…`,
    );
    failed ||= !same;

    // 5. A server starts on the restored copy (its migrations already applied) and takes a spin.
    t = performance.now();
    server = await startBenchServer(restoredUrl);
    const [open] = await openSlotPlayers(server, await fundedMembers(server, 1, 100_00n));
    await callJson(server, 'POST', '/taya-games/slot/spin', {
      body: {
        session: open!.session,
        playerId: open!.playerId,
        gameCode: 'TAYA_FORTUNE',
        bet: '1.00',
      },
    });
    await server.stop();
    server = undefined;
    const played = await books(restoredUrl);
    const stillBalanced = Object.values(played.invariants).every((v) => v === '0');
    failed ||= !stillBalanced;
    console.log(
      `a server on the restored copy: started, funded a member and took a spin in ${seconds(t)} s; books ${stillBalanced ? 'balanced' : 'NOT balanced'}`,
    );
    console.log(
      same && stillBalanced
        ? 'verdict: the restored database equals the source to the cent, every invariant holds'
        : 'verdict: FAILED — the restored database differs or breaks an invariant',
    );
  } finally {
    await server?.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    await withClient(BASE_URL, async (c) => {
      await c.query(`drop database if exists ${source} with (force)`);
      await c.query(`drop database if exists ${restored} with (force)`);
    });
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  if (err instanceof EnvironmentProblem) {
    console.log(`backup drill skipped: ${err.message}`);
    return;
  }
  console.error(err);
  process.exitCode = 1;
});
