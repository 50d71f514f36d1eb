/**
 * Ledger posting throughput on PostgreSQL, beside `pgbench -b tpcb-like` on the same server in
 * the same run. The figure is the ratio (ledger entries/s ÷ pgbench tps), not an absolute time.
 *
 *   npm run bench:ledger
 *   BENCH_DATABASE_URL=postgres://… BENCH_SECONDS=30 npm run bench:ledger
 *
 * It measures and prints; it never fails: on an environment problem (no server, no pgbench) it
 * says why and exits 0.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Ledger, type EntryInput } from '../apps/server/src/modules/wallet/ledger';
import { openDatabase, type Database } from '../apps/server/src/platform/db';
import {
  EnvironmentProblem,
  findPgbench,
  percentile,
  pgbenchInit,
  pgbenchRun,
  withClient,
  withDatabase,
  type PgbenchResult,
} from './pg-reference';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = positiveInt(process.env.BENCH_SECONDS, 10);
const CLIENTS = 32;
const MEMBERS = 1_000;
const PGBENCH_SCALE = 32;
const MERCHANT = 'BNCH';
const CURRENCY = 'BNC';
/** Each member starts with 100,000.00, far more than a run of small bets can lose. */
const FUNDING = 10_000_000n;

interface ScenarioResult {
  name: string;
  posts: number;
  errors: number;
  errorKinds: Map<string, number>;
  seconds: number;
  throughput: number;
  p50: number;
  p99: number;
  max: number;
  clientCpu: number;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

function ms(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a';
}

function rate(value: number): string {
  return Number.isFinite(value) ? value.toFixed(0) : 'n/a';
}

function randomInt(n: number): number {
  return Math.floor(Math.random() * n);
}

function randomAmount(min: number, max: number): bigint {
  return BigInt(min + randomInt(max - min + 1));
}

const admin = <T>(fn: (client: pg.Client) => Promise<T>) => withClient(BASE_URL, fn);

/** Runs `fn` over the items with at most `limit` in flight. */
async function eachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Opens every pooled connection now, so no post pays for a connect (pgbench excludes it too). */
async function warmPool(database: Database): Promise<void> {
  await Promise.all(
    Array.from({ length: CLIENTS }, () => database.db.execute(sql`select pg_sleep(0.05)`)),
  );
}

async function checkpoint(url: string): Promise<void> {
  // Superuser only; without it the phases simply share whatever checkpoint falls due.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('checkpoint').catch(() => {});
  await client.end();
}

// ---------------------------------------------------------------------------------------------
// Ledger

interface Accounts {
  house: string;
  clearing: string;
  members: string[];
  memberOwners: string[];
}

async function openAccounts(ledger: Ledger): Promise<Accounts> {
  const house = await ledger.account({
    merchantCode: MERCHANT,
    currency: CURRENCY,
    ownerId: null,
    kind: 'house',
    allowNegative: true,
  });
  const clearing = await ledger.account({
    merchantCode: MERCHANT,
    currency: CURRENCY,
    ownerId: null,
    kind: 'payment_clearing',
    allowNegative: true,
  });
  const memberOwners = Array.from({ length: MEMBERS }, (_, i) => `member-${i}-${randomUUID()}`);
  const members = new Array<string>(MEMBERS);
  await eachLimit(
    memberOwners.map((owner, i) => ({ owner, i })),
    CLIENTS,
    async ({ owner, i }) => {
      members[i] = await ledger.account({
        merchantCode: MERCHANT,
        currency: CURRENCY,
        ownerId: owner,
        kind: 'member_cash',
      });
    },
  );
  // Deposits: payment clearing → member cash, so every member can bet.
  await eachLimit(
    members.map((id, i) => ({ id, i })),
    CLIENTS,
    async ({ id, i }) => {
      await ledger.post({
        merchantCode: MERCHANT,
        idempotencyKey: `bench:deposit:${i}`,
        type: 'deposit',
        actor: 'bench',
        reference: `deposit-order:${randomUUID()}`,
        postings: [
          { accountId: clearing, amount: -FUNDING },
          { accountId: id, amount: FUNDING },
        ],
      });
    },
  );
  return { house, clearing, members, memberOwners };
}

type EntryMaker = (worker: number, seq: number) => EntryInput;

/** (a) A game round: a bet (member cash → house) or a win (house → member cash). */
function betOrWin(accounts: Accounts, run: string): EntryMaker {
  return (worker, seq) => {
    const m = randomInt(MEMBERS);
    const member = accounts.members[m]!;
    const round = randomUUID();
    const win = Math.random() < 0.4;
    const amount = randomAmount(100, 10_000);
    return {
      merchantCode: MERCHANT,
      idempotencyKey: `bench:${run}:${worker}:${seq}`,
      type: win ? 'win' : 'bet',
      actor: accounts.memberOwners[m]!,
      reference: `round:${round}`,
      metadata: { vendor: 'bench-slots', game: 'fruit-5x3', round },
      postings: win
        ? [
            { accountId: accounts.house, amount: -amount },
            { accountId: member, amount },
          ]
        : [
            { accountId: member, amount: -amount },
            { accountId: accounts.house, amount },
          ],
    };
  };
}

/** (b) A member-to-member transfer: two random member accounts, no shared hot row. */
function transfer(accounts: Accounts, run: string): EntryMaker {
  return (worker, seq) => {
    const from = randomInt(MEMBERS);
    let to = randomInt(MEMBERS - 1);
    if (to >= from) to += 1;
    const amount = randomAmount(100, 10_000);
    return {
      merchantCode: MERCHANT,
      idempotencyKey: `bench:${run}:${worker}:${seq}`,
      type: 'transfer',
      actor: accounts.memberOwners[from]!,
      reference: `transfer:${randomUUID()}`,
      metadata: { channel: 'bench' },
      postings: [
        { accountId: accounts.members[from]!, amount: -amount },
        { accountId: accounts.members[to]!, amount },
      ],
    };
  };
}

async function runScenario(
  name: string,
  ledger: Ledger,
  database: Database,
  url: string,
  makeEntry: EntryMaker,
): Promise<ScenarioResult> {
  await checkpoint(url);
  await warmPool(database);
  const latencies: number[] = [];
  const errorKinds = new Map<string, number>();
  let errors = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, worker) => {
      let seq = 0;
      while (performance.now() < deadline) {
        const entry = makeEntry(worker, seq++);
        const t0 = performance.now();
        try {
          await ledger.post(entry);
          latencies.push(performance.now() - t0);
        } catch (err) {
          errors += 1;
          const e = err as { code?: string; message?: string; cause?: { code?: string } };
          const kind = e.cause?.code ?? e.code ?? e.message ?? String(err);
          errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = Float64Array.from(latencies).sort();
  return {
    name,
    posts: latencies.length,
    errors,
    errorKinds,
    seconds: elapsed,
    throughput: latencies.length / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : NaN,
    clientCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
  };
}

/** The books still balance after the run: every balance is the sum of its postings, total 0. */
async function verify(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: string; drift: string; entries: string }>(`
      select
        (select coalesce(sum(balance), 0) from ledger_accounts)::text as total,
        (select count(*) from ledger_accounts a
          where a.balance <> (select coalesce(sum(p.amount), 0)
                              from ledger_postings p where p.account_id = a.id))::text as drift,
        (select count(*) from ledger_entries)::text as entries`);
    const row = rows[0]!;
    const ok = row.total === '0' && row.drift === '0';
    return `${ok ? 'ok' : 'BROKEN'}: ${row.entries} entries, sum of balances ${row.total}, accounts off their postings ${row.drift}`;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------

function scenarioLine(r: ScenarioResult): string {
  return (
    `ledger (${r.name}): ${rate(r.throughput)} entries/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}` +
    ` (${r.posts} posts, ${r.errors} errors)`
  );
}

async function main(): Promise<void> {
  const id = randomBytes(6).toString('hex');
  const ledgerDb = `taya_bench_${id}`;
  const pgbenchDb = `taya_bench_${id}_pgbench`;
  const created: string[] = [];
  let database: Database | null = null;

  let cleaning: Promise<void> | null = null;
  const cleanup = (): Promise<void> =>
    (cleaning ??= (async () => {
      await database?.close().catch(() => {});
      if (created.length === 0) return;
      await admin(async (c) => {
        for (const name of created) await c.query(`drop database if exists ${name} with (force)`);
      }).catch((err: unknown) =>
        console.error(`could not drop ${created.join(', ')}: ${(err as Error).message}`),
      );
    })());
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = true;
    console.error(`\n${signal}: dropping the benchmark databases`);
    void cleanup().finally(() => process.exit(130));
  };
  // A closed stdout (`| head`) must not kill the run before it drops its databases.
  const ignore = () => {};
  process.stdout.on('error', ignore);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const pgbench = findPgbench();
    let serverVersion: string;
    let settings: string;
    try {
      ({ serverVersion, settings } = await admin(async (c) => {
        const v = await c.query<{ v: string }>(`select current_setting('server_version') as v`);
        const s = await c.query<{ name: string; setting: string; unit: string | null }>(
          `select name, setting, unit from pg_settings
           where name in ('max_connections','synchronous_commit','fsync','shared_buffers')
           order by name`,
        );
        for (const name of [ledgerDb, pgbenchDb]) {
          await c.query(`create database ${name}`);
          created.push(name);
        }
        return {
          serverVersion: v.rows[0]!.v,
          settings: s.rows.map((r) => `${r.name}=${r.setting}${r.unit ?? ''}`).join(' '),
        };
      }));
    } catch (err) {
      throw new EnvironmentProblem(
        `cannot use PostgreSQL at ${redact(BASE_URL)}: ${(err as Error).message}` +
          ' (set BENCH_DATABASE_URL, or start the server)',
      );
    }

    const ledgerUrl = withDatabase(BASE_URL, ledgerDb);
    const pgbenchUrl = withDatabase(BASE_URL, pgbenchDb);
    console.log(`ledger benchmark: ${CLIENTS} clients, ${SECONDS} s per phase`);
    console.log(`server: PostgreSQL ${serverVersion} at ${redact(BASE_URL)} (${settings})`);
    console.log(`client: Node ${process.version}, ${cpus().length} CPUs; ${pgbench.version}`);

    const initSeconds = pgbenchInit(pgbench.bin, pgbenchUrl, PGBENCH_SCALE);
    console.log(`pgbench -i -s ${PGBENCH_SCALE}: ${initSeconds.toFixed(1)} s`);

    database = await openDatabase({ url: ledgerUrl, poolSize: CLIENTS });
    await database.migrate();
    const ledger = new Ledger(database.db);
    const setupStarted = performance.now();
    const accounts = await openAccounts(ledger);
    console.log(
      `ledger setup: ${MEMBERS} member accounts opened and funded, house and clearing ` +
        `(${((performance.now() - setupStarted) / 1000).toFixed(1)} s)`,
    );

    // pgbench runs before and after the ledger, and the reference is the mean of the two, so a
    // machine that gets busier or quieter during the run moves both sides of the ratio alike.
    const pgbenchCommand = `pgbench -b tpcb-like -c ${CLIENTS} -j 2 -T ${SECONDS} -n`;
    const reference = async (): Promise<PgbenchResult> => {
      console.log(`running ${pgbenchCommand} …`);
      await checkpoint(pgbenchUrl);
      return pgbenchRun(pgbench.bin, pgbenchUrl, SECONDS, CLIENTS);
    };
    const before = await reference();
    console.log(`running ledger scenario (a) member<->house …`);
    const a = await runScenario(
      'member<->house',
      ledger,
      database,
      ledgerUrl,
      betOrWin(accounts, 'a'),
    );
    console.log(`running ledger scenario (b) member<->member …`);
    const b = await runScenario(
      'member<->member',
      ledger,
      database,
      ledgerUrl,
      transfer(accounts, 'b'),
    );
    const after = await reference();
    const books = await verify(ledgerUrl);
    const tps = (before.tps + after.tps) / 2;
    const latencyAvg = (before.latencyAvg + after.latencyAvg) / 2;

    console.log('');
    console.log(`pgbench tpcb-like: ${rate(tps)} tps, latency avg ${ms(latencyAvg)}`);
    console.log(
      `  mean of ${pgbenchCommand} before and after the ledger: ` +
        `${rate(before.tps)} and ${rate(after.tps)} tps, ` +
        `${before.failed + after.failed} failed transactions`,
    );
    for (const r of [a, b]) {
      console.log(scenarioLine(r));
      console.log(`  ratio: ${(r.throughput / tps).toFixed(2)}`);
      console.log(
        `  max ${ms(r.max)}; benchmark client (Node) CPU ${(r.clientCpu * 100).toFixed(0)}% of one core`,
      );
      if (r.errorKinds.size > 0) {
        const kinds = [...r.errorKinds].map(([k, n]) => `${k} ×${n}`).join(', ');
        console.log(`  errors: ${kinds}`);
      }
    }
    console.log(`books after the run: ${books}`);
    console.log(
      b.throughput / tps >= 0.5
        ? 'target (ratio >= 0.5 for member<->member): met'
        : 'target (ratio >= 0.5 for member<->member): not met, see bench/README.md',
    );
    if (a.throughput < 0.75 * b.throughput) {
      console.log('note: member<->house is bounded by the one house row, see bench/README.md');
    }
  } catch (err) {
    if (interrupted) {
      // the signal handler has said why and is dropping the databases
    } else if (err instanceof EnvironmentProblem) {
      console.log(`ledger benchmark skipped: ${err.message}`);
    } else {
      console.log(`ledger benchmark did not finish: ${(err as Error).stack ?? String(err)}`);
    }
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

await main();
process.exitCode = 0;
