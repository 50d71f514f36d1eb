import { and, arrayContained, count, desc, eq, ilike, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  operatorRolePermissions,
  type OperatorRole,
  type OpsOperatorPage,
  type OpsOperatorQuery,
  type OpsOperatorRow,
  type OpsOperatorUpdateBody,
} from '@taya/contracts';
import type { Principal } from '../../platform/auth/sessions';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { operators, type OperatorRow } from './schema';

/** Whether every merchant of `inner` (null: all) is within `outer` (null: all). */
export const within = (inner: string[] | null, outer: string[] | null) =>
  outer === null || (inner !== null && inner.every((m) => outer.includes(m)));

/** Whether `role` may do nothing that `over` may not. */
export const roleWithin = (role: OperatorRole, over: OperatorRole) =>
  operatorRolePermissions[role].every((a) => operatorRolePermissions[over].includes(a));

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const toRow = (r: OperatorRow): OpsOperatorRow => ({
  id: r.id,
  username: r.username,
  role: r.role as OperatorRole,
  merchants: r.merchants,
  status: r.status,
  enrolled: r.enrolled,
  enrolExpiresAt: r.enrolled ? null : (r.enrolExpiresAt?.toISOString() ?? null),
  ipAllowList: r.ipAllowList ?? [],
  createdAt: r.createdAt.toISOString(),
  lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
});

/**
 * Operator management by another operator: an operator sees and changes only operators within
 * its merchant scope, and never gives anyone a role or merchants beyond its own.
 */
export class OperatorAdmin {
  constructor(private readonly db: Db) {}

  /** Refuses a role or merchant scope beyond the acting operator's own. */
  requireReach(
    principal: Principal,
    target: { role?: OperatorRole | undefined; merchants?: string[] | null | undefined },
  ): void {
    const actor = principal.operator!;
    if (target.role !== undefined && !roleWithin(target.role, actor.role))
      throw new AppError('forbidden', 'This role reaches beyond your own');
    if (target.merchants !== undefined && !within(target.merchants, actor.merchants))
      throw new AppError('forbidden', 'These merchants reach beyond your own scope');
  }

  /** An operator the caller may see; any other is unknown (404). */
  async visible(principal: Principal, id: string): Promise<OperatorRow> {
    const [row] = await this.db.select().from(operators).where(eq(operators.id, id));
    if (!row || !within(row.merchants, principal.operator!.merchants))
      throw new AppError('not_found', 'No such operator');
    return row;
  }

  /** An operator the caller may change: visible, and of a role within the caller's own. */
  async manageable(principal: Principal, id: string): Promise<OperatorRow> {
    const row = await this.visible(principal, id);
    this.requireReach(principal, { role: row.role as OperatorRole });
    return row;
  }

  async list(principal: Principal, query: OpsOperatorQuery): Promise<OpsOperatorPage> {
    const scope = principal.operator!.merchants;
    const where: SQL[] = [];
    if (scope !== null)
      where.push(isNotNull(operators.merchants), arrayContained(operators.merchants, scope));
    if (query.role) where.push(eq(operators.role, query.role));
    if (query.status) where.push(eq(operators.status, query.status));
    if (query.merchant)
      where.push(
        sql`(${operators.merchants} is null or ${query.merchant} = any(${operators.merchants}))`,
      );
    if (query.q) where.push(ilike(operators.username, like(query.q)));
    const condition = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(operators)
        .where(condition)
        .orderBy(desc(operators.createdAt), operators.username)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(operators).where(condition),
    ]);
    return {
      rows: rows.map(toRow),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async update(id: string, body: OpsOperatorUpdateBody): Promise<OperatorRow> {
    const [row] = await this.db
      .update(operators)
      .set({
        ...(body.role !== undefined ? { role: body.role } : {}),
        ...(body.merchants !== undefined ? { merchants: body.merchants } : {}),
        ...(body.ipAllowList !== undefined ? { ipAllowList: body.ipAllowList } : {}),
      })
      .where(eq(operators.id, id))
      .returning();
    if (!row) throw new AppError('not_found', 'No such operator');
    return row;
  }
}
