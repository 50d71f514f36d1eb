import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  type ConsolidatedFunds,
  type ContractKindName,
  type ContractProcessBody,
  type ContractTierInput,
  type ContractView,
} from '@taya/contracts';
import type { DbOrTx, Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  agentTypes,
  bpsToRate,
  merchantOf,
  rateToBps,
  type AgentsDeps,
  type ContractRow,
  type Me,
} from './model';
import { teamFigures } from './rollup';
import {
  agentContracts,
  agentTree,
  type ContractKind,
  type ContractTier,
  type DividendPeriod,
} from './schema';
import { windowAt } from './windows';

/**
 * Contracts between an agent and its direct subordinates (and the operator's with top agents):
 * offers, their answers, terminations down the team, and the views of them.
 */

function tiersFrom(input: ContractTierInput[], scale: number): ContractTier[] {
  return input.map((t, i) => {
    const minBet = parseAmount(t.minPeriodBet, scale);
    if (minBet === null) {
      throw new AppError('request_param_err', 'Invalid tier', [
        { path: `tiers.${i}.minPeriodBet`, code: 'invalid', message: 'An amount' },
      ]);
    }
    const rate = rateToBps(t.rate);
    if (rate <= 0) {
      throw new AppError('request_param_err', 'Invalid tier', [
        { path: `tiers.${i}.rate`, code: 'invalid', message: 'A rate above zero' },
      ]);
    }
    return { rate, minActiveMembers: t.minActiveMembers, minPeriodBet: minBet.toString() };
  });
}

/** The active contract of this kind that pays `agentId`, if any. */
async function activeOf(agentId: string, kind: ContractKind, db: DbOrTx) {
  const [row] = await db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.downlineId, agentId),
        eq(agentContracts.kind, kind),
        eq(agentContracts.productType, 'CONS'),
        eq(agentContracts.status, 'active'),
      ),
    );
  return row;
}

/** My active contracts of this kind granted downward with a rate above `rate`. */
async function higherBelow(agentId: string, kind: ContractKind, rate: number, db: DbOrTx) {
  return db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.uplineId, agentId),
        eq(agentContracts.kind, kind),
        eq(agentContracts.status, 'active'),
        sql`${agentContracts.maxRate} > ${rate}`,
      ),
    );
}

/**
 * Ends contracts and, below each, every active contract of the same kind in the downline's
 * team (their upline no longer has a rate to grant from).
 */
async function terminateDown(tx: Tx, contracts: ContractRow[], by: string, reason: string) {
  const now = new Date();
  for (const c of contracts) {
    await tx
      .update(agentContracts)
      .set({ status: 'terminated', endedAt: now, endedBy: by, endReason: reason })
      .where(
        or(
          eq(agentContracts.id, c.id),
          and(
            eq(agentContracts.kind, c.kind),
            inArray(agentContracts.status, ['active', 'pending']),
            inArray(
              agentContracts.uplineId,
              tx
                .select({ id: agentTree.descendantId })
                .from(agentTree)
                .where(eq(agentTree.ancestorId, c.downlineId)),
            ),
          ),
        ),
      );
  }
}

/** The four contract calls: an offer, its acceptance or rejection, or a termination. */
export async function process(
  deps: AgentsDeps,
  me: Me,
  kind: ContractKindName,
  body: ContractProcessBody,
): Promise<ContractView> {
  const merchant = await merchantOf(deps, me.merchantCode);
  if (body.action === 'REQUEST') {
    const tiers = tiersFrom(body.tiers, merchant.currencyScale);
    const maxRate = Math.max(...tiers.map((t) => t.rate));
    if (kind === 'dividend' && !body.period) {
      throw new AppError('request_param_err', 'A dividend needs its period', [
        { path: 'period', code: 'required', message: 'D, W, H or M' },
      ]);
    }
    const id = await deps.db.transaction(async (tx) => {
      const sub = await deps.identity.accountOf(body.subordinateId, tx);
      // Only a direct subordinate agent; anyone else is no one to this agent.
      if (!sub || sub.parentId !== me.accountId || sub.merchantCode !== me.merchantCode)
        throw new AppError('not_found', 'No such subordinate');
      if (!agentTypes.includes(sub.type))
        throw new AppError('forbidden', 'Contracts are with subordinate agents');
      const own = await activeOf(me.accountId, kind, tx);
      if (!own) throw new AppError('contract_needs_own');
      if (maxRate > own.maxRate) {
        throw new AppError('contract_rate_above_upline', undefined, [
          { path: 'tiers', code: 'above_upline', message: `At most ${bpsToRate(own.maxRate)} %` },
        ]);
      }
      // A new offer replaces one still waiting for an answer.
      await tx
        .update(agentContracts)
        .set({ status: 'superseded', endedAt: new Date(), endedBy: me.accountId })
        .where(
          and(
            eq(agentContracts.downlineId, sub.id),
            eq(agentContracts.kind, kind),
            eq(agentContracts.productType, 'CONS'),
            eq(agentContracts.status, 'pending'),
          ),
        );
      const contractId = randomUUID();
      await tx.insert(agentContracts).values({
        id: contractId,
        merchantCode: me.merchantCode,
        kind,
        period: kind === 'dividend' ? (body.period as DividendPeriod) : null,
        uplineId: me.accountId,
        downlineId: sub.id,
        tiers,
        maxRate,
        status: 'pending',
        requestedBy: me.accountId,
      });
      return contractId;
    });
    return view(deps, me.accountId, id);
  }

  await deps.db.transaction(async (tx) => {
    const [contract] = await tx
      .select()
      .from(agentContracts)
      .where(and(eq(agentContracts.id, body.contractId), eq(agentContracts.kind, kind)))
      .for('update');
    const party =
      contract &&
      contract.merchantCode === me.merchantCode &&
      (contract.downlineId === me.accountId || contract.uplineId === me.accountId);
    if (!contract || !party) throw new AppError('not_found', 'No such contract');
    const now = new Date();
    if (body.action === 'C') {
      if (contract.status !== 'active' && contract.status !== 'pending')
        throw new AppError('conflict', 'This contract has ended');
      await terminateDown(tx, [contract], me.accountId, 'terminated');
      return;
    }
    // Accept or reject: the downline answers an offer.
    if (contract.downlineId !== me.accountId)
      throw new AppError('forbidden', 'Only the offered agent answers an offer');
    if (contract.status !== 'pending') throw new AppError('conflict', 'This offer was answered');
    if (body.action === 'R') {
      await tx
        .update(agentContracts)
        .set({ status: 'rejected', respondedAt: now, endedAt: now, endedBy: me.accountId })
        .where(eq(agentContracts.id, contract.id));
      return;
    }
    const conflicts = await higherBelow(me.accountId, kind, contract.maxRate, tx);
    if (conflicts.length > 0 && body.confirm !== true) {
      throw new AppError('contract_lower_rate', undefined, undefined, {
        downlineHigherRate: conflicts.map((c) => ({
          contractId: c.id,
          downlineId: c.downlineId,
          maxRate: bpsToRate(c.maxRate),
        })),
      });
    }
    await terminateDown(tx, conflicts, me.accountId, 'upline_rate_lowered');
    await tx
      .update(agentContracts)
      .set({ status: 'superseded', endedAt: now, endedBy: me.accountId, endReason: 'replaced' })
      .where(
        and(
          eq(agentContracts.downlineId, me.accountId),
          eq(agentContracts.kind, kind),
          eq(agentContracts.productType, contract.productType),
          eq(agentContracts.status, 'active'),
        ),
      );
    await tx
      .update(agentContracts)
      .set({ status: 'active', respondedAt: now, activeFrom: now })
      .where(eq(agentContracts.id, contract.id));
  });
  return view(deps, me.accountId, body.contractId);
}

/** The operator's contract with a top agent (no upline): active at once. */
export async function grantTop(
  deps: AgentsDeps,
  merchantCode: string,
  operator: string,
  input: {
    agentId: string;
    kind: ContractKindName;
    period?: DividendPeriod;
    tiers: ContractTierInput[];
  },
) {
  const merchant = await merchantOf(deps, merchantCode);
  const tiers = tiersFrom(input.tiers, merchant.currencyScale);
  return deps.db.transaction(async (tx) => {
    const agent = await deps.identity.accountOf(input.agentId, tx);
    if (!agent || agent.merchantCode !== merchantCode || !agentTypes.includes(agent.type))
      throw new AppError('not_found', 'No such agent');
    if (agent.parentId !== null)
      throw new AppError('forbidden', 'Only top agents contract with the operator');
    const now = new Date();
    await tx
      .update(agentContracts)
      .set({ status: 'superseded', endedAt: now, endedBy: operator, endReason: 'replaced' })
      .where(
        and(
          eq(agentContracts.downlineId, agent.id),
          eq(agentContracts.kind, input.kind),
          eq(agentContracts.status, 'active'),
        ),
      );
    const id = randomUUID();
    await tx.insert(agentContracts).values({
      id,
      merchantCode,
      kind: input.kind,
      period: input.kind === 'dividend' ? (input.period ?? 'D') : null,
      uplineId: null,
      downlineId: agent.id,
      tiers,
      maxRate: Math.max(...tiers.map((t) => t.rate)),
      status: 'active',
      requestedBy: operator,
      respondedAt: now,
      activeFrom: now,
    });
    return { id };
  });
}

async function views(
  deps: AgentsDeps,
  viewerId: string,
  rows: ContractRow[],
): Promise<ContractView[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.uplineId, r.downlineId]).filter(Boolean))];
  const people = ids.length ? await deps.identity.namesOf(ids as string[]) : [];
  const who = new Map(people.map((p) => [p.id, p]));
  const party = (id: string) => who.get(id) ?? { id, username: '', nickname: null };
  const out: ContractView[] = [];
  for (const r of rows) {
    let higher: ContractView['downlineHigherRate'] = [];
    if (r.status === 'pending' && r.downlineId === viewerId) {
      const below = await higherBelow(viewerId, r.kind, r.maxRate, deps.db);
      const names = below.length ? await deps.identity.namesOf(below.map((b) => b.downlineId)) : [];
      const byId = new Map(names.map((n) => [n.id, n]));
      higher = below.map((b) => ({
        contractId: b.id,
        downline: byId.get(b.downlineId) ?? { id: b.downlineId, username: '', nickname: null },
        maxRate: bpsToRate(b.maxRate),
      }));
    }
    const merchant = await merchantOf(deps, r.merchantCode);
    out.push({
      id: r.id,
      kind: r.kind,
      productType: r.productType,
      period: r.period,
      upline: r.uplineId ? party(r.uplineId) : null,
      downline: party(r.downlineId),
      tiers: r.tiers.map((t) => ({
        rate: bpsToRate(t.rate),
        minActiveMembers: t.minActiveMembers,
        minPeriodBet: minorToDecimal(BigInt(t.minPeriodBet), merchant.currencyScale),
      })),
      maxRate: bpsToRate(r.maxRate),
      status: r.status,
      requestedAt: r.requestedAt.toISOString(),
      activeFrom: r.activeFrom?.toISOString() ?? null,
      endedAt: r.endedAt?.toISOString() ?? null,
      endReason: r.endReason,
      downlineHigherRate: higher,
    });
  }
  return out;
}

async function view(deps: AgentsDeps, viewerId: string, contractId: string): Promise<ContractView> {
  const [row] = await deps.db
    .select()
    .from(agentContracts)
    .where(eq(agentContracts.id, contractId));
  if (!row) throw new AppError('not_found', 'No such contract');
  return (await views(deps, viewerId, [row]))[0]!;
}

/** My contracts: those that pay me and those I granted, active or pending. */
export async function contracts(
  deps: AgentsDeps,
  me: { accountId: string },
  kind?: ContractKindName,
) {
  const live = inArray(agentContracts.status, ['active', 'pending']);
  const ofKind = kind ? eq(agentContracts.kind, kind) : undefined;
  const [mine, granted] = await Promise.all([
    deps.db
      .select()
      .from(agentContracts)
      .where(and(eq(agentContracts.downlineId, me.accountId), live, ofKind))
      .orderBy(desc(agentContracts.requestedAt)),
    deps.db
      .select()
      .from(agentContracts)
      .where(and(eq(agentContracts.uplineId, me.accountId), live, ofKind))
      .orderBy(desc(agentContracts.requestedAt)),
  ]);
  return {
    mine: await views(deps, me.accountId, mine),
    granted: await views(deps, me.accountId, granted),
  };
}

/**
 * My contracts in the consolidated funds answer (`/wps/member/info/funds/consolidated`), in the
 * original front end's shapes, keyed by product type: per kind the offer waiting for my answer,
 * else the active one. A dividend carries its period's team figures so far.
 */
export async function consolidatedContracts(deps: AgentsDeps, me: Me) {
  const merchant = await merchantOf(deps, me.merchantCode);
  const { mine } = await contracts(deps, me);
  const pick = (kind: ContractKindName) =>
    mine.find((c) => c.kind === kind && c.status === 'pending') ??
    mine.find((c) => c.kind === kind && c.status === 'active');
  const status = (c: ContractView) => (c.status === 'pending' ? ('P' as const) : ('V' as const));
  const higher = (c: ContractView) => c.downlineHigherRate.length > 0;
  const out: Pick<
    ConsolidatedFunds,
    'divtypereq' | 'dailysalreqtype' | 'contracthoursalreqtype' | 'realtimesalreqtype'
  > = {};
  const dividend = pick('dividend');
  if (dividend) {
    const period = dividend.period ?? 'D';
    const window = windowAt(`dividend:${period}`, merchant.timeZone, new Date());
    const f = (await teamFigures(deps, me.merchantCode, [me.accountId], window)).get(
      me.accountId,
    ) ?? { validBet: 0n, netLoss: 0n, activeMembers: 0 };
    const top = dividend.tiers.reduce((best, t) =>
      rateToBps(t.rate) > rateToBps(best.rate) ? t : best,
    );
    const money = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    out.divtypereq = {
      [dividend.productType]: {
        contractId: dividend.id,
        period,
        minimumBet: top.minPeriodBet,
        netLoss: money(f.netLoss),
        periodicTotalBet: money(f.validBet),
        periodicTotalBetRequired: top.minPeriodBet,
        activeMember: top.minActiveMembers,
        contractRate: dividend.maxRate,
        status: status(dividend),
        downlineHigherRate: higher(dividend),
      },
    };
  }
  const daily = pick('daily');
  if (daily) {
    out.dailysalreqtype = {
      [daily.productType]: {
        id: daily.id,
        status: status(daily),
        downlineHigherRate: higher(daily),
        details: daily.tiers.map((t) => ({
          betVolume: t.minPeriodBet,
          activeMember: t.minActiveMembers,
          rateType: 'P' as const,
          rate: t.rate,
        })),
      },
    };
  }
  const hourly = pick('hourly');
  if (hourly) {
    out.contracthoursalreqtype = {
      [hourly.productType]: {
        contractId: hourly.id,
        status: status(hourly),
        downlineHigherRate: higher(hourly),
        hourSalaryRates: hourly.tiers.map((t) => ({
          minimumBet: t.minPeriodBet,
          activeMember: t.minActiveMembers,
          rateType: 'P' as const,
          rate: t.rate,
        })),
      },
    };
  }
  const realtime = pick('realtime');
  if (realtime) {
    out.realtimesalreqtype = {
      [realtime.productType]: {
        contractId: realtime.id,
        status: status(realtime),
        downlineHigherRate: higher(realtime),
        realTimeSalaryRates: realtime.tiers.map((t) => ({
          betAmount: t.minPeriodBet,
          lossRate: t.rate,
          winRate: t.rate,
        })),
      },
    };
  }
  return out;
}
