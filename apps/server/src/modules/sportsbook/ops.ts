import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  sportCodes,
  type OpsFixture,
  type OpsFixtureList,
  type SportCode,
} from '@taya/contracts';
import { marketProblem, marketSelections, quartersOf, type SportsMarketKind } from '@taya/games';
import type { DbOrTx } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import type { FeedIngest } from './feed';
import {
  sportsFixtures,
  sportsLeagues,
  sportsMarkets,
  sportsTicketLegs,
  sportsTickets,
  type ScoreJson,
} from './schema';
import type { SportsbookService } from './service';
import type { SportsSettlement } from './settlement';
import {
  leagueWire,
  marketWire,
  specOf,
  fixtureWire,
  type FixtureRow,
  type MarketRow,
} from './wire';

/** "1.86" → 1860 (the schema has checked the text). */
const milli = (text: string) => {
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 1000 + Number(frac.padEnd(3, '0'));
};

/**
 * The console's trading: fixtures by hand (a trader's own, or a feed's), markets with their
 * prices, suspending and reopening, a market's limit, liability per selection, results (and
 * corrections, resettled) and voids. Fixtures are every merchant's, so only an operator over
 * every merchant changes them; liability is shown per merchant.
 */
export class SportsOps {
  constructor(
    private readonly sb: SportsbookService,
    private readonly settlement: SportsSettlement,
    private readonly ingest: FeedIngest | null,
  ) {}

  async list(query: {
    status: 'open' | 'finished' | 'all';
    sport?: SportCode;
  }): Promise<OpsFixtureList> {
    const statuses =
      query.status === 'open'
        ? (['scheduled', 'live', 'postponed'] as const)
        : query.status === 'finished'
          ? (['finished', 'cancelled'] as const)
          : (['scheduled', 'live', 'postponed', 'finished', 'cancelled'] as const);
    const rows = await this.sb.db
      .select()
      .from(sportsFixtures)
      .where(
        and(
          inArray(sportsFixtures.status, [...statuses]),
          query.sport ? eq(sportsFixtures.sport, query.sport) : undefined,
        ),
      )
      .orderBy(
        query.status === 'open' ? asc(sportsFixtures.startsAt) : desc(sportsFixtures.startsAt),
      )
      .limit(100);
    const leagues = await this.sb.leagueRows();
    return {
      fixtures: await this.fixturesOps(this.sb.db, rows),
      leagues: [...leagues.values()].map(leagueWire),
      feed: this.ingest
        ? { name: this.ingest.adapter.name, simulated: this.ingest.adapter.simulated }
        : { name: 'none', simulated: false },
    };
  }

  async fixturesOps(db: DbOrTx, rows: FixtureRow[]): Promise<OpsFixture[]> {
    const leagues = await this.sb.leagueRows(db);
    const markets = await this.sb.marketsOf(
      db,
      rows.map((f) => f.id),
    );
    const marketIds = [...markets.values()].flat().map((m) => m.id);
    const exposure =
      marketIds.length === 0
        ? []
        : (
            (await db.execute(sql`
              select l.market_id, l.selection, t.merchant_code, t.currency, t.scale,
                count(*)::int as tickets, sum(t.stake)::text as stake,
                sum(case when t.kind = 'single' then t.potential else 0 end)::text as singles,
                count(*) filter (where t.kind = 'parlay')::int as parlays
              from sports_ticket_legs l join sports_tickets t on t.id = l.ticket_id
              where l.market_id in ${sql`(${sql.join(
                marketIds.map((id) => sql`${id}`),
                sql`, `,
              )})`}
              group by l.market_id, l.selection, t.merchant_code, t.currency, t.scale`)) as unknown as {
              rows: {
                market_id: string;
                selection: string;
                merchant_code: string;
                currency: string;
                scale: number;
                tickets: number;
                stake: string;
                singles: string;
                parlays: number;
              }[];
            }
          ).rows;
    return rows.map((f) => {
      const base = fixtureWire(f, leagues.get(f.leagueId)!, [], false);
      const own = markets.get(f.id) ?? [];
      return {
        ...base,
        source: f.source,
        tickets: exposure
          .filter((e) => own.some((m) => m.id === e.market_id))
          .reduce((s, e) => s + e.tickets, 0),
        markets: own.map((m) => {
          const liability: OpsFixture['markets'][number]['liability'] = {};
          for (const e of exposure.filter((x) => x.market_id === m.id)) {
            const book = (liability[e.merchant_code] ??= { currency: e.currency, selections: [] });
            book.selections.push({
              key: e.selection,
              tickets: e.tickets,
              stake: minorToDecimal(BigInt(e.stake), e.scale),
              singlesReturn: minorToDecimal(BigInt(e.singles), e.scale),
              parlays: e.parlays,
            });
          }
          return { ...marketWire(m), stakeFactor: m.stakeFactor, liability };
        }),
      };
    });
  }

  private async one(id: string): Promise<OpsFixture> {
    const row = await this.sb.fixtureRow(this.sb.db, id);
    return (await this.fixturesOps(this.sb.db, [row]))[0]!;
  }

  async createFixture(body: {
    sport: SportCode;
    league: string;
    home: string;
    away: string;
    startsAt: string;
  }): Promise<OpsFixture> {
    const [league] = await this.sb.db
      .select()
      .from(sportsLeagues)
      .where(eq(sportsLeagues.id, body.league));
    if (!league) throw fieldError('league', 'invalid', 'no such league');
    if (league.sport !== body.sport)
      throw fieldError('league', 'invalid', `a ${league.sport} league`);
    if (!sportCodes.includes(body.sport)) throw fieldError('sport', 'invalid', 'no such sport');
    const id = `m-${randomUUID().slice(0, 8)}`;
    await this.sb.db.insert(sportsFixtures).values({
      id,
      sport: body.sport,
      leagueId: body.league,
      home: body.home,
      away: body.away,
      startsAt: new Date(body.startsAt),
      source: 'manual',
    });
    return this.one(id);
  }

  async patchFixture(
    id: string,
    body: {
      status?: 'scheduled' | 'live' | 'postponed';
      startsAt?: string;
      clock?: string | null;
      scores?: Record<string, ScoreJson>;
    },
  ) {
    const before = await this.one(id);
    if (before.status === 'finished' || before.status === 'cancelled')
      throw new AppError('conflict', 'This fixture is over: enter a corrected result instead');
    await this.sb.db
      .update(sportsFixtures)
      .set({
        status: body.status,
        startsAt: body.startsAt ? new Date(body.startsAt) : undefined,
        clock: body.clock,
        scores: body.scores,
        updatedAt: sql`now()`,
      })
      .where(eq(sportsFixtures.id, id));
    await this.sb.publishFixture(id);
    return { before, after: await this.one(id) };
  }

  private pricesOf(kind: SportsMarketKind, selections: string[], odds: Record<string, string>) {
    const keys = Object.keys(odds);
    const missing = selections.filter((s) => !keys.includes(s));
    const extra = keys.filter((k) => !selections.includes(k));
    if (missing.length > 0)
      throw fieldError('odds', 'invalid', `a price for ${missing.join(', ')}`);
    if (extra.length > 0)
      throw fieldError('odds', 'invalid', `${extra.join(', ')}: not a selection of ${kind}`);
    return Object.fromEntries(keys.map((k) => [k, milli(odds[k]!)]));
  }

  async createMarket(
    fixtureId: string,
    body: {
      kind: SportsMarketKind;
      period: 'ft' | 'h1' | 'ot' | 'maps';
      line?: string;
      scores?: string[];
      odds: Record<string, string>;
      main: boolean;
    },
  ) {
    const fixture = await this.sb.fixtureRow(this.sb.db, fixtureId);
    if (fixture.status === 'finished' || fixture.status === 'cancelled')
      throw new AppError('conflict', 'This fixture is over');
    const line = body.line === undefined ? undefined : quartersOf(body.line);
    if (line === null)
      throw fieldError('line', 'invalid', 'a line in quarters such as -0.75 or 2.5');
    const spec = {
      kind: body.kind,
      ...(line === undefined ? {} : { line }),
      ...(body.scores ? { scores: body.scores } : {}),
    };
    const problem = marketProblem(spec);
    if (problem) throw fieldError(body.line !== undefined ? 'line' : 'kind', 'invalid', problem);
    const odds = this.pricesOf(body.kind, marketSelections(spec), body.odds);
    const [{ n }] = (await this.sb.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sportsMarkets)
      .where(eq(sportsMarkets.fixtureId, fixtureId))) as [{ n: number }];
    const id = `${fixtureId}:t${n + 1}`;
    await this.sb.db.insert(sportsMarkets).values({
      id,
      fixtureId,
      kind: body.kind,
      period: body.period,
      line: line ?? null,
      scoresOffered: body.scores ?? null,
      odds,
      main: body.main,
      sort: 100 + n,
    });
    await this.sb.publishFixture(fixtureId);
    return this.one(fixtureId);
  }

  /** Suspends or reopens a market, changes its prices or its limit (under the market's lock). */
  async patchMarket(
    id: string,
    body: { status?: 'open' | 'suspended'; odds?: Record<string, string>; stakeFactor?: number },
  ) {
    const { before, after } = await this.sb.db.transaction(async (tx) => {
      const [market] = await tx
        .select()
        .from(sportsMarkets)
        .where(eq(sportsMarkets.id, id))
        .for('update');
      if (!market) throw new AppError('not_found', 'No such market');
      if (market.status === 'settled' || market.status === 'void')
        throw new AppError('conflict', 'This market is settled');
      const odds = body.odds
        ? this.pricesOf(market.kind, marketSelections(specOf(market)), body.odds)
        : undefined;
      const moved = odds && Object.keys(odds).some((k) => odds[k] !== market.odds[k]);
      const [row] = await tx
        .update(sportsMarkets)
        .set({
          status: body.status,
          odds,
          stakeFactor: body.stakeFactor,
          ...(moved ? { version: sql`${sportsMarkets.version} + 1` } : {}),
        })
        .where(eq(sportsMarkets.id, id))
        .returning();
      return { before: market, after: row! };
    });
    await this.sb.publishFixture(after.fixtureId);
    return { market: after, before: this.marketAudit(before), after: this.marketAudit(after) };
  }

  private marketAudit(m: MarketRow) {
    return { status: m.status, odds: m.odds, stakeFactor: m.stakeFactor };
  }

  async marketFixture(marketId: string) {
    const [m] = await this.sb.db.select().from(sportsMarkets).where(eq(sportsMarkets.id, marketId));
    if (!m) throw new AppError('not_found', 'No such market');
    return m;
  }

  async result(
    fixtureId: string,
    scores: Record<string, ScoreJson>,
    actor: string,
    reason?: string,
  ) {
    const before = await this.one(fixtureId);
    const outcome = await this.settlement.resultFixture(fixtureId, scores, actor, reason ?? null);
    return { ...outcome, before, fixture: await this.one(fixtureId) };
  }

  async voidMarket(marketId: string, actor: string, reason: string) {
    const market = await this.marketFixture(marketId);
    const outcome = await this.settlement.voidMarkets(market.fixtureId, marketId, actor, reason);
    return { ...outcome, fixture: await this.one(market.fixtureId) };
  }

  async cancelFixture(fixtureId: string, actor: string, reason: string) {
    const outcome = await this.settlement.voidMarkets(fixtureId, null, actor, reason);
    return { ...outcome, fixture: await this.one(fixtureId) };
  }

  /** Open tickets of a fixture (the console's count before a void). */
  async openTickets(fixtureId: string): Promise<number> {
    const [row] = await this.sb.db
      .select({ n: sql<number>`count(distinct ${sportsTickets.id})::int` })
      .from(sportsTickets)
      .innerJoin(sportsTicketLegs, eq(sportsTicketLegs.ticketId, sportsTickets.id))
      .where(and(eq(sportsTicketLegs.fixtureId, fixtureId), eq(sportsTickets.status, 'open')));
    return row!.n;
  }
}
