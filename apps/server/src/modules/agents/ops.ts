import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { minorToDecimal, type OpsSettlementQuery } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import { agentNodes } from '../reports';
import { contracts as contractsOf } from './contracts';
import { agentTypes, bpsToRate, merchantOf, type AgentsDeps } from './model';
import { agentContracts, agentSettlementPauses, agentSettlements } from './schema';
import { teamOverview } from './team-reports';

/**
 * The operator console's agent reads and writes: the tree, an agent's profile, ending a
 * top-level contract, every agent's settlements and pausing an agent's settlement. The routes
 * check the operator's merchant scope with the merchant each call returns or takes.
 */

/** An account of the merchant, or a 404. */
export async function accountIn(deps: AgentsDeps, accountId: string) {
  const account = await deps.identity.accountOf(accountId);
  if (!account) throw new AppError('not_found', 'No such account');
  return account;
}

async function pausedAmong(deps: AgentsDeps, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await deps.db
    .select({ agentId: agentSettlementPauses.agentId })
    .from(agentSettlementPauses)
    .where(inArray(agentSettlementPauses.agentId, ids));
  return new Set(rows.map((r) => r.agentId));
}

/** Top agents of a merchant, or the direct downline of one account (lazy tree). */
export async function tree(
  deps: AgentsDeps,
  merchantCode: string,
  query: { parentId?: string; page: number; size: number },
) {
  const rows = await agentNodes(deps.db, {
    merchantCode,
    parentId: query.parentId ?? null,
    agentTypes,
    limit: query.size + 1,
    offset: (query.page - 1) * query.size,
  });
  const list = rows.slice(0, query.size);
  const paused = await pausedAmong(
    deps,
    list.map((r) => r.id),
  );
  return {
    list: list.map((r) => ({
      id: r.id,
      username: r.username,
      nickname: r.nickname,
      type: Number(r.type),
      isAgent: agentTypes.includes(Number(r.type)),
      parentId: r.parent_id,
      teamSize: Number(r.team_size),
      settlementPaused: paused.has(r.id),
      registeredAt: new Date(r.created_at).toISOString(),
    })),
    page: query.page,
    size: query.size,
    hasMore: rows.length > query.size,
  };
}

/** An agent's profile: who, its pause, its team figures over a period, its contracts. */
export async function profile(
  deps: AgentsDeps,
  accountId: string,
  query: { from?: string; to?: string },
) {
  const account = await accountIn(deps, accountId);
  const me = { accountId: account.id, merchantCode: account.merchantCode };
  const to = query.to ?? new Date().toISOString();
  const from =
    query.from ?? DateTime.fromISO(to).minus({ days: 7 }).toUTC().toISO({ includeOffset: true })!;
  const [pause] = await deps.db
    .select()
    .from(agentSettlementPauses)
    .where(eq(agentSettlementPauses.agentId, account.id));
  const [team, contracts] = await Promise.all([
    teamOverview(deps, me, { from, to }),
    contractsOf(deps, me),
  ]);
  return {
    agent: {
      id: account.id,
      merchantCode: account.merchantCode,
      username: account.username,
      nickname: account.nickname,
      type: account.type,
      isAgent: agentTypes.includes(account.type),
      parentId: account.parentId,
      settlementPaused: pause !== undefined,
    },
    pause: pause
      ? { pausedBy: pause.pausedBy, reason: pause.reason, pausedAt: pause.pausedAt.toISOString() }
      : null,
    period: { from, to },
    team,
    contracts,
  };
}

/** A top-level contract (no upline) by id, for the operator. */
export async function topContract(deps: AgentsDeps, contractId: string) {
  const [row] = await deps.db
    .select()
    .from(agentContracts)
    .where(and(eq(agentContracts.id, contractId), isNull(agentContracts.uplineId)));
  if (!row) throw new AppError('not_found', 'No such top-level contract');
  return row;
}

/**
 * Ends an active top-level contract now: it still pays the windows it covered entirely, none
 * after. The agent's own offers below stay as they are (they end with their own terms).
 */
export async function endTop(
  deps: AgentsDeps,
  contractId: string,
  operator: string,
  reason: string,
) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(agentContracts)
      .where(and(eq(agentContracts.id, contractId), isNull(agentContracts.uplineId)))
      .for('update');
    if (!row) throw new AppError('not_found', 'No such top-level contract');
    if (row.status !== 'active')
      throw new AppError('conflict', `This contract is already ${row.status}`);
    const endedAt = new Date();
    await tx
      .update(agentContracts)
      .set({ status: 'terminated', endedAt, endedBy: operator, endReason: reason })
      .where(eq(agentContracts.id, row.id));
    return {
      before: { status: row.status, endedAt: null },
      value: { id: row.id, status: 'terminated' as const, endedAt: endedAt.toISOString() },
    };
  });
}

/** Every agent's settlements of a merchant (or of one agent), newest first, with their inputs. */
export async function settlements(
  deps: AgentsDeps,
  merchantCode: string,
  query: OpsSettlementQuery,
) {
  const merchant = await merchantOf(deps, merchantCode);
  const where = and(
    eq(agentSettlements.merchantCode, merchantCode),
    query.agentId ? eq(agentSettlements.agentId, query.agentId) : undefined,
    query.kind ? eq(agentSettlements.kind, query.kind) : undefined,
    query.from ? gte(agentSettlements.windowStart, new Date(query.from)) : undefined,
    query.to ? lt(agentSettlements.windowStart, new Date(query.to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(agentSettlements)
      .where(where)
      .orderBy(desc(agentSettlements.windowStart), agentSettlements.id)
      .limit(query.size + 1)
      .offset((query.page - 1) * query.size),
    deps.db
      .select({ total: sql<string>`coalesce(sum(${agentSettlements.payout}), 0)::text` })
      .from(agentSettlements)
      .where(where),
  ]);
  const list = rows.slice(0, query.size);
  const names = new Map(
    (await deps.identity.namesOf([...new Set(list.map((r) => r.agentId))])).map((n) => [
      n.id,
      n.username,
    ]),
  );
  const money = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
  return {
    list: list.map((r) => ({
      id: r.id,
      contractId: r.contractId,
      agentId: r.agentId,
      agentUsername: names.get(r.agentId) ?? '',
      kind: r.kind,
      windowStart: r.windowStart.toISOString(),
      windowEnd: r.windowEnd.toISOString(),
      teamValidBet: money(r.teamValidBet),
      teamNetLoss: money(r.teamNetLoss),
      activeMembers: r.activeMembers,
      tier: r.tier,
      rate: bpsToRate(r.rate),
      gross: money(r.gross),
      subordinatesPaid: money(r.subordinatesGross),
      payout: money(r.payout),
      below: (
        (r.details.below ?? []) as { contractId: string; agentId: string; paid: string }[]
      ).map((b) => ({ contractId: b.contractId, agentId: b.agentId, paid: money(BigInt(b.paid)) })),
      entryId: r.entryId,
      settledAt: r.createdAt.toISOString(),
    })),
    totalPayout: money(BigInt(total?.total ?? '0')),
    page: query.page,
    size: query.size,
    hasMore: rows.length > query.size,
  };
}

/** Pauses (or resumes) an agent's settlement; says whether it was paused before. */
export async function setPaused(
  deps: AgentsDeps,
  account: { id: string; merchantCode: string; type: number },
  paused: boolean,
  operator: string,
  reason: string | undefined,
) {
  if (!agentTypes.includes(account.type)) throw new AppError('not_found', 'No such agent');
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(agentSettlementPauses)
      .where(eq(agentSettlementPauses.agentId, account.id))
      .for('update');
    if (paused && !before) {
      await tx.insert(agentSettlementPauses).values({
        agentId: account.id,
        merchantCode: account.merchantCode,
        pausedBy: operator,
        reason: reason ?? '',
      });
    } else if (!paused && before) {
      await tx.delete(agentSettlementPauses).where(eq(agentSettlementPauses.agentId, account.id));
    }
    return { wasPaused: before !== undefined };
  });
}
