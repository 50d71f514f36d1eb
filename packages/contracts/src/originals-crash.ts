import { z } from 'zod';
import { amountString, balanceString } from './wallet';

/**
 * Crash: shared rounds every player bets into (GAMES.md §9.1, bustabit v2's hash chain). A round
 * takes bets while `betting`, then its multiplier grows from 1.00× with the server's clock
 * (`multiplierAt` of @taya/games) until it reaches the round's crash point; a bet cashed out
 * before pays stake × its multiplier, every other bet loses. Multipliers are texts with two
 * decimals ("2.35"); amounts are decimal strings in the bet's currency (DEMO for free play).
 */

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
/** A multiplier with two decimals, 1.01 to 1,000,000.00. */
export const crashMultiplierString = z
  .string()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'a multiplier such as 2.00');

export const crashPhaseSchema = z.enum(['waiting', 'betting', 'running', 'crashed']);
export type CrashPhase = z.infer<typeof crashPhaseSchema>;

/** POST /originals/crash/bets (member) and /originals/demo/crash/bets (with `session`). */
export const crashBetBodySchema = z.strictObject({
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{8,64}$/, '8 to 64 letters, digits, dots, dashes or underscores'),
  amount: amountString,
  /** Cash out by itself at this multiplier (≥ 1.01), connected or not. */
  autoCashout: crashMultiplierString.optional(),
  session: z.string().min(10).max(200).optional(),
});
export type CrashBetBody = z.infer<typeof crashBetBodySchema>;

/** POST /originals/crash/cashout (member) and /originals/demo/crash/cashout (with `session`). */
export const crashCashoutBodySchema = z.strictObject({
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{8,64}$/, '8 to 64 letters, digits, dots, dashes or underscores'),
  session: z.string().min(10).max(200).optional(),
});
export type CrashCashoutBody = z.infer<typeof crashCashoutBodySchema>;

/** A player's bet in a round (the player's name masked on the public feed). */
export const crashBetSchema = z.object({
  betId: z.string(),
  round: z.number().int().positive(),
  player: z.string(),
  amount: amountString,
  currency: z.string(),
  /** The auto cash-out in force (the asked one, or lower when the max profit caps it). */
  autoCashout: z.string().nullable(),
  /** The multiplier cashed out at (manual or auto), once known. */
  cashout: z.string().nullable(),
  /** The payout, once the round has crashed (0.00 for a lost bet). */
  payout: amountString.nullable(),
});
export type CrashBet = z.infer<typeof crashBetSchema>;

/** The answer to a bet: the bet, whether it waits for the next round, and the balance after. */
export const crashBetAnswerSchema = crashBetSchema.extend({
  /** True when placed while a round was running: it plays in the next one. */
  queued: z.boolean(),
  balance: balanceString,
});
export type CrashBetAnswer = z.infer<typeof crashBetAnswerSchema>;

/** A finished round: its crash point and the game hash that made it. */
export const crashRoundSchema = z.object({
  round: z.number().int().positive(),
  crashPoint: z.string(),
  hash: hex64,
  /** The game's place in its chain: hashing `hash` `game` times gives the terminating hash. */
  game: z.number().int().positive(),
  terminatingHash: hex64,
  /** The chain's salt (the HMAC key of its games). */
  salt: z.string(),
  /** A development chain's random salt, not a published block hash. */
  saltSandbox: z.boolean(),
  crashedAt: z.string(),
});
export type CrashRound = z.infer<typeof crashRoundSchema>;

/** The round in play now (`startedAt` once running; timestamps are the server's, ISO). */
export const crashLiveSchema = z.object({
  round: z.number().int().positive(),
  phase: crashPhaseSchema,
  bettingEndsAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  serverNow: z.string(),
});
export type CrashLive = z.infer<typeof crashLiveSchema>;

/** GET /originals/crash/state (anyone): the live round, its bets and the last rounds. */
export const crashStateSchema = z.object({
  engine: z.string(),
  rtp: z.string(),
  /** The active chain's salt: null until an operator enters the hash of the Bitcoin block
   *  `saltBlockHeight` (published with the terminating hash); no round opens before. */
  salt: z.string().nullable(),
  saltSandbox: z.boolean(),
  saltBlockHeight: z.number().int().positive().nullable(),
  terminatingHash: hex64,
  chainLength: z.number().int().positive(),
  /** The caller's merchant's limits (a bet above the max profit cashes out by itself there). */
  currency: z.string(),
  minBet: amountString,
  maxBet: amountString,
  maxProfit: amountString,
  maintenance: z.boolean(),
  live: crashLiveSchema,
  bets: z.array(crashBetSchema),
  history: z.array(crashRoundSchema),
});
export type CrashState = z.infer<typeof crashStateSchema>;

/** POST /originals/demo/crash/session (anyone): 2,000.00 DEMO of play money for two hours. */
export const crashDemoSessionSchema = z.object({
  session: z.string(),
  balance: balanceString,
  currency: z.literal('DEMO'),
});

/** POST /originals/demo/crash/balance (anyone): the session's play money now. */
export const crashDemoBalanceBodySchema = z.strictObject({
  session: z.string().min(10).max(200),
});

/** The public feed `/ws/originals/crash`: the state on connect, then events. */
export type CrashEvent =
  | ({ type: 'state' } & Omit<
      CrashState,
      'currency' | 'minBet' | 'maxBet' | 'maxProfit' | 'maintenance'
    >)
  | ({ type: 'phase' } & CrashLive)
  | ({ type: 'bet' } & CrashBet)
  | ({ type: 'cashout' } & CrashBet)
  | ({ type: 'crashed' } & CrashRound & { serverNow: string });

/** GET /originals/crash/mine (member): the member's last bets with their rounds' results. */
export const crashMyBetsSchema = z.object({
  list: z.array(crashBetSchema.extend({ crashPoint: z.string().nullable(), at: z.string() })),
});
export type CrashMyBets = z.infer<typeof crashMyBetsSchema>;
