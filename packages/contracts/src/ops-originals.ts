import { z } from 'zod';
import { opsReason } from './ops-reason';
import { originalGameSchema } from './originals';
import { amountString } from './wallet';

/**
 * The operator console's house originals: each game's limits per merchant (bets, max profit, in
 * the merchant's currency) and its return to player (9,500–9,900 basis points).
 */

const merchantCode = z.string().regex(/^[A-Z0-9]{2,16}$/);

/** The range of `rtpBps` an original may play at. */
export const originalRtpRange = { min: 9_500, max: 9_900 } as const;

/** `GET /ops/originals/limits?merchantCode=` (the session's merchant when absent). */
export const opsOriginalLimitsQuerySchema = z.strictObject({
  merchantCode: merchantCode.optional(),
});

/** One original's limits for the merchant: its row, or the defaults (`defaulted`). */
export const opsOriginalLimitSchema = z.object({
  game: originalGameSchema,
  gameCode: z.string(),
  /** The engine and version that plays it (`taya-dice@1`). */
  engine: z.string(),
  currency: z.string(),
  /** The currency's decimals (2 for PHP): the amounts below have at most this many. */
  currencyScale: z.number().int().nonnegative(),
  minBet: amountString,
  maxBet: amountString,
  maxProfit: amountString,
  rtpBps: z.number().int(),
  /**
   * The return is set by the game's own rules (video poker's pay tables, crash's edge, the Colour
   * Game's and bingo's prizes): `rtpBps` does not apply and the operator sets only the limits.
   */
  rateFixed: z.boolean(),
  /**
   * The exact return of the reference bet at `rtpBps`, as the player's info shows it ("98.99"),
   * or the game's own return when `rateFixed`.
   */
  rtp: z.string(),
  /**
   * The bet whose return `rtp` is (dice's is the same for every target), as the engine parses it:
   * plinko's rows are a number and keno's picks a list. Empty where every bet returns the same.
   */
  reference: z.record(z.string(), z.unknown()),
  /** No row for this merchant: the game plays at the defaults. */
  defaulted: z.boolean(),
});
export type OpsOriginalLimit = z.infer<typeof opsOriginalLimitSchema>;

export const opsOriginalLimitListSchema = z.object({
  merchantCode: z.string(),
  currency: z.string(),
  list: z.array(opsOriginalLimitSchema),
});
export type OpsOriginalLimitList = z.infer<typeof opsOriginalLimitListSchema>;

/**
 * `PUT /ops/originals/limits/:game`: the game's limits for a merchant, amounts in its currency
 * (a minimum above the maximum, or more decimals than the currency has, is refused on the field).
 * `rtpBps` is required for a game whose rate the operator sets, and refused for one whose return
 * is fixed by its rules (`rateFixed`).
 */
export const opsOriginalLimitsBodySchema = z.strictObject({
  merchantCode,
  minBet: amountString,
  maxBet: amountString,
  maxProfit: amountString,
  rtpBps: z.number().int().min(originalRtpRange.min).max(originalRtpRange.max).optional(),
  reason: opsReason,
});
export type OpsOriginalLimitsBody = z.infer<typeof opsOriginalLimitsBodySchema>;

export const opsOriginalGameParamsSchema = z.strictObject({ game: originalGameSchema });

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * `GET /ops/originals/crash/chain`: crash's active hash chain and where its salt stands
 * (GAMES.md Appendix C, 9). `awaiting-block`: publish the terminating hash with a future Bitcoin
 * block's height; `awaiting-salt`: enter that block's hash once it is mined; `open`: rounds play.
 */
export const opsCrashChainSchema = z.object({
  chainId: z.number().int(),
  length: z.number().int(),
  played: z.number().int(),
  terminatingHash: hex64,
  salt: z.string().nullable(),
  saltSandbox: z.boolean(),
  saltBlockHeight: z.number().int().nullable(),
  saltSetAt: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['awaiting-block', 'awaiting-salt', 'open']),
});
export type OpsCrashChain = z.infer<typeof opsCrashChainSchema>;

/** `POST /ops/originals/crash/chain/block`: the future block whose hash will be the salt. */
export const opsCrashSaltBlockBodySchema = z.strictObject({
  chainId: z.number().int().positive(),
  blockHeight: z.number().int().min(1).max(100_000_000),
  reason: opsReason,
});
export type OpsCrashSaltBlockBody = z.infer<typeof opsCrashSaltBlockBodySchema>;

/** `POST /ops/originals/crash/chain/salt`: the committed block's hash (64 hex digits). */
export const opsCrashSaltBodySchema = z.strictObject({
  chainId: z.number().int().positive(),
  blockHash: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.string().regex(/^[0-9a-f]{64}$/, 'a block hash: 64 hex digits')),
  reason: opsReason,
});
export type OpsCrashSaltBody = z.infer<typeof opsCrashSaltBodySchema>;
