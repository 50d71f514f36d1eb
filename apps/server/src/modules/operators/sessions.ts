import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { roleMay, type OperatorSessionRow } from '@taya/contracts';
import { authSessions } from '../../platform/auth/schema';
import type { Principal, SessionStore } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { operators } from './schema';

/** Whether every merchant of `inner` (null: all) is within `outer` (null: all). */
const within = (inner: string[] | null, outer: string[] | null) =>
  outer === null || (inner !== null && inner.every((m) => outer.includes(m)));

/**
 * Operator sessions: an operator lists and ends its own; one whose role may manage operators
 * (`operators.write`, `operators.read` to list) also those of operators within its merchants.
 */
export class OperatorSessions {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
  ) {}

  private managesOthers(principal: Principal, action: 'operators.read' | 'operators.write') {
    return roleMay(principal.operator!.role, action);
  }

  async list(principal: Principal): Promise<OperatorSessionRow[]> {
    const now = new Date();
    const all = this.managesOthers(principal, 'operators.read');
    const rows = await this.db
      .select({
        id: authSessions.id,
        operatorId: authSessions.subjectId,
        username: operators.username,
        merchants: operators.merchants,
        ip: authSessions.ip,
        device: authSessions.device,
        createdAt: authSessions.createdAt,
        lastSeenAt: authSessions.lastSeenAt,
      })
      .from(authSessions)
      .innerJoin(operators, eq(operators.id, authSessions.subjectId))
      .where(
        and(
          eq(authSessions.role, 'operator'),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, now),
          gt(authSessions.idleExpiresAt, now),
          ...(all ? [] : [eq(authSessions.subjectId, principal.subjectId)]),
        ),
      )
      .orderBy(desc(authSessions.lastSeenAt))
      .limit(500);
    return rows
      .filter(
        (r) =>
          r.operatorId === principal.subjectId ||
          within(r.merchants, principal.operator!.merchants),
      )
      .map(({ merchants: _, ...r }) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        current: r.id === principal.sessionId,
      }));
  }

  /** Ends a session: the caller's own, or (managing operators) one of an operator in scope. */
  async revoke(principal: Principal, sessionId: string): Promise<{ operatorId: string }> {
    const [row] = await this.db
      .select({ subjectId: authSessions.subjectId, merchants: operators.merchants })
      .from(authSessions)
      .innerJoin(operators, eq(operators.id, authSessions.subjectId))
      .where(and(eq(authSessions.id, sessionId), eq(authSessions.role, 'operator')));
    const own = row?.subjectId === principal.subjectId;
    const allowed =
      row &&
      (own ||
        (this.managesOthers(principal, 'operators.write') &&
          within(row.merchants, principal.operator!.merchants)));
    if (!allowed) throw new AppError('not_found', 'No such session');
    await this.sessions.revoke(sessionId);
    return { operatorId: row.subjectId };
  }

  /** When the caller's own session ends. */
  async expiresAt(sessionId: string): Promise<Date> {
    const [row] = await this.db
      .select({ expiresAt: authSessions.expiresAt })
      .from(authSessions)
      .where(inArray(authSessions.id, [sessionId]));
    return row?.expiresAt ?? new Date();
  }
}
