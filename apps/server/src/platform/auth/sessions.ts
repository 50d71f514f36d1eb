import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { OperatorRole, Role } from '@taya/contracts';
import type { Db, DbOrTx } from '../db';
import { authSessions } from './schema';

const SLIDE_WRITE_INTERVAL_MS = 60_000;

/** What the security centre shows of a session. */
const listedColumns = {
  id: authSessions.id,
  ip: authSessions.ip,
  device: authSessions.device,
  createdAt: authSessions.createdAt,
  lastSeenAt: authSessions.lastSeenAt,
};

export interface Principal {
  sessionId: string;
  subjectId: string;
  role: Exclude<Role, 'visitor'>;
  merchantCode: string;
  /** The log-in found a password that must be changed before anything else (see guard.ts). */
  passwordChangeRequired?: boolean;
  /** An operator's role and merchant scope (null: every merchant); only operator sessions. */
  operator?: { role: OperatorRole; username: string; merchants: string[] | null };
}

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues, resolves and revokes opaque session tokens. Only their hashes are stored. */
export class SessionStore {
  /** Who waits to hear that a session ended (the member app's session stream), by session id. */
  private readonly endedListeners = new Map<string, Set<() => void>>();

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
  ) {}

  /**
   * Calls `listener` once when this node revokes the session; answers the unsubscribe. Another
   * node's revoke or an expiry is not announced here: a listener checks `isLive` now and then.
   */
  onEnded(sessionId: string, listener: () => void): () => void {
    let set = this.endedListeners.get(sessionId);
    if (!set) this.endedListeners.set(sessionId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.endedListeners.get(sessionId) === set)
        this.endedListeners.delete(sessionId);
    };
  }

  private announceEnded(ids: readonly string[]): void {
    for (const id of ids) {
      const set = this.endedListeners.get(id);
      if (!set) continue;
      this.endedListeners.delete(id);
      for (const listener of set) listener();
    }
  }

  async issue(input: {
    subjectId: string;
    role: Principal['role'];
    merchantCode: string;
    ip?: string;
    device?: string;
    /** Until the password is changed the session may do little else (see guard.ts). */
    passwordChangeRequired?: boolean;
    operator?: Principal['operator'];
    /** Shorter limits than the platform's, for this session only (operators). */
    idleMinutes?: number;
    maxHours?: number;
  }): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const expiresAt = new Date(now + (input.maxHours ?? this.policy.maxHours) * 3_600_000);
    const idleExpiresAt = new Date(
      Math.min(now + (input.idleMinutes ?? this.policy.idleMinutes) * 60_000, expiresAt.getTime()),
    );
    const sessionId = randomUUID();
    await this.db.insert(authSessions).values({
      id: sessionId,
      tokenHash: hashToken(token),
      subjectId: input.subjectId,
      role: input.role,
      merchantCode: input.merchantCode,
      ip: input.ip ?? null,
      device: input.device ?? null,
      passwordChangeRequired: input.passwordChangeRequired ?? false,
      operatorRole: input.operator?.role ?? null,
      operatorUsername: input.operator?.username ?? null,
      operatorMerchants: input.operator?.merchants ?? null,
      idleMinutes: input.idleMinutes ?? null,
      idleExpiresAt,
      expiresAt,
    });
    return { token, sessionId, expiresAt };
  }

  /**
   * The live session behind a token, or null when unknown, revoked or expired. Activity slides
   * the idle expiry, written at most once a minute so that reads stay reads.
   */
  async resolve(token: string): Promise<Principal | null> {
    const now = new Date();
    const [row] = await this.db
      .select({
        id: authSessions.id,
        subjectId: authSessions.subjectId,
        role: authSessions.role,
        merchantCode: authSessions.merchantCode,
        passwordChangeRequired: authSessions.passwordChangeRequired,
        lastSeenAt: authSessions.lastSeenAt,
        expiresAt: authSessions.expiresAt,
        operatorRole: authSessions.operatorRole,
        operatorUsername: authSessions.operatorUsername,
        operatorMerchants: authSessions.operatorMerchants,
        idleMinutes: authSessions.idleMinutes,
      })
      .from(authSessions)
      .where(
        and(
          eq(authSessions.tokenHash, hashToken(token)),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, now),
          gt(authSessions.idleExpiresAt, now),
        ),
      );
    if (!row) return null;
    if (now.getTime() - row.lastSeenAt.getTime() > SLIDE_WRITE_INTERVAL_MS) {
      const idle = now.getTime() + (row.idleMinutes ?? this.policy.idleMinutes) * 60_000;
      await this.db
        .update(authSessions)
        .set({ lastSeenAt: now, idleExpiresAt: new Date(Math.min(idle, row.expiresAt.getTime())) })
        .where(eq(authSessions.id, row.id));
    }
    return {
      sessionId: row.id,
      subjectId: row.subjectId,
      role: row.role as Principal['role'],
      merchantCode: row.merchantCode,
      passwordChangeRequired: row.passwordChangeRequired,
      ...(row.role === 'operator' && row.operatorRole
        ? {
            operator: {
              role: row.operatorRole as OperatorRole,
              username: row.operatorUsername ?? row.subjectId,
              merchants: row.operatorMerchants ?? null,
            },
          }
        : {}),
    };
  }

  /** Whether the session is neither revoked nor expired. */
  async isLive(sessionId: string): Promise<boolean> {
    const now = new Date();
    const [row] = await this.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(
        and(
          eq(authSessions.id, sessionId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, now),
          gt(authSessions.idleExpiresAt, now),
        ),
      );
    return row !== undefined;
  }

  /** The session's password was changed: it may go on as any other. */
  async passwordChanged(sessionId: string, db: DbOrTx = this.db): Promise<void> {
    await db
      .update(authSessions)
      .set({ passwordChangeRequired: false })
      .where(eq(authSessions.id, sessionId));
  }

  /** Live sessions of one account, newest first (the security centre lists them). */
  async listFor(subjectId: string) {
    return this.db
      .select(listedColumns)
      .from(authSessions)
      .where(
        and(
          eq(authSessions.subjectId, subjectId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(authSessions.lastSeenAt));
  }

  /** The account's most recent sessions, live or not, newest first (its log-in history). */
  async recentFor(subjectId: string, limit: number) {
    return this.db
      .select({
        ...listedColumns,
        idleExpiresAt: authSessions.idleExpiresAt,
        expiresAt: authSessions.expiresAt,
        revokedAt: authSessions.revokedAt,
      })
      .from(authSessions)
      .where(eq(authSessions.subjectId, subjectId))
      .orderBy(desc(authSessions.createdAt), desc(authSessions.id))
      .limit(limit);
  }

  /** Ends every live session of the account but `keepSessionId`; the ones it ended. */
  async revokeOthers(subjectId: string, keepSessionId: string, db: DbOrTx = this.db) {
    const now = new Date();
    const ended = await db
      .update(authSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(authSessions.subjectId, subjectId),
          ne(authSessions.id, keepSessionId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, now),
          gt(authSessions.idleExpiresAt, now),
        ),
      )
      .returning({ id: authSessions.id, ip: authSessions.ip });
    this.announceEnded(ended.map((s) => s.id));
    return ended;
  }

  async revoke(sessionId: string, db: DbOrTx = this.db): Promise<void> {
    const ended = await db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id });
    this.announceEnded(ended.map((s) => s.id));
  }

  /** Ends every session of the subject at once; answers how many were still open. */
  async revokeAllFor(subjectId: string): Promise<number> {
    const ended = await this.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.subjectId, subjectId), isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id });
    this.announceEnded(ended.map((s) => s.id));
    return ended.length;
  }
}
