import type { Db, Tx } from './db';
import { seedVersions } from './seed-schema';

/**
 * A versioned seed: applied once per database, by exactly one node. The seeds due run in one
 * transaction (one commit instead of one each, which on the embedded database is a flush to disk
 * each): a failure applies none of them, and the next start tries them all again.
 */
export interface Seed {
  name: string;
  run(tx: Tx): Promise<void>;
}

export async function applySeeds(db: Db, seeds: readonly Seed[]): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    for (const seed of seeds) {
      // The insert is the lock: a second node waits here, then finds the row and skips.
      const claimed = await tx
        .insert(seedVersions)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: seedVersions.name });
      if (claimed.length === 0) continue;
      await seed.run(tx);
      applied.push(seed.name);
    }
  });
  return applied;
}
