import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Role } from '@taya/contracts';
import type { Db } from '../db';
import { authSessions } from './schema';

const SLIDE_WRITE_INTERVAL_MS = 60_000;

export interface Principal {
  sessionId: string;
  subjectId: string;
  role: Exclude<Role, 'visitor'>;
  merchantCode: string;
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
  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
  ) {}

  async issue(input: {
    subjectId: string;
    role: Principal['role'];
    merchantCode: string;
    ip?: string;
    device?: string;
  }): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    const expiresAt = new Date(now + this.policy.maxHours * 3_600_000);
    const idleExpiresAt = new Date(
      Math.min(now + this.policy.idleMinutes * 60_000, expiresAt.getTime()),
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
        lastSeenAt: authSessions.lastSeenAt,
        expiresAt: authSessions.expiresAt,
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
      const idle = now.getTime() + this.policy.idleMinutes * 60_000;
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
    };
  }

  /** Live sessions of one account, newest first (the security centre lists them). */
  async listFor(subjectId: string) {
    return this.db
      .select({
        id: authSessions.id,
        ip: authSessions.ip,
        device: authSessions.device,
        createdAt: authSessions.createdAt,
        lastSeenAt: authSessions.lastSeenAt,
      })
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

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  async revokeAllFor(subjectId: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.subjectId, subjectId), isNull(authSessions.revokedAt)));
  }
}
