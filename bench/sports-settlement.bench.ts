/**
 * A simulated sportsbook day on PostgreSQL: the sandbox feed lists its fixtures, 200 members
 * place 5,000 tickets (three quarters singles, a quarter parlays of 2–6 legs) on the football and
 * basketball markets of the next 90 minutes, then the matches play out (the feed stepped minute
 * by minute) and every ticket settles through the kernel as its last leg is known. Prints the
 * placing and settling times, tickets per second, whether every ticket settled once and exactly,
 * a correction's resettlement, and `pgbench -b tpcb-like` on the same server as the reference.
 *
 *   npm run bench:sports-settlement
 *   BENCH_DATABASE_URL=postgres://… BENCH_TICKETS=5000 npm run bench:sports-settlement
 *
 * It measures and prints; it never fails: on an environment problem it says why and exits 0.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { settleLeg, ticketReturn } from '@taya/games';
import { sportsFixtures, sportsMarkets, sportsTickets } from '../apps/server/src/db/schema';
import { specOf } from '../apps/server/src/modules/sportsbook/wire';
import type { RunningServer } from '../apps/server/src/server';
import {
  benchDatabases,
  EnvironmentProblem,
  pgbenchInit,
  pgbenchRun,
  startBenchServer,
} from './pg-reference';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TICKETS = Number(process.env.BENCH_TICKETS ?? 5_000);
const PLAYERS = 200;
const PARALLEL = 16;

const seconds = (from: number) => (performance.now() - from) / 1000;
type Rows<T> = { rows: T[] };

async function main() {
  const { appUrl, refUrl, pgbench, drop } = await benchDatabases(BASE_URL, 'sports');
  let server: RunningServer | undefined;
  try {
    server = await startBenchServer(appUrl);
    const { db } = server.database;
    const { sportsbook, sportsFeed, wallet } = server.app.services;
    const exec = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as Rows<T>).rows;
    const t0 = Date.parse('2026-03-01T00:00:30Z');
    let clock = t0;
    sportsbook.deps.now = () => clock;
    await sportsFeed.step(clock);
    const soon = (
      await db.select().from(sportsFixtures).where(eq(sportsFixtures.source, 'feed:sandbox'))
    ).filter(
      (f) =>
        f.status === 'scheduled' &&
        (f.sport === 'football' || f.sport === 'basketball') &&
        f.startsAt.getTime() <= clock + 90 * 60_000,
    );
    const markets = (await db.select().from(sportsMarkets)).filter(
      (m) => m.status === 'open' && soon.some((f) => f.id === m.fixtureId),
    );
    const clearing = await wallet.ledger.account({
      merchantCode: 'TYPH',
      currency: 'TLB',
      ownerId: null,
      kind: 'payment_clearing',
      subKind: 'bench',
      allowNegative: true,
    });
    const players = Array.from({ length: PLAYERS }, (_, i) => `bench-sports-${i}`);
    for (const p of players) {
      const account = await wallet.cashAccount('TYPH', p);
      await wallet.ledger.post({
        merchantCode: 'TYPH',
        idempotencyKey: `bench-fund:${p}`,
        type: 'deposit',
        actor: 'bench',
        postings: [
          { accountId: clearing, amount: -100_000_00n },
          { accountId: account, amount: 100_000_00n },
        ],
      });
    }
    const placeStarted = performance.now();
    let parlays = 0;
    for (let i = 0; i < TICKETS; i += PARALLEL) {
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL, TICKETS - i) }, async (_, j) => {
          const n = i + j;
          const size = n % 4 === 0 ? 2 + (n % 5) : 1;
          const legs: { market: string; selection: string; odds: number }[] = [];
          const fixtures = new Set<string>();
          for (let k = 0; legs.length < size && k < 60; k++) {
            const m = markets[((n * 11 + k) * 7919) % markets.length]!;
            if (fixtures.has(m.fixtureId)) continue;
            const keys = Object.keys(m.odds);
            const selection = keys[((n * 11 + k) * 31) % keys.length]!;
            fixtures.add(m.fixtureId);
            legs.push({ market: m.id, selection, odds: m.odds[selection]! });
          }
          if (legs.length > 1) parlays += 1;
          // A long-odds parlay's stake stays under the ticket's maximum return (1,000,000.00).
          const combined = legs.reduce((product, l) => product * (l.odds / 1000), 1);
          const stake = Math.max(1, Math.min(10 + (n % 90), Math.floor(900_000 / combined)));
          await sportsbook.placeTicket(
            { accountId: players[n % PLAYERS]!, merchantCode: 'TYPH' },
            { requestId: `bench-${n}`, legs, stake: `${stake}.00`, accept: 'none' },
          );
        }),
      );
    }
    const placeSeconds = seconds(placeStarted);

    const settleStarted = performance.now();
    for (clock = t0 + 60_000; clock <= t0 + 140 * 60_000; clock += 60_000)
      await sportsFeed.step(clock);
    const settleSeconds = seconds(settleStarted);

    const tickets = await db.select().from(sportsTickets);
    const legs = await exec<{
      ticket_id: string;
      market_id: string;
      selection: string;
      odds: number;
    }>(sql`select ticket_id, market_id, selection, odds from sports_ticket_legs`);
    const all = new Map((await db.select().from(sportsMarkets)).map((m) => [m.id, m]));
    const settles = new Map(
      (
        await exec<{ reference: string; n: number }>(sql`
          select reference, count(*)::int as n from ledger_entries
          where idempotency_key like 'sports:settle:%' group by reference`)
      ).map((e) => [e.reference, e.n]),
    );
    let exact = 0;
    let once = 0;
    for (const ticket of tickets) {
      const own = legs.filter((l) => l.ticket_id === ticket.id);
      const expected = ticketReturn(
        ticket.stake,
        own.map((l) => {
          const m = all.get(l.market_id)!;
          return {
            odds: l.odds,
            outcome: settleLeg({
              spec: specOf(m),
              selection: l.selection,
              score: m.status === 'void' ? null : m.score,
            }),
          };
        }),
      );
      if (ticket.payout === expected) exact += 1;
      if (settles.get(ticket.kernelRoundId) === 1) once += 1;
    }
    // A correction: the busiest fixture's score gains a home goal.
    const busiest = soon
      .map((f) => ({ f, n: legs.filter((l) => all.get(l.market_id)!.fixtureId === f.id).length }))
      .sort((a, b) => b.n - a.n)[0]!.f;
    const [row] = await db.select().from(sportsFixtures).where(eq(sportsFixtures.id, busiest.id));
    const period = busiest.sport === 'football' ? 'ft' : 'ot';
    const result = row!.result!;
    const correctStarted = performance.now();
    const corrected = await server.app.services.sportsSettlement.resultFixture(
      busiest.id,
      { ...result, [period]: { home: result[period]!.home + 1, away: result[period]!.away } },
      'bench',
      'a goal given after review',
    );
    const correctSeconds = seconds(correctStarted);
    const [unbalanced] = await exec<{ n: number }>(sql`
      select count(*)::int as n from (select entry_id from ledger_postings
      group by entry_id, currency having sum(amount) <> 0) u`);

    pgbenchInit(pgbench.bin, refUrl, 32);
    const reference = pgbenchRun(pgbench.bin, refUrl, 10, 16);
    console.log(
      `sportsbook day: ${tickets.length} tickets (${parlays} parlays) from ${PLAYERS} members on ${soon.length} fixtures`,
    );
    console.log(
      `  placing: ${placeSeconds.toFixed(1)} s (${(tickets.length / placeSeconds).toFixed(0)} tickets/s, ${PARALLEL} at a time)`,
    );
    console.log(
      `  the day played and settled: ${settleSeconds.toFixed(1)} s (${(tickets.length / settleSeconds).toFixed(0)} tickets/s, feed steps included)`,
    );
    console.log(
      `  settled once ${once}/${tickets.length}, payout exact ${exact}/${tickets.length}; unbalanced entries ${unbalanced!.n}`,
    );
    console.log(
      `  correction of ${busiest.home} v ${busiest.away}: ${corrected.resettled} tickets resettled in ${correctSeconds.toFixed(2)} s`,
    );
    console.log(
      `  pgbench -b tpcb-like -c 16 (${pgbench.version}): ${reference.tps.toFixed(0)} tps, latency avg ${reference.latencyAvg.toFixed(1)} ms`,
    );
    console.log(
      `  ratio: settling the day took ${(settleSeconds * reference.tps).toFixed(0)} pgbench transactions (${((settleSeconds * reference.tps) / tickets.length).toFixed(1)} per ticket)`,
    );
  } finally {
    await server?.stop().catch(() => {});
    await drop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof EnvironmentProblem) {
    console.log(`sportsbook settlement benchmark skipped: ${err.message}`);
    return;
  }
  console.log(`sportsbook settlement benchmark could not run: ${(err as Error).message}`);
});
