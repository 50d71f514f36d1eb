import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { promotionExclusions } from './schema';

/**
 * Players an operator excluded from promotions. `pay` (core.ts), the one path every kind pays
 * through, refuses them, so no claim, approved application, rebate or reward reaches them.
 */

export async function isExcluded(db: DbOrTx, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promotionExclusions.accountId })
    .from(promotionExclusions)
    .where(eq(promotionExclusions.accountId, accountId));
  return Boolean(row);
}

/** Refuses (409 conflict, `value.reason` `excluded`) an excluded player. */
export async function refuseExcluded(db: DbOrTx, accountId: string): Promise<void> {
  if (await isExcluded(db, accountId)) {
    throw new AppError('conflict', 'This player is excluded from promotions', undefined, {
      state: 'Excluded',
      reason: 'excluded',
    });
  }
}

/** Excludes a player (again: no change). Answers whether it was excluded before. */
export async function exclude(
  db: DbOrTx,
  input: { accountId: string; merchantCode: string; reason: string; actor: string },
): Promise<{ before: boolean }> {
  const before = await isExcluded(db, input.accountId);
  await db
    .insert(promotionExclusions)
    .values({
      accountId: input.accountId,
      merchantCode: input.merchantCode,
      reason: input.reason,
      excludedBy: input.actor,
    })
    .onConflictDoNothing();
  return { before };
}

/** Includes a player again. Answers whether it was excluded before. */
export async function include(db: DbOrTx, accountId: string): Promise<{ before: boolean }> {
  const removed = await db
    .delete(promotionExclusions)
    .where(eq(promotionExclusions.accountId, accountId))
    .returning({ id: promotionExclusions.accountId });
  return { before: removed.length > 0 };
}
