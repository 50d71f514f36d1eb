import { DateTime } from 'luxon';
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { cashAndSignUpsByAccount, settledBetsByMember, teamFiguresOver } from '../reports';
import type { TeamFigures } from './formulas';
import { merchantOf, settleGraceMs, type AgentsDeps } from './model';
import { teamRollupRuns } from './schema';
import { windowAt, windowsBetween, type Window } from './windows';

/**
 * Team figures: the live sums a settlement or a dividend screen needs, and the five-minute
 * rollup of settled bets, cash and sign-ups into the daily figures the team reports read.
 */

/**
 * The team figures of `agentIds` over a window: each member's settled bets summed once, then
 * rolled up to every listed ancestor through the closure table.
 */
export async function teamFigures(
  deps: AgentsDeps,
  merchantCode: string,
  agentIds: string[],
  window: Window,
  db: DbOrTx = deps.db,
): Promise<Map<string, TeamFigures>> {
  const rows = await teamFiguresOver(db, merchantCode, agentIds, window);
  return new Map(
    rows.map((r) => [
      r.agentId,
      { validBet: r.validBet, netLoss: r.netLoss, activeMembers: r.activeMembers },
    ]),
  );
}

/**
 * Rolls one five-minute window into the daily figures, once (the run row is the key): each
 * member's settled bets into `member_daily_stats`, and every ancestor's team into
 * `team_daily_stats` — bets, players active for the first time that day, sign-ups, deposits and
 * paid withdrawals. A window never spans two merchant days (their offsets are whole
 * half-hours).
 */
export async function rollup(
  deps: AgentsDeps,
  merchantCode: string,
  window: Window,
): Promise<boolean> {
  const merchant = await merchantOf(deps, merchantCode);
  const day = DateTime.fromJSDate(window.start, { zone: merchant.timeZone }).toISODate()!;
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(teamRollupRuns)
      .values({ merchantCode, windowStart: window.start, windowEnd: window.end })
      .onConflictDoNothing()
      .returning({ at: teamRollupRuns.windowStart });
    if (claimed.length === 0) return false;
    // The window's facts come from their owners' tables through reports/; this module writes
    // only its own figures.
    const bets = await settledBetsByMember(tx, merchantCode, window);
    const moves = await cashAndSignUpsByAccount(tx, merchantCode, window);
    await tx.execute(sql`
      with m as (
        select * from json_to_recordset(${JSON.stringify(bets)}::json)
          as m(account_id text, valid_bet bigint, net_loss bigint, bets int)
      ), up as (
        insert into member_daily_stats (account_id, day, valid_bet, net_loss, bets)
        select account_id, ${day}::date, valid_bet, net_loss, bets from m
        on conflict (account_id, day) do update set
          valid_bet = member_daily_stats.valid_bet + excluded.valid_bet,
          net_loss = member_daily_stats.net_loss + excluded.net_loss,
          bets = member_daily_stats.bets + excluded.bets
        returning account_id, (xmax = 0) as first
      )
      insert into team_daily_stats (agent_id, day, merchant_code, valid_bet, net_loss, bets, active_members)
      select t.ancestor_id, ${day}::date, ${merchantCode}, sum(m.valid_bet), sum(m.net_loss),
        sum(m.bets), count(*) filter (where up.first)
      from m join up on up.account_id = m.account_id
      join agent_tree t on t.descendant_id = m.account_id and t.depth >= 1
      group by t.ancestor_id
      on conflict (agent_id, day) do update set
        valid_bet = team_daily_stats.valid_bet + excluded.valid_bet,
        net_loss = team_daily_stats.net_loss + excluded.net_loss,
        bets = team_daily_stats.bets + excluded.bets,
        active_members = team_daily_stats.active_members + excluded.active_members`);
    await tx.execute(sql`
      with x as (
        select * from json_to_recordset(${JSON.stringify(moves)}::json)
          as x(account_id text, deposits bigint, withdrawals bigint, joined int)
      )
      insert into team_daily_stats (agent_id, day, merchant_code, deposits, withdrawals, new_members)
      select t.ancestor_id, ${day}::date, ${merchantCode}, sum(x.deposits), sum(x.withdrawals), sum(x.joined)
      from x join agent_tree t on t.descendant_id = x.account_id and t.depth >= 1
      group by t.ancestor_id
      having sum(x.deposits) <> 0 or sum(x.withdrawals) <> 0 or sum(x.joined) <> 0
      on conflict (agent_id, day) do update set
        deposits = team_daily_stats.deposits + excluded.deposits,
        withdrawals = team_daily_stats.withdrawals + excluded.withdrawals,
        new_members = team_daily_stats.new_members + excluded.new_members`);
    return true;
  });
}

/**
 * The `agents.rollup-teams` job: every five-minute window ended (plus the grace) since the last
 * one rolled up — or, the first time, since the start of the merchant's day — in order.
 */
export async function rollupDue(deps: AgentsDeps, now = new Date()): Promise<number> {
  let rolled = 0;
  const until = new Date(now.getTime() - settleGraceMs);
  for (const merchant of await deps.system.merchants()) {
    const [last] = await deps.db
      .select({ end: teamRollupRuns.windowEnd })
      .from(teamRollupRuns)
      .where(eq(teamRollupRuns.merchantCode, merchant.merchantCode))
      .orderBy(desc(teamRollupRuns.windowStart))
      .limit(1);
    const from = last?.end ?? windowAt('daily', merchant.timeZone, until).start;
    for (const w of windowsBetween('realtime', merchant.timeZone, from, until, 600)) {
      if (await rollup(deps, merchant.merchantCode, w)) rolled++;
    }
  }
  return rolled;
}
