import { z } from 'zod';
import { amountString } from './wallet';

/** A round as recall shows it: what was drawn, the seeds to check it, and every action on it. */
export const recalledRoundSchema = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  engine: z.string(),
  status: z.enum(['open', 'settled', 'void']),
  state: z.record(z.string(), z.unknown()),
  seedCommitment: z.string().nullable(),
  /** Revealed once the round is closed; null while it is open. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type RecalledRound = z.infer<typeof recalledRoundSchema>;

export const recalledBetSchema = z.object({
  betId: z.string(),
  accountId: z.string(),
  currency: z.string(),
  stake: amountString,
  validBet: amountString,
  payout: amountString,
  status: z.enum(['held', 'settled', 'void']),
  detail: z.record(z.string(), z.unknown()),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});

/** GET /play/recall: the player's last game and the nine before it (GLI-19), newest first. */
export const recallSchema = z.object({
  list: z.array(recalledBetSchema.extend({ round: recalledRoundSchema })),
});
export type Recall = z.infer<typeof recallSchema>;

export const roundActionSchema = z.object({
  action: z.enum(['void', 'resettle', 'recover']),
  actor: z.string(),
  reason: z.string(),
  at: z.string(),
});

/** GET /play/rounds/:roundId (operators): a round with all its bets and actions. */
export const roundDetailSchema = recalledRoundSchema.extend({
  bets: z.array(recalledBetSchema),
  actions: z.array(roundActionSchema),
});
export type RoundDetail = z.infer<typeof roundDetailSchema>;

export const roundVoidBodySchema = z.object({
  reason: z.string().trim().min(3).max(500),
});

export const roundResettleBodySchema = z.object({
  reason: z.string().trim().min(3).max(500),
  results: z
    .array(z.object({ betId: z.string().min(1).max(100), payout: amountString }))
    .min(1)
    .max(1000),
});

/**
 * A record of the settled-bet stream (modules/play): one round of one member, amounts in minor
 * units. `seq` orders records within a transaction; readers resume with the opaque `cursor`.
 */
export interface SettledBetRecord {
  id: string;
  seq: bigint;
  merchantCode: string;
  accountId: string;
  vendorCode: string;
  gameId: string;
  gameType: string;
  roundId: string;
  currency: string;
  stake: bigint;
  validBet: bigint;
  payout: bigint;
  status: 'open' | 'settled' | 'cancelled';
  placedAt: string;
  settledAt: string | null;
}

/** Where a settled-bet stream reader stands; `''` is the stream's start. Opaque to readers. */
export type SettledBetCursor = string;

/** A page of the settled-bet stream and the cursor to resume after it. */
export interface SettledBetPage {
  records: SettledBetRecord[];
  next: SettledBetCursor;
}
