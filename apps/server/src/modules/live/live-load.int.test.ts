import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baccaratPay, shuffleShoe, type BaccaratHand, type BaccaratSpot } from '@taya/games';
import { buildApp } from '../../app';
import type { Database } from '../../platform/db';
import { listenForSockets, until, watchFeed, type TestSocket } from '../../test/feed-socket';
import {
  createTestDatabase,
  fund,
  testConfig,
  testDatabaseUrl,
  type TestContext,
} from '../../test/harness';
import { balanceOf, insertMembers } from '../../test/members';
import { LiveRunner } from './runner';

/**
 * 300 players at one baccarat table for 20 rounds, each watching over a real WebSocket, with
 * the node restarted halfway through while a round holds its bets. Every bet must be settled
 * exactly once at the rules' payout, and the books must balance.
 */
const PLAYERS = 300;
const ROUNDS = 20;
const START = 10_000_00n;

let database: Database & { url: string | null };
let app: FastifyInstance;
let clock = Date.parse('2026-03-01T00:00:00Z');
let sockets: {
  socket: TestSocket;
  frames: { type: string; table?: string; [k: string]: unknown }[];
}[] = [];

/** Builds a node on the shared database, as a restarted process would. */
async function startNode(): Promise<{ app: FastifyInstance; runner: LiveRunner }> {
  const node = await buildApp({ config: testConfig(), database });
  await node.ready();
  node.services.live.deps.options.now = () => clock;
  return { app: node, runner: new LiveRunner(node.services.live) };
}

async function connectAll(node: FastifyInstance) {
  const base = await listenForSockets(node);
  sockets = [];
  for (let i = 0; i < PLAYERS; i += 50)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, PLAYERS - i) }, () => watchFeed(`${base}/ws/live`)),
      )),
    );
}

beforeAll(async () => {
  if (testDatabaseUrl) database = await createTestDatabase();
});
afterAll(async () => {
  for (const s of sockets) s.socket.close();
  await app?.close();
  await database?.close();
});

const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: R[] }).rows;

/** Player i's stakes in round r (minor units), deterministic and varied; every 10th bets twice. */
function stakesOf(i: number, r: number): { spot: BaccaratSpot; amount: bigint }[][] {
  const main: BaccaratSpot = (i + r) % 2 ? 'banker' : 'player';
  const first: { spot: BaccaratSpot; amount: bigint }[] = [
    { spot: main, amount: 10_00n + BigInt((i * 7 + r * 13) % 50) * 100n + BigInt(i % 3) },
  ];
  if ((i + r) % 5 === 0) first.push({ spot: 'tie', amount: 10_00n });
  if ((i + r) % 7 === 0)
    first.push({ spot: i % 2 ? 'player-pair' : 'banker-pair', amount: 10_00n });
  return i % 10 === 0
    ? [first, [{ spot: main === 'banker' ? 'player' : 'banker', amount: 15_00n }]]
    : [first];
}

// Many connections betting at once: on PostgreSQL (the CI's second pass), where bets really run
// side by side; the embedded database takes one transaction at a time.
describe.skipIf(!testDatabaseUrl)('a busy baccarat table (PostgreSQL)', () => {
  it('300 players over WebSocket for 20 rounds, a restart halfway: every bet settled once, exactly', async () => {
    let node = await startNode();
    app = node.app;
    const t = { app, database } as unknown as TestContext;
    const ids = await insertMembers(t, PLAYERS, 'load');
    for (const id of ids) await fund(app, id, START, `live-load:${id}`);
    await connectAll(app);
    const expected = new Map(ids.map((id) => [id, START]));
    const table = () => node.app.services.live.tableRow('BAC-1');
    const step = async (at: number) => {
      clock = at;
      return node.runner.stepTable(await table(), at);
    };
    /** Steps BAC-1 until a round takes bets. */
    const bettingRound = async () => {
      for (;;) {
        const round = await node.app.services.live.liveRound(database.db, 'BAC-1');
        if (round?.status === 'betting' && clock < round.bettingEndsAt.getTime()) return round;
        if (round?.status === 'betting') await step(round.bettingEndsAt.getTime());
        else {
          const wait = await step(Math.max(clock, round?.nextAt?.getTime() ?? clock));
          clock += Math.min(wait, 10_000);
        }
      }
    };
    const placeAll = async (round: number) =>
      Promise.all(
        ids.map(async (id, i) => {
          for (const [k, stakes] of stakesOf(i, round).entries())
            await node.app.services.live.bet({ accountId: id, merchantCode: 'TYPH' }, 'BAC-1', {
              requestId: `load-${round}-${k}-${id.slice(0, 13)}`,
              round,
              stakes: stakes.map((s) => ({
                spot: s.spot,
                amount: `${s.amount / 100n}.${(s.amount % 100n).toString().padStart(2, '0')}`,
              })),
            });
        }),
      );
    /** Pays every player's stakes of a dealt round by the rules, from the re-shuffled shoe. */
    const settleExpected = async (round: number) => {
      const [row] = await rows<{
        outcome: BaccaratHand & { at: number };
        server_seed: string;
        client_seed: string;
      }>(sql`
        select r.outcome, s.server_seed, s.client_seed from live_rounds r
        join live_shoes s on s.id = r.shoe_id where r.id = ${`BAC-1:${round}`}`);
      const hand = row!.outcome;
      // The outcome the table stored is the shoe's cards at its position.
      const cards = shuffleShoe(8, row!.server_seed, row!.client_seed);
      expect(hand.player[0]).toBe(cards[hand.at]);
      expect(hand.banker[0]).toBe(cards[hand.at + 1]);
      ids.forEach((id, i) => {
        let change = 0n;
        for (const stakes of stakesOf(i, round))
          for (const s of stakes)
            change += baccaratPay('classic', s.spot, s.amount, hand) - s.amount;
        expected.set(id, expected.get(id)! + change);
      });
    };
    const entries = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from ledger_entries`))[0]!.n;

    for (let n = 1; n <= ROUNDS; n++) {
      const round = await bettingRound();
      await placeAll(round.number);
      if (n === 10) {
        // The node dies with the round holding every bet (its timer not run out); a new node on
        // the same database deals it once betting has closed.
        for (const s of sockets) s.socket.close();
        await node.app.close();
        node = await startNode();
        app = node.app;
        await connectAll(app);
      }
      const before = await entries();
      for (const s of sockets) s.frames.length = 0;
      await step(round.bettingEndsAt.getTime());
      // ONE wallet entry settled the round's bets.
      expect({ n, entries: (await entries()) - before }).toEqual({ n, entries: 1 });
      await settleExpected(round.number);
      // Every watcher saw the round's result.
      await until(
        () =>
          sockets.every((s) =>
            s.frames.some(
              (f) =>
                f.type === 'result' &&
                f.table === 'BAC-1' &&
                (f.result as { round: number }).round === round.number,
            ),
          ),
        30_000,
      );
      if (n === 10 || n === ROUNDS)
        for (const id of ids)
          expect({ id, balance: await balanceOf(t, id, 'member_cash') }).toEqual({
            id,
            balance: expected.get(id),
          });
    }

    // Every kernel bet of the table settled exactly once, matching the table's bets.
    const kernel = await rows<{ status: string; n: number; closes: number; payout: string }>(sql`
      select status, count(*)::int as n, count(distinct close_entry_id)::int as closes,
             sum(payout)::text as payout
      from bets where round_id like 'live-BAC-1-%' group by status`);
    const tableBets = await rows<{ n: number; payout: string }>(sql`
      select count(*)::int as n, sum(payout)::text as payout from live_bets where table_code = 'BAC-1'`);
    // Each player's one or two bets in each of the 20 rounds.
    let betsPlaced = 0;
    for (let r = 1; r <= ROUNDS; r++) ids.forEach((_, i) => (betsPlaced += stakesOf(i, r).length));
    expect(kernel).toEqual([
      { status: 'settled', n: tableBets[0]!.n, closes: ROUNDS, payout: tableBets[0]!.payout },
    ]);
    expect(tableBets[0]!.n).toBe(betsPlaced);
    expect(
      await rows(
        sql`select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`,
      ),
    ).toEqual([]);
    expect(await rows(sql`select id from ledger_holds where status = 'held'`)).toEqual([]);
  }, 600_000);
});
