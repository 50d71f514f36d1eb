import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { OpsLotteryIssueQuery } from '@taya/contracts';
import type { Db } from '../../platform/db';
import { auditLog } from '../../platform/audit-schema';
import { AppError } from '../../platform/errors';
import { lotteryIssues, lotteryResultEntries } from './schema';
import { issueWire } from './wire';

/**
 * The operator console's lottery reads: issues (global per game, not per merchant) with their
 * bet counts and the result entry awaiting confirmation, and one issue or entry as the audit
 * row's "before".
 */
export class LotteryOps {
  constructor(private readonly db: Db) {}

  async issues(query: OpsLotteryIssueQuery) {
    const rows = await this.db
      .select()
      .from(lotteryIssues)
      .where(
        and(
          query.gameCode ? eq(lotteryIssues.gameCode, query.gameCode) : undefined,
          query.status ? eq(lotteryIssues.status, query.status) : undefined,
          query.from ? gte(lotteryIssues.drawAt, new Date(query.from)) : undefined,
          query.to ? lt(lotteryIssues.drawAt, new Date(query.to)) : undefined,
        ),
      )
      .orderBy(desc(lotteryIssues.drawAt), desc(lotteryIssues.id))
      .limit(query.size + 1)
      .offset((query.page - 1) * query.size);
    const list = rows.slice(0, query.size);
    const pending = list.length
      ? await this.db
          .select()
          .from(lotteryResultEntries)
          .where(
            and(
              inArray(
                lotteryResultEntries.issueRowId,
                list.map((r) => r.id),
              ),
              eq(lotteryResultEntries.status, 'pending'),
            ),
          )
      : [];
    const byIssue = new Map(pending.map((e) => [e.issueRowId, e]));
    const entered = await this.enteredNotes(pending.map((e) => e.issueRowId));
    return {
      list: list.map((row) => {
        const entry = byIssue.get(row.id);
        return {
          ...issueWire(row),
          betCount: row.betCount,
          settledCount: row.settledCount,
          cancelledBy: row.cancelledBy,
          pendingEntry: entry
            ? {
                id: entry.id,
                result: entry.result,
                enteredBy: entry.enteredBy,
                enteredByUsername: entered.get(entry.id)?.username ?? null,
                reason: entered.get(entry.id)?.reason ?? null,
                createdAt: entry.createdAt.toISOString(),
              }
            : null,
        };
      }),
      page: query.page,
      size: query.size,
      hasMore: rows.length > query.size,
    };
  }

  /**
   * Who entered each pending entry of these issues and why, by entry id, from the audit rows of
   * the entries (the entry row keeps the operator's id only).
   */
  private async enteredNotes(issueRowIds: string[]) {
    const notes = new Map<string, { username: string | null; reason: string | null }>();
    if (issueRowIds.length === 0) return notes;
    const rows = await this.db
      .select({
        after: auditLog.after,
        username: auditLog.actorUsername,
        reason: auditLog.reason,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, 'lottery_issue'),
          inArray(auditLog.targetId, issueRowIds),
          eq(auditLog.action, 'lottery.result.enter'),
        ),
      );
    for (const row of rows) {
      const entryId = (row.after as { entryId?: unknown } | null)?.entryId;
      if (typeof entryId === 'string')
        notes.set(entryId, { username: row.username, reason: row.reason });
    }
    return notes;
  }

  /** An issue as the console shows it, or a 404. */
  async issue(issueRowId: string) {
    const [row] = await this.db
      .select()
      .from(lotteryIssues)
      .where(eq(lotteryIssues.id, issueRowId));
    if (!row) throw new AppError('not_found', 'No such issue');
    return issueWire(row);
  }

  /** The issue row id a result entry is for, or a 404. */
  async entryIssue(entryId: string) {
    const [row] = await this.db
      .select({ issueRowId: lotteryResultEntries.issueRowId })
      .from(lotteryResultEntries)
      .where(eq(lotteryResultEntries.id, entryId));
    if (!row) throw new AppError('not_found', 'No such result entry');
    return row.issueRowId;
  }
}
