import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { potentialReturn, settleLeg, ticketReturn } from '@taya/games';
import { auditLog } from '../../platform/audit-schema';
import { games } from '../games/schema';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { balanceOf, insertMembers, newMember } from '../../test/members';
import { sportsFixtures, sportsMarkets, sportsTickets } from './schema';
import { specOf } from './wire';

let t: TestContext;
const T0 = Date.parse('2026-11-29T00:00:30Z');
let clock = T0;
beforeAll(async () => {
  t = await createTestApp();
  t.app.services.sportsbook.deps.now = () => clock;
  // Sports and e-sports are switched off until an operator switches them on.
  await t.database.db
    .update(games)
    .set({ enabled: true })
    .where(inArray(games.gameCode, ['TAYA_SPORTS', 'TAYA_ESPORTS']));
  t.app.services.games.invalidate('TYPH');
});
afterAll(() => t.close());

const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
const ledgerBalanced = async () =>
  expect(
    await rows(
      sql`select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`,
    ),
  ).toEqual([]);
const cash = (id: string) => balanceOf(t, id, 'member_cash');
const admin = async () => ({ authorization: `Bearer ${await t.loginOperator({ role: 'admin' })}` });
const ops = async (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url: `/ops/sportsbook${url}`, headers: await admin(), payload });
/** A trader's fixture with a 1X2, a handicap and a total, all open. */
async function manualFixture(home = 'Cebu Sharks', away = 'Iloilo Hawks') {
  const created = await ops('POST', '/fixtures', {
    sport: 'football',
    league: 'sbx-vfl',
    home,
    away,
    startsAt: new Date(clock + 3_600_000).toISOString(),
  });
  expect(created.statusCode).toBe(200);
  const id = created.json().value.id as string;
  for (const body of [
    { kind: '1x2', period: 'ft', odds: { home: '2.10', draw: '3.30', away: '3.60' }, main: true },
    { kind: 'ah', period: 'ft', line: '-0.75', odds: { home: '1.95', away: '1.90' }, main: true },
    { kind: 'ou', period: 'ft', line: '2.25', odds: { over: '1.88', under: '1.97' }, main: true },
  ]) {
    const res = await ops('POST', `/fixtures/${id}/markets`, body);
    expect(res.statusCode).toBe(200);
  }
  const markets = (await ops('PATCH', `/fixtures/${id}`, {})).json().value.markets as {
    id: string;
    kind: string;
  }[];
  const of = (kind: string) => markets.find((m) => m.kind === kind)!.id;
  return { id, x12: of('1x2'), ah: of('ah'), ou: of('ou') };
}

describe('the trader’s fixtures and the bet slip', () => {
  it('offers nothing while sports are switched off for the merchant', async () => {
    await t.database.db
      .update(games)
      .set({ enabled: false })
      .where(eq(games.gameCode, 'TAYA_ESPORTS'));
    t.app.services.games.invalidate('TYPH');
    const off = await t.app.inject({ method: 'GET', url: '/sportsbook?family=esports' });
    expect(off.statusCode).toBe(404);
    await t.database.db
      .update(games)
      .set({ enabled: true })
      .where(eq(games.gameCode, 'TAYA_ESPORTS'));
    t.app.services.games.invalidate('TYPH');
    const on = await t.app.inject({ method: 'GET', url: '/sportsbook?family=esports' });
    expect(on.statusCode).toBe(200);
  });

  it('refuses a moved price unless the slip accepts it, and moves nothing when it refuses', async () => {
    const m = await newMember(t);
    await fund(t.app, m.id, 100_000n, `fund-${m.id}`);
    const f = await manualFixture();
    const moved = await ops('PATCH', `/markets/${f.x12}`, {
      odds: { home: '2.00', draw: '3.40', away: '3.80' },
    });
    expect(moved.statusCode).toBe(200);
    const slip = (accept: string, odds = 2100) => ({
      requestId: randomUUID(),
      legs: [{ market: f.x12, selection: 'home', odds }],
      stake: '100',
      accept,
    });
    for (const accept of ['none', 'higher']) {
      const res = await m.post('/sportsbook/tickets', slip(accept));
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('odds_changed');
      expect(res.json().value.legs).toEqual([{ market: f.x12, selection: 'home', odds: 2000 }]);
    }
    expect(await cash(m.id)).toBe(100_000n);
    // A price that rose is taken by "higher"; any move by "any", at the price now.
    const up = await m.post('/sportsbook/tickets', { ...slip('higher', 1900) });
    expect(up.statusCode).toBe(200);
    expect(up.json().value.legs[0].odds).toBe(2000);
    const any = await m.post('/sportsbook/tickets', slip('any'));
    expect(any.statusCode).toBe(200);
    expect(any.json().value).toMatchObject({ odds: 2000, potential: '200.00', stake: '100.00' });
    expect(any.json().value.balance).toBe('800.00');
    // The same request again answers the same ticket.
    const again = await m.post('/sportsbook/tickets', { ...slip('any'), requestId: undefined });
    expect(again.statusCode).toBe(400);
    // A suspended market takes nothing.
    await ops('PATCH', `/markets/${f.ah}`, { status: 'suspended' });
    const suspended = await m.post('/sportsbook/tickets', {
      requestId: randomUUID(),
      legs: [{ market: f.ah, selection: 'home', odds: 1950 }],
      stake: '10',
    });
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json().value.legs[0].odds).toBeNull();
    // A parlay takes one leg per fixture.
    const same = await m.post('/sportsbook/tickets', {
      requestId: randomUUID(),
      legs: [
        { market: f.x12, selection: 'home', odds: 2000 },
        { market: f.ou, selection: 'over', odds: 1880 },
      ],
      stake: '10',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/one leg per fixture/);
    expect(await cash(m.id)).toBe(80_000n);
    await ledgerBalanced();
  });

  it('holds a player to a market’s limit and a ticket’s largest return', async () => {
    const m = await newMember(t);
    await fund(t.app, m.id, 10_000_000n, `fund-${m.id}`);
    const f = await manualFixture();
    await ops('PATCH', `/markets/${f.x12}`, { stakeFactor: 10 }); // 5,000.00 on this market
    const bet = (stake: string, requestId = randomUUID()) =>
      m.post('/sportsbook/tickets', {
        requestId,
        legs: [{ market: f.x12, selection: 'draw', odds: 3300 }],
        stake,
      });
    expect((await bet('4000')).statusCode).toBe(200);
    const over = await bet('1000.01');
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/1000.00 left/);
    expect((await bet('5')).statusCode).toBe(400); // below the smallest stake, 10
    expect((await bet('1000')).statusCode).toBe(200);
    expect(await cash(m.id)).toBe(10_000_000n - 500_000n);
  });

  it('settles a 3-leg parlay with a voided leg at the other two legs’ odds', async () => {
    const m = await newMember(t);
    await fund(t.app, m.id, 100_000n, `fund-${m.id}`);
    const a = await manualFixture('Bohol Reefs', 'Tacloban Waves');
    const b = await manualFixture('Yangon Lions', 'Bago Elephants');
    const c = await manualFixture('Pathein Delta', 'Taunggyi Hills');
    const placed = await m.post('/sportsbook/tickets', {
      requestId: randomUUID(),
      legs: [
        { market: a.x12, selection: 'home', odds: 2100 },
        { market: b.ah, selection: 'home', odds: 1950 },
        { market: c.ou, selection: 'over', odds: 1880 },
      ],
      stake: '100',
    });
    expect(placed.statusCode).toBe(200);
    const ticket = placed.json().value;
    expect(ticket).toMatchObject({ kind: 'parlay', odds: 7698, potential: '769.86' });
    // Leg B voided (the trader's reason), A won, C over 2.25 on 3 goals: a full win.
    const v = await ops('POST', `/markets/${b.ah}/void`, { reason: 'kick-off moved beyond 48 h' });
    expect(v.statusCode).toBe(200);
    expect(v.json().value.settled).toBe(0); // the ticket waits for its last leg
    expect(
      (await ops('POST', `/fixtures/${a.id}/result`, { scores: { ft: { home: 2, away: 0 } } }))
        .statusCode,
    ).toBe(200);
    const r = await ops('POST', `/fixtures/${c.id}/result`, {
      scores: { ft: { home: 2, away: 1 } },
    });
    expect(r.json().value.settled).toBe(1);
    const mine = (await m.get('/sportsbook/tickets?status=settled')).json().value.list;
    expect(mine[0]).toMatchObject({ id: ticket.id, status: 'won', payout: '394.80' });
    expect(mine[0].legs.map((l: { outcome: string }) => l.outcome)).toEqual(['win', 'void', 'win']);
    expect(await cash(m.id)).toBe(100_000n - 10_000n + 39_480n);
    // B's result later leaves its voided handicap void: nothing resettles.
    const later = await ops('POST', `/fixtures/${b.id}/result`, {
      scores: { ft: { home: 3, away: 0 } },
    });
    expect(later.json().value).toMatchObject({ settled: 0, resettled: 0 });
    expect(await cash(m.id)).toBe(100_000n - 10_000n + 39_480n);
    // 100 × 2.10 × 1 × 1.88 = 394.80 exactly.
    expect(
      ticketReturn(10_000n, [
        { odds: 2100, outcome: 'win' },
        { odds: 1950, outcome: 'void' },
        { odds: 1880, outcome: 'win' },
      ]),
    ).toBe(39_480n);
    await ledgerBalanced();
  });

  it('refuses a correction without a reason, and a trader outside every merchant', async () => {
    const f = await manualFixture();
    await ops('POST', `/fixtures/${f.id}/result`, { scores: { ft: { home: 1, away: 1 } } });
    const bare = await ops('POST', `/fixtures/${f.id}/result`, {
      scores: { ft: { home: 2, away: 1 } },
    });
    expect(bare.statusCode).toBe(409);
    const scoped = await t.app.inject({
      method: 'POST',
      url: '/ops/sportsbook/fixtures',
      headers: {
        authorization: `Bearer ${await t.loginOperator({ role: 'admin', merchants: ['TYPH'] })}`,
      },
      payload: {
        sport: 'football',
        league: 'sbx-vfl',
        home: 'A',
        away: 'B',
        startsAt: new Date(clock + 60_000).toISOString(),
      },
    });
    expect(scoped.statusCode).toBe(403);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sports.result'));
    expect(audited.length).toBeGreaterThan(0);
  });
});

describe('a simulated day from the sandbox feed', () => {
  const N = process.env.TEST_DATABASE_URL ? 5_000 : 1_000;

  it(
    `settles ${N} tickets of 200 players exactly once, exactly, and a correction resettles only its own`,
    { timeout: 600_000 },
    async () => {
      const feed = t.app.services.sportsFeed;
      clock = T0;
      await feed.step(clock);
      const lobby = (await t.app.inject({ method: 'GET', url: '/sportsbook?family=sports' })).json()
        .value;
      expect(lobby.upcoming.length).toBeGreaterThan(10);
      expect(
        lobby.upcoming
          .filter((f: { id: string }) => f.id.startsWith('sandbox-'))
          .every((f: { simulated: boolean }) => f.simulated),
      ).toBe(true);
      // Pre-match markets of football and basketball fixtures starting within 90 minutes.
      const fixtures = await t.database.db
        .select()
        .from(sportsFixtures)
        .where(eq(sportsFixtures.source, 'feed:sandbox'));
      const soon = fixtures.filter(
        (f) =>
          f.status === 'scheduled' &&
          (f.sport === 'football' || f.sport === 'basketball') &&
          f.startsAt.getTime() > clock &&
          f.startsAt.getTime() <= clock + 90 * 60_000,
      );
      expect(soon.length).toBeGreaterThan(6);
      const markets = (await t.database.db.select().from(sportsMarkets)).filter(
        (m) => soon.some((f) => f.id === m.fixtureId) && m.status === 'open',
      );
      const players = await insertMembers(t, 200, 'sports');
      for (const p of players) await fund(t.app, p, 10_000_000n, `fund-${p}`);
      const pick = (i: number) => {
        const m = markets[(i * 7919) % markets.length]!;
        const keys = Object.keys(m.odds);
        const selection = keys[(i * 31) % keys.length]!;
        return { m, selection };
      };
      const placed: string[] = [];
      const started = performance.now();
      for (let i = 0; i < N; i += 20) {
        await Promise.all(
          Array.from({ length: Math.min(20, N - i) }, async (_, j) => {
            const n = i + j;
            const player = players[n % players.length]!;
            const size = n % 4 === 0 ? 2 + (n % 5) : 1; // a quarter are parlays of 2–6 legs
            const legs: { market: string; selection: string; odds: number }[] = [];
            for (let k = 0; legs.length < size && k < 40; k++) {
              const { m, selection } = pick(n * 11 + k);
              if (
                legs.some(
                  (l) =>
                    l.market.split(':')[0] === m.fixtureId.split(':')[0] &&
                    markets.find((x) => x.id === l.market)!.fixtureId === m.fixtureId,
                )
              )
                continue;
              legs.push({ market: m.id, selection, odds: m.odds[selection]! });
            }
            const ticket = await t.app.services.sportsbook.placeTicket(
              { accountId: player, merchantCode: 'TYPH' },
              {
                requestId: `day-${n}-${randomUUID().slice(0, 8)}`,
                legs,
                stake: `${10 + (n % 90)}.${n % 100}`.replace(/\.(\d)$/, '.0$1'),
                accept: 'none',
              },
            );
            placed.push(ticket.id);
          }),
        );
      }
      const placing = performance.now() - started;
      expect(placed.length).toBe(N);
      // The matches play out: the feed stepped every minute until all are over.
      const settleStart = performance.now();
      for (clock = T0 + 60_000; clock <= T0 + 140 * 60_000; clock += 60_000) await feed.step(clock);
      const settling = performance.now() - settleStart;
      const tickets = await t.database.db.select().from(sportsTickets);
      const ours = tickets.filter((x) => placed.includes(x.id));
      expect(ours.filter((x) => x.status === 'open')).toEqual([]);
      // Each ticket: exactly one settle entry, and its payout from the results, leg by leg.
      const entries = await rows<{ reference: string; n: number }>(sql`
      select reference, count(*)::int as n from ledger_entries
      where idempotency_key like 'sports:settle:%' group by reference`);
      const settles = new Map(entries.map((e) => [e.reference, e.n]));
      const legs = await rows<{
        ticket_id: string;
        market_id: string;
        selection: string;
        odds: number;
        outcome: string;
        score_at_bet: null;
      }>(
        sql`select ticket_id, market_id, selection, odds, outcome, score_at_bet from sports_ticket_legs`,
      );
      const all = new Map((await t.database.db.select().from(sportsMarkets)).map((m) => [m.id, m]));
      for (const ticket of ours) {
        expect(settles.get(ticket.kernelRoundId)).toBe(1);
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
        expect(ticket.payout).toBe(expected);
        expect(ticket.potential).toBe(
          potentialReturn(
            ticket.stake,
            own.map((l) => ({ odds: l.odds, outcome: null })),
          ),
        );
      }
      await ledgerBalanced();
      const held = await rows<{ round_id: string }>(
        sql`select round_id from bets where round_id like 'sports-%' and status = 'held'`,
      );
      const ourRounds = new Set(ours.map((x) => x.kernelRoundId));
      expect(held.filter((h) => ourRounds.has(h.round_id))).toEqual([]);

      // A corrected result: one fixture's full-time score changes.
      const target = soon.find((f) =>
        ours.some((x) =>
          legs.some((l) => l.ticket_id === x.id && all.get(l.market_id)!.fixtureId === f.id),
        ),
      )!;
      const [row] = await t.database.db
        .select()
        .from(sportsFixtures)
        .where(eq(sportsFixtures.id, target.id));
      const period = target.sport === 'football' ? 'ft' : 'ot';
      const corrected = {
        ...row!.result!,
        [period]: { home: row!.result![period]!.home + 1, away: row!.result![period]!.away },
      };
      const payoutsBefore = new Map(ours.map((x) => [x.id, x.payout]));
      const res = await ops('POST', `/fixtures/${target.id}/result`, {
        scores: corrected,
        reason: 'a goal given after review',
      });
      expect(res.statusCode).toBe(200);
      const after = await t.database.db.select().from(sportsTickets);
      const changed = after.filter(
        (x) => placed.includes(x.id) && x.payout !== payoutsBefore.get(x.id),
      );
      expect(res.json().value.resettled).toBe(changed.length);
      expect(changed.length).toBeGreaterThan(0);
      const touching = new Set(
        legs.filter((l) => all.get(l.market_id)!.fixtureId === target.id).map((l) => l.ticket_id),
      );
      expect(changed.every((x) => touching.has(x.id))).toBe(true);
      const reversals = await rows<{ n: number }>(sql`
      select count(*)::int as n from ledger_entries where reverses_entry_id is not null
      and reference in (select kernel_round_id from sports_tickets)`);
      expect(reversals[0]!.n).toBe(changed.length);
      await ledgerBalanced();
      console.warn(
        `sportsbook day: ${N} tickets placed in ${(placing / 1000).toFixed(1)} s, the day stepped and settled in ${(settling / 1000).toFixed(1)} s; correction resettled ${changed.length}`,
      );
    },
  );
});
