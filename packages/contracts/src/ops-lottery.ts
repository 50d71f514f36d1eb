import { z } from 'zod';
import {
  lotteryGameCode,
  lotteryIssueSchema,
  lotteryIssueStatuses,
  lotteryResultSchema,
} from './lottery';

/**
 * The operator console's lottery calls: issues with their bets and the result entry awaiting a
 * second operator. Entering (`POST /ops/lottery/results`), confirming
 * (`POST /ops/lottery/results/:id/confirm`, by another operator; it settles the issue) and
 * cancelling (`POST /ops/lottery/issues/:id/cancel`, refunds) use the schemas of `lottery.ts`.
 */

const isoInstant = z.iso.datetime({ offset: true });

/** `GET /ops/lottery/issues`: newest draw first; `from`/`to` bound the draw time. */
export const opsLotteryIssueQuerySchema = z.strictObject({
  gameCode: lotteryGameCode.optional(),
  status: z.enum(lotteryIssueStatuses).optional(),
  /** Issues drawn at or after this instant. */
  from: isoInstant.optional(),
  /** Issues drawn before this instant. */
  to: isoInstant.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type OpsLotteryIssueQuery = z.infer<typeof opsLotteryIssueQuerySchema>;

export const opsLotteryIssueRowSchema = lotteryIssueSchema.extend({
  betCount: z.number().int(),
  settledCount: z.number().int(),
  cancelledBy: z.string().nullable(),
  /** A result entered and waiting for a second, different operator to confirm it. */
  pendingEntry: z
    .object({
      id: z.string(),
      result: lotteryResultSchema,
      /** The entering operator's id (compare with the caller's own to refuse a self-confirm). */
      enteredBy: z.string(),
      /** Their username, as the audit log recorded it (null if it has no row for the entry). */
      enteredByUsername: z.string().nullable(),
      /** The reason they gave. */
      reason: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type OpsLotteryIssueRow = z.infer<typeof opsLotteryIssueRowSchema>;

export const opsLotteryIssuePageSchema = z.object({
  list: z.array(opsLotteryIssueRowSchema),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});
export type OpsLotteryIssuePage = z.infer<typeof opsLotteryIssuePageSchema>;
