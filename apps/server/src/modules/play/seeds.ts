import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { BetRow, RoundRow } from './kernel';
import { bets, rounds } from './schema';

/**
 * Reveals a server seed on every round played with it that does not show it yet (found by its
 * commitment): the originals' seed pairs keep one seed over many rounds and reveal it only when
 * the player rotates the pair, so their rounds settle without it and get it here.
 */
export async function revealServerSeed(
  tx: DbOrTx,
  input: { seedCommitment: string; serverSeed: string },
): Promise<number> {
  const done = await tx
    .update(rounds)
    .set({ serverSeed: input.serverSeed })
    .where(and(eq(rounds.seedCommitment, input.seedCommitment), isNull(rounds.serverSeed)))
    .returning({ id: rounds.id });
  return done.length;
}

/** A member's latest bets in one game with their rounds, newest first (a game's history). */
export async function playerGameRounds(
  db: DbOrTx,
  input: { merchantCode: string; accountId: string; gameCode: string; limit: number },
): Promise<{ bet: BetRow; round: RoundRow }[]> {
  return db
    .select({ bet: bets, round: rounds })
    .from(bets)
    .innerJoin(rounds, eq(rounds.id, bets.roundId))
    .where(
      and(
        eq(bets.accountId, input.accountId),
        eq(bets.merchantCode, input.merchantCode),
        eq(rounds.gameCode, input.gameCode),
      ),
    )
    .orderBy(desc(bets.placedAt), desc(bets.id))
    .limit(input.limit);
}

/** The member's open rounds of one game (a round played in steps waits there for its next step). */
export async function playerOpenRounds(
  db: DbOrTx,
  input: { merchantCode: string; accountId: string; gameCode: string },
): Promise<{ bet: BetRow; round: RoundRow }[]> {
  return db
    .select({ bet: bets, round: rounds })
    .from(bets)
    .innerJoin(rounds, eq(rounds.id, bets.roundId))
    .where(
      and(
        eq(bets.accountId, input.accountId),
        eq(bets.merchantCode, input.merchantCode),
        eq(rounds.gameCode, input.gameCode),
        eq(rounds.status, 'open'),
      ),
    )
    .orderBy(desc(bets.placedAt));
}
