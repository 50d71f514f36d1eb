import { z } from 'zod';
import { amountString, balanceString } from './wallet';
import { originalGames, type OriginalGame } from './originals-codes';

export * from './originals-codes';

/**
 * The house originals: instant games of the in-house vendor (TAYA), each round drawn with the
 * fairness kit from the player's seed pair for that game (Stake's scheme: HMAC-SHA256 keyed by
 * the server seed over `clientSeed:nonce:block`). The server seed is committed (its SHA-256 shown)
 * before any bet uses it and revealed when the player rotates the pair; the nonce counts the bets
 * made on the pair. Engines live in `@taya/games` (`originals/`), the same code in the browser's
 * verifier.
 */

export const originalGameSchema = z.enum(
  Object.keys(originalGames) as [OriginalGame, ...OriginalGame[]],
);

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** A client seed the player chooses: 1 to 64 letters, digits, dashes or underscores. */
export const clientSeedSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, '1 to 64 letters, digits, dashes or underscores');

/** The seed pair in use: the server seed only as its commitment. */
export const seedPairSchema = z.object({
  serverSeedHash: hex64,
  clientSeed: z.string(),
  /** The nonce the next bet will use (0 for a fresh pair). */
  nonce: z.number().int().nonnegative(),
});
export type SeedPair = z.infer<typeof seedPairSchema>;

/** A rotated pair: its server seed revealed, with the nonces it was used for (0 … nonce − 1). */
export const revealedSeedPairSchema = seedPairSchema.extend({ serverSeed: hex64 });
export type RevealedSeedPair = z.infer<typeof revealedSeedPairSchema>;

/** GET /originals/:game/seeds (member): the pair in use and the last one revealed, if any. */
export const originalSeedsSchema = z.object({
  current: seedPairSchema,
  previous: revealedSeedPairSchema.nullable(),
});
export type OriginalSeeds = z.infer<typeof originalSeedsSchema>;

/**
 * POST /originals/:game/seeds/rotate (member): reveals the pair in use and starts a new one with
 * a fresh server seed, the given client seed (or a fresh random one) and nonce 0. Answers as GET.
 */
export const rotateSeedsBodySchema = z.strictObject({ clientSeed: clientSeedSchema.optional() });

/** Dice: a roll of 0.00–100.00 (10,001 outcomes); win under the target or over it. */
export const diceParamsSchema = z.strictObject({
  /** Two decimals; the win chance must be 0.01–98.00 %. */
  target: z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'a number such as 49.50'),
  direction: z.enum(['under', 'over']),
});
/** Limbo: wins when the drawn multiplier reaches the target (1.01× to 1,000,000×). */
export const limboParamsSchema = z.strictObject({
  target: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'a multiplier such as 2.00'),
});

/**
 * POST /originals/:game/bets (member) and /originals/demo/:game/bets (anyone, with a demo
 * session). `requestId` makes a bet idempotent: the same id answers the first bet again.
 * `params` is the game's own (`diceParamsSchema`, `limboParamsSchema`, …), checked by its engine.
 */
export const originalBetBodySchema = z.strictObject({
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{8,64}$/, '8 to 64 letters, digits, dots, dashes or underscores'),
  amount: amountString,
  params: z.record(z.string(), z.unknown()),
  /** Demo play only: the session from POST /originals/demo/:game/session. */
  session: z.string().min(10).max(200).optional(),
});
export type OriginalBetBody = z.infer<typeof originalBetBodySchema>;

/** A settled original round, as the bet's answer and the history give it. */
export const originalRoundSchema = z.object({
  roundId: z.string(),
  game: originalGameSchema,
  amount: amountString,
  payout: amountString,
  /** The payout multiplier as a decimal ("2.0000"); 0 for a loss. */
  multiplier: z.string(),
  win: z.boolean(),
  /** The engine's outcome (dice: `{ roll: "37.12" }`, limbo: `{ result: "1.87" }`, …). */
  outcome: z.record(z.string(), z.unknown()),
  params: z.record(z.string(), z.unknown()),
  /** The seeds that drew it: a member's pair (server seed revealed after rotation), or demo's. */
  seed: z.object({
    serverSeedHash: hex64,
    clientSeed: z.string(),
    nonce: z.number().int().nonnegative(),
    /** Demo rounds reveal their one-off server seed at once; real rounds after rotation. */
    serverSeed: hex64.nullable(),
  }),
  /** Engine name and version that ran it (`taya-dice@1`). */
  engine: z.string(),
  at: z.string(),
});
export type OriginalRound = z.infer<typeof originalRoundSchema>;

export const originalBetSchema = originalRoundSchema.extend({
  balance: balanceString,
  currency: z.string(),
});
export type OriginalBet = z.infer<typeof originalBetSchema>;

/** GET /originals/:game (anyone): what the game page needs to offer bets and explain the game. */
export const originalInfoSchema = z.object({
  game: originalGameSchema,
  gameCode: z.string(),
  engine: z.string(),
  /** Return to player in percent, two decimals ("99.00"): the engine's exact figure. */
  rtp: z.string(),
  /**
   * The merchant's rate in basis points (9,900 = 99 %) that the engine scales its pay table by:
   * the page works its odds and payouts out at this rate, as the server plays them.
   */
  rtpBps: z.number().int().min(7_500).max(10_000),
  currency: z.string(),
  minBet: amountString,
  maxBet: amountString,
  /** The most one bet may win above its stake; a bet that could win more is refused. */
  maxProfit: amountString,
  maintenance: z.boolean(),
});
export type OriginalInfo = z.infer<typeof originalInfoSchema>;

/** POST /originals/demo/:game/session (anyone): play money for two hours. */
export const originalDemoSessionSchema = z.object({
  session: z.string(),
  balance: balanceString,
  currency: z.literal('DEMO'),
});

/** GET /originals/:game/history (member): the player's last rounds of the game, newest first. */
export const originalHistorySchema = z.object({ list: z.array(originalRoundSchema) });

/**
 * Multi-step originals (mines, video poker): a bet opens a round that later actions finish.
 * `POST /originals/:game/bets` answers `originalStepRoundSchema` with `status: 'open'` and only
 * the public state (`outcome`: mines — mine count, revealed tiles, multiplier; video poker — the
 * five dealt cards); the hidden state (mine positions, the deck) is given once the round ends.
 */
export const stepGames = ['mines', 'jacks-or-better', 'deuces-wild', 'blackjack'] as const;
export type StepGame = (typeof stepGames)[number];
export const isStepGame = (game: string): game is StepGame =>
  (stepGames as readonly string[]).includes(game);

/** A blackjack move: a double, a split or insurance puts up more stake. */
export const blackjackMoves = [
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'no-insurance',
] as const;
export type BlackjackMove = (typeof blackjackMoves)[number];

/**
 * Mines: open a tile (0 … 24, row by row) or cash out. Video poker: draw, holding these cards.
 * Blackjack: a move on the hand in play.
 */
export const originalActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('reveal'), tile: z.number().int().min(0).max(24) }),
  z.strictObject({ type: z.literal('cashout') }),
  z.strictObject({ type: z.literal('draw'), hold: z.array(z.boolean()).length(5) }),
  z.strictObject({ type: z.literal('play'), move: z.enum(blackjackMoves) }),
]);
export type OriginalAction = z.infer<typeof originalActionSchema>;

/** POST /originals/:game/rounds/:roundId/actions (and the demo's): idempotent by `requestId`. */
export const originalActionBodySchema = z.strictObject({
  requestId: originalBetBodySchema.shape.requestId,
  action: originalActionSchema,
  /** Demo play only: the session from POST /originals/demo/:game/session. */
  session: originalBetBodySchema.shape.session,
});
export type OriginalActionBody = z.infer<typeof originalActionBodySchema>;

/**
 * A round of a multi-step original: open (payout 0, `multiplier` what a cash-out pays now, the
 * public state in `outcome`) or settled (the whole outcome, payout and multiplier).
 */
export const originalStepRoundSchema = originalBetSchema.extend({
  status: z.enum(['open', 'settled']),
});
export type OriginalStepRound = z.infer<typeof originalStepRoundSchema>;

/** GET /originals/:game/active (member): the member's open round of the game, or null. */
export const originalActiveSchema = z.object({ round: originalStepRoundSchema.nullable() });
export type OriginalActive = z.infer<typeof originalActiveSchema>;
