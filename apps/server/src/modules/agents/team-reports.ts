import { DateTime } from 'luxon';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { minorToDecimal, type TeamOverview } from '@taya/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lineResults, teamBetRecords, teamCashMovements, teamMemberId, teamSize } from '../reports';
import { agentTypes, merchantOf, type AgentsDeps, type Me } from './model';
import { agentSettlements, agentTree, memberDailyStats, teamDailyStats } from './schema';
import { inTeam } from './team';

/**
 * The team reports an agent reads: the overview from the daily figures, and its team's bets,
 * losses, income and cash movements. Joins over other modules' tables are in reports/agents.ts;
 * who may see which account is checked here.
 */

/**
 * The team overview: sizes now, and sign-ups, active players, deposits, withdrawals, valid bet
 * and the players' loss per merchant day from the daily figures (up to the last window rolled
 * up, a few minutes behind), over the days the period touches.
 */
export async function teamOverview(
  deps: AgentsDeps,
  me: Me,
  query: { from: string; to: string },
): Promise<TeamOverview> {
  const merchant = await merchantOf(deps, me.merchantCode);
  const { from, to } = period(query);
  const zone = merchant.timeZone;
  const firstDay = DateTime.fromJSDate(from, { zone }).toISODate()!;
  const lastDay = DateTime.fromJSDate(new Date(to.getTime() - 1), { zone }).toISODate()!;
  const [days, size, [active]] = await Promise.all([
    deps.db
      .select()
      .from(teamDailyStats)
      .where(
        and(
          eq(teamDailyStats.agentId, me.accountId),
          gte(teamDailyStats.day, firstDay),
          sql`${teamDailyStats.day} <= ${lastDay}`,
        ),
      )
      .orderBy(teamDailyStats.day),
    teamSize(deps.db, me.accountId, agentTypes),
    // Players active over the whole period: distinct, so not a sum of the days.
    firstDay === lastDay
      ? Promise.resolve([{ n: -1 }])
      : activeOver(deps.db, me.accountId, firstDay, lastDay),
  ]);
  const money = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
  const sum = (pick: (d: (typeof days)[number]) => bigint) =>
    days.reduce((total, d) => total + pick(d), 0n);
  return {
    members: Number(size?.members ?? 0),
    agents: Number(size?.agents ?? 0),
    newMembers: days.reduce((n, d) => n + d.newMembers, 0),
    // One day: that day's count; several: each player once.
    activeMembers: firstDay === lastDay ? (days[0]?.activeMembers ?? 0) : Number(active?.n ?? 0),
    deposits: money(sum((d) => d.deposits)),
    withdrawals: money(sum((d) => d.withdrawals)),
    validBet: money(sum((d) => d.validBet)),
    profit: money(sum((d) => d.netLoss)),
    days: days.map((d) => ({
      day: d.day,
      newMembers: d.newMembers,
      activeMembers: d.activeMembers,
      deposits: money(d.deposits),
      withdrawals: money(d.withdrawals),
      validBet: money(d.validBet),
      profit: money(d.netLoss),
    })),
  };
}

function period(query: { from: string; to: string }) {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (!(from < to) || to.getTime() - from.getTime() > 93 * 86_400_000) {
    throw new AppError('request_param_err', 'A period of at most 93 days', [
      { path: 'to', code: 'range', message: 'After from, at most 93 days later' },
    ]);
  }
  return { from, to };
}

/** The id of a username in my team (itself excluded), or a 404 as for no one. */
async function teamMember(deps: AgentsDeps, me: Me, username: string) {
  const id = await teamMemberId(deps.db, me.merchantCode, me.accountId, username);
  if (!id) throw new AppError('not_found', 'No such member in your team');
  return id;
}

/** Team betting: settled bet records of my team (or of one member of it), newest first. */
export async function teamBets(
  deps: AgentsDeps,
  me: Me,
  query: {
    from: string;
    to: string;
    username?: string;
    gameType?: string;
    page: number;
    size: number;
  },
) {
  const merchant = await merchantOf(deps, me.merchantCode);
  const { from, to } = period(query);
  const one = query.username ? await teamMember(deps, me, query.username) : null;
  const { rows, totals: t } = await teamBetRecords(deps.db, {
    merchantCode: me.merchantCode,
    agentId: me.accountId,
    memberId: one,
    from,
    to,
    gameType: query.gameType,
    limit: query.size + 1,
    offset: (query.page - 1) * query.size,
  });
  const names = await deps.gameNames(me.merchantCode);
  const money = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
  return {
    list: rows.slice(0, query.size).map((r) => ({
      id: r.id,
      username: r.username,
      roundId: r.round_id,
      vendor: r.vendor_code,
      gameType: r.game_type,
      gameName: names.get(r.game_id) ?? r.game_id,
      stake: money(BigInt(r.stake)),
      validBet: money(BigInt(r.valid_bet)),
      payout: money(BigInt(r.payout)),
      winLoss: money(BigInt(r.payout) - BigInt(r.stake)),
      settledAt: new Date(r.settled_at).toISOString(),
    })),
    totals: {
      count: Number(t.count),
      validBet: money(BigInt(t.valid_bet)),
      payout: money(BigInt(t.payout)),
      winLoss: money(BigInt(t.win_loss)),
    },
    page: query.page,
    size: query.size,
    hasMore: rows.length > query.size,
  };
}

/**
 * User loss: each direct subordinate of me (or of an agent in my team) with the results of
 * its own line (itself and everyone below it) over the period.
 */
export async function teamLoss(
  deps: AgentsDeps,
  me: Me,
  query: { from: string; to: string; parentId?: string; page: number; size: number },
) {
  const merchant = await merchantOf(deps, me.merchantCode);
  const { from, to } = period(query);
  const root = query.parentId ?? me.accountId;
  if (root !== me.accountId && !(await inTeam(deps, me.accountId, root)))
    throw new AppError('not_found', 'No such subordinate');
  const rows = await lineResults(deps.db, {
    rootId: root,
    from,
    to,
    limit: query.size + 1,
    offset: (query.page - 1) * query.size,
  });
  const money = (v: string) => minorToDecimal(BigInt(v), merchant.currencyScale);
  return {
    list: rows.slice(0, query.size).map((r) => ({
      id: r.id,
      username: r.username,
      isAgent: agentTypes.includes(Number(r.type)),
      teamSize: Number(r.team_size),
      bets: Number(r.bets),
      validBet: money(r.valid_bet),
      payout: money(r.payout),
      loss: money(r.loss),
    })),
    page: query.page,
    size: query.size,
    hasMore: rows.length > query.size,
  };
}

/** My income: settled contract pay by kind over a period (by window start). */
export async function revenue(deps: AgentsDeps, me: Me, query: { from: string; to: string }) {
  const merchant = await merchantOf(deps, me.merchantCode);
  const { from, to } = period(query);
  const rows = await deps.db
    .select({
      kind: agentSettlements.kind,
      windows: sql<number>`count(*)::int`,
      payout: sql<string>`coalesce(sum(${agentSettlements.payout}), 0)::text`,
    })
    .from(agentSettlements)
    .where(
      and(
        eq(agentSettlements.agentId, me.accountId),
        gte(agentSettlements.windowStart, from),
        lt(agentSettlements.windowStart, to),
      ),
    )
    .groupBy(agentSettlements.kind);
  const money = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
  const byKind = (['dividend', 'daily', 'hourly', 'realtime'] as const).map((kind) => {
    const r = rows.find((x) => x.kind === kind);
    return { kind, windows: Number(r?.windows ?? 0), payout: money(BigInt(r?.payout ?? '0')) };
  });
  return {
    byKind,
    total: money(rows.reduce((sum, r) => sum + BigInt(r.payout), 0n)),
  };
}

/** `ODSFE2_MemTransDet`: money movements on my team's members' main wallets. */
export async function teamTransactions(
  deps: AgentsDeps,
  me: Me,
  query: {
    subordinateName?: string;
    startTime: number;
    endTime: number;
    txTypeIds?: string;
    page: number;
    size: number;
  },
) {
  const merchant = await merchantOf(deps, me.merchantCode);
  const { from, to } = period({
    from: new Date(query.startTime).toISOString(),
    to: new Date(query.endTime).toISOString(),
  });
  const one = query.subordinateName ? await teamMember(deps, me, query.subordinateName) : null;
  const types = (query.txTypeIds ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter((x) => /^[a-z_]{1,40}$/.test(x));
  const rows = await teamCashMovements(deps.db, {
    agentId: me.accountId,
    memberId: one,
    from,
    to,
    types,
    limit: query.size + 1,
    offset: (query.page - 1) * query.size,
  });
  return {
    list: rows.slice(0, query.size).map((r) => ({
      username: r.username,
      txTimeInTimestamp: new Date(r.created_at).getTime(),
      amount: minorToDecimal(BigInt(r.amount), merchant.currencyScale),
      remark: r.memo,
      txTypeId: r.type,
    })),
    page: query.page,
    size: query.size,
    hasMore: rows.length > query.size,
  };
}

/** Team members with a settled bet on any day of a range, counted once. */
function activeOver(db: Db, agentId: string, firstDay: string, lastDay: string) {
  return db
    .select({ n: sql<number>`count(distinct ${memberDailyStats.accountId})::int` })
    .from(memberDailyStats)
    .innerJoin(agentTree, eq(agentTree.descendantId, memberDailyStats.accountId))
    .where(
      and(
        eq(agentTree.ancestorId, agentId),
        sql`${agentTree.depth} >= 1`,
        gte(memberDailyStats.day, firstDay),
        sql`${memberDailyStats.day} <= ${lastDay}`,
      ),
    );
}
