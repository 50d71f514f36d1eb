import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { nextChainHash, terminatingHash } from '@taya/games';
import type { DbOrTx } from '../../../platform/db';
import { crashChains } from './schema';

export type ChainRow = typeof crashChains.$inferSelect;

export interface ChainOptions {
  /** Games per chain (10,000 by default; bustabit's is 10,000,000). */
  length: number;
  /** Development data: each new chain gets a sandbox salt at once (`salt`, else 32 random hex
   *  digits), labelled as such. Otherwise a chain waits for its salt: an operator publishes a
   *  future Bitcoin block's height with the terminating hash, then enters that block's hash
   *  once it is mined (GAMES.md Appendix C, 9); no round opens before. */
  sandboxSalt: boolean;
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
      ...(options.sandboxSalt
        ? {
            salt: options.salt ?? randomBytes(16).toString('hex'),
            saltSandbox: true,
            saltSetAt: new Date(),
          }
        : {}),
    })
    .onConflictDoNothing();
  const [made] = await db.select().from(crashChains).where(eq(crashChains.active, true));
  return made!;
}

/** A chain's salt as the public sees it: where it comes from and whether it is set. */
export function saltWire(chain: ChainRow) {
  return {
    salt: chain.salt,
    saltSandbox: chain.saltSandbox,
    saltBlockHeight: chain.saltBlockHeight,
  };
}

/**
 * Publishes the future block whose hash becomes the active chain's salt. Only once, and only
 * before the salt: the height is part of the commitment.
 */
export async function commitSaltBlock(
  db: DbOrTx,
  chainId: number,
  height: number,
): Promise<ChainRow | null> {
  const [row] = await db
    .update(crashChains)
    .set({ saltBlockHeight: height })
    .where(
      and(
        eq(crashChains.id, chainId),
        eq(crashChains.active, true),
        isNull(crashChains.salt),
        isNull(crashChains.saltBlockHeight),
      ),
    )
    .returning();
  return row ?? null;
}

/** Sets the salt: the committed block's hash. Only once, and only after the commitment. */
export async function setChainSalt(
  db: DbOrTx,
  chainId: number,
  blockHash: string,
  at: Date,
): Promise<ChainRow | null> {
  const [row] = await db
    .update(crashChains)
    .set({ salt: blockHash, saltSetAt: at })
    .where(
      and(
        eq(crashChains.id, chainId),
        eq(crashChains.active, true),
        isNull(crashChains.salt),
        isNotNull(crashChains.saltBlockHeight),
      ),
    )
    .returning();
  return row ?? null;
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
