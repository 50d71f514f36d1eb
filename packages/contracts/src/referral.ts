import { z } from 'zod';

/** Where a referred friend stands against the referral promotion's thresholds. */
export const referralFriendStatuses = [
  /** The referrer was paid for this friend. */
  'rewarded',
  /** The friend reached the thresholds; the reward follows with the next run of the job. */
  'qualified',
  /** Still short of the thresholds. */
  'in_progress',
  /** Joined before the promotion started, or no referral promotion is running. */
  'not_eligible',
] as const;
export type ReferralFriendStatus = (typeof referralFriendStatuses)[number];

/** GET /wps/member/referral: my invite code, the running promotion, my friends and earnings. */
export const referralSummarySchema = z.object({
  /** My invite code; my invite link is the register page with it (/register?referralCode=…). */
  code: z.string(),
  /** The referral promotion running now, if any, with its thresholds. */
  promotion: z
    .object({
      id: z.string(),
      title: z.string(),
      content: z.string(),
      reward: z.string(),
      minDeposit: z.string(),
      minValidBet: z.string(),
      maxFriends: z.number().int(),
      turnoverMultipleTenths: z.number().int(),
      endsAt: z.string().nullable(),
    })
    .nullable(),
  /** Friends who registered with my code, newest first, their names masked. */
  friends: z.array(
    z.object({
      name: z.string(),
      registeredAt: z.string(),
      deposited: z.string(),
      validBet: z.string(),
      status: z.enum(referralFriendStatuses),
      /** What I was paid for this friend, once rewarded. */
      reward: z.string().nullable(),
    }),
  ),
  friendsRewarded: z.number().int(),
  /** All I have earned from referral promotions. */
  totalEarned: z.string(),
  currency: z.string(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
