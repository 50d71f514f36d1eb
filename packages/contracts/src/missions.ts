import { z } from 'zod';
import { opsReason } from './ops-reason';

/** How often a mission starts over, in the merchant's local time (weeks start on Monday). */
export const missionPeriods = ['daily', 'weekly'] as const;
export type MissionPeriod = (typeof missionPeriods)[number];

/**
 * What a mission counts inside its period: settled valid bet (minor units) or settled bets on
 * the listed game types, credited deposit amount (minor units) or credited deposits.
 */
export const missionTasks = ['bet_amount', 'bet_count', 'deposit_amount', 'deposit_count'] as const;
export type MissionTask = (typeof missionTasks)[number];

/** Where one member stands in one mission for the current period. */
export const missionStates = ['in_progress', 'claimable', 'claimed', 'closed'] as const;
export type MissionState = (typeof missionStates)[number];

/** Tasks whose target and progress are money (decimals); the others count. */
export const missionAmountTasks: readonly MissionTask[] = ['bet_amount', 'deposit_amount'];

const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/, 'A non-negative decimal amount');

const localisedText = (max: number) =>
  z
    .record(z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/), z.string().trim().min(1).max(max))
    .refine((t) => typeof t.en === 'string', 'English (en) is required');

/** Operator: create (no id) or update (with id) a mission. */
export const missionUpsertSchema = z
  .strictObject({
    id: z.uuid().optional(),
    merchantCode: z.string().min(1).max(32),
    period: z.enum(missionPeriods),
    task: z.enum(missionTasks),
    /** Game types a bet task counts (e.g. RNG for slots); empty for every game type. */
    gameTypes: z
      .array(z.string().regex(/^[A-Z0-9_]{1,16}$/, 'Upper-case letters, digits and _'))
      .max(20),
    /** A decimal amount for amount tasks, a whole number for count tasks; above zero. */
    target: decimal,
    /** Paid into the bonus balance when claimed. */
    reward: decimal,
    /** Turnover required on the reward, in tenths of a multiple (30 = 3×). */
    turnoverMultipleTenths: z.number().int().min(0).max(1000),
    title: localisedText(120),
    description: localisedText(1000),
    /** Total the mission may pay; null for no limit. */
    budget: decimal.nullable(),
    enabled: z.boolean(),
    sort: z.number().int().min(0).max(10_000).default(0),
    /** Why it is created or changed, for the audit log. */
    reason: opsReason,
  })
  .superRefine((m, ctx) => {
    const amount = missionAmountTasks.includes(m.task);
    if (!amount && !/^\d+$/.test(m.target)) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'A whole number for this task' });
    }
    if (/^0+(\.0+)?$/.test(m.target)) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: 'Must be above zero' });
    }
    if (/^0+(\.0+)?$/.test(m.reward)) {
      ctx.addIssue({ code: 'custom', path: ['reward'], message: 'Must be above zero' });
    }
    if (m.gameTypes.length > 0 && !m.task.startsWith('bet_')) {
      ctx.addIssue({
        code: 'custom',
        path: ['gameTypes'],
        message: 'Only bet tasks count game types',
      });
    }
  });
export type MissionUpsert = z.infer<typeof missionUpsertSchema>;

export const missionSavedSchema = z.object({ id: z.string(), created: z.boolean() });

export const missionIdParamsSchema = z.strictObject({ id: z.uuid() });

export const missionListQuerySchema = z.strictObject({ language: z.string().max(10).optional() });

export const missionClaimBodySchema = z.strictObject({
  /** The caller's id for this claim: a retry with it answers the same claim. */
  requestId: z.string().regex(/^[\w-]{8,64}$/, '8 to 64 letters, digits, _ or -'),
});

export const missionItemSchema = z.object({
  id: z.string(),
  period: z.enum(missionPeriods),
  task: z.enum(missionTasks),
  gameTypes: z.array(z.string()),
  title: z.string(),
  description: z.string(),
  /** A decimal for amount tasks, a whole number for count tasks. */
  target: z.string(),
  reward: z.string(),
  turnoverMultipleTenths: z.number().int(),
  currency: z.string(),
  /** The current period: its local start day (yyyy-MM-dd) and its bounds. */
  periodKey: z.string(),
  periodStartsAt: z.string(),
  periodEndsAt: z.string(),
  /** The caller's progress, like `target` (capped at nothing: it may pass the target); null for a visitor. */
  progress: z.string().nullable(),
  /** The caller's state; null for a visitor. */
  state: z.enum(missionStates).nullable(),
});
export type MissionItem = z.infer<typeof missionItemSchema>;

export const missionListSchema = z.object({
  list: z.array(missionItemSchema),
  /** The server's time, so the time left in a period does not depend on the device clock. */
  now: z.string(),
});
export type MissionList = z.infer<typeof missionListSchema>;

export const missionClaimSchema = z.object({
  claimId: z.string(),
  missionId: z.string(),
  periodKey: z.string(),
  amount: z.string(),
  turnoverAdded: z.string(),
  /** True when this requestId was claimed before and this call moved nothing. */
  replayed: z.boolean(),
});
export type MissionClaim = z.infer<typeof missionClaimSchema>;

/** The mission summary: the red badge counts the missions waiting to be claimed. */
export const missionSummarySchema = z.object({
  claimable: z.number().int(),
  inProgress: z.number().int(),
  claimed: z.number().int(),
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;

export const missionLeaderboardQuerySchema = z.strictObject({
  period: z.enum(missionPeriods).default('daily'),
});

export const missionLeaderboardSchema = z.object({
  period: z.enum(missionPeriods),
  periodKey: z.string(),
  periodStartsAt: z.string(),
  periodEndsAt: z.string(),
  currency: z.string(),
  /** Game types ranked (those the period's bet missions count); empty for every game type. */
  gameTypes: z.array(z.string()),
  /** The top members by valid bet in the period, names masked. */
  list: z.array(z.object({ rank: z.number().int(), name: z.string(), validBet: z.string() })),
  /** The caller's own place (rank null with no bet yet); null for a visitor. */
  me: z.object({ rank: z.number().int().nullable(), validBet: z.string() }).nullable(),
});
export type MissionLeaderboard = z.infer<typeof missionLeaderboardSchema>;

export const opsMissionListSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      period: z.enum(missionPeriods),
      task: z.enum(missionTasks),
      gameTypes: z.array(z.string()),
      title: z.record(z.string(), z.string()),
      description: z.record(z.string(), z.string()),
      target: z.string(),
      reward: z.string(),
      turnoverMultipleTenths: z.number().int(),
      budget: z.string().nullable(),
      spent: z.string(),
      claims: z.number().int(),
      enabled: z.boolean(),
      sort: z.number().int(),
    }),
  ),
});
