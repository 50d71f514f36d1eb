import { z } from 'zod';
import { amountString, balanceString } from './wallet';

/**
 * The Colour Game (perya dice, GAMES.md §4.2): shared timed rounds. A round takes bets while
 * `betting` (20 s), then its three dice roll (`rolling`) and every bet of the round is settled at
 * once; the result shows (`result`) until the next round opens. A bet names one or more colours,
 * each with its own stake: a colour pays 1:1, 2:1 or 3:1 on one, two or three dice (stake
 * returned on top). Each round's dice come from its own server seed, committed (SHA-256) when
 * betting opens and revealed once it has rolled; client seed `color-game`, nonce = round number.
 * Amounts are decimal strings in the bet's currency (DEMO for free play).
 */

export const colorGameColours = ['white', 'green', 'pink', 'blue', 'red', 'yellow'] as const;
export const colorGameColourSchema = z.enum(colorGameColours);
export type ColorGameColour = z.infer<typeof colorGameColourSchema>;

/** The public client seed of every round (the nonce is the round's number). */
export const colorGameClientSeed = 'color-game';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const colorPhaseSchema = z.enum(['waiting', 'betting', 'rolling', 'result']);
export type ColorPhase = z.infer<typeof colorPhaseSchema>;

/** POST /originals/color-game/bets (member) and /originals/demo/color-game/bets (with `session`). */
export const colorBetBodySchema = z.strictObject({
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{8,64}$/, '8 to 64 letters, digits, dots, dashes or underscores'),
  /** One stake per colour, each colour at most once. */
  stakes: z
    .array(z.strictObject({ colour: colorGameColourSchema, amount: amountString }))
    .min(1)
    .max(6)
    .refine((list) => new Set(list.map((s) => s.colour)).size === list.length, {
      message: 'each colour at most once',
    }),
  session: z.string().min(10).max(200).optional(),
});
export type ColorBetBody = z.infer<typeof colorBetBodySchema>;

const stakeWire = z.object({ colour: colorGameColourSchema, amount: amountString });

/** A player's bet in a round (the player's name masked on the public feed). */
export const colorBetSchema = z.object({
  betId: z.string(),
  round: z.number().int().positive(),
  player: z.string(),
  currency: z.string(),
  stakes: z.array(stakeWire),
  /** The stakes' sum. */
  amount: amountString,
  /** The payout once the round has rolled (0.00 for a lost bet). */
  payout: amountString.nullable(),
});
export type ColorBet = z.infer<typeof colorBetSchema>;

/** The answer to a bet: the bet and the balance after its stakes were taken. */
export const colorBetAnswerSchema = colorBetSchema.extend({ balance: balanceString });
export type ColorBetAnswer = z.infer<typeof colorBetAnswerSchema>;

/** A rolled round: its dice and the seeds that drew them. */
export const colorRoundSchema = z.object({
  round: z.number().int().positive(),
  dice: z.tuple([colorGameColourSchema, colorGameColourSchema, colorGameColourSchema]),
  serverSeed: hex64,
  serverSeedHash: hex64,
  clientSeed: z.string(),
  rolledAt: z.string(),
});
export type ColorRound = z.infer<typeof colorRoundSchema>;

/**
 * The round in play now. `betting` until `bettingEndsAt`; once rolled, `rolling` until
 * `rollingEndsAt` and `result` until `nextAt` (the dice and the revealed seed in `result`).
 */
export const colorLiveSchema = z.object({
  round: z.number().int().positive(),
  phase: colorPhaseSchema,
  serverSeedHash: hex64.nullable(),
  bettingEndsAt: z.string().nullable(),
  rollingEndsAt: z.string().nullable(),
  nextAt: z.string().nullable(),
  result: colorRoundSchema.nullable(),
  serverNow: z.string(),
});
export type ColorLive = z.infer<typeof colorLiveSchema>;

/** How often each colour showed on the dice of the last rounds (up to 100). */
export const colorHotSchema = z.object({
  rounds: z.number().int().nonnegative(),
  counts: z.record(colorGameColourSchema, z.number().int().nonnegative()),
});
export type ColorHot = z.infer<typeof colorHotSchema>;

/** A winner of a rolled round (masked name). */
export const colorWinnerSchema = z.object({
  player: z.string(),
  payout: amountString,
  currency: z.string(),
});

/** GET /originals/color-game/state (anyone): the live round, its bets, the last rounds. */
export const colorStateSchema = z.object({
  engine: z.string(),
  rtp: z.string(),
  bettingMs: z.number().int().positive(),
  rollingMs: z.number().int().nonnegative(),
  currency: z.string(),
  minBet: amountString,
  maxBet: amountString,
  maxProfit: amountString,
  maintenance: z.boolean(),
  live: colorLiveSchema,
  bets: z.array(colorBetSchema),
  history: z.array(colorRoundSchema),
  hot: colorHotSchema,
});
export type ColorState = z.infer<typeof colorStateSchema>;

/** POST /originals/demo/color-game/session (anyone): 2,000.00 DEMO for two hours. */
export const colorDemoSessionSchema = z.object({
  session: z.string(),
  balance: balanceString,
  currency: z.literal('DEMO'),
});

/** POST /originals/demo/color-game/balance (anyone): the session's play money now. */
export const colorDemoBalanceBodySchema = z.strictObject({
  session: z.string().min(10).max(200),
});

/** The public feed `/ws/originals/color-game`: the state on connect, then events. */
export type ColorEvent =
  | ({ type: 'state' } & Omit<
      ColorState,
      'currency' | 'minBet' | 'maxBet' | 'maxProfit' | 'maintenance'
    >)
  | ({ type: 'phase' } & ColorLive)
  | ({ type: 'bet' } & ColorBet)
  | ({ type: 'result' } & ColorRound & {
        live: ColorLive;
        hot: ColorHot;
        winners: z.infer<typeof colorWinnerSchema>[];
      });

/** GET /originals/color-game/mine (member): the member's last bets with their rounds' dice. */
export const colorMyBetsSchema = z.object({
  list: z.array(
    colorBetSchema.extend({
      dice: z.array(colorGameColourSchema).nullable(),
      at: z.string(),
    }),
  ),
});
export type ColorMyBets = z.infer<typeof colorMyBetsSchema>;
