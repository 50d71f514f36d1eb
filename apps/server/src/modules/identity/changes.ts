import { randomUUID } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { AccountChange, AccountChangeKind, ChangedField } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { accountChanges } from './schema';

/** Where a change came from: the caller's address and device, for the record. */
export interface ChangeOrigin {
  actorId: string;
  ip: string | null;
  device: string | null;
}

/**
 * Writes one entry of the account's change record. Call it in the transaction that makes the
 * change, so the record and the change land together or not at all. Secrets go in with
 * `from` and `to` null: the record says that they changed, never what they were.
 */
export async function recordChange(
  db: DbOrTx,
  entry: {
    merchantCode: string;
    accountId: string;
    kind: AccountChangeKind;
    changes: ChangedField[];
    origin: ChangeOrigin;
  },
): Promise<void> {
  await db.insert(accountChanges).values({
    id: randomUUID(),
    merchantCode: entry.merchantCode,
    accountId: entry.accountId,
    actorId: entry.origin.actorId,
    kind: entry.kind,
    changes: entry.changes,
    ip: entry.origin.ip,
    device: entry.origin.device,
  });
}

/** The account's change record, newest first. */
export async function listChanges(
  db: DbOrTx,
  accountId: string,
  page: { pageNo: number; pageSize: number },
): Promise<{ list: AccountChange[]; total: number; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(accountChanges)
    .where(eq(accountChanges.accountId, accountId))
    .orderBy(desc(accountChanges.createdAt), desc(accountChanges.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(accountChanges)
    .where(eq(accountChanges.accountId, accountId));
  const n = total?.n ?? 0;
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      changes: r.changes,
      ip: r.ip,
      device: r.device,
      createdAt: r.createdAt.toISOString(),
    })),
    total: n,
    hasMore: page.pageNo * page.pageSize < n,
  };
}
