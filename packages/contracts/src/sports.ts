import { z } from 'zod';
import { opsReason } from './ops-reason';
import { amountString, balanceString } from './wallet';

/**
 * The sportsbook (SPEC.md §1 SPORTS and ESPORTS): sports and their leagues, fixtures with markets
 * and selections priced in decimal odds held as thousandths (1.860 → 1860), tickets (a single or a
 * parlay of 2–10 legs on different fixtures) held through the wagering kernel until their last
 * leg settles. Amounts are decimal strings in the merchant's currency. Settlement rules: GAMES.md
 * §11 (`packages/games/src/sports`).
 */

export const sportCodes = [
  'football',
  'basketball',
  'volleyball',
  'mlbb',
  'dota2',
  'lol',
  'cs2',
  'valorant',
] as const;
export const sportCodeSchema = z.enum(sportCodes);
export type SportCode = z.infer<typeof sportCodeSchema>;

/** The e-sports (game centre /esports); the rest are /sports. */
export const esportCodes: readonly SportCode[] = ['mlbb', 'dota2', 'lol', 'cs2', 'valorant'];
export const sportFamilyOf = (sport: SportCode): 'sports' | 'esports' =>
  esportCodes.includes(sport) ? 'esports' : 'sports';

export const fixtureStatuses = ['scheduled', 'live', 'finished', 'cancelled', 'postponed'] as const;
export const fixtureStatusSchema = z.enum(fixtureStatuses);
export type FixtureStatus = z.infer<typeof fixtureStatusSchema>;

export const marketStatuses = ['open', 'suspended', 'settled', 'void'] as const;
export const marketStatusSchema = z.enum(marketStatuses);
export type MarketStatus = z.infer<typeof marketStatusSchema>;

export const marketKindSchema = z.enum(['1x2', 'ml', 'ah', 'ou', 'btts', 'cs', 'oe']);
export const periodSchema = z.enum(['ft', 'h1', 'ot', 'maps']);
export const legOutcomeSchema = z.enum(['win', 'half-win', 'push', 'half-loss', 'lose', 'void']);
export const ticketStatusSchema = z.enum([
  'open',
  'won',
  'half-won',
  'push',
  'half-lost',
  'lost',
  'void',
]);
export const oddsAcceptSchema = z.enum(['any', 'higher', 'none']);
export type OddsAccept = z.infer<typeof oddsAcceptSchema>;

export const scoreSchema = z.object({
  home: z.number().int().min(0).max(999),
  away: z.number().int().min(0).max(999),
});

const id = z.string().regex(/^[A-Za-z0-9_.:-]{1,80}$/, 'an id');
/** Decimal odds in thousandths (1.010 → 1010 … 1000.000). */
const milliOdds = z.number().int().min(1010).max(1_000_000);

export const selectionSchema = z.object({
  key: z.string(),
  odds: milliOdds,
  /** The settled outcome (settled and void markets). */
  outcome: legOutcomeSchema.nullable(),
});

export const marketSchema = z.object({
  id,
  kind: marketKindSchema,
  period: periodSchema,
  /** Handicap (home side) or total in quarters; null for markets without a line. */
  line: z.number().int().nullable(),
  status: marketStatusSchema,
  /** Shown on the fixture lists (the main 1X2 or money line, handicap and total). */
  main: z.boolean(),
  selections: z.array(selectionSchema),
});
export type SportsMarket = z.infer<typeof marketSchema>;

export const leagueSchema = z.object({
  id,
  sport: sportCodeSchema,
  name: z.string(),
  country: z.string(),
});
export type League = z.infer<typeof leagueSchema>;

export const fixtureSchema = z.object({
  id,
  sport: sportCodeSchema,
  league: leagueSchema,
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  status: fixtureStatusSchema,
  /** The match clock as the feed gives it ("63'", "Q3 4:12", "Map 2"), while live. */
  clock: z.string().nullable(),
  /** The score of each period played so far (`ft`, `h1`, `ot`, `maps`). */
  scores: z.record(z.string(), scoreSchema),
  /** Fixtures of the sandbox feed: simulated matches, labelled so on every page. */
  simulated: z.boolean(),
  markets: z.array(marketSchema),
  /** Markets open or suspended (the lists show only the main ones). */
  marketCount: z.number().int().nonnegative(),
});
export type Fixture = z.infer<typeof fixtureSchema>;

export const sportsLimitsSchema = z.object({
  currency: z.string(),
  minStake: amountString,
  /** The most one player may stake on one market (all tickets together). */
  maxStake: amountString,
  /** The most one ticket may return. */
  maxPayout: amountString,
});
export type SportsLimits = z.infer<typeof sportsLimitsSchema>;

/** GET /sportsbook?family=&sport=&league= (anyone): the game centre's lists. */
export const sportsLobbyQuerySchema = z.strictObject({
  family: z.enum(['sports', 'esports']).default('sports'),
  sport: sportCodeSchema.optional(),
  league: id.optional(),
});
export const sportsLobbySchema = z.object({
  sports: z.array(
    z.object({ sport: sportCodeSchema, live: z.number().int(), upcoming: z.number().int() }),
  ),
  leagues: z.array(leagueSchema.extend({ fixtures: z.number().int() })),
  live: z.array(fixtureSchema),
  /** The next 48 hours. */
  upcoming: z.array(fixtureSchema),
  /** Finished in the last 24 hours. */
  results: z.array(fixtureSchema),
  limits: sportsLimitsSchema,
  serverNow: z.string(),
});
export type SportsLobby = z.infer<typeof sportsLobbySchema>;

export const fixtureParamsSchema = z.strictObject({ fixture: id });
export const marketParamsSchema = z.strictObject({ market: id });

/** POST /sportsbook/tickets (member): a single (one leg) or a parlay (2–10 legs). */
export const ticketBodySchema = z.strictObject({
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{8,64}$/, '8 to 64 letters, digits, dots, dashes or underscores'),
  legs: z
    .array(
      z.strictObject({
        market: id,
        selection: z.string().min(1).max(20),
        /** The price the player saw (thousandths): a different price now follows `accept`. */
        odds: milliOdds,
      }),
    )
    .min(1)
    .max(10),
  stake: amountString,
  /** What to do when a price moved: take any, take only a higher one, or refuse. */
  accept: oddsAcceptSchema.default('none'),
});
export type TicketBody = z.input<typeof ticketBodySchema>;

export const ticketLegSchema = z.object({
  fixture: id,
  sport: sportCodeSchema,
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  market: id,
  kind: marketKindSchema,
  period: periodSchema,
  line: z.number().int().nullable(),
  selection: z.string(),
  odds: milliOdds,
  /** Placed while the match was live: the score then (an in-play handicap counts from it). */
  scoreAtBet: scoreSchema.nullable(),
  outcome: legOutcomeSchema.nullable(),
  /** The market's settled score (null until settled, or void). */
  score: scoreSchema.nullable(),
});

export const ticketSchema = z.object({
  id,
  kind: z.enum(['single', 'parlay']),
  currency: z.string(),
  stake: amountString,
  /** Combined decimal odds (thousandths) as placed. */
  odds: z.number().int(),
  potential: amountString,
  status: ticketStatusSchema,
  payout: amountString.nullable(),
  legs: z.array(ticketLegSchema),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketAnswerSchema = ticketSchema.extend({ balance: balanceString });
export type TicketAnswer = z.infer<typeof ticketAnswerSchema>;

/** The 409 `odds_changed` value: each leg's price now (null when its market no longer takes bets). */
export const oddsChangedValueSchema = z.object({
  legs: z.array(z.object({ market: id, selection: z.string(), odds: milliOdds.nullable() })),
});

export const myTicketsQuerySchema = z.strictObject({
  status: z.enum(['open', 'settled']).default('open'),
});
export const myTicketsSchema = z.object({ list: z.array(ticketSchema) });
export type MyTickets = z.infer<typeof myTicketsSchema>;

/** The feed `/ws/sportsbook`: a fixture changed (score, clock, status, odds). */
export type SportsEvent =
  { type: 'state'; serverNow: string } | { type: 'fixture'; fixture: Fixture };

// ---------------------------------------------------------------------------------------------
// Console (trading)
// ---------------------------------------------------------------------------------------------

const oddsText = z
  .string()
  .regex(/^\d{1,4}(\.\d{1,3})?$/, 'decimal odds such as 1.86')
  .refine((v) => Number(v) >= 1.01 && Number(v) <= 1000, 'odds from 1.01 to 1000');

export const opsFixturesQuerySchema = z.strictObject({
  status: z.enum(['open', 'finished', 'all']).default('open'),
  sport: sportCodeSchema.optional(),
});

export const opsFixtureCreateBodySchema = z.strictObject({
  sport: sportCodeSchema,
  league: id,
  home: z.string().trim().min(1).max(60),
  away: z.string().trim().min(1).max(60),
  startsAt: z.string().datetime({ offset: true }),
});

export const opsFixturePatchBodySchema = z.strictObject({
  status: z.enum(['scheduled', 'live', 'postponed']).optional(),
  startsAt: z.string().datetime({ offset: true }).optional(),
  clock: z.string().trim().max(20).nullable().optional(),
  scores: z.partialRecord(periodSchema, scoreSchema).optional(),
});

export const opsMarketCreateBodySchema = z.strictObject({
  kind: marketKindSchema,
  period: periodSchema,
  /** "-0.75", "+1", "2.5": handicap and total markets. */
  line: z.string().max(8).optional(),
  /** Correct score: the scores offered ("2-1"). */
  scores: z.array(z.string()).max(40).optional(),
  odds: z.record(z.string(), oddsText),
  main: z.boolean().default(false),
});

export const opsMarketPatchBodySchema = z.strictObject({
  status: z.enum(['open', 'suspended']).optional(),
  odds: z.record(z.string(), oddsText).optional(),
  /** The market's limit as a percentage of the currency's max stake (1–1000). */
  stakeFactor: z.number().int().min(1).max(1000).optional(),
});

/** Results by period; a fixture's result entered again is a correction (a reason is required). */
export const opsResultBodySchema = z.strictObject({
  scores: z.partialRecord(periodSchema, scoreSchema),
  reason: opsReason.optional(),
});

export const opsVoidBodySchema = z.strictObject({ reason: opsReason });

export const liabilitySchema = z.object({
  currency: z.string(),
  /** Per selection: tickets, stakes and what singles on it return if it wins. */
  selections: z.array(
    z.object({
      key: z.string(),
      tickets: z.number().int(),
      stake: amountString,
      singlesReturn: amountString,
      parlays: z.number().int(),
    }),
  ),
});

export const opsMarketSchema = marketSchema.extend({
  stakeFactor: z.number().int(),
  /** Per merchant. */
  liability: z.record(z.string(), liabilitySchema),
});

export const opsFixtureSchema = fixtureSchema.omit({ markets: true }).extend({
  source: z.string(),
  markets: z.array(opsMarketSchema),
  tickets: z.number().int(),
});
export type OpsFixture = z.infer<typeof opsFixtureSchema>;

export const opsFixtureListSchema = z.object({
  fixtures: z.array(opsFixtureSchema),
  leagues: z.array(leagueSchema),
  feed: z.object({ name: z.string(), simulated: z.boolean() }),
});
export type OpsFixtureList = z.infer<typeof opsFixtureListSchema>;

export const opsSettleAnswerSchema = z.object({
  fixture: opsFixtureSchema,
  /** Tickets settled now, and settled tickets resettled (a correction). */
  settled: z.number().int(),
  resettled: z.number().int(),
});
