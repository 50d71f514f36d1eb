import { createHash, randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditQuery, AuditVerifyValue } from '@taya/contracts';
import type { Db, DbOrTx } from './db';
import { auditChainHead, auditLog } from './audit-schema';

/** The hash before the first row. */
export const GENESIS_HASH = '0'.repeat(64);

/** One event to record. Actor fields are empty for the system's own events. */
export interface AuditEvent {
  action: string;
  actorId?: string | null;
  actorUsername?: string | null;
  actorRole?: string | null;
  merchantCode?: string | null;
  address?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** What a route may add to the row its call leaves (`noteAudit`). */
export type AuditNote = Partial<
  Pick<
    AuditEvent,
    'action' | 'targetType' | 'targetId' | 'before' | 'after' | 'reason' | 'merchantCode'
  >
>;

declare module 'fastify' {
  interface FastifyRequest {
    auditNote: AuditNote | null;
  }
}

/** Lets a route name what its write touched: target, before/after, reason. */
export function noteAudit(req: FastifyRequest, note: AuditNote): void {
  req.auditNote = { ...req.auditNote, ...note };
}

/** Keys sorted at every depth, so the text does not depend on how jsonb ordered them. */
function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

type Row = typeof auditLog.$inferSelect;

/** SHA-256 over the previous hash and the row's canonical text. */
export function rowHash(prevHash: string, row: Omit<Row, 'id' | 'hash' | 'prevHash'>): string {
  const text = canonical({
    seq: row.seq,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    actorRole: row.actorRole,
    merchantCode: row.merchantCode,
    address: row.address,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    reason: row.reason,
  });
  return createHash('sha256').update(`${prevHash}\n${text}`).digest('hex');
}

/** Fields whose values never go into the log. */
const secretKey = /password|secret|token|captcha/i;

/** A body as the log keeps it: secrets replaced, so a row never holds a password. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        secretKey.test(k) ? '[redacted]' : redact(v),
      ]),
    );
  }
  return value;
}

const toJson = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** Appends to, reads and verifies the hash-chained audit log. */
export class AuditLog {
  constructor(private readonly db: Db) {}

  /**
   * Appends one row. Inside the caller's transaction when given one (the row commits with the
   * change it records); the chain head's row lock makes concurrent appends take turns.
   */
  async record(event: AuditEvent, db: DbOrTx = this.db): Promise<{ id: string; seq: number }> {
    const append = async (tx: DbOrTx) => {
      await tx
        .insert(auditChainHead)
        .values({ id: 1, seq: 0, hash: GENESIS_HASH })
        .onConflictDoNothing();
      const [head] = await tx
        .select()
        .from(auditChainHead)
        .where(eq(auditChainHead.id, 1))
        .for('update');
      const row = {
        seq: head!.seq + 1,
        at: new Date(),
        actorId: event.actorId ?? null,
        actorUsername: event.actorUsername ?? null,
        actorRole: event.actorRole ?? null,
        merchantCode: event.merchantCode ?? null,
        address: event.address ?? null,
        action: event.action,
        targetType: event.targetType ?? null,
        targetId: event.targetId ?? null,
        before: toJson(event.before),
        after: toJson(event.after),
        reason: event.reason ?? null,
      };
      const hash = rowHash(head!.hash, row);
      const id = randomUUID();
      await tx.insert(auditLog).values({ ...row, id, prevHash: head!.hash, hash });
      await tx.update(auditChainHead).set({ seq: row.seq, hash }).where(eq(auditChainHead.id, 1));
      return { id, seq: row.seq };
    };
    return db === this.db ? this.db.transaction(append) : append(db);
  }

  /** A page of rows, newest first, with the filters of `GET /ops/audit`. */
  async list(q: AuditQuery, merchants: string[] | null) {
    const where: SQL[] = [];
    if (q.actor) where.push(eq(auditLog.actorUsername, q.actor));
    if (q.action) where.push(eq(auditLog.action, q.action));
    if (q.targetType) where.push(eq(auditLog.targetType, q.targetType));
    if (q.targetId) where.push(eq(auditLog.targetId, q.targetId));
    if (q.from) where.push(gte(auditLog.at, new Date(q.from)));
    if (q.to) where.push(lte(auditLog.at, new Date(q.to)));
    // An operator of some merchants sees their rows and the system's own (no merchant).
    if (merchants) {
      where.push(
        sql`(${auditLog.merchantCode} is null or ${auditLog.merchantCode} in (${sql.join(
          merchants.map((m) => sql`${m}`),
          sql`, `,
        )}))`,
      );
    }
    const filter = where.length > 0 ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(filter)
        .orderBy(desc(auditLog.seq))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      this.db.select({ n: count() }).from(auditLog).where(filter),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
      total: total?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /**
   * Walks the chain from the first row: names the first row whose seq skips one (a deleted
   * row), whose `prev_hash` is not the previous row's hash, or whose own hash does not match.
   */
  async verify(): Promise<AuditVerifyValue> {
    const pageSize = 1000;
    let expected = 1;
    let prev = GENESIS_HASH;
    let checked = 0;
    for (;;) {
      const rows = await this.db
        .select()
        .from(auditLog)
        .where(gt(auditLog.seq, expected - 1))
        .orderBy(asc(auditLog.seq))
        .limit(pageSize);
      for (const row of rows) {
        if (row.seq !== expected)
          return { ok: false, checked, firstBad: { seq: expected, id: null, problem: 'missing' } };
        if (row.prevHash !== prev)
          return { ok: false, checked, firstBad: { seq: row.seq, id: row.id, problem: 'link' } };
        if (rowHash(row.prevHash, row) !== row.hash)
          return { ok: false, checked, firstBad: { seq: row.seq, id: row.id, problem: 'hash' } };
        prev = row.hash;
        expected += 1;
        checked += 1;
      }
      if (rows.length < pageSize) break;
    }
    const [head] = await this.db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
    if (head && head.seq >= expected)
      return { ok: false, checked, firstBad: { seq: expected, id: null, problem: 'missing' } };
    return { ok: true, checked, firstBad: null };
  }

  /**
   * Records every operator write centrally: a non-GET call by an operator session to a route
   * that declares a permission leaves one row when it succeeds, written before the answer goes
   * out. The route's permission is the action unless the route's note names another; the
   * target defaults to the route and its first path parameter, `after` to the (redacted) body.
   */
  install(app: FastifyInstance): void {
    app.decorateRequest('auditNote', null);
    app.addHook('onSend', async (req, reply, payload) => {
      const principal = req.principal;
      const permission = req.routeOptions.config?.permission;
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return payload;
      if (!principal?.operator || !permission || reply.statusCode >= 400) return payload;
      const note: AuditNote = req.auditNote ?? {};
      const params = (req.params ?? {}) as Record<string, unknown>;
      const firstParam = Object.values(params).find((v) => typeof v === 'string') as
        string | undefined;
      const body = req.body && typeof req.body === 'object' ? redact(req.body) : null;
      await this.record({
        action: note.action ?? permission,
        actorId: principal.subjectId,
        actorUsername: principal.operator.username,
        actorRole: principal.operator.role,
        merchantCode:
          note.merchantCode ??
          (body && typeof (body as Record<string, unknown>).merchantCode === 'string'
            ? ((body as Record<string, unknown>).merchantCode as string)
            : principal.merchantCode),
        address: req.ip,
        targetType: note.targetType ?? `${req.method} ${req.routeOptions.url ?? ''}`,
        targetId: note.targetId ?? firstParam ?? null,
        before: note.before,
        after: note.after ?? body,
        reason:
          note.reason ??
          (body && typeof (body as Record<string, unknown>).reason === 'string'
            ? ((body as Record<string, unknown>).reason as string)
            : null),
      });
      return payload;
    });
  }
}
