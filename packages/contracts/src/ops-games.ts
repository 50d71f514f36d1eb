import { z } from 'zod';
import { roundDetailSchema } from './play';
import { amountString } from './wallet';

/**
 * The operator console's game calls: rounds (search, recall, void and resettle through the
 * wagering kernel).
 */

const isoDate = z.iso.datetime({ offset: true });
const reason = z.string().trim().min(3).max(500);

/** `GET /ops/rounds`: rounds of the operator's merchant, newest first. */
export const opsRoundQuerySchema = z.strictObject({
  /** Rounds this player has a bet in. */
  playerId: z.string().min(1).max(80).optional(),
  gameCode: z.string().min(1).max(80).optional(),
  /** Opened in [from, to). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  status: z.enum(['open', 'settled', 'void']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type OpsRoundQuery = z.infer<typeof opsRoundQuerySchema>;

export const opsRoundRowSchema = z.object({
  roundId: z.string(),
  merchantCode: z.string(),
  gameId: z.string(),
  gameCode: z.string(),
  gameType: z.string(),
  vendorCode: z.string(),
  status: z.enum(['open', 'settled', 'void']),
  bets: z.number().int(),
  stake: amountString,
  payout: amountString,
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type OpsRoundRow = z.infer<typeof opsRoundRowSchema>;

export const opsRoundPageSchema = z.object({
  list: z.array(opsRoundRowSchema),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});
export type OpsRoundPage = z.infer<typeof opsRoundPageSchema>;

export const opsRoundParamsSchema = z.strictObject({ id: z.string().min(1).max(120) });

/** `GET /ops/rounds/:id`: the round as recall shows it, with every bet and action. */
export const opsRoundDetailSchema = roundDetailSchema.extend({ merchantCode: z.string() });
export type OpsRoundDetail = z.infer<typeof opsRoundDetailSchema>;

/** `POST /ops/rounds/:id/void`: every held stake returns to its player, once. */
export const opsRoundVoidSchema = z.strictObject({ reason });
export const opsRoundVoidResultSchema = z.object({ returned: z.number().int() });

/** `POST /ops/rounds/:id/resettle`: corrected payouts of a settled round's bets. */
export const opsRoundResettleSchema = z.strictObject({
  reason,
  results: z
    .array(z.strictObject({ betId: z.string().min(1).max(100), payout: amountString }))
    .min(1)
    .max(1000),
});
export const opsRoundResettleResultSchema = z.object({ resettled: z.number().int() });
