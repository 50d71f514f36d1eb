import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { insertMembers } from '../../test/members';
import type { InstantRound } from './instant';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const cashOf = async (player: string) =>
  t.app.services.wallet.accountBalance(await t.app.services.wallet.cashAccount('TYPH', player));

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as { rows: T[] }).rows;

/** The books: every entry balanced, every balance its postings, nothing negative, nothing held. */
async function books() {
  const [r] = await rows<{ unbalanced: number; drifted: number; negative: number; held: number }>(
    sql`select
      (select count(*)::int from (select entry_id from ledger_postings
        group by entry_id, currency having sum(amount) <> 0) x) as unbalanced,
      (select count(*)::int from ledger_accounts a where a.balance <> coalesce(
        (select sum(p.amount) from ledger_postings p where p.account_id = a.id), 0)) as drifted,
      (select count(*)::int from ledger_accounts where not allow_negative and balance < 0) as negative,
      (select count(*)::int from ledger_holds where status = 'held') as held`,
  );
  expect(r).toEqual({ unbalanced: 0, drifted: 0, negative: 0, held: 0 });
}

const round = (player: string, stake: bigint, payout: bigint, id = randomUUID()): InstantRound => {
  const betId = randomUUID();
  return {
    round: {
      id,
      merchantCode: 'TYPH',
      gameId: 'instant-test',
      gameCode: 'INSTANT_TEST',
      gameType: 'SLOT',
      vendorCode: 'TEST',
      engine: 'test@1',
      seedCommitment: 'c'.repeat(64),
    },
    currency: 'TLB',
    bet: { id: betId, player, stake, payout, detail: { lines: 1 } },
    keys: { hold: `instant:${id}:bet`, settle: `instant:${id}:settle:${betId}` },
    actor: 'game:INSTANT_TEST',
    state: { payout: payout.toString() },
    serverSeed: 's'.repeat(64),
    clientSeed: 'client',
  };
};

/** Refusals a round may meet here; anything else fails the property. */
const expected = new Set(['insufficient_funds', 'idempotency_conflict', 'gaming_disabled']);

describe('group commit of instant rounds', () => {
  it('property: concurrent rounds of random players, stakes, repeats and blocks keep the books exact', async () => {
    const { play } = t.app.services;
    const players = await insertMembers(t, 5, 'instant');
    const funds = new Map<string, bigint>();
    for (const [i, p] of players.entries()) {
      // Some players can afford a few spins only: their later rounds are refused.
      const amount = i < 2 ? 50_00n : 5_000_00n;
      await fund(t.app, p, amount, `instant:${p}`);
      funds.set(p, amount);
    }
    const blocked = players[4]!;
    await t.database.db.execute(
      sql`insert into gaming_blocks (merchant_code, account_id, blocked_by, reason)
          values ('TYPH', ${blocked}, 'test', 'test')`,
    );
    const spin = fc.record({
      player: fc.nat(4),
      stake: fc.integer({ min: 1, max: 30_00 }),
      payout: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30_00 })),
      // Sent again under the same round id (a retry racing its first try).
      repeat: fc.boolean(),
    });
    let batchesSeen = 0;
    const refusals = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(spin, { minLength: 1, maxLength: 40 }), async (spins) => {
        const items = spins.flatMap((s) => {
          const item = round(players[s.player]!, BigInt(s.stake), BigInt(s.payout));
          return s.repeat ? [item, { ...item, bet: { ...item.bet, id: randomUUID() } }] : [item];
        });
        const before = new Map<string, bigint>();
        for (const p of players) before.set(p, await cashOf(p));
        // All at once, as many players' spins arrive together.
        const results = await Promise.all(
          items.map((item) =>
            play.playInstant(item).then(
              (played) => ({ item, played, error: null }),
              (error: unknown) => ({ item, played: null, error }),
            ),
          ),
        );
        for (const r of results) {
          if (r.error === null) continue;
          if (!(r.error instanceof AppError) || !expected.has(r.error.code)) throw r.error;
          refusals.set(r.error.code, (refusals.get(r.error.code) ?? 0) + 1);
        }
        const accepted = results.filter((r) => r.played);
        // Each round id is played at most once, and a blocked player never.
        const ids = accepted.map((r) => r.item.round.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const r of results.filter((x) => x.item.bet.player === blocked))
          expect((r.error as AppError).code).toBe('gaming_disabled');
        // A refused round left nothing (unless its twin was played under the same id).
        const refusedIds = results
          .filter((r) => r.error && !ids.includes(r.item.round.id))
          .map((r) => r.item.round.id);
        if (refusedIds.length > 0) {
          const left = await rows<{ n: number }>(
            sql`select count(*)::int as n from rounds where id = any(${sql.param(refusedIds)}::text[])`,
          );
          expect(left[0]!.n).toBe(0);
        }
        // Every accepted round: settled, one bet, its two entries, one bet record.
        if (ids.length > 0) {
          const written = await rows<{
            id: string;
            status: string;
            bets: number;
            entries: number;
            records: number;
            payout: string;
          }>(sql`
            select r.id, r.status,
              (select count(*)::int from bets b where b.round_id = r.id and b.status = 'settled') as bets,
              (select count(*)::int from ledger_entries e where e.reference = r.id) as entries,
              (select count(*)::int from bet_records x where x.round_id = r.id) as records,
              (select b.payout::text from bets b where b.round_id = r.id) as payout
            from rounds r where r.id = any(${sql.param(ids)}::text[])`);
          expect(written).toHaveLength(ids.length);
          for (const w of written) {
            const r = accepted.find((a) => a.item.round.id === w.id)!;
            expect(w).toEqual({
              id: w.id,
              status: 'settled',
              bets: 1,
              entries: 2,
              records: 1,
              payout: r.item.bet.payout.toString(),
            });
          }
          const batches = await rows<{ n: number }>(
            sql`select count(distinct opened_at)::int as n from rounds where id = any(${sql.param(ids)}::text[])`,
          );
          if (batches[0]!.n < ids.length) batchesSeen++;
        }
        // Each player's cash moved by exactly its accepted rounds.
        for (const p of players) {
          const moved = accepted
            .filter((r) => r.item.bet.player === p)
            .reduce((sum, r) => sum - r.item.bet.stake + r.item.bet.payout, 0n);
          const after = await cashOf(p);
          expect(after).toBe(before.get(p)! + moved);
          // The cash a round answers is one the player really had at some point.
          for (const r of accepted.filter((a) => a.item.bet.player === p))
            expect(r.played!.cashAfter >= 0n).toBe(true);
        }
        await books();
      }),
      { numRuns: 15 },
    );
    // Rounds arriving together were written together, and every kind of refusal was met.
    expect(batchesSeen).toBeGreaterThan(0);
    expect([...refusals.keys()].sort()).toEqual([...expected].sort());
  }, 240_000);

  it('a round that breaks its batch fails alone; the others of the batch are played', async () => {
    const { play } = t.app.services;
    const [a, b, c] = await insertMembers(t, 3, 'instbrk');
    for (const p of [a!, b!, c!]) await fund(t.app, p, 100_00n, `instbrk:${p}`);
    const good = [round(a!, 10_00n, 0n), round(c!, 5_00n, 20_00n)];
    const bad = {
      ...round(b!, 10_00n, 0n),
      within: async () => {
        throw new Error('the caller’s own write failed');
      },
    };
    const results = await Promise.allSettled([
      play.playInstant(good[0]!),
      play.playInstant(bad),
      play.playInstant(good[1]!),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await cashOf(a!)).toBe(90_00n);
    expect(await cashOf(b!)).toBe(100_00n);
    expect(await cashOf(c!)).toBe(115_00n);
    const left = await rows<{ n: number }>(
      sql`select count(*)::int as n from rounds where id = ${bad.round.id}`,
    );
    expect(left[0]!.n).toBe(0);
    await books();
  });
});
