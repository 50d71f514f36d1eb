import { randomUUID } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { OpsPagingQuery } from '@taya/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { playerNotes, playerOpsSettings, playerTags } from './schema';

/** A manual adjustment above this (minor units: 10,000.00) waits for a second operator. */
export const defaultAdjustApprovalAbove = 1_000_000n;

/** Notes, tags and the per-merchant settings of operators' player management. */
export class PlayerRecords {
  constructor(private readonly db: Db) {}

  async tagsOf(accountId: string): Promise<string[]> {
    const rows = await this.db
      .select({ tag: playerTags.tag })
      .from(playerTags)
      .where(eq(playerTags.accountId, accountId))
      .orderBy(playerTags.tag);
    return rows.map((r) => r.tag);
  }

  /** Replaces the player's tags; answers the tags before and after. */
  async setTags(accountId: string, tags: string[]) {
    const wanted = [...new Set(tags)].sort();
    return this.db.transaction(async (tx) => {
      const before = (
        await tx
          .select({ tag: playerTags.tag })
          .from(playerTags)
          .where(eq(playerTags.accountId, accountId))
          .for('update')
      )
        .map((r) => r.tag)
        .sort();
      await tx.delete(playerTags).where(eq(playerTags.accountId, accountId));
      if (wanted.length > 0) {
        await tx.insert(playerTags).values(wanted.map((tag) => ({ accountId, tag })));
      }
      return { before, after: wanted };
    });
  }

  async notesCount(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(playerNotes)
      .where(eq(playerNotes.accountId, accountId));
    return row?.n ?? 0;
  }

  async notes(accountId: string, p: OpsPagingQuery) {
    const rows = await this.db
      .select()
      .from(playerNotes)
      .where(eq(playerNotes.accountId, accountId))
      .orderBy(desc(playerNotes.createdAt), desc(playerNotes.id))
      .limit(p.pageSize)
      .offset((p.page - 1) * p.pageSize);
    return {
      rows: rows.map((r) => ({
        id: r.id,
        authorUsername: r.authorUsername,
        body: r.body,
        createdAt: r.createdAt.toISOString(),
      })),
      total: await this.notesCount(accountId),
      page: p.page,
      pageSize: p.pageSize,
    };
  }

  async addNote(input: {
    accountId: string;
    merchantCode: string;
    authorId: string;
    authorUsername: string;
    body: string;
  }) {
    const [row] = await this.db
      .insert(playerNotes)
      .values({ id: randomUUID(), ...input })
      .returning();
    if (!row) throw new AppError('internal_error');
    return {
      id: row.id,
      authorUsername: row.authorUsername,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async adjustApprovalAbove(merchantCode: string): Promise<bigint> {
    const [row] = await this.db
      .select({ above: playerOpsSettings.adjustApprovalAbove })
      .from(playerOpsSettings)
      .where(eq(playerOpsSettings.merchantCode, merchantCode));
    return row?.above ?? defaultAdjustApprovalAbove;
  }

  async setAdjustApprovalAbove(merchantCode: string, above: bigint) {
    const before = await this.adjustApprovalAbove(merchantCode);
    await this.db
      .insert(playerOpsSettings)
      .values({ merchantCode, adjustApprovalAbove: above })
      .onConflictDoUpdate({
        target: playerOpsSettings.merchantCode,
        set: { adjustApprovalAbove: above, updatedAt: new Date() },
      });
    return { before, after: above };
  }
}
