import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { nextChainHash, terminatingHash } from '@taya/games';
import type { DbOrTx } from '../../../platform/db';
import { crashChains } from './schema';

export type ChainRow = typeof crashChains.$inferSelect;

export interface ChainOptions {
  /** Games per chain (10,000 by default; bustabit's is 10,000,000). */
  length: number;
  /** The HMAC key of every game: in production a value published with the terminating hash
   *  before the chain's first round and not known when the chain was made (bustabit: a future
   *  Bitcoin block's hash). Without one, each new chain gets 32 random hex digits. */
  salt?: string;
}

/**
 * The active chain, made on first use: a fresh 256-bit secret, its terminating hash after
 * `length` re-hashes. Concurrent callers race on the unique active index; the loser reads the
 * winner's chain.
 */
export async function activeChain(db: DbOrTx, options: ChainOptions): Promise<ChainRow> {
  const [found] = await db.select().from(crashChains).where(eq(crashChains.active, true));
  if (found && found.played < found.length) return found;
  if (found)
    await db.update(crashChains).set({ active: false }).where(eq(crashChains.id, found.id));
  const secret = randomBytes(32).toString('hex');
  await db
    .insert(crashChains)
    .values({
      secret,
      length: options.length,
      terminatingHash: terminatingHash(secret, options.length),
      salt: options.salt ?? randomBytes(16).toString('hex'),
    })
    .onConflictDoNothing();
  const [made] = await db.select().from(crashChains).where(eq(crashChains.active, true));
  return made!;
}

/** Takes the chain's next game (under the chain row's lock): its number in the chain. */
export async function takeGame(db: DbOrTx, chain: ChainRow): Promise<number> {
  const [row] = await db
    .update(crashChains)
    .set({ played: sql`${crashChains.played} + 1` })
    .where(eq(crashChains.id, chain.id))
    .returning({ played: crashChains.played });
  return row!.played;
}

/**
 * Game hashes of chains, kept in memory once grown (a chain of 10,000 is 10,000 SHA-256s):
 * game n's hash is hᵢ with i = length − n, h₀ the secret.
 */
export class ChainHashes {
  private readonly grown = new Map<number, string[]>();

  gameHash(chain: Pick<ChainRow, 'id' | 'secret' | 'length'>, game: number): string {
    let hashes = this.grown.get(chain.id);
    if (!hashes) {
      hashes = [chain.secret];
      for (let i = 1; i <= chain.length; i++) hashes.push(nextChainHash(hashes[i - 1]!));
      this.grown.set(chain.id, hashes);
    }
    const hash = hashes[chain.length - game];
    if (!hash || game < 1) throw new Error('no such game in the chain');
    return hash;
  }
}
