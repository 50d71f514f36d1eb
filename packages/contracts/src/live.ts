import { z } from 'zod';
import { amountString, balanceString } from './wallet';

/**
 * Live tables (auto-dealer): shared timed rounds every seated player sees alike. A table's round
 * takes bets while `betting`, then is dealt (`dealing`: the cards or the spin shown on the pages)
 * and every bet of the round is settled at once; the result shows (`result`) until the next round
 * opens. Card tables deal from a provably fair shoe (its server seed's SHA-256 shown from the
 * shoe's first hand, the seed revealed when the shoe ends); roulette and sic bo draw each round
 * from its own committed seed. Amounts are decimal strings in the merchant's currency.
 */

export const liveGames = ['baccarat', 'dragon-tiger', 'lucky9', 'roulette', 'sic-bo'] as const;
export const liveGameSchema = z.enum(liveGames);
export type LiveGame = z.infer<typeof liveGameSchema>;

export const livePhaseSchema = z.enum(['paused', 'shuffling', 'betting', 'dealing', 'result']);
export type LivePhase = z.infer<typeof livePhaseSchema>;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const tableCode = z.string().regex(/^[A-Z0-9-]{2,20}$/);

/** A finished hand or spin, as the roads and history strips draw it. */
export const liveResultSchema = z.object({
  round: z.number().int().positive(),
  /** The shoe's hand number (card tables), from 1. */
  hand: z.number().int().positive().nullable(),
  /** Card tables: `B` the red side (Banker, Dragon) won, `P` the blue side (Player, Tiger), `T` a tie. */
  win: z.enum(['B', 'P', 'T']).nullable(),
  bankerPair: z.boolean(),
  playerPair: z.boolean(),
  /** Roulette's pocket. */
  pocket: z.number().int().min(0).max(36).nullable(),
  /** Sic bo's three dice. */
  dice: z.array(z.number().int().min(1).max(6)).nullable(),
  /** The game's whole outcome: cards as labels ("Ah"), totals, winner. */
  outcome: z.record(z.string(), z.unknown()),
});
export type LiveResult = z.infer<typeof liveResultSchema>;

/** A card table's shoe: its commitment now, its seed once it has ended. */
export const liveShoeSchema = z.object({
  shoe: z.number().int().positive(),
  decks: z.number().int().positive(),
  serverSeedHash: hex64,
  clientSeed: z.string(),
  /** Revealed once the shoe has ended. */
  serverSeed: hex64.nullable(),
  hands: z.number().int().nonnegative(),
  cardsLeft: z.number().int().nonnegative(),
  /** The face-up first card and the cards it burned (labels). */
  burned: z.array(z.string()),
  status: z.enum(['dealing', 'finished']),
});
export type LiveShoe = z.infer<typeof liveShoeSchema>;

/** The round in play at a table now. */
export const liveRoundSchema = z.object({
  round: z.number().int().nonnegative(),
  phase: livePhaseSchema,
  /** Roulette and sic bo: the round's own seed commitment. */
  serverSeedHash: hex64.nullable(),
  bettingEndsAt: z.string().nullable(),
  dealingEndsAt: z.string().nullable(),
  nextAt: z.string().nullable(),
  result: liveResultSchema.nullable(),
  serverNow: z.string(),
});
export type LiveRound = z.infer<typeof liveRoundSchema>;

/** A bet spot with what it pays (stake included) and its limits. */
export const liveSpotSchema = z.object({
  spot: z.string(),
  /** What it pays at most per unit staked, stake included ("2.00", "1.95"). */
  pays: z.string(),
  /** The spot's exact return to player, percent with four decimals. */
  rtp: z.string(),
  minBet: amountString,
  maxBet: amountString,
});

/** A table as every watcher sees it (the feed's, whatever the merchant). */
export const liveTablePublicSchema = z.object({
  code: tableCode,
  game: liveGameSchema,
  variant: z.string().nullable(),
  name: z.string(),
  status: z.enum(['open', 'paused']),
  bettingMs: z.number().int().positive(),
  /** Players who bet in the last 10 rounds. */
  players: z.number().int().nonnegative(),
  live: liveRoundSchema,
  /** The current shoe's results (card tables) or the last 100 spins. */
  results: z.array(liveResultSchema),
  shoe: liveShoeSchema.nullable(),
});
export type LiveTablePublic = z.infer<typeof liveTablePublicSchema>;

/** A table in the lobby, with its limits in the merchant's currency. */
export const liveTableSchema = liveTablePublicSchema.extend({
  currency: z.string(),
  minBet: amountString,
  maxBet: amountString,
});
export type LiveTable = z.infer<typeof liveTableSchema>;

/** GET /live-tables (anyone): the lobby. */
export const liveLobbySchema = z.object({ tables: z.array(liveTableSchema) });
export type LiveLobby = z.infer<typeof liveLobbySchema>;

/** A player's bet in a round (the player's name masked on the public feed). */
export const liveBetSchema = z.object({
  betId: z.string(),
  table: tableCode,
  round: z.number().int().positive(),
  player: z.string(),
  currency: z.string(),
  stakes: z.array(z.object({ spot: z.string(), amount: amountString })),
  amount: amountString,
  payout: amountString.nullable(),
});
export type LiveBet = z.infer<typeof liveBetSchema>;

/** GET /live-tables/:code (anyone): a table with its spots, the round's bets and its totals. */
export const liveTableStateSchema = liveTableSchema.extend({
  engine: z.string(),
  spots: z.array(liveSpotSchema),
  bets: z.array(liveBetSchema),
  /** The round's stakes per spot over every player (the table's public totals). */
  totals: z.record(z.string(), amountString),
  maintenance: z.boolean(),
});
export type LiveTableState = z.infer<typeof liveTableStateSchema>;

/** POST /live-tables/:code/bets (member): stakes on one or more spots, each at most once. */
export const liveBetBodySchema = z.strictObject({
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{8,64}$/, '8 to 64 letters, digits, dots, dashes or underscores'),
  /** The round the player saw taking bets: a bet for a round already closed is refused. */
  round: z.number().int().positive().max(2_000_000_000),
  stakes: z
    .array(z.strictObject({ spot: z.string().min(1).max(40), amount: amountString }))
    .min(1)
    .max(60)
    .refine((list) => new Set(list.map((s) => s.spot)).size === list.length, {
      message: 'each spot at most once',
    }),
});
export type LiveBetBody = z.infer<typeof liveBetBodySchema>;

export const liveBetAnswerSchema = liveBetSchema.extend({ balance: balanceString });
export type LiveBetAnswer = z.infer<typeof liveBetAnswerSchema>;

/** GET /live-tables/mine (member): the member's last bets with their rounds' results. */
export const liveMyBetsSchema = z.object({
  list: z.array(liveBetSchema.extend({ result: liveResultSchema.nullable(), at: z.string() })),
});
export type LiveMyBets = z.infer<typeof liveMyBetsSchema>;

/** GET /live-tables/:code/shoes/:shoe (anyone): a shoe's hands; its seed once it has ended. */
export const liveShoeRecordSchema = liveShoeSchema.extend({
  table: tableCode,
  game: liveGameSchema,
  results: z.array(liveResultSchema),
});
export type LiveShoeRecord = z.infer<typeof liveShoeRecordSchema>;

export const liveWinnerSchema = z.object({
  player: z.string(),
  payout: amountString,
  currency: z.string(),
});

/** The feed `/ws/live`: every table's events (the lobby and the tables listen alike). */
export type LiveEvent =
  | { type: 'state'; tables: LiveTablePublic[] }
  | ({ type: 'phase'; table: string } & LiveRound)
  | ({ type: 'bet'; totals: Record<string, string> } & LiveBet)
  | {
      type: 'result';
      table: string;
      live: LiveRound;
      result: LiveResult;
      shoe: LiveShoe | null;
      winners: z.infer<typeof liveWinnerSchema>[];
    }
  | { type: 'table'; table: LiveTablePublic };
