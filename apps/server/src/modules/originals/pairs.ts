import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { OriginalSeeds } from '@taya/contracts';
import { newServerSeed, seedCommitment } from '@taya/games';
import type { DbOrTx, Tx } from '../../platform/db';
import { revealServerSeed } from '../play';
import { originalSeedPairs } from './schema';

export type SeedPairRow = typeof originalSeedPairs.$inferSelect;

interface Member {
  merchantCode: string;
  accountId: string;
}

/** A fresh client seed when the player names none: 16 hex digits. */
const newClientSeed = () => randomBytes(8).toString('hex');

function newPair(member: Member, game: string, clientSeed?: string) {
  const serverSeed = newServerSeed();
  return {
    id: randomUUID(),
    merchantCode: member.merchantCode,
    accountId: member.accountId,
    game,
    serverSeed,
    serverSeedHash: seedCommitment(serverSeed),
    clientSeed: clientSeed ?? newClientSeed(),
    nextNonce: 0,
    status: 'active' as const,
  };
}

/**
 * The member's active pair of a game, locked for this transaction (a bet takes its nonce, a
 * rotation reveals it); one is made on first use. Every bet of the member in the game waits
 * here for the one before it, so nonces are consecutive and none is taken twice.
 */
export async function lockActivePair(tx: Tx, member: Member, game: string): Promise<SeedPairRow> {
  const find = () =>
    tx
      .select()
      .from(originalSeedPairs)
      .where(
        and(
          eq(originalSeedPairs.accountId, member.accountId),
          eq(originalSeedPairs.game, game),
          eq(originalSeedPairs.status, 'active'),
        ),
      )
      .for('update');
  const [found] = await find();
  if (found) return found;
  // Two first bets at once: one insert wins the unique index, the other waits and reads it.
  await tx.insert(originalSeedPairs).values(newPair(member, game)).onConflictDoNothing();
  const [made] = await find();
  return made!;
}

/** The nonce of the next bet, taken from the locked pair. */
export async function takeNonce(tx: Tx, pair: SeedPairRow): Promise<number> {
  await tx
    .update(originalSeedPairs)
    .set({ nextNonce: pair.nextNonce + 1 })
    .where(eq(originalSeedPairs.id, pair.id));
  return pair.nextNonce;
}

/**
 * Rotates the member's pair: the active one is revealed (its seed shown on every round it drew)
 * and a new one starts with a fresh server seed, the chosen client seed and nonce 0.
 */
export async function rotatePair(
  tx: Tx,
  member: Member,
  game: string,
  clientSeed: string | undefined,
): Promise<void> {
  const old = await lockActivePair(tx, member, game);
  await tx
    .update(originalSeedPairs)
    .set({ status: 'revealed', revealedAt: new Date() })
    .where(eq(originalSeedPairs.id, old.id));
  await revealServerSeed(tx, { seedCommitment: old.serverSeedHash, serverSeed: old.serverSeed });
  await tx.insert(originalSeedPairs).values(newPair(member, game, clientSeed));
}

/** The pair in use (its seed only as its commitment) and the last one revealed. */
export async function seedsView(db: DbOrTx, member: Member, game: string): Promise<OriginalSeeds> {
  const mine = and(
    eq(originalSeedPairs.accountId, member.accountId),
    eq(originalSeedPairs.game, game),
  );
  const [[current], [previous]] = await Promise.all([
    db
      .select()
      .from(originalSeedPairs)
      .where(and(mine, eq(originalSeedPairs.status, 'active'))),
    db
      .select()
      .from(originalSeedPairs)
      .where(and(mine, eq(originalSeedPairs.status, 'revealed')))
      .orderBy(desc(originalSeedPairs.revealedAt))
      .limit(1),
  ]);
  if (!current) throw new Error('a seed pair is made before it is shown');
  return {
    current: {
      serverSeedHash: current.serverSeedHash,
      clientSeed: current.clientSeed,
      nonce: current.nextNonce,
    },
    previous: previous
      ? {
          serverSeedHash: previous.serverSeedHash,
          clientSeed: previous.clientSeed,
          nonce: previous.nextNonce,
          serverSeed: previous.serverSeed,
        }
      : null,
  };
}
