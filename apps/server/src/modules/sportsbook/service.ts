import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  sportCodes,
  sportFamilyOf,
  type Fixture,
  type MerchantInfo,
  type MyTickets,
  type SportCode,
  type SportsEvent,
  type SportsLimits,
  type SportsLobby,
  type TicketAnswer,
  type TicketBody,
} from '@taya/contracts';
import { combinedOdds, marketSelections, PARLAY_MAX_LEGS, potentialReturn } from '@taya/games';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError, fieldError } from '../../platform/errors';
import { Broadcast } from '../../platform/live-socket';
import { houseEntries, type GamesService } from '../games';
import type { PlayKernel } from '../play';
import type { SystemService } from '../system';
import type { WalletService } from '../wallet';
import {
  sportsFixtures,
  sportsLeagues,
  sportsLimits,
  sportsMarkets,
  sportsTicketLegs,
  sportsTickets,
} from './schema';
import {
  ESPORTS_GAME,
  fixtureWire,
  kernelRoundOf,
  leagueWire,
  SPORTS_GAME,
  specOf,
  sportsVendor,
  ticketWire,
  type FixtureRow,
  type LeagueRow,
  type MarketRow,
  type TicketRow,
} from './wire';

/** Fixtures changing, in this process (the scale-out issue puts a Redis transport behind it). */
export class SportsFeedBus extends Broadcast<SportsEvent> {}

export interface Member {
  merchantCode: string;
  accountId: string;
}

type TicketBodyIn = Omit<TicketBody, 'accept'> & { accept?: TicketBody['accept'] };

/**
 * The sportsbook for players: the game centres' lists, a fixture with all its markets, tickets
 * placed at the prices the player saw (a moved price follows the player's acceptance setting,
 * never silently), and each member's tickets. Fixtures come from a feed (`feed.ts`) or a trader
 * (`ops.ts`); settlement is `settlement.ts`.
 */
export class SportsbookService {
  constructor(
    readonly db: Db,
    readonly deps: {
      play: PlayKernel;
      system: Pick<SystemService, 'merchantFor'>;
      games: Pick<GamesService, 'catalog' | 'enabledGameCodes'>;
      wallet: Pick<WalletService, 'cashBalance'>;
      bus: SportsFeedBus;
      now: () => number;
    },
  ) {}

  merchant(code: string | undefined): Promise<MerchantInfo> {
    return this.deps.system.merchantFor(code, undefined);
  }

  /** The catalogue entries a merchant offers: sports and e-sports may each be switched off. */
  async offered(merchantCode: string) {
    const entries = await houseEntries(this.deps.games, merchantCode, sportsVendor, 'TAYA_');
    return {
      sports: entries.get(SPORTS_GAME) ?? null,
      esports: entries.get(ESPORTS_GAME) ?? null,
    };
  }

  async limitsOf(db: DbOrTx, merchant: MerchantInfo) {
    const [row] = await db
      .select()
      .from(sportsLimits)
      .where(eq(sportsLimits.currency, merchant.currency));
    const unit = 10n ** BigInt(merchant.currencyScale);
    return (
      row ?? {
        currency: merchant.currency,
        minStake: 10n * unit,
        maxStake: 50_000n * unit,
        maxPayout: 1_000_000n * unit,
      }
    );
  }

  limitsWire(limits: Awaited<ReturnType<SportsbookService['limitsOf']>>, scale: number) {
    const dec = (v: bigint) => minorToDecimal(v, scale);
    return {
      currency: limits.currency,
      minStake: dec(limits.minStake),
      maxStake: dec(limits.maxStake),
      maxPayout: dec(limits.maxPayout),
    } satisfies SportsLimits;
  }

  async leagueRows(db: DbOrTx = this.db): Promise<Map<string, LeagueRow>> {
    const rows = await db.select().from(sportsLeagues).orderBy(asc(sportsLeagues.sort));
    return new Map(rows.map((l) => [l.id, l]));
  }

  async marketsOf(db: DbOrTx, fixtureIds: string[]): Promise<Map<string, MarketRow[]>> {
    const out = new Map<string, MarketRow[]>();
    if (fixtureIds.length === 0) return out;
    const rows = await db
      .select()
      .from(sportsMarkets)
      .where(inArray(sportsMarkets.fixtureId, fixtureIds))
      .orderBy(asc(sportsMarkets.fixtureId), asc(sportsMarkets.sort), asc(sportsMarkets.id));
    for (const m of rows) out.set(m.fixtureId, [...(out.get(m.fixtureId) ?? []), m]);
    return out;
  }

  /** Fixtures as players see them (main markets only on lists). */
  async fixturesWire(db: DbOrTx, rows: FixtureRow[], onlyMain: boolean): Promise<Fixture[]> {
    const leagues = await this.leagueRows(db);
    const markets = await this.marketsOf(
      db,
      rows.map((f) => f.id),
    );
    return rows.map((f) =>
      fixtureWire(f, leagues.get(f.leagueId)!, markets.get(f.id) ?? [], onlyMain),
    );
  }

  async fixtureRow(db: DbOrTx, id: string): Promise<FixtureRow> {
    const [row] = await db.select().from(sportsFixtures).where(eq(sportsFixtures.id, id));
    if (!row) throw new AppError('not_found', 'No such fixture');
    return row;
  }

  private async requireFamily(merchantCode: string, family: 'sports' | 'esports') {
    const offered = await this.offered(merchantCode);
    const entry = offered[family];
    if (!entry) throw new AppError('not_found', 'The sportsbook is not offered here');
    return entry;
  }

  /** GET /sportsbook: a game centre's sports and leagues, live and upcoming fixtures, results. */
  async lobby(
    merchantCode: string | undefined,
    query: { family: 'sports' | 'esports'; sport?: SportCode; league?: string },
  ): Promise<SportsLobby> {
    const merchant = await this.merchant(merchantCode);
    await this.requireFamily(merchant.merchantCode, query.family);
    const now = this.deps.now();
    const familySports = sportCodes.filter((s) => sportFamilyOf(s) === query.family);
    const rows = await this.db
      .select()
      .from(sportsFixtures)
      .where(
        and(
          inArray(sportsFixtures.sport, [...familySports]),
          or(
            and(
              inArray(sportsFixtures.status, ['scheduled', 'live', 'postponed']),
              lte(sportsFixtures.startsAt, new Date(now + 48 * 3_600_000)),
            ),
            and(
              inArray(sportsFixtures.status, ['finished', 'cancelled']),
              gte(sportsFixtures.updatedAt, new Date(now - 24 * 3_600_000)),
            ),
          ),
        ),
      )
      .orderBy(asc(sportsFixtures.startsAt), asc(sportsFixtures.id));
    const leagues = await this.leagueRows();
    const sports = familySports
      .map((sport) => ({
        sport,
        live: rows.filter((f) => f.sport === sport && f.status === 'live').length,
        upcoming: rows.filter((f) => f.sport === sport && f.status === 'scheduled').length,
      }))
      .filter((s) => s.live + s.upcoming > 0);
    const open = rows.filter((f) => f.status === 'live' || f.status === 'scheduled');
    const picked = rows.filter(
      (f) =>
        (!query.sport || f.sport === query.sport) && (!query.league || f.leagueId === query.league),
    );
    const leagueList = [...leagues.values()]
      .filter((l) => familySports.includes(l.sport as SportCode))
      .filter((l) => !query.sport || l.sport === query.sport)
      .map((l) => ({ ...leagueWire(l), fixtures: open.filter((f) => f.leagueId === l.id).length }))
      .filter((l) => l.fixtures > 0);
    const wire = await this.fixturesWire(this.db, picked, true);
    const limits = await this.limitsOf(this.db, merchant);
    return {
      sports,
      leagues: leagueList,
      live: wire.filter((f) => f.status === 'live'),
      upcoming: wire.filter((f) => f.status === 'scheduled' || f.status === 'postponed'),
      results: wire
        .filter((f) => f.status === 'finished' || f.status === 'cancelled')
        .reverse()
        .slice(0, 50),
      limits: this.limitsWire(limits, merchant.currencyScale),
      serverNow: new Date(now).toISOString(),
    };
  }

  /** GET /sportsbook/fixtures/:id: a fixture with every market. */
  async fixture(id: string, merchantCode: string | undefined): Promise<Fixture> {
    const merchant = await this.merchant(merchantCode);
    const row = await this.fixtureRow(this.db, id);
    await this.requireFamily(merchant.merchantCode, sportFamilyOf(row.sport as SportCode));
    const [wire] = await this.fixturesWire(this.db, [row], false);
    return wire!;
  }

  /**
   * POST /sportsbook/tickets: a single or a parlay (2–10 legs, one per fixture) at the prices the
   * player saw. A price that moved is taken only as `accept` allows (any; higher; none), else
   * refused (409 `odds_changed`, each leg's price now in the value). The stake is held through
   * the kernel in a round of the ticket's own until its last leg settles; a repeated request id
   * answers the same ticket.
   */
  async placeTicket(member: Member, body: TicketBodyIn): Promise<TicketAnswer> {
    const merchant = await this.merchant(member.merchantCode);
    const scale = merchant.currencyScale;
    const dec = (v: bigint) => minorToDecimal(v, scale);
    const stake = parseAmount(body.stake, scale);
    if (stake === null || stake <= 0n)
      throw fieldError('stake', 'invalid', `an amount above zero with at most ${scale} decimals`);
    const accept = body.accept ?? 'none';
    if (body.legs.length > PARLAY_MAX_LEGS)
      throw fieldError('legs', 'invalid', `at most ${PARLAY_MAX_LEGS} legs`);
    const marketIds = body.legs.map((l) => l.market);
    if (new Set(marketIds).size !== marketIds.length)
      throw fieldError('legs', 'invalid', 'one leg per market');
    const limits = await this.limitsOf(this.db, merchant);
    if (stake < limits.minStake)
      throw fieldError('stake', 'invalid', `the smallest stake is ${dec(limits.minStake)}`);
    const player = member.accountId;
    const offered = await this.offered(merchant.merchantCode);
    const now = this.deps.now();

    const placed = await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`sports-ticket:${player}:${body.requestId}`}, 0))`,
      );
      const again = await this.ticketByRequest(tx, player, body.requestId);
      if (again) return { ticket: again, balance: null };
      // Prices cannot move while this ticket takes them: a change locks the market for update.
      const markets = await tx
        .select()
        .from(sportsMarkets)
        .where(inArray(sportsMarkets.id, marketIds))
        .orderBy(asc(sportsMarkets.id))
        .for('share');
      const byId = new Map(markets.map((m) => [m.id, m]));
      const fixtureIds = [...new Set(markets.map((m) => m.fixtureId))];
      const fixtures = new Map(
        (await tx.select().from(sportsFixtures).where(inArray(sportsFixtures.id, fixtureIds))).map(
          (f) => [f.id, f],
        ),
      );
      if (body.legs.length > 1 && fixtureIds.length !== body.legs.length)
        throw fieldError('legs', 'invalid', 'a parlay takes one leg per fixture');
      const prices: { market: string; selection: string; odds: number | null }[] = [];
      let moved = false;
      const legs = body.legs.map((leg, idx) => {
        const market = byId.get(leg.market);
        if (!market) throw fieldError(`legs.${idx}.market`, 'invalid', 'no such market');
        if (!marketSelections(specOf(market)).includes(leg.selection))
          throw fieldError(`legs.${idx}.selection`, 'invalid', 'not a selection of this market');
        const fixture = fixtures.get(market.fixtureId)!;
        const family = sportFamilyOf(fixture.sport as SportCode);
        const entry = offered[family];
        if (!entry) throw new AppError('not_found', 'No such market');
        if (entry.maintenance) throw new AppError('game_maintenance');
        const takes =
          market.status === 'open' &&
          (fixture.status === 'live' ||
            (fixture.status === 'scheduled' && fixture.startsAt.getTime() > now));
        const now_ = takes ? (market.odds[leg.selection] ?? null) : null;
        prices.push({ market: leg.market, selection: leg.selection, odds: now_ });
        let odds = leg.odds;
        if (now_ === null) moved = true;
        else if (now_ !== leg.odds) {
          if (accept === 'any' || (accept === 'higher' && now_ > leg.odds)) odds = now_;
          else moved = true;
        }
        return {
          idx,
          market,
          fixture,
          family,
          selection: leg.selection,
          odds,
          scoreAtBet:
            fixture.status === 'live'
              ? (fixture.scores[market.period] ?? { home: 0, away: 0 })
              : null,
        };
      });
      if (moved) {
        const closed = prices.some((p) => p.odds === null);
        throw new AppError(
          'odds_changed',
          closed
            ? 'A selection no longer takes bets: remove it from the slip'
            : 'The odds have changed: check the new odds and place the bet again',
          undefined,
          { legs: prices },
        );
      }
      const potential = potentialReturn(
        stake,
        legs.map((l) => ({ odds: l.odds, outcome: null })),
      );
      if (potential > limits.maxPayout)
        throw fieldError(
          'stake',
          'invalid',
          `a ticket returns at most ${dec(limits.maxPayout)}: lower the stake`,
        );
      // The player's stakes on each market, this ticket included, within the market's limit.
      const staked = await tx
        .select({
          market: sportsTicketLegs.marketId,
          total: sql<string>`sum(${sportsTickets.stake})::text`,
        })
        .from(sportsTicketLegs)
        .innerJoin(sportsTickets, eq(sportsTickets.id, sportsTicketLegs.ticketId))
        .where(and(eq(sportsTickets.player, player), inArray(sportsTicketLegs.marketId, marketIds)))
        .groupBy(sportsTicketLegs.marketId);
      for (const leg of legs) {
        const max = (limits.maxStake * BigInt(leg.market.stakeFactor)) / 100n;
        const before = BigInt(staked.find((s) => s.market === leg.market.id)?.total ?? '0');
        if (before + stake > max)
          throw fieldError(
            'stake',
            'invalid',
            before > 0n
              ? `at most ${dec(max)} on one market: ${dec(max - before > 0n ? max - before : 0n)} left`
              : `the largest stake on this market is ${dec(max)}`,
          );
      }
      const id = randomUUID();
      const game = legs.some((l) => l.family === 'sports')
        ? offered.sports!.game
        : offered.esports!.game;
      const roundId = kernelRoundOf(id);
      const round = await this.deps.play.openRound(tx, {
        id: roundId,
        merchantCode: merchant.merchantCode,
        gameId: game.id,
        gameCode: game.gameCode,
        gameType: game.gameType,
        vendorCode: sportsVendor,
        engine: 'taya-sports@1',
        state: { ticket: id, legs: legs.map((l) => `${l.market.id}:${l.selection}@${l.odds}`) },
        seedCommitment: null,
        // A ticket waits for its matches: no recovery deadline (a void of the fixture returns it).
        recoverAfter: null,
      });
      const held = await this.deps.play.place(
        tx,
        {
          id,
          roundId,
          merchantCode: merchant.merchantCode,
          currency: merchant.currency,
          player,
          stake,
          key: `sports:${player}:${body.requestId}`,
          actor: `game:${game.gameCode}`,
          detail: { ticket: id, legs: legs.length },
        },
        round,
      );
      const [ticket] = await tx
        .insert(sportsTickets)
        .values({
          id,
          merchantCode: merchant.merchantCode,
          player,
          currency: merchant.currency,
          scale,
          requestId: body.requestId,
          kind: legs.length === 1 ? 'single' : 'parlay',
          stake,
          odds: combinedOdds(legs.map((l) => l.odds)),
          potential,
          kernelRoundId: roundId,
        })
        .returning();
      await tx.insert(sportsTicketLegs).values(
        legs.map((l) => ({
          ticketId: id,
          idx: l.idx,
          fixtureId: l.fixture.id,
          marketId: l.market.id,
          selection: l.selection,
          odds: l.odds,
          scoreAtBet: l.scoreAtBet,
        })),
      );
      return { ticket: ticket!, balance: held.cashAfter };
    });
    const [wire] = await this.ticketsWire(this.db, [placed.ticket]);
    const cash =
      placed.balance ??
      (await this.deps.wallet.cashBalance(
        { merchantCode: merchant.merchantCode, currency: merchant.currency },
        player,
      ));
    return { ...wire!, balance: minorToDecimal(cash, scale) };
  }

  private async ticketByRequest(db: DbOrTx, player: string, requestId: string) {
    const [row] = await db
      .select()
      .from(sportsTickets)
      .where(and(eq(sportsTickets.player, player), eq(sportsTickets.requestId, requestId)));
    return row ?? null;
  }

  async ticketsWire(db: DbOrTx, tickets: TicketRow[]) {
    if (tickets.length === 0) return [];
    const legs = await db
      .select({ leg: sportsTicketLegs, market: sportsMarkets, fixture: sportsFixtures })
      .from(sportsTicketLegs)
      .innerJoin(sportsMarkets, eq(sportsMarkets.id, sportsTicketLegs.marketId))
      .innerJoin(sportsFixtures, eq(sportsFixtures.id, sportsTicketLegs.fixtureId))
      .where(
        inArray(
          sportsTicketLegs.ticketId,
          tickets.map((t) => t.id),
        ),
      );
    return tickets.map((t) =>
      ticketWire(
        t,
        legs.filter((l) => l.leg.ticketId === t.id),
      ),
    );
  }

  /** GET /sportsbook/tickets: a member's open tickets, or the last 50 settled. */
  async mine(member: Member, status: 'open' | 'settled'): Promise<MyTickets> {
    const rows = await this.db
      .select()
      .from(sportsTickets)
      .where(
        and(
          eq(sportsTickets.player, member.accountId),
          status === 'open' ? eq(sportsTickets.status, 'open') : ne(sportsTickets.status, 'open'),
        ),
      )
      .orderBy(
        status === 'open' ? desc(sportsTickets.createdAt) : desc(sportsTickets.settledAt),
        desc(sportsTickets.id),
      )
      .limit(50);
    return { list: await this.ticketsWire(this.db, rows) };
  }

  /** The feed's state on connect. */
  async feedState() {
    return { serverNow: new Date(this.deps.now()).toISOString() };
  }

  /** Tells the pages a fixture changed (after its transaction committed). */
  async publishFixture(id: string): Promise<void> {
    if (this.deps.bus.size === 0) return;
    const row = await this.fixtureRow(this.db, id);
    const [fixture] = await this.fixturesWire(this.db, [row], false);
    this.deps.bus.publish({ type: 'fixture', fixture: fixture! });
  }
}
