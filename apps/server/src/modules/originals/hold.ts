import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { PlayKernel } from '../play';
import { originalRequests } from './schema';

/** The in-house vendor that owns the originals in the catalogue. */
export const originalsVendor = 'TAYA';

/** A member's bet on an original of its own round (dice, a mines round, a hand of poker, …). */
export interface OwnRoundBet {
  merchant: { merchantCode: string; currency: string };
  /** The catalogue entry the round is of. */
  game: { id: string; gameCode: string; gameType: string };
  /** The engine and version that plays it (`taya-dice@1`). */
  engine: string;
  /** SHA-256 of the server seed the outcome is drawn with. */
  seedCommitment: string;
  player: string;
  stake: bigint;
  detail: Record<string, unknown>;
  /** Ids chosen beforehand, when the round's state names them. */
  roundId?: string;
  betId?: string;
  state?: Record<string, unknown>;
  recoverAfter?: Date;
}

/**
 * Opens the bet's kernel round and holds its stake, in the caller's transaction: the round
 * (vendor TAYA, the seed's commitment), the player's accounts locked, the stake placed under
 * the key `originals:<round>:bet` by the actor `game:<code>`.
 */
export async function openAndHold(play: PlayKernel, tx: Tx, bet: OwnRoundBet) {
  const roundId = bet.roundId ?? randomUUID();
  const round = await play.openRound(tx, {
    id: roundId,
    merchantCode: bet.merchant.merchantCode,
    gameId: bet.game.id,
    gameCode: bet.game.gameCode,
    gameType: bet.game.gameType,
    vendorCode: originalsVendor,
    engine: bet.engine,
    seedCommitment: bet.seedCommitment,
    ...(bet.recoverAfter ? { recoverAfter: bet.recoverAfter } : {}),
    ...(bet.state ? { state: bet.state } : {}),
  });
  await play.lockPlayers(tx, {
    merchantCode: bet.merchant.merchantCode,
    currency: bet.merchant.currency,
    players: [bet.player],
  });
  const placed = await play.place(
    tx,
    {
      id: bet.betId ?? randomUUID(),
      roundId,
      merchantCode: bet.merchant.merchantCode,
      currency: bet.merchant.currency,
      player: bet.player,
      stake: bet.stake,
      key: `originals:${roundId}:bet`,
      actor: `game:${bet.game.gameCode}`,
      detail: bet.detail,
    },
    round,
  );
  return { round, placed };
}

/** What a request id was first asked: who, which game and round, the request's hash. */
export interface RequestKey {
  accountId: string;
  requestId: string;
  hash: string;
}

/**
 * The answer stored under a member's request id, null when there is none; a 409
 * `idempotency_conflict` (with `conflict` as its message) when the id asked something else.
 */
export async function earlierAnswer<A>(
  db: Db | Tx,
  key: RequestKey,
  conflict: string,
): Promise<A | null> {
  const [row] = await db
    .select()
    .from(originalRequests)
    .where(
      and(
        eq(originalRequests.accountId, key.accountId),
        eq(originalRequests.requestId, key.requestId),
      ),
    );
  if (!row) return null;
  if (row.requestHash !== key.hash) throw new AppError('idempotency_conflict', conflict);
  return row.answer as unknown as A;
}

/**
 * Stores the answer under the request id in the caller's transaction. The same id used meanwhile
 * for something else (another game's lock let it through) is a 409 that undoes the transaction.
 */
export async function rememberAnswer(
  tx: Tx,
  key: RequestKey & { game: string; roundId: string },
  answer: Record<string, unknown>,
  conflict: string,
): Promise<void> {
  const stored = await tx
    .insert(originalRequests)
    .values({
      accountId: key.accountId,
      requestId: key.requestId,
      game: key.game,
      roundId: key.roundId,
      requestHash: key.hash,
      answer,
    })
    .onConflictDoNothing()
    .returning({ roundId: originalRequests.roundId });
  if (stored.length === 0) throw new AppError('idempotency_conflict', conflict);
}
