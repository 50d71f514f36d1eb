import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type PointChangeKind } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { pointsBalances, pointsLedger } from './schema';

/** The points ledger: every change of a member's points, once per key. */

/**
 * Changes one member's points once per key, under a lock of the member's balance row. A key
 * seen before changes nothing and answers with the first change; the balance never goes below
 * zero.
 */
export async function change(
  tx: DbOrTx,
  input: {
    merchantCode: string;
    accountId: string;
    kind: PointChangeKind;
    amount: bigint;
    key: string;
    actor: string;
    reference?: string | null;
    remark?: string | null;
  },
): Promise<{ balanceAfter: bigint; amount: bigint; replayed: boolean }> {
  await tx
    .insert(pointsBalances)
    .values({ accountId: input.accountId, merchantCode: input.merchantCode })
    .onConflictDoNothing();
  const [held] = await tx
    .select({ balance: pointsBalances.balance })
    .from(pointsBalances)
    .where(eq(pointsBalances.accountId, input.accountId))
    .for('update');
  const [seen] = await tx
    .select({ amount: pointsLedger.amount, balanceAfter: pointsLedger.balanceAfter })
    .from(pointsLedger)
    .where(
      and(eq(pointsLedger.accountId, input.accountId), eq(pointsLedger.idempotencyKey, input.key)),
    );
  if (seen) return { ...seen, replayed: true };
  const balanceAfter = held!.balance + input.amount;
  if (balanceAfter < 0n) throw new AppError('insufficient_funds', 'Not enough points');
  await tx
    .update(pointsBalances)
    .set({ balance: balanceAfter, updatedAt: new Date() })
    .where(eq(pointsBalances.accountId, input.accountId));
  await tx.insert(pointsLedger).values({
    id: randomUUID(),
    merchantCode: input.merchantCode,
    accountId: input.accountId,
    kind: input.kind,
    amount: input.amount,
    balanceAfter,
    idempotencyKey: input.key,
    actor: input.actor,
    reference: input.reference ?? null,
    remark: input.remark ?? null,
  });
  return { balanceAfter, amount: input.amount, replayed: false };
}
