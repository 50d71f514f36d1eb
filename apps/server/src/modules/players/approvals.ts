import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { OpsApproval, OpsApprovalQuery } from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { opsApprovals } from './schema';

type ApprovalRow = typeof opsApprovals.$inferSelect;

/** What approving one kind does: runs inside the approval's transaction, once. */
export type ApprovalExecutor = (
  tx: DbOrTx,
  approval: ApprovalRow,
  decider: { id: string; username: string },
) => Promise<Record<string, unknown>>;

export interface ApprovalRequest {
  kind: string;
  merchantCode: string;
  targetType: string;
  targetId: string;
  payload: Record<string, unknown>;
  reason: string;
  requestedBy: string;
  requestedByUsername: string;
  requestKey: string;
}

export const approvalView = (r: ApprovalRow): OpsApproval => ({
  id: r.id,
  kind: r.kind,
  merchantCode: r.merchantCode,
  targetType: r.targetType,
  targetId: r.targetId,
  payload: r.payload,
  reason: r.reason,
  status: r.status,
  requestedBy: r.requestedBy,
  requestedByUsername: r.requestedByUsername,
  decidedByUsername: r.decidedByUsername,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  decisionNote: r.decisionNote,
  result: r.result ?? null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Four-eyes approvals, generic by kind: one operator asks (`request`), another approves or
 * rejects (`decide`). The requester can never decide its own request (403). Approving locks the
 * row, checks it still waits and runs the kind's executor in the same transaction, so parallel
 * approvals run it once; the others get 409 `conflict`.
 */
export class Approvals {
  private readonly executors = new Map<string, ApprovalExecutor>();

  constructor(private readonly db: Db) {}

  /** Names what approving `kind` does; each kind once. */
  register(kind: string, executor: ApprovalExecutor): void {
    if (this.executors.has(kind)) throw new Error(`approval kind ${kind} registered twice`);
    this.executors.set(kind, executor);
  }

  /** Files a request; the same requester and key again answers the first one. */
  async request(input: ApprovalRequest): Promise<{ approval: OpsApproval; replayed: boolean }> {
    if (!this.executors.has(input.kind)) throw new Error(`no approval kind ${input.kind}`);
    const [created] = await this.db
      .insert(opsApprovals)
      .values({ id: randomUUID(), status: 'pending', ...input })
      .onConflictDoNothing()
      .returning();
    if (created) return { approval: approvalView(created), replayed: false };
    const [earlier] = await this.db
      .select()
      .from(opsApprovals)
      .where(
        and(
          eq(opsApprovals.requestedBy, input.requestedBy),
          eq(opsApprovals.requestKey, input.requestKey),
        ),
      );
    if (!earlier || earlier.kind !== input.kind || earlier.targetId !== input.targetId) {
      throw new AppError('idempotency_conflict');
    }
    return { approval: approvalView(earlier), replayed: true };
  }

  async byId(id: string): Promise<ApprovalRow> {
    const [row] = await this.db.select().from(opsApprovals).where(eq(opsApprovals.id, id));
    if (!row) throw new AppError('not_found', 'No such approval');
    return row;
  }

  async list(q: OpsApprovalQuery, merchants: string[] | null) {
    const where: SQL[] = [eq(opsApprovals.status, q.status)];
    if (q.kind) where.push(eq(opsApprovals.kind, q.kind));
    if (q.merchantCode) where.push(eq(opsApprovals.merchantCode, q.merchantCode));
    if (merchants) where.push(inArray(opsApprovals.merchantCode, merchants));
    const filter = and(...where);
    const rows = await this.db
      .select()
      .from(opsApprovals)
      .where(filter)
      .orderBy(desc(opsApprovals.createdAt), desc(opsApprovals.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const [total] = await this.db.select({ n: count() }).from(opsApprovals).where(filter);
    return {
      rows: rows.map(approvalView),
      total: total?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /**
   * Approves (running the kind's executor) or rejects a waiting request. 403 `forbidden` for
   * the requester itself; 409 `conflict` once it has been decided.
   */
  async decide(
    id: string,
    decider: { id: string; username: string },
    approve: boolean,
    note: string | undefined,
    checkScope: (merchantCode: string) => void,
  ): Promise<OpsApproval> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(opsApprovals)
        .where(eq(opsApprovals.id, id))
        .for('update');
      if (!row) throw new AppError('not_found', 'No such approval');
      checkScope(row.merchantCode);
      if (row.requestedBy === decider.id) {
        throw new AppError('forbidden', 'A second operator must decide this request');
      }
      if (row.status !== 'pending') {
        throw new AppError('conflict', 'This request has been decided already', undefined, {
          status: row.status,
        });
      }
      let result: Record<string, unknown> | null = null;
      if (approve) {
        const executor = this.executors.get(row.kind);
        if (!executor) throw new AppError('conflict', `Requests of kind ${row.kind} cannot run`);
        result = await executor(tx, row, decider);
      }
      const [decided] = await tx
        .update(opsApprovals)
        .set({
          status: approve ? 'approved' : 'rejected',
          decidedBy: decider.id,
          decidedByUsername: decider.username,
          decidedAt: new Date(),
          decisionNote: note ?? null,
          result,
        })
        .where(eq(opsApprovals.id, id))
        .returning();
      return approvalView(decided!);
    });
  }
}
