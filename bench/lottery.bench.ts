/**
 * Lottery settlement at scale on PostgreSQL: 100,000 bets of 1,000 members on one fast e-lottery
 * issue, drawn by the house and settled through the ledger. Prints how long settlement takes and
 * its bets per second, checks that the ledger paid exactly the sum the rules give, settles a second issue that is stopped halfway and
 * restarted, and runs `pgbench -b tpcb-like` on the same server as the reference.
 *
 *   npm run bench:lottery
 *   BENCH_DATABASE_URL=postgres://… BENCH_BETS=100000 npm run bench:lottery
 *
 * It measures and prints; it never fails: on an environment problem it says why and exits 0.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ELOTT_1M, settleBet, type LotteryResult } from '@taya/games';
import type { RunningServer } from '../apps/server/src/server';
import {
  benchDatabases,
  EnvironmentProblem,
  pgbenchInit,
  pgbenchRun,
  startBenchServer,
} from './pg-reference';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = 1_000;
const BETS = Number(process.env.BENCH_BETS ?? 100_000);

const seconds = (from: number) => (performance.now() - from) / 1000;

type Rows<T> = { rows: T[] };

async function main() {
  const { appUrl, refUrl, pgbench, drop } = await benchDatabases(BASE_URL, 'lottery');
  let server: RunningServer | undefined;
  try {
    server = await startBenchServer(appUrl);
    const { db } = server.database;
    const { lottery, wallet } = server.app.services;
    const exec = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as Rows<T>).rows;

    await lottery.scheduleDue();
    const seedStarted = performance.now();
    // Members with cash, each bet debited through the ledger as placing would (one entry each).
    const clearing = await wallet.ledger.account({
      merchantCode: 'TYPH',
      currency: 'TLB',
      ownerId: null,
      kind: 'payment_clearing',
      subKind: 'bench',
      allowNegative: true,
    });
    const members = Array.from({ length: MEMBERS }, (_, i) => `bench-member-${i}`);
    const cash = new Map<string, string>();
    for (const m of members) {
      const account = await wallet.cashAccount('TYPH', m);
      cash.set(m, account);
      await wallet.houseAccount('TYPH', 'TLB', m);
      await wallet.ledger.post({
        merchantCode: 'TYPH',
        idempotencyKey: `bench-fund:${m}`,
        type: 'deposit',
        actor: 'bench',
        postings: [
          { accountId: clearing, amount: -1_000_000_00n },
          { accountId: account, amount: 1_000_000_00n },
        ],
      });
    }

    /** BETS bets on an issue, spread over the members and a mix of bet types. */
    async function seedBets(issue: { id: string; issueId: string }, count: number) {
      await exec(sql`
        insert into lottery_bets (id, account_id, merchant_code, currency, game_code,
          issue_row_id, issue_id, bet_type, selection, positions, unit_stake, units, cost,
          request_id, seq, debit_entry_id)
        select ${issue.id} || '-' || lpad(k::text, 7, '0'), 'bench-member-' || (k % ${MEMBERS}),
          'TYPH', 'TLB', 'ELOTT_1M', ${issue.id}, ${issue.issueId},
          (array['SUM_BS', 'SUM_OE', 'POS_DIGIT', 'DRAGON_TIGER', 'FORM3'])[1 + k % 5],
          case k % 5
            when 0 then jsonb_build_array(case when k % 2 = 0 then 'big' else 'small' end)
            when 1 then jsonb_build_array(case when k % 3 = 0 then 'odd' else 'even' end)
            when 2 then jsonb_build_array((k % 10)::text)
            when 3 then jsonb_build_array((array['dragon', 'tiger', 'tie'])[1 + k % 3])
            else jsonb_build_array((array['leopard', 'straight', 'pair', 'half_straight', 'mixed'])[1 + k % 5])
          end,
          case k % 5 when 2 then jsonb_build_array(1 + k % 5)
            when 4 then jsonb_build_array(1, 2, 3) else null end,
          100 * (1 + k % 7), 1 + k % 3, 100 * (1 + k % 7) * (1 + k % 3),
          'bench-' || ${issue.id}, k, 'bench'
        from generate_series(1, ${count}::int) k`);
      const stakes = await exec<{ account_id: string; total: string }>(sql`
        select account_id, sum(cost)::text as total from lottery_bets
        where issue_row_id = ${issue.id} group by account_id`);
      for (const s of stakes) {
        await wallet.ledger.post({
          merchantCode: 'TYPH',
          idempotencyKey: `lottery:debit:${s.account_id}:bench-${issue.id}`,
          type: 'lottery_bet',
          actor: `member:${s.account_id}`,
          postings: [
            { accountId: cash.get(s.account_id)!, amount: -BigInt(s.total) },
            {
              accountId: await wallet.houseAccount('TYPH', 'TLB', s.account_id),
              amount: BigInt(s.total),
            },
          ],
        });
      }
      await exec(sql`update lottery_issues set bet_count = ${count} where id = ${issue.id}`);
    }

    const [first, second] = await exec<{ id: string; issue_id: string }>(sql`
      select id, issue_id from lottery_issues
      where game_code = 'ELOTT_1M' and status = 'open' order by draw_at limit 2`);
    if (!first || !second) throw new Error('no open issues were scheduled');
    await seedBets({ id: first.id, issueId: first.issue_id }, BETS);
    await seedBets({ id: second.id, issueId: second.issue_id }, Math.min(BETS, 20_000));
    await exec(sql`analyze`);
    const seedSeconds = seconds(seedStarted);

    // Both issues reach their draw time.
    await exec(sql`
      update lottery_issues set closes_at = now() - interval '2 seconds',
        draw_at = now() - interval '1 second'
      where id in (${first.id}, ${second.id})`);
    const drawn = await lottery.drawDue();
    if (drawn.drawn < 2) throw new Error('the issues were not drawn');

    /** What the rules give for every bet of an issue, summed; and what the ledger paid. */
    async function check(issueRowId: string) {
      const [issue] = await exec<{ result: LotteryResult | string; issue_id: string }>(
        sql`select result, issue_id from lottery_issues where id = ${issueRowId}`,
      );
      const result = (
        typeof issue!.result === 'string' ? JSON.parse(issue!.result) : issue!.result
      ) as LotteryResult;
      const bets = await exec<{
        bet_type: string;
        selection: string[];
        positions: number[] | null;
        unit_stake: string;
        units: number;
      }>(sql`
        select bet_type, selection, positions, unit_stake::text as unit_stake, units
        from lottery_bets where issue_row_id = ${issueRowId}`);
      let expected = 0n;
      for (const b of bets) {
        expected += settleBet(
          ELOTT_1M,
          {
            type: b.bet_type,
            selection: b.selection,
            ...(b.positions ? { positions: b.positions } : {}),
            unitStake: BigInt(b.unit_stake),
            units: b.units,
          },
          result,
        ).payout;
      }
      const [paid] = await exec<{ paid: string; entries: number; pending: number }>(sql`
        select coalesce(sum(p.amount), 0)::text as paid, count(distinct e.id)::int as entries,
          (select count(*)::int from lottery_bets
            where issue_row_id = ${issueRowId} and status = 'pending') as pending
        from ledger_entries e
        join ledger_postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id and a.kind = 'member_cash'
        where e.idempotency_key like ${`lottery:settle:${issueRowId}:%`}`);
      const [links] = await exec<{ n: number; unlinked: number }>(sql`
        select count(*) filter (where payout > 0)::int as n,
          count(*) filter (where payout > 0 and payout_entry_id is null)::int as unlinked
        from lottery_bets where issue_row_id = ${issueRowId}`);
      return {
        expected,
        paid: BigInt(paid!.paid),
        entries: paid!.entries,
        linked: links!.unlinked === 0,
        pending: paid!.pending,
        winners: links!.n,
      };
    }

    let t0 = performance.now();
    const settled = await lottery.settleIssue(first.id);
    const settleSeconds = seconds(t0);
    const again = await lottery.settleIssue(first.id);
    const books = await check(first.id);

    // The second issue: the settling process dies after its first batches, then runs again.
    let crashed = false;
    await lottery
      .settleIssue(second.id, {
        batchSize: 2_000,
        hooks: {
          afterPayouts: (batch) => {
            if (batch === 4) throw new Error('stopped');
          },
        },
      })
      .catch(() => {
        crashed = true;
      });
    const halfway = await exec<{ n: number }>(sql`
      select count(*)::int as n from lottery_bets where issue_row_id = ${second.id} and status <> 'pending'`);
    t0 = performance.now();
    await lottery.settleDue();
    const resumeSeconds = seconds(t0);
    const resumed = await check(second.id);
    await server.stop();
    server = undefined;

    pgbenchInit(pgbench.bin, refUrl, 32);
    const reference = pgbenchRun(pgbench.bin, refUrl, 10, 16);

    console.log(
      `lottery settlement, ${BETS} bets of ${MEMBERS} members on one ELOTT_1M issue, PostgreSQL at ${new URL(BASE_URL).host}`,
    );
    console.log(`  seeding: ${seedSeconds.toFixed(1)} s`);
    console.log(
      `  settlement: ${settleSeconds.toFixed(2)} s for ${settled.settled} bets (${(settled.settled / settleSeconds).toFixed(0)} bets/s), ${books.winners} paid, ${settled.paid} minor units; rerun settled ${again.settled}`,
    );
    console.log(
      `  ledger paid ${books.paid} = rules ${books.expected} → ${books.paid === books.expected ? 'exact' : 'DIFFERS'}; in ${books.entries} ledger entries, every paid bet linked to one: ${books.linked ? 'yes' : 'NO'}; pending left ${books.pending}`,
    );
    console.log(
      `  stopped halfway (${crashed ? 'stopped' : 'did not stop'} with ${halfway[0]!.n} bets settled), restarted in ${resumeSeconds.toFixed(2)} s: paid ${resumed.paid} = rules ${resumed.expected} → ${resumed.paid === resumed.expected ? 'exact' : 'DIFFERS'}; every paid bet linked: ${resumed.linked ? 'yes' : 'NO'}`,
    );
    console.log(
      `  pgbench -b tpcb-like -c 16 (${pgbench.version}): ${reference.tps.toFixed(0)} tps, latency avg ${reference.latencyAvg.toFixed(1)} ms`,
    );
    console.log(
      `  ratio: settlement ${(settled.settled / settleSeconds / reference.tps).toFixed(2)} bets per pgbench transaction time; settlement took ${(settleSeconds * reference.tps).toFixed(0)} pgbench transactions`,
    );
  } finally {
    await server?.stop().catch(() => {});
    await drop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof EnvironmentProblem) {
    console.log(`lottery benchmark skipped: ${err.message}`);
    return;
  }
  console.log(`lottery benchmark could not run: ${(err as Error).message}`);
});
