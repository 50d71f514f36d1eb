import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { biggestWinsIn, mostPlayedGames } from '../play';
import { floorTo, Rankings } from './rankings';
import { betRecords, gamePlayHourly, gameRollupCursors } from './schema';

let t: TestContext;
let rankings: Rankings;
beforeAll(async () => {
  t = await createTestApp();
  rankings = new Rankings(t.database.db, t.app.services.betStream);
});
afterAll(() => t.close());

const hourMs = 3_600_000;

interface Bet {
  game: number;
  minutesAgo: number;
  stake: number;
  payout: number;
  status: 'settled' | 'cancelled' | 'open';
}

/** Records as a vendor's settle writes them (straight into the stream, as the winners test does). */
async function write(merchantCode: string, bets: Bet[]) {
  if (bets.length === 0) return;
  const now = Date.now();
  await t.database.db.insert(betRecords).values(
    bets.map((b) => {
      const roundId = randomUUID();
      const at = new Date(now - b.minutesAgo * 60_000);
      return {
        id: `TEST:${roundId}`,
        merchantCode,
        accountId: `acc-${b.game % 3}`,
        vendorCode: 'TEST',
        gameId: `G${b.game}`,
        gameType: 'RNG',
        roundId,
        currency: 'TLB',
        stake: BigInt(b.stake),
        validBet: BigInt(b.stake),
        payout: BigInt(b.payout),
        status: b.status,
        placedAt: at,
        settledAt: b.status === 'open' ? null : at,
      };
    }),
  );
}

const bet = fc.record({
  game: fc.integer({ min: 0, max: 6 }),
  // Anywhere in the last six days, or well before the week (never counted).
  minutesAgo: fc.oneof(fc.integer({ min: 0, max: 6 * 24 * 60 }), fc.constant(9 * 24 * 60)),
  stake: fc.integer({ min: 1, max: 1000 }),
  payout: fc.integer({ min: 0, max: 5000 }),
  status: fc.constantFrom('settled', 'settled', 'settled', 'cancelled', 'open'),
}) as fc.Arbitrary<Bet>;

/** The ranking every read gives: hot games' order, and the winner boards' of a day and a week. */
async function ranked(merchantCode: string, read: 'rollup' | 'scan') {
  const since = floorTo(new Date(Date.now() - 7 * 86_400_000), hourMs);
  const day = { start: floorTo(new Date(Date.now() - 86_400_000), 900_000), end: new Date() };
  const week = { start: floorTo(new Date(Date.now() - 7 * 86_400_000), 900_000) };
  const db = t.database.db;
  const wins = async (w: { start: Date; end?: Date }, limit: number) =>
    (read === 'rollup'
      ? await rankings.biggestWins(merchantCode, w, limit)
      : await biggestWinsIn(db, merchantCode, w, limit)
    ).map((r) => [r.gameId, r.accountId, r.win.toString(), r.settledAt!.toISOString()]);
  return {
    played:
      read === 'rollup'
        ? await rankings.mostPlayed(merchantCode, since, 12)
        : await mostPlayedGames(db, merchantCode, since, 12),
    day: await wins(day, 20),
    week: await wins(week, 5),
  };
}

describe('the rankings rollup', () => {
  it('ranks games and wins as the scan of the stream does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(bet, { maxLength: 60 }),
        fc.array(bet, { maxLength: 20 }),
        async (first, later) => {
          const merchant = `P-${randomUUID().slice(0, 8)}`;
          await write(merchant, first);
          await rankings.advance();
          expect(await ranked(merchant, 'rollup')).toEqual(await ranked(merchant, 'scan'));
          // More bets after the cursor: the periods they fall in are recomputed.
          await write(merchant, later);
          await rankings.advance();
          expect(await ranked(merchant, 'rollup')).toEqual(await ranked(merchant, 'scan'));
        },
      ),
      { numRuns: 15 },
    );
  });

  it('advances by its cursor: a second run reads nothing, re-reading counts nothing twice', async () => {
    const merchant = `I-${randomUUID().slice(0, 8)}`;
    await write(merchant, [
      { game: 1, minutesAgo: 30, stake: 100, payout: 0, status: 'settled' },
      { game: 1, minutesAgo: 31, stake: 100, payout: 900, status: 'settled' },
      { game: 2, minutesAgo: 32, stake: 100, payout: 0, status: 'settled' },
    ]);
    expect(await rankings.advance()).toBeGreaterThanOrEqual(3);
    const figures = () =>
      t.database.db
        .select({
          gameId: gamePlayHourly.gameId,
          rounds: sql<number>`sum(${gamePlayHourly.rounds})::int`,
          payout: sql<string>`sum(${gamePlayHourly.payout})::text`,
        })
        .from(gamePlayHourly)
        .where(eq(gamePlayHourly.merchantCode, merchant))
        .groupBy(gamePlayHourly.gameId)
        .orderBy(gamePlayHourly.gameId);
    const once = await figures();
    expect(once).toEqual([
      { gameId: 'G1', rounds: 2, payout: '900' },
      { gameId: 'G2', rounds: 1, payout: '0' },
    ]);
    expect(await rankings.advance()).toBe(0);
    expect(await figures()).toEqual(once);

    // A record changed in place comes round again: its period is recomputed, not added to.
    await t.database.db.execute(
      sql`update bet_records set payout = 500 where merchant_code = ${merchant} and payout = 900`,
    );
    expect(await rankings.advance()).toBe(1);
    expect(await figures()).toEqual([
      { gameId: 'G1', rounds: 2, payout: '500' },
      { gameId: 'G2', rounds: 1, payout: '0' },
    ]);

    // The whole stream read again from its start: the same figures.
    await t.database.db
      .update(gameRollupCursors)
      .set({ cursor: '' })
      .where(eq(gameRollupCursors.name, 'rankings'));
    expect(await rankings.advance()).toBeGreaterThanOrEqual(4);
    expect(await figures()).toEqual([
      { gameId: 'G1', rounds: 2, payout: '500' },
      { gameId: 'G2', rounds: 1, payout: '0' },
    ]);
  });

  it('shows a new settled bet in hot games once the rollup has run, not before', async () => {
    const get = async () =>
      (await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_hotGamesV2' }))
        .json()
        .value.list.map((g: { nodeId: string }) => g.nodeId) as string[];
    const before = await get();
    expect(before.length).toBeGreaterThan(1);
    const last = before.at(-1)!;
    expect(before[0]).not.toBe(last);
    // Rounds of the last tile's game, written past the kernel (as a vendor's are).
    const roundId = randomUUID();
    await t.database.db.insert(betRecords).values({
      id: `TEST:${roundId}`,
      merchantCode: 'TYPH',
      accountId: randomUUID(),
      vendorCode: 'TEST',
      gameId: last,
      gameType: 'RNG',
      roundId,
      currency: 'TLB',
      stake: 100n,
      validBet: 100n,
      payout: 0n,
      status: 'settled',
      placedAt: new Date(),
      settledAt: new Date(),
    });
    // The answer is kept until the rollup moves.
    expect(await get()).toEqual(before);
    await t.app.services.games.rollUpRankings();
    expect((await get())[0]).toBe(last);
  });
});
