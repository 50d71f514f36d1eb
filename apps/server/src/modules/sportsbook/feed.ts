import { and, eq, sql } from 'drizzle-orm';
import type { SportCode } from '@taya/contracts';
import type { SportsMarketKind, SportsPeriod } from '@taya/games';
import { sportsFixtures, sportsLeagues, sportsMarkets, type ScoreJson } from './schema';
import type { SportsbookService } from './service';
import type { SportsSettlement } from './settlement';
import { ESPORTS_GAME, SPORTS_GAME, sportsVendor } from './wire';

/**
 * A sports data provider, as the book reads it: the provider's leagues, and what it says now of
 * the fixtures it covers — teams, kick-off, status, live clock and scores, and its markets with
 * prices — finished fixtures with their results by period. A provider that pushes messages
 * (Betradar's Unified Odds Feed, Genius Sports, BetConstruct) keeps its latest state per fixture
 * from them and answers `pull` from that state; the ingest below does the rest. The sandbox
 * (`sandbox-feed.ts`) plays simulated matches.
 */
export interface SportsFeedAdapter {
  /** The source's name (fixtures are `feed:<name>`). */
  readonly name: string;
  /** Simulated matches: every page labels them so. */
  readonly simulated: boolean;
  leagues(): FeedLeague[];
  pull(now: number): Promise<FeedFixture[]> | FeedFixture[];
}

export interface FeedLeague {
  id: string;
  sport: SportCode;
  name: string;
  country: string;
  sort: number;
}

export interface FeedMarket {
  /** The provider's market reference, unique in the fixture. */
  ref: string;
  kind: SportsMarketKind;
  period: SportsPeriod;
  line?: number;
  scores?: string[];
  /** Decimal odds in thousandths by selection. */
  odds: Record<string, number>;
  status: 'open' | 'suspended';
  main: boolean;
  sort: number;
}

export interface FeedFixture {
  ref: string;
  sport: SportCode;
  league: string;
  home: string;
  away: string;
  startsAt: Date;
  status: 'scheduled' | 'live' | 'finished' | 'cancelled' | 'postponed';
  clock: string | null;
  /** Scores by period so far; the result when finished. */
  scores: Record<string, ScoreJson>;
  markets: FeedMarket[];
}

/**
 * Applies a feed to the book, one step at a time (a phase loop drives it; tests step it with
 * their own clock): fixtures and markets created or updated where the provider's state changed
 * (prices bump the market's version; a market a trader voided or settled stays so), live scores
 * and clocks, finished fixtures resulted (a result the provider later changes is a correction:
 * resettled), cancelled ones voided.
 */
export class FeedIngest {
  /** What was last applied per fixture (a restart applies everything once more). */
  private readonly seen = new Map<string, string>();
  private leaguesDone = false;

  constructor(
    readonly adapter: SportsFeedAdapter,
    private readonly sb: SportsbookService,
    private readonly settlement: SportsSettlement,
  ) {}

  get source() {
    return `feed:${this.adapter.name}`;
  }

  fixtureIdOf(ref: string) {
    return `${this.adapter.name}-${ref}`;
  }

  async step(now: number): Promise<number> {
    // Nothing to feed while no merchant offers sports or e-sports.
    const on = await this.sb.deps.games.enabledGameCodes(sportsVendor);
    if (!on.includes(SPORTS_GAME) && !on.includes(ESPORTS_GAME)) return 30_000;
    if (!this.leaguesDone) {
      for (const l of this.adapter.leagues())
        await this.sb.db.insert(sportsLeagues).values(l).onConflictDoNothing();
      this.leaguesDone = true;
    }
    for (const fixture of await this.adapter.pull(now)) {
      const key = JSON.stringify(fixture);
      if (this.seen.get(fixture.ref) === key) continue;
      await this.apply(fixture);
      this.seen.set(fixture.ref, key);
    }
    if (this.seen.size > 5_000) this.seen.clear();
    return 1_000;
  }

  private async apply(f: FeedFixture): Promise<void> {
    const id = this.fixtureIdOf(f.ref);
    const changed = await this.sb.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sportsFixtures)
        .where(eq(sportsFixtures.id, id))
        .for('update');
      if (row?.status === 'cancelled') return 'skip';
      if (row?.status === 'finished')
        return JSON.stringify(row.result) === JSON.stringify(f.scores) ? 'skip' : 'correct';
      const live = f.status === 'finished' || f.status === 'cancelled' ? 'live' : f.status;
      if (!row)
        await tx.insert(sportsFixtures).values({
          id,
          sport: f.sport,
          leagueId: f.league,
          home: f.home,
          away: f.away,
          startsAt: f.startsAt,
          status: f.status === 'finished' || f.status === 'cancelled' ? 'scheduled' : f.status,
          clock: f.clock,
          scores: f.scores,
          source: this.source,
          feedRef: f.ref,
          simulated: this.adapter.simulated,
        });
      else
        await tx
          .update(sportsFixtures)
          .set({
            status: row.status === 'scheduled' && f.status === 'finished' ? 'live' : live,
            startsAt: f.startsAt,
            clock: f.clock,
            scores: f.scores,
            updatedAt: sql`now()`,
          })
          .where(eq(sportsFixtures.id, id));
      for (const m of f.markets) {
        const marketId = `${id}:${m.ref}`;
        const [existing] = await tx
          .select()
          .from(sportsMarkets)
          .where(eq(sportsMarkets.id, marketId))
          .for('update');
        if (!existing) {
          await tx.insert(sportsMarkets).values({
            id: marketId,
            fixtureId: id,
            kind: m.kind,
            period: m.period,
            line: m.line ?? null,
            scoresOffered: m.scores ?? null,
            odds: m.odds,
            status: m.status,
            main: m.main,
            sort: m.sort,
          });
          continue;
        }
        if (existing.status === 'settled' || existing.status === 'void') continue;
        // A price changed, or a selection came off (or back on) offer.
        const moved =
          Object.keys(m.odds).length !== Object.keys(existing.odds).length ||
          Object.keys(m.odds).some((k) => existing.odds[k] !== m.odds[k]);
        if (!moved && existing.status === m.status) continue;
        await tx
          .update(sportsMarkets)
          .set({
            odds: m.odds,
            status: m.status,
            ...(moved ? { version: sql`${sportsMarkets.version} + 1` } : {}),
          })
          .where(and(eq(sportsMarkets.id, marketId)));
      }
      return 'changed';
    });
    if (changed === 'skip') return;
    if (f.status === 'finished')
      await this.settlement.resultFixture(
        id,
        f.scores,
        this.source,
        changed === 'correct' ? 'the feed corrected the result' : null,
      );
    else if (f.status === 'cancelled')
      await this.settlement.voidMarkets(id, null, this.source, 'the fixture was cancelled');
    else await this.sb.publishFixture(id);
  }
}
