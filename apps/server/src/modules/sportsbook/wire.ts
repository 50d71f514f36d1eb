import {
  minorToDecimal,
  type Fixture,
  type League,
  type SportCode,
  type SportsMarket,
  type Ticket,
} from '@taya/contracts';
import { marketSelections, settleLeg, type MarketSpec } from '@taya/games';
import type {
  sportsFixtures,
  sportsLeagues,
  sportsMarkets,
  sportsTicketLegs,
  sportsTickets,
} from './schema';
import { type ScoreJson } from './schema';

export type LeagueRow = typeof sportsLeagues.$inferSelect;
export type FixtureRow = typeof sportsFixtures.$inferSelect;
export type MarketRow = typeof sportsMarkets.$inferSelect;
export type TicketRow = typeof sportsTickets.$inferSelect;
export type LegRow = typeof sportsTicketLegs.$inferSelect;

/** The catalogue entries (in-house vendor) a ticket's kernel round belongs to. */
export const sportsVendor = 'TAYA';
export const SPORTS_GAME = 'TAYA_SPORTS';
export const ESPORTS_GAME = 'TAYA_ESPORTS';
export const kernelRoundOf = (ticketId: string) => `sports-${ticketId}`;

export const specOf = (m: Pick<MarketRow, 'kind' | 'line' | 'scoresOffered'>): MarketSpec => ({
  kind: m.kind,
  ...(m.line === null ? {} : { line: m.line }),
  ...(m.scoresOffered ? { scores: m.scoresOffered } : {}),
});

export function leagueWire(l: LeagueRow): League {
  return { id: l.id, sport: l.sport as SportCode, name: l.name, country: l.country };
}

export function marketWire(m: MarketRow): SportsMarket {
  const spec = specOf(m);
  const settledOn = m.status === 'settled' ? (m.score as ScoreJson | null) : null;
  return {
    id: m.id,
    kind: m.kind,
    period: m.period,
    line: m.line,
    status: m.status,
    main: m.main,
    // Only the selections with a price: one without (a correct score the match has passed) is
    // not on offer.
    selections: marketSelections(spec)
      .filter((key) => m.odds[key] !== undefined)
      .map((key) => ({
        key,
        odds: m.odds[key]!,
        outcome:
          m.status === 'void'
            ? 'void'
            : settledOn
              ? settleLeg({ spec, selection: key, score: settledOn })
              : null,
      })),
  };
}

export function fixtureWire(
  f: FixtureRow,
  league: LeagueRow,
  markets: MarketRow[],
  onlyMain: boolean,
): Fixture {
  const live = markets.filter((m) => m.status === 'open' || m.status === 'suspended');
  const shown = onlyMain ? markets.filter((m) => m.main) : markets;
  return {
    id: f.id,
    sport: f.sport as SportCode,
    league: leagueWire(league),
    home: f.home,
    away: f.away,
    startsAt: f.startsAt.toISOString(),
    status: f.status,
    clock: f.status === 'live' ? f.clock : null,
    scores: f.result ?? f.scores,
    simulated: f.simulated,
    markets: shown.map(marketWire),
    marketCount: live.length,
  };
}

export function ticketWire(
  t: TicketRow,
  legs: { leg: LegRow; market: MarketRow; fixture: FixtureRow }[],
): Ticket {
  const dec = (v: bigint) => minorToDecimal(v, t.scale);
  return {
    id: t.id,
    kind: t.kind,
    currency: t.currency,
    stake: dec(t.stake),
    odds: t.odds,
    potential: dec(t.potential),
    status: t.status,
    payout: t.payout === null ? null : dec(t.payout),
    legs: legs
      .sort((a, b) => a.leg.idx - b.leg.idx)
      .map(({ leg, market, fixture }) => ({
        fixture: fixture.id,
        sport: fixture.sport as SportCode,
        home: fixture.home,
        away: fixture.away,
        startsAt: fixture.startsAt.toISOString(),
        market: market.id,
        kind: market.kind,
        period: market.period,
        line: market.line,
        selection: leg.selection,
        odds: leg.odds,
        scoreAtBet: leg.scoreAtBet,
        outcome: leg.outcome,
        score: market.status === 'settled' ? market.score : null,
      })),
    placedAt: t.createdAt.toISOString(),
    settledAt: t.settledAt ? t.settledAt.toISOString() : null,
  };
}
