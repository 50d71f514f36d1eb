import { z } from 'zod';
import { amountString } from './wallet';

/** The winners leaderboard's periods: the merchant's current local day, week (from Monday), month. */
export const winnersPeriods = ['day', 'week', 'month'] as const;
export type WinnersPeriod = (typeof winnersPeriods)[number];

export const winnersQuerySchema = z.strictObject({
  period: z.enum(winnersPeriods).default('day'),
  limit: z.coerce.number().int().min(1).max(20).default(20),
  language: z.string().max(10).optional(),
});

/**
 * The biggest settled wins of the period, biggest first. `amount` is the net win of one round
 * (payout minus stake); rounds that lost or broke even are not wins and never listed.
 */
export const winnersSchema = z.object({
  period: z.enum(winnersPeriods),
  /** The period in the merchant's zone: [from, to). */
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  timeZone: z.string(),
  list: z.array(
    z.object({
      rank: z.number().int(),
      name: z.string(),
      gameName: z.string(),
      nodeId: z.string(),
      amount: amountString,
      currency: z.string(),
      time: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type Winners = z.infer<typeof winnersSchema>;
