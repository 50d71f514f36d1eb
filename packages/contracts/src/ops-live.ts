import { z } from 'zod';
import { amountString } from './wallet';
import { opsReason, opsReasonBody } from './ops-reason';

/**
 * The operator console's live tables: every table with its state, its limits in a merchant's
 * currency and the live exposure of the round taking bets (what each spot would pay at most).
 * Tables are shared by every merchant: opening, pausing, the betting time and voiding a round
 * are for operators over every merchant; limits are per currency (the merchant's).
 */
export const opsLiveTablesQuerySchema = z.strictObject({
  merchantCode: z.string().min(2).max(20).optional(),
});

export const opsLiveSpotExposureSchema = z.object({
  spot: z.string(),
  /** The round's stakes on the spot in the merchant's currency. */
  staked: amountString,
  /** What the spot would pay back if it won (stakes × its best multiplier). */
  payout: amountString,
});

export const opsLiveTableSchema = z.object({
  code: z.string(),
  game: z.string(),
  variant: z.string().nullable(),
  name: z.string(),
  status: z.enum(['open', 'paused']),
  bettingMs: z.number().int().positive(),
  currency: z.string(),
  minBet: amountString,
  maxBet: amountString,
  sideMaxBet: amountString,
  round: z.number().int().nonnegative(),
  phase: z.string(),
  /** Bets in the round taking bets, and its exposure per spot (largest first). */
  bets: z.number().int().nonnegative(),
  exposure: z.array(opsLiveSpotExposureSchema),
  shoe: z.number().int().nullable(),
  hands: z.number().int().nullable(),
});
export type OpsLiveTable = z.infer<typeof opsLiveTableSchema>;

export const opsLiveTableListSchema = z.object({
  merchantCode: z.string(),
  currency: z.string(),
  list: z.array(opsLiveTableSchema),
});
export type OpsLiveTableList = z.infer<typeof opsLiveTableListSchema>;

export const opsLiveTableParamsSchema = z.strictObject({
  code: z.string().regex(/^[A-Z0-9-]{2,20}$/, 'a table code'),
});

/** PUT /ops/live/tables/:code: the table's state and betting time, its limits in a currency. */
export const opsLiveTableBodySchema = z.strictObject({
  merchantCode: z.string().min(2).max(20),
  status: z.enum(['open', 'paused']),
  bettingSeconds: z.number().int().min(5).max(120),
  minBet: amountString,
  maxBet: amountString,
  sideMaxBet: amountString,
  reason: opsReason,
});
export type OpsLiveTableBody = z.infer<typeof opsLiveTableBodySchema>;

export const opsLiveVoidParamsSchema = opsLiveTableParamsSchema.extend({
  round: z.coerce.number().int().positive().max(2_000_000_000),
});

/** POST /ops/live/tables/:code/rounds/:round/void: a round taking bets, every stake returned. */
export const opsLiveVoidBodySchema = opsReasonBody;

export const opsLiveVoidAnswerSchema = z.object({
  table: z.string(),
  round: z.number().int().positive(),
  /** Bets whose stakes went back. */
  voided: z.number().int().nonnegative(),
});
