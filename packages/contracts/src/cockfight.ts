import { z } from 'zod';
import { opsReason } from './ops-reason';
import { amountString, balanceString } from './wallet';

/**
 * Cockfight (e-sabong, SPEC.md §1 COCKFIGHT): arenas whose fights an operator runs — scheduled →
 * open (bets taken, odds moving live) → last call → closed (odds frozen) → settled with a result
 * (Meron, Wala, Draw or Cancelled). Meron and Wala are a pari-mutuel pool per merchant (one
 * currency): a side returns per 100 `(M + W) × (1 − commission) ÷ side × 100`, truncated to two
 * decimals; Draw pays a fixed ratio. Amounts are decimal strings in the merchant's currency; odds
 * are returns per 100 staked ("158.33").
 */

export const sabongSides = ['meron', 'wala', 'draw'] as const;
export const sabongSideSchema = z.enum(sabongSides);
export const sabongResultSchema = z.enum(['meron', 'wala', 'draw', 'cancelled']);
export const fightStatuses = ['scheduled', 'open', 'last-call', 'closed', 'settled'] as const;
export const fightStatusSchema = z.enum(fightStatuses);
export type FightStatus = z.infer<typeof fightStatusSchema>;

const arenaCode = z.string().regex(/^[A-Z0-9-]{2,20}$/, 'an arena code');

/** One merchant's pools and odds on a fight (odds null while a side is empty). */
export const fightBoardSchema = z.object({
  currency: z.string(),
  meron: amountString,
  wala: amountString,
  draw: amountString,
  bets: z.number().int().nonnegative(),
  meronOdds: z.string().nullable(),
  walaOdds: z.string().nullable(),
});
export type FightBoard = z.infer<typeof fightBoardSchema>;

export const fightSchema = z.object({
  id: z.string(),
  arena: arenaCode,
  number: z.number().int().positive(),
  meron: z.string(),
  wala: z.string(),
  status: fightStatusSchema,
  /** The settled result (a declared win becomes `cancelled` when the pool could not pay it). */
  result: sabongResultSchema.nullable(),
  /** Why a fight was cancelled: an operator's reason, `one-sided` or `below-stake`. */
  reason: z.string().nullable(),
  openedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type Fight = z.infer<typeof fightSchema>;

export const arenaSchema = z.object({
  code: arenaCode,
  name: z.string(),
  status: z.enum(['open', 'closed']),
  /** An HLS stream (https, .m3u8) or null: the page then says the stream is offline. */
  streamUrl: z.string().nullable(),
  /** Commission on the gross Meron + Wala pool, as a percentage ("5.00"). */
  commission: z.string(),
  /** Draw pays `drawRatio`:1. */
  drawRatio: z.number().int().positive(),
});
export type Arena = z.infer<typeof arenaSchema>;

/** GET /cockfight-arenas (anyone): the merchant's arenas with their fight and the merchant's board. */
export const cockfightLobbySchema = z.object({
  arenas: z.array(
    arenaSchema.extend({
      fight: fightSchema.nullable(),
      board: fightBoardSchema.nullable(),
      currency: z.string(),
      minBet: amountString,
      maxBet: amountString,
      drawMaxBet: amountString,
    }),
  ),
});
export type CockfightLobby = z.infer<typeof cockfightLobbySchema>;

/** A fight's result on the day's board. */
export const fightResultSchema = z.object({
  number: z.number().int().positive(),
  result: sabongResultSchema,
  meronOdds: z.string().nullable(),
  walaOdds: z.string().nullable(),
  settledAt: z.string(),
});

/** GET /cockfight-arenas/:arena (anyone): an arena now, with the day's results. */
export const arenaStateSchema = cockfightLobbySchema.shape.arenas.element.extend({
  results: z.array(fightResultSchema),
  serverNow: z.string(),
});
export type ArenaState = z.infer<typeof arenaStateSchema>;

/** POST /cockfight-arenas/:arena/bets (member). */
export const fightBetBodySchema = z.strictObject({
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{8,64}$/, '8 to 64 letters, digits, dots, dashes or underscores'),
  /** The fight the player saw open: a bet for another fight is refused. */
  fight: z.number().int().positive().max(2_000_000_000),
  side: sabongSideSchema,
  amount: amountString,
});
export type FightBetBody = z.infer<typeof fightBetBodySchema>;

export const fightBetSchema = z.object({
  betId: z.string(),
  arena: arenaCode,
  fight: z.number().int().positive(),
  side: sabongSideSchema,
  currency: z.string(),
  amount: amountString,
  payout: amountString.nullable(),
  at: z.string(),
});
export type FightBet = z.infer<typeof fightBetSchema>;

export const fightBetAnswerSchema = fightBetSchema.extend({
  balance: balanceString,
  board: fightBoardSchema,
});
export type FightBetAnswer = z.infer<typeof fightBetAnswerSchema>;

/** GET /cockfight-arenas/mine (member): the member's last 50 bets with their fights. */
export const myFightBetsSchema = z.object({
  list: z.array(
    fightBetSchema.extend({
      meron: z.string(),
      wala: z.string(),
      result: sabongResultSchema.nullable(),
    }),
  ),
});
export type MyFightBets = z.infer<typeof myFightBetsSchema>;

/** The feed `/ws/cockfight`: fights moving and every merchant's board after each bet. */
export type CockfightEvent =
  | {
      type: 'state';
      arenas: { arena: Arena; fight: Fight | null; boards: Record<string, FightBoard> }[];
    }
  | { type: 'fight'; arena: string; fight: Fight; boards: Record<string, FightBoard> }
  | { type: 'board'; arena: string; fight: number; merchantCode: string; board: FightBoard }
  | { type: 'arena'; arena: Arena };

// ---------------------------------------------------------------------------------------------
// Console
// ---------------------------------------------------------------------------------------------

export const opsArenaParamsSchema = z.strictObject({ arena: arenaCode });
export const opsFightParamsSchema = opsArenaParamsSchema.extend({
  fight: z.coerce.number().int().positive().max(2_000_000_000),
});

export const opsArenaBodySchema = z.strictObject({
  name: z.string().trim().min(2).max(60).optional(),
  status: z.enum(['open', 'closed']).optional(),
  streamUrl: z
    .string()
    .url()
    .max(500)
    .refine((u) => u.startsWith('https://'), 'an https address')
    .nullable()
    .optional(),
  /** Commission percentage, 0.00 to 20.00. */
  commission: z
    .string()
    .regex(/^(?:1?\d|20)(?:\.\d{1,2})?$/, 'a percentage from 0 to 20 with up to 2 decimals')
    .optional(),
  drawRatio: z.number().int().min(1).max(50).optional(),
  reason: opsReason,
});
export type OpsArenaBody = z.infer<typeof opsArenaBodySchema>;

export const opsFightCreateBodySchema = z.strictObject({
  meron: z.string().trim().min(1).max(60),
  wala: z.string().trim().min(1).max(60),
});

export const opsFightMoveBodySchema = z.strictObject({
  to: z.enum(['open', 'last-call', 'closed']),
});

export const opsFightResultBodySchema = z.strictObject({
  result: sabongResultSchema,
  reason: opsReason,
});

/** A fight in the console: its boards per merchant (its exposure). */
export const opsFightSchema = fightSchema.extend({
  boards: z.record(z.string(), fightBoardSchema),
});
export type OpsFight = z.infer<typeof opsFightSchema>;

export const opsArenaListSchema = z.object({
  arenas: z.array(arenaSchema.extend({ fights: z.array(opsFightSchema) })),
});
export type OpsArenaList = z.infer<typeof opsArenaListSchema>;
