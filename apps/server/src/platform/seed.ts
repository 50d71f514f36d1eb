import type { Db, Tx } from './db';
import { seedVersions } from './seed-schema';

/** A versioned seed: applied once per database, in its own transaction, by exactly one node. */
export interface Seed {
  name: string;
  run(tx: Tx): Promise<void>;
}

export async function applySeeds(db: Db, seeds: readonly Seed[]): Promise<string[]> {
  const applied: string[] = [];
  for (const seed of seeds) {
    await db.transaction(async (tx) => {
      // The insert is the lock: a second node waits here, then finds the row and skips.
      const claimed = await tx
        .insert(seedVersions)
        .values({ name: seed.name })
        .onConflictDoNothing()
        .returning({ name: seedVersions.name });
      if (claimed.length === 0) return;
      await seed.run(tx);
      applied.push(seed.name);
    });
  }
  return applied;
}
