import { z } from 'zod';
import { gameTypes } from './games';
import { opsReason } from './ops-reason';
import { roundDetailSchema } from './play';
import { amountString } from './wallet';

/**
 * The operator console's game calls: rounds (search, recall, void and resettle through the
 * wagering kernel).
 */

const isoDate = z.iso.datetime({ offset: true });
const reason = opsReason;

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

/** `GET /ops/games/vendors`: the merchant's vendors, enabled or not. */
export const opsGameVendorSchema = z.object({
  code: z.string(),
  displayName: z.string(),
  gameType: z.string(),
  walletMode: z.enum(['seamless', 'transfer']),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  sort: z.number().int(),
});
export const opsGameVendorListSchema = z.object({ list: z.array(opsGameVendorSchema) });

/** `GET /ops/games`: the merchant's games, enabled or not, by sort order. */
export const opsGameQuerySchema = z.strictObject({
  vendor: z.string().max(30).optional(),
  gameType: z.string().max(20).optional(),
  enabled: z.enum(['true', 'false']).optional(),
  /** Part of the name or code. */
  search: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type OpsGameQuery = z.infer<typeof opsGameQuerySchema>;

export const opsGameSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  vendorCode: z.string(),
  gameCode: z.string(),
  gameType: z.string(),
  name: z.string(),
  iconUrl: z.string().nullable(),
  artworkUploadId: z.string().nullable(),
  category: z.string().nullable(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  hot: z.boolean(),
  demoAllowed: z.boolean(),
  sort: z.number().int(),
});
export type OpsGame = z.infer<typeof opsGameSchema>;

export const opsGamePageSchema = z.object({
  list: z.array(opsGameSchema),
  page: z.number().int(),
  size: z.number().int(),
  hasMore: z.boolean(),
});
export type OpsGamePage = z.infer<typeof opsGamePageSchema>;

export const opsGameParamsSchema = z.strictObject({ id: z.string().min(1).max(80) });

/**
 * `PATCH /ops/games/:id`: what an operator may change; the player catalog follows at once
 * (enabled, maintenance, sort order, artwork, demo play). `hot` puts the game first among the hot
 * games; `category` lists it under another lobby category (a game type) than its own type.
 */
export const opsGamePatchSchema = z
  .strictObject({
    enabled: z.boolean(),
    maintenance: z.boolean(),
    sort: z.number().int().min(0).max(1_000_000),
    hot: z.boolean(),
    category: z.enum(gameTypes).nullable(),
    iconUrl: z.string().trim().max(500).nullable(),
    artworkUploadId: z.string().min(1).max(80).nullable(),
    demoAllowed: z.boolean(),
    reason: reason,
  })
  .partial()
  .required({ reason: true })
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), 'Nothing to change');
export type OpsGamePatch = z.infer<typeof opsGamePatchSchema>;

/**
 * Gaming switches: `PUT /ops/gaming/switch` turns gaming off (or on) for the whole merchant
 * (no `playerId`) or one player; one game is switched with `PATCH /ops/games/:id` (`enabled`).
 * While off, launch and every bet through the kernel answer `gaming_disabled`.
 */
export const opsGamingSwitchSchema = z.strictObject({
  playerId: z.string().min(1).max(80).optional(),
  enabled: z.boolean(),
  reason,
});
export type OpsGamingSwitch = z.infer<typeof opsGamingSwitchSchema>;

export const opsGamingSwitchStateSchema = z.object({
  merchantCode: z.string(),
  playerId: z.string().nullable(),
  enabled: z.boolean(),
});

/** `GET /ops/gaming/switches`: what is switched off in the merchant. */
export const opsGamingSwitchListSchema = z.object({
  merchantOff: z.boolean(),
  players: z.array(
    z.object({ playerId: z.string(), blockedBy: z.string(), reason: z.string(), at: z.string() }),
  ),
});

/** `GET /ops/jackpot/pools`: the merchant's jackpot pools with their current value. */
export const opsJackpotPoolSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  currency: z.string(),
  names: z.record(z.string(), z.string()),
  vendorCodes: z.array(z.string()),
  /** Basis points of each stake fed to the pool. */
  contributionBps: z.number().int(),
  /** What the house seeds the pool with (and after each hit). */
  seed: amountString,
  /** A stake of this much always hits; smaller ones in proportion. */
  hitOdds: amountString,
  status: z.enum(['active', 'closed']),
  value: amountString,
});
export const opsJackpotPoolListSchema = z.object({ list: z.array(opsJackpotPoolSchema) });

/** `PATCH /ops/jackpot/pools/:id`: contribution, odds and status (the seed is the house's money). */
export const opsJackpotPoolPatchSchema = z
  .strictObject({
    contributionBps: z.number().int().min(0).max(1000),
    hitOdds: amountString,
    status: z.enum(['active', 'closed']),
    reason,
  })
  .partial()
  .required({ reason: true })
  .refine((b) => Object.keys(b).some((k) => k !== 'reason'), 'Nothing to change');
export type OpsJackpotPoolPatch = z.infer<typeof opsJackpotPoolPatchSchema>;
