import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketSelections, settleLeg, ticketReturn, type MarketSpec } from '@taya/games';
import { games } from '../games/schema';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { balanceOf, insertMembers } from '../../test/members';
import { sportsFixtures, sportsMarkets, sportsTickets } from './schema';
import { specOf } from './wire';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db
    .update(games)
    .set({ enabled: true })
    .where(inArray(games.gameCode, ['TAYA_SPORTS', 'TAYA_ESPORTS']));
  t.app.services.games.invalidate('TYPH');
});
afterAll(() => t.close());

const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

const score = fc.record({ home: fc.nat(5), away: fc.nat(5) }, { noNullPrototype: true });
const kinds: MarketSpec[] = [
  { kind: '1x2' },
  { kind: 'btts' },
  { kind: 'oe' },
  { kind: 'cs', scores: ['0-0', '1-0', '0-1', '1-1', '2-1'] },
];
const op = fc.oneof(
  fc.record({
    kind: fc.constant('ticket' as const),
    player: fc.nat(1),
    legs: fc.uniqueArray(fc.record({ fixture: fc.nat(2), market: fc.nat(5), pick: fc.nat(9) }), {
      minLength: 1,
      maxLength: 3,
      selector: (l) => l.fixture,
    }),
    stake: fc.bigInt({ min: 10_00n, max: 500_00n }),
  }),
  fc.record({ kind: fc.constant('result' as const), fixture: fc.nat(2), ft: score, h1: score }),
  fc.record({ kind: fc.constant('void' as const), fixture: fc.nat(2), market: fc.nat(5) }),
);

describe('the sportsbook’s books, property', () => {
  it('random fixtures, tickets, results, corrections and voids: the books balance and every ticket pays exactly its legs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -8, max: 8 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 16 }), { minLength: 3, maxLength: 3 }),
        fc.array(op, { minLength: 3, maxLength: 14 }),
        async (ahLines, ouLines, ops) => {
          const run = randomUUID().slice(0, 8);
          const players = await insertMembers(t, 2, `sbp${run}`);
          for (const p of players) await fund(t.app, p, 100_000_00n, `fund-${p}`);
          // Three fixtures, each with six markets: 1X2, BTTS, odd/even, correct score, a handicap
          // and a total (random quarter lines), priced 1.50–4.00.
          const fixtures = [0, 1, 2].map((i) => `p-${run}-${i}`);
          await t.database.db.insert(sportsFixtures).values(
            fixtures.map((id) => ({
              id,
              sport: 'football',
              leagueId: 'sbx-vfl',
              home: 'Home FC',
              away: 'Away FC',
              startsAt: new Date(Date.now() + 3_600_000),
              source: 'manual',
            })),
          );
          const specs = (i: number): MarketSpec[] => [
            ...kinds,
            { kind: 'ah', line: ahLines[i]! },
            { kind: 'ou', line: ouLines[i]! },
          ];
          const marketIds = fixtures.map((f, i) => specs(i).map((_, k) => `${f}:m${k}`));
          await t.database.db.insert(sportsMarkets).values(
            fixtures.flatMap((f, i) =>
              specs(i).map((spec, k) => ({
                id: marketIds[i]![k]!,
                fixtureId: f,
                kind: spec.kind,
                period: 'ft' as const,
                line: spec.line ?? null,
                scoresOffered: spec.scores ? [...spec.scores] : null,
                odds: Object.fromEntries(
                  marketSelections(spec).map((s, n) => [s, 1500 + ((n * 730 + k * 110) % 2500)]),
                ),
              })),
            ),
          );
          const staked = [0n, 0n];
          const resulted = new Set<number>();
          for (const o of ops) {
            if (o.kind === 'ticket') {
              const legs = o.legs.map((l) => {
                const spec = specs(l.fixture)[l.market]!;
                const sels = marketSelections(spec);
                return {
                  market: marketIds[l.fixture]![l.market]!,
                  selection: sels[l.pick % sels.length]!,
                };
              });
              const markets = await t.database.db
                .select()
                .from(sportsMarkets)
                .where(
                  inArray(
                    sportsMarkets.id,
                    legs.map((l) => l.market),
                  ),
                );
              try {
                await t.app.services.sportsbook.placeTicket(
                  { accountId: players[o.player]!, merchantCode: 'TYPH' },
                  {
                    requestId: randomUUID(),
                    legs: legs.map((l) => ({
                      ...l,
                      odds: markets.find((m) => m.id === l.market)!.odds[l.selection]!,
                    })),
                    stake: `${o.stake / 100n}.${(o.stake % 100n).toString().padStart(2, '0')}`,
                    accept: 'none',
                  },
                );
                staked[o.player]! += o.stake;
              } catch (error) {
                // Only a market that no longer takes bets refuses it (settled or voided).
                expect((error as { code?: string }).code).toBe('odds_changed');
                expect(markets.some((m) => m.status !== 'open')).toBe(true);
              }
            } else if (o.kind === 'result') {
              // A second result of the same fixture is a correction.
              await t.app.services.sportsSettlement.resultFixture(
                fixtures[o.fixture]!,
                { ft: o.ft, h1: o.h1 },
                'operator:test',
                resulted.has(o.fixture) ? 'corrected after review' : null,
              );
              resulted.add(o.fixture);
            } else {
              await t.app.services.sportsSettlement.voidMarkets(
                fixtures[o.fixture]!,
                marketIds[o.fixture]![o.market]!,
                'operator:test',
                'a palpable error',
              );
            }
          }

          // Every ticket whose legs are all known is settled at exactly its legs' return; the
          // rest are open and hold their stake.
          const tickets = await t.database.db
            .select()
            .from(sportsTickets)
            .where(inArray(sportsTickets.player, players));
          const legs = await rows<{
            ticket_id: string;
            market_id: string;
            selection: string;
            odds: number;
            outcome: string | null;
          }>(
            sql`select ticket_id, market_id, selection, odds, outcome from sports_ticket_legs
                where ticket_id in (select id from sports_tickets where player in (${sql.join(
                  players.map((p) => sql`${p}`),
                  sql`, `,
                )}))`,
          );
          const markets = new Map(
            (
              await t.database.db
                .select()
                .from(sportsMarkets)
                .where(inArray(sportsMarkets.fixtureId, fixtures))
            ).map((m) => [m.id, m]),
          );
          const paid = [0n, 0n];
          for (const ticket of tickets) {
            const own = legs.filter((l) => l.ticket_id === ticket.id);
            const outcomes = own.map((l) => {
              const m = markets.get(l.market_id)!;
              if (m.status === 'open' || m.status === 'suspended') return null;
              return settleLeg({
                spec: specOf(m),
                selection: l.selection,
                score: m.status === 'void' ? null : m.score,
              });
            });
            expect(own.map((l) => l.outcome)).toEqual(outcomes);
            if (outcomes.some((x) => x === null)) {
              expect(ticket.status).toBe('open');
              continue;
            }
            const expected = ticketReturn(
              ticket.stake,
              own.map((l, n) => ({ odds: l.odds, outcome: outcomes[n]! })),
            );
            expect(ticket.payout).toBe(expected);
            paid[players.findIndex((p) => p === ticket.player)]! += expected;
          }
          for (const [i, p] of players.entries())
            expect(await balanceOf(t, p, 'member_cash')).toBe(100_000_00n - staked[i]! + paid[i]!);
          expect(
            await rows(
              sql`select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`,
            ),
          ).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });
});
