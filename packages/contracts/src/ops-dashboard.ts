import { z } from 'zod';

/**
 * The operator console's dashboard (`GET /ops/dashboard`): a merchant's money and players over
 * today, the last 7 or the last 30 days of its own time zone, day by day, and its work queues.
 *
 * Amounts are integers in the merchant's minor units, sent as strings ("12345" is 123.45 at
 * `currencyScale` 2); GGR and NGR may be negative. Format them with `minorToDecimal`.
 */

export const dashboardRanges = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof dashboardRanges)[number];

export const opsDashboardQuerySchema = z.strictObject({
  range: z.enum(dashboardRanges).default('today'),
  /** Another merchant in the operator's scope; the session's merchant without it. */
  merchantCode: z
    .string()
    .regex(/^[A-Z0-9]{2,16}$/)
    .optional(),
});
export type OpsDashboardQuery = z.input<typeof opsDashboardQuerySchema>;

/** Minor units as an integer string, possibly negative. */
export const minorString = z.string().regex(/^-?\d+$/);

/** One day's (or the range's) figures. */
export const dashboardFiguresSchema = z.object({
  /** Credited deposits (by the time they were credited). */
  deposits: minorString,
  depositCount: z.number().int(),
  /** Withdrawals paid out (approved, by the time of approval). */
  withdrawals: minorString,
  withdrawalCount: z.number().int(),
  /** Stakes and payouts of bets settled in the period. */
  stake: minorString,
  payout: minorString,
  betCount: z.number().int(),
  /** Gross gaming revenue: stake − payout. */
  ggr: minorString,
  /** Bonuses, rebates and rewards paid out of the house's bonus budgets, less reversals. */
  bonusCost: minorString,
  /** Net gaming revenue: GGR − bonus cost. */
  ngr: minorString,
  /** Players who placed a bet. */
  activePlayers: z.number().int(),
  /** Accounts registered (trial players not counted). */
  newPlayers: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const opsDashboardSchema = z.object({
  merchantCode: z.string(),
  currency: z.string(),
  currencyScale: z.number().int(),
  timeZone: z.string(),
  range: z.enum(dashboardRanges),
  /** The range as instants: [start, end). */
  start: z.string(),
  end: z.string(),
  totals: dashboardFiguresSchema,
  /** One entry per local day of the range, oldest first (`date` is yyyy-MM-dd). */
  series: z.array(dashboardFiguresSchema.extend({ date: z.string() })),
  /** Settled bets of the range by game type, the most staked first. */
  byGameType: z.array(
    z.object({
      gameType: z.string(),
      stake: minorString,
      payout: minorString,
      ggr: minorString,
      betCount: z.number().int(),
      players: z.number().int(),
    }),
  ),
  /** What waits for an operator now. */
  queues: z.object({
    pendingDeposits: z.number().int(),
    pendingWithdrawals: z.number().int(),
    disputedWithdrawals: z.number().int(),
    pendingApplications: z.number().int(),
    pendingRedemptions: z.number().int(),
    openChats: z.number().int(),
    /** Four-eyes approvals (e.g. large manual adjustments) waiting for a second operator. */
    pendingApprovals: z.number().int(),
  }),
});
export type OpsDashboard = z.infer<typeof opsDashboardSchema>;
