import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { minorToDecimal, type ContractKindName } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { settleWindow, type SettlingContract } from './formulas';
import { bpsToRate, merchantOf, settleGraceMs, type AgentsDeps, type Me } from './model';
import { teamFigures } from './rollup';
import {
  agentContracts,
  agentSettlementPauses,
  agentSettlementRuns,
  agentSettlements,
} from './schema';
import { kindOf, schedules, windowsBetween, type Schedule, type Window } from './windows';

/**
 * Settlement of contracts, window by window, through the ledger: each covering contract's pay is
 * recorded and posted once, however many runs or nodes try.
 */

/** Contracts of a schedule that cover the whole window. */
async function covering(merchantCode: string, schedule: Schedule, window: Window, db: DbOrTx) {
  const { kind, period } = kindOf(schedule);
  return (
    db
      .select()
      .from(agentContracts)
      .where(
        and(
          eq(agentContracts.merchantCode, merchantCode),
          eq(agentContracts.kind, kind),
          period ? eq(agentContracts.period, period) : undefined,
          inArray(agentContracts.status, ['active', 'terminated', 'superseded']),
          sql`${agentContracts.activeFrom} <= ${window.start.toISOString()}::timestamptz`,
          or(
            isNull(agentContracts.endedAt),
            sql`${agentContracts.endedAt} >= ${window.end.toISOString()}::timestamptz`,
          ),
        ),
      )
      // One order for every run, so two runs racing take the settlement keys in the same order.
      .orderBy(agentContracts.id)
  );
}

/**
 * Settles one window of one schedule: every covering contract's pay, with its inputs, once.
 * A second run (or a second node) inserts nothing and pays nothing: the settlement row's
 * unique key and the ledger's idempotency key both refuse it.
 */
export async function settle(
  deps: AgentsDeps,
  merchantCode: string,
  schedule: Schedule,
  window: Window,
): Promise<{ contracts: number; paid: bigint }> {
  const merchant = await merchantOf(deps, merchantCode);
  const contracts = await covering(merchantCode, schedule, window, deps.db);
  let paid = 0n;
  if (contracts.length > 0) {
    const figures = await teamFigures(
      deps,
      merchantCode,
      contracts.map((c) => c.downlineId),
      window,
    );
    const settling: SettlingContract[] = contracts.map((c) => ({
      id: c.id,
      kind: c.kind,
      agentId: c.downlineId,
      uplineId: c.uplineId,
      tiers: c.tiers,
    }));
    // A paused agent's own lines are left out (nothing recorded or paid); its upline's pay is
    // computed from the same figures as ever.
    const paused = new Set(
      (
        await deps.db
          .select({ agentId: agentSettlementPauses.agentId })
          .from(agentSettlementPauses)
          .where(eq(agentSettlementPauses.merchantCode, merchantCode))
      ).map((r) => r.agentId),
    );
    const lines = settleWindow(settling, figures).filter((line) => !paused.has(line.agentId));
    // The accounts are opened before the transaction, which then only posts to them.
    await deps.wallet.openGrantAccounts(
      lines.map((line) => ({
        merchantCode,
        currency: merchant.currency,
        player: line.agentId,
        to: 'cash' as const,
        from: 'commission_expense' as const,
      })),
    );
    const { kind } = kindOf(schedule);
    await deps.db.transaction(async (tx) => {
      const due: { id: string; line: (typeof lines)[number] }[] = [];
      for (const line of lines) {
        const id = randomUUID();
        const inserted = await tx
          .insert(agentSettlements)
          .values({
            id,
            merchantCode,
            contractId: line.contractId,
            agentId: line.agentId,
            kind,
            windowStart: window.start,
            windowEnd: window.end,
            teamValidBet: line.figures.validBet,
            teamNetLoss: line.figures.netLoss,
            activeMembers: line.figures.activeMembers,
            tier: line.tier,
            rate: line.rate,
            gross: line.gross,
            subordinatesGross: line.paidBelow,
            payout: line.payout,
            details: {
              below: line.below.map((b) => ({ ...b, paid: b.paid.toString() })),
            },
          })
          .onConflictDoNothing()
          .returning({ id: agentSettlements.id });
        if (inserted.length > 0 && line.payout !== 0n) due.push({ id, line });
      }
      const granted = await deps.wallet.grantMany(
        tx,
        due.map(({ id, line }) => ({
          merchantCode,
          currency: merchant.currency,
          player: line.agentId,
          amount: line.payout,
          to: 'cash' as const,
          from: 'commission_expense' as const,
          type: 'agent_commission' as const,
          key: `agent:settle:${line.contractId}:${window.start.toISOString()}`,
          actor: 'job:agents.settle',
          reference: id,
          metadata: { kind, contractId: line.contractId, schedule },
        })),
      );
      for (const [i, { id, line }] of due.entries()) {
        await tx
          .update(agentSettlements)
          .set({ entryId: granted[i]!.entryId })
          .where(eq(agentSettlements.id, id));
        paid += line.payout;
      }
      await recordRun(merchantCode, schedule, window, { contracts: lines.length, paid }, tx);
    });
    return { contracts: lines.length, paid };
  }
  await recordRun(merchantCode, schedule, window, { contracts: 0, paid: 0n }, deps.db);
  return { contracts: 0, paid: 0n };
}

/** Records a window of a schedule as settled; a second record of the same window is ignored. */
async function recordRun(
  merchantCode: string,
  schedule: Schedule,
  window: Window,
  totals: { contracts: number; paid: bigint },
  db: DbOrTx,
) {
  await db
    .insert(agentSettlementRuns)
    .values({
      merchantCode,
      schedule,
      windowStart: window.start,
      windowEnd: window.end,
      contracts: totals.contracts,
      paid: totals.paid,
    })
    .onConflictDoNothing();
}

/**
 * The settlement job: for every merchant and schedule, each window that has ended (plus the
 * grace) since the last one settled — or since the schedule's first contract began — is
 * settled in order.
 */
export async function settleDue(
  deps: AgentsDeps,
  now = new Date(),
): Promise<{ windows: number; paid: bigint }> {
  let windows = 0;
  let paid = 0n;
  const until = new Date(now.getTime() - settleGraceMs);
  for (const merchant of await deps.system.merchants()) {
    for (const schedule of schedules) {
      const { kind, period } = kindOf(schedule);
      const [last] = await deps.db
        .select({ end: agentSettlementRuns.windowEnd })
        .from(agentSettlementRuns)
        .where(
          and(
            eq(agentSettlementRuns.merchantCode, merchant.merchantCode),
            eq(agentSettlementRuns.schedule, schedule),
          ),
        )
        .orderBy(desc(agentSettlementRuns.windowStart))
        .limit(1);
      let from = last?.end;
      if (!from) {
        const [first] = await deps.db
          .select({ at: sql<string>`min(${agentContracts.activeFrom})` })
          .from(agentContracts)
          .where(
            and(
              eq(agentContracts.merchantCode, merchant.merchantCode),
              eq(agentContracts.kind, kind),
              period ? eq(agentContracts.period, period) : undefined,
            ),
          );
        if (!first?.at) continue;
        from = new Date(first.at);
      }
      for (const w of windowsBetween(schedule, merchant.timeZone, from, until, 300)) {
        const r = await settle(deps, merchant.merchantCode, schedule, w);
        windows++;
        paid += r.paid;
      }
    }
  }
  return { windows, paid };
}

/** My settlements of one kind, newest first, with their inputs. */
export async function settlements(
  deps: AgentsDeps,
  me: Me,
  query: { kind: ContractKindName; from?: string; to?: string; page: number; size: number },
) {
  const merchant = await merchantOf(deps, me.merchantCode);
  const where = and(
    eq(agentSettlements.agentId, me.accountId),
    eq(agentSettlements.kind, query.kind),
    query.from ? gte(agentSettlements.windowStart, new Date(query.from)) : undefined,
    query.to ? lt(agentSettlements.windowStart, new Date(query.to)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(agentSettlements)
      .where(where)
      .orderBy(desc(agentSettlements.windowStart))
      .limit(query.size + 1)
      .offset((query.page - 1) * query.size),
    deps.db
      .select({ total: sql<string>`coalesce(sum(${agentSettlements.payout}), 0)::text` })
      .from(agentSettlements)
      .where(where),
  ]);
  const money = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
  return {
    list: rows.slice(0, query.size).map((r) => ({
      id: r.id,
      contractId: r.contractId,
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
      ).map((b) => ({
        contractId: b.contractId,
        agentId: b.agentId,
        paid: money(BigInt(b.paid)),
      })),
      settledAt: r.createdAt.toISOString(),
    })),
    totalPayout: money(BigInt(total?.total ?? '0')),
    page: query.page,
    size: query.size,
    hasMore: rows.length > query.size,
  };
}
