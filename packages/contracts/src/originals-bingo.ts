import { z } from 'zod';
import { amountString, balanceString } from './wallet';

/**
 * Bingo (75 balls, fixed prizes; the rules are the engine's, `@taya/games` bingo.ts): games
 * every minute or so, each with a buying phase, then its balls called one by one. A player buys
 * 1–4 cards a game at a price of their choice within the limits; each card is paid for the best
 * pattern it completes within the game's calls. Amounts are decimal strings in the card's currency
 * (DEMO for free play).
 */

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
export const bingoPatternSchema = z.enum(['x', 'two-lines', 'corners', 'line']);
export const bingoMaxCards = 4;

const requestId = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{8,64}$/, '8 to 64 letters, digits, dots, dashes or underscores');

/** POST /originals/bingo/cards (member) and /originals/demo/bingo/cards (with `session`). */
export const bingoBuyBodySchema = z.strictObject({
  requestId,
  /** The price of each card. */
  amount: amountString,
  cards: z.number().int().min(1).max(bingoMaxCards),
  session: z.string().min(10).max(200).optional(),
});
export type BingoBuyBody = z.infer<typeof bingoBuyBodySchema>;

/**
 * A card: its 25 numbers row by row (the centre 0, FREE) and what drew them: the player's seed
 * pair (its server seed's SHA-256; the seed once revealed), client seed and nonce.
 */
export const bingoCardSchema = z.object({
  cardId: z.string(),
  game: z.number().int().positive(),
  player: z.string(),
  numbers: z.array(z.number().int().min(0).max(75)).length(25),
  amount: amountString,
  currency: z.string(),
  serverSeedHash: hex64,
  /** Free play's one-off seed, shown once its game is over; a member's pair shows it on rotation. */
  serverSeed: hex64.nullable(),
  clientSeed: z.string(),
  nonce: z.number().int().nonnegative(),
  /** Once the game is over: the best pattern (null: none) and the payout. */
  pattern: bingoPatternSchema.nullable(),
  payout: amountString.nullable(),
});
export type BingoCard = z.infer<typeof bingoCardSchema>;

export const bingoBuyAnswerSchema = z.object({
  game: z.number().int().positive(),
  cards: z.array(bingoCardSchema),
  balance: balanceString,
});
export type BingoBuyAnswer = z.infer<typeof bingoBuyAnswerSchema>;

/** A finished game: its server seed (committed to before its cards were sold) and the calls. */
export const bingoResultSchema = z.object({
  game: z.number().int().positive(),
  commitment: hex64,
  serverSeed: hex64,
  clientSeed: z.string(),
  /** The called balls, in order. */
  balls: z.array(z.number().int().min(1).max(75)),
  cards: z.number().int().nonnegative(),
  winners: z.number().int().nonnegative(),
  doneAt: z.string(),
});
export type BingoResult = z.infer<typeof bingoResultSchema>;

/** A winning card on the public board (the player's name masked). */
export const bingoWinSchema = z.object({
  game: z.number().int().positive(),
  player: z.string(),
  pattern: bingoPatternSchema,
  amount: amountString,
  payout: amountString,
  currency: z.string(),
});
export type BingoWin = z.infer<typeof bingoWinSchema>;

/**
 * The games in play: the one calling its balls (with the balls called by `serverNow`) and the
 * one selling cards (the next), each with its commitment. Times are the server's, ISO.
 */
export const bingoLiveSchema = z.object({
  calling: z
    .object({
      game: z.number().int().positive(),
      commitment: hex64,
      startedAt: z.string(),
      endsAt: z.string(),
      called: z.array(z.number().int().min(1).max(75)),
    })
    .nullable(),
  buying: z
    .object({
      game: z.number().int().positive(),
      commitment: hex64,
      buyEndsAt: z.string(),
      cards: z.number().int().nonnegative(),
    })
    .nullable(),
  serverNow: z.string(),
});
export type BingoLive = z.infer<typeof bingoLiveSchema>;

/** GET /originals/bingo/state (anyone): the rules, the caller merchant's limits and the games. */
export const bingoStateSchema = z.object({
  engine: z.string(),
  rtp: z.string(),
  calls: z.number().int().positive(),
  callMs: z.number().int().positive(),
  prizes: z.array(z.object({ pattern: bingoPatternSchema, multiplier: z.string() })),
  maxCards: z.number().int().positive(),
  currency: z.string(),
  minBet: amountString,
  maxBet: amountString,
  maxProfit: amountString,
  maintenance: z.boolean(),
  live: bingoLiveSchema,
  winners: z.array(bingoWinSchema),
  history: z.array(bingoResultSchema),
});
export type BingoState = z.infer<typeof bingoStateSchema>;

/** GET /originals/bingo/mine (member) or POST /originals/demo/bingo/mine: the player's cards. */
export const bingoMineSchema = z.object({
  cards: z.array(bingoCardSchema),
  balance: balanceString,
  currency: z.string(),
});
export type BingoMine = z.infer<typeof bingoMineSchema>;

export const bingoDemoSessionBodySchema = z.strictObject({
  session: z.string().min(10).max(200),
});

/** The public feed `/ws/originals/bingo`: the live games on connect, then events. */
export type BingoEvent =
  | ({ type: 'state' } & Pick<BingoState, 'live' | 'winners' | 'history'>)
  | ({ type: 'phase' } & BingoLive)
  | { type: 'ball'; game: number; ball: number; index: number; serverNow: string }
  | ({ type: 'done' } & BingoResult & { wins: BingoWin[] });
