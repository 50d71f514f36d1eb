import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { settledBetsRelation } from '../play';
import { agentTree } from '../agents/schema';
import { accounts } from '../identity/schema';
import { accountKinds } from '../wallet';

/**
 * The agents' team reports and folds: settled bets, cash movements and accounts of a downline,
 * joined through the agents' closure table. Read only; the agents module checks who may see what.
 */

export interface TeamFiguresRow {
  agentId: string;
  validBet: bigint;
  netLoss: bigint;
  activeMembers: number;
}

function idList(ids: string[]) {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/**
 * The team figures of `agentIds` over a window: each member's settled bets summed once, then
 * rolled up to every listed ancestor through the closure table.
 */
export async function teamFiguresOver(
  db: DbOrTx,
  merchantCode: string,
  agentIds: string[],
  window: { start: Date; end: Date },
): Promise<TeamFiguresRow[]> {
  if (agentIds.length === 0) return [];
  const { rows } = (await db.execute(sql`
    with m as (
      select account_id, sum(valid_bet) as valid_bet, sum(stake - payout) as net_loss
      from ${settledBetsRelation}
      where merchant_code = ${merchantCode} and status = 'settled'
        and settled_at >= ${window.start.toISOString()}::timestamptz
        and settled_at < ${window.end.toISOString()}::timestamptz
      group by account_id
    )
    select t.ancestor_id as agent_id,
      coalesce(sum(m.valid_bet), 0)::text as valid_bet,
      coalesce(sum(m.net_loss), 0)::text as net_loss,
      count(*) filter (where m.valid_bet > 0)::int as active_members
    from m
    join agent_tree t on t.descendant_id = m.account_id
    where t.ancestor_id in (${idList(agentIds)})
    group by t.ancestor_id`)) as {
    rows: { agent_id: string; valid_bet: string; net_loss: string; active_members: number }[];
  };
  return rows.map((r) => ({
    agentId: r.agent_id,
    validBet: BigInt(r.valid_bet),
    netLoss: BigInt(r.net_loss),
    activeMembers: Number(r.active_members),
  }));
}

/** Per member, the settled bets of a window (integer strings, ready for a JSON parameter). */
export async function settledBetsByMember(
  db: DbOrTx,
  merchantCode: string,
  window: { start: Date; end: Date },
): Promise<{ account_id: string; valid_bet: string; net_loss: string; bets: number }[]> {
  const { rows } = (await db.execute(sql`
    select account_id, sum(valid_bet)::text as valid_bet, sum(stake - payout)::text as net_loss,
      count(*)::int as bets
    from ${settledBetsRelation}
    where merchant_code = ${merchantCode} and status = 'settled'
      and settled_at >= ${window.start.toISOString()}::timestamptz
      and settled_at < ${window.end.toISOString()}::timestamptz
    group by account_id`)) as {
    rows: { account_id: string; valid_bet: string; net_loss: string; bets: number }[];
  };
  return rows;
}

/**
 * Per account, over a window: deposits credited to its cash, withdrawals paid out of its hold,
 * and whether it signed up (1 or 0).
 */
export async function cashAndSignUpsByAccount(
  db: DbOrTx,
  merchantCode: string,
  window: { start: Date; end: Date },
): Promise<{ account_id: string; deposits: string; withdrawals: string; joined: number }[]> {
  const start = window.start.toISOString();
  const end = window.end.toISOString();
  const { rows } = (await db.execute(sql`
    with c as (
      select a.owner_id as account_id,
        coalesce(sum(p.amount) filter (where p.type = 'deposit' and a.kind = ${accountKinds.memberCash}), 0) as deposits,
        coalesce(sum(-p.amount) filter (where p.type = 'withdrawal' and a.kind = ${accountKinds.withdrawalHold}), 0) as withdrawals
      from ledger_postings p join ledger_accounts a on a.id = p.account_id
      where p.type in ('deposit', 'withdrawal') and a.merchant_code = ${merchantCode}
        and p.created_at >= ${start}::timestamptz and p.created_at < ${end}::timestamptz
        and a.owner_id is not null
      group by a.owner_id
    ), n as (
      select id as account_id from accounts
      where merchant_code = ${merchantCode}
        and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
    )
    select coalesce(c.account_id, n.account_id) as account_id,
      coalesce(c.deposits, 0)::text as deposits, coalesce(c.withdrawals, 0)::text as withdrawals,
      (n.account_id is not null)::int as joined
    from c full join n on n.account_id = c.account_id`)) as {
    rows: { account_id: string; deposits: string; withdrawals: string; joined: number }[];
  };
  return rows;
}

/** The size of an agent's team (itself excluded): everyone, and the agents among them. */
export async function teamSize(
  db: DbOrTx,
  agentId: string,
  agentTypes: number[],
): Promise<{ members: number; agents: number } | undefined> {
  const [row] = await db
    .select({
      members: sql<number>`count(*)::int`,
      agents: sql<number>`count(*) filter (where ${accounts.type} in (${sql.join(
        agentTypes.map((t) => sql`${t}`),
        sql`, `,
      )}))::int`,
    })
    .from(agentTree)
    .innerJoin(accounts, eq(accounts.id, agentTree.descendantId))
    .where(and(eq(agentTree.ancestorId, agentId), sql`${agentTree.depth} >= 1`));
  return row;
}

/** The id of a username in an agent's team (the agent itself excluded), if any. */
export async function teamMemberId(
  db: DbOrTx,
  merchantCode: string,
  agentId: string,
  username: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(agentTree, eq(agentTree.descendantId, accounts.id))
    .where(
      and(
        eq(accounts.merchantCode, merchantCode),
        eq(accounts.usernameKey, username.trim().toLowerCase()),
        eq(agentTree.ancestorId, agentId),
        sql`${agentTree.depth} >= 1`,
      ),
    );
  return row?.id;
}

export interface TeamBetRow {
  id: string;
  round_id: string;
  vendor_code: string;
  game_type: string;
  game_id: string;
  stake: string;
  valid_bet: string;
  payout: string;
  settled_at: string | Date;
  username: string;
}

/**
 * Settled bet records of an agent's team (or of one member, `memberId`) over a period, newest
 * first, one page (plus one row to tell whether more follow), with the totals of all of them.
 */
export async function teamBetRecords(
  db: DbOrTx,
  query: {
    merchantCode: string;
    agentId: string;
    memberId: string | null;
    from: Date;
    to: Date;
    gameType?: string;
    limit: number;
    offset: number;
  },
) {
  const one = query.memberId;
  const where = sql`b.merchant_code = ${query.merchantCode} and b.status = 'settled'
    and b.settled_at >= ${query.from.toISOString()}::timestamptz
    and b.settled_at < ${query.to.toISOString()}::timestamptz
    ${query.gameType ? sql`and b.game_type = ${query.gameType}` : sql``}
    ${one ? sql`and b.account_id = ${one}` : sql`and t.ancestor_id = ${query.agentId} and t.depth >= 1`}`;
  const from_ = one
    ? sql`${settledBetsRelation} b`
    : sql`agent_tree t join ${settledBetsRelation} b on b.account_id = t.descendant_id`;
  const [{ rows }, { rows: totals }] = (await Promise.all([
    db.execute(sql`
      select b.id, b.round_id, b.vendor_code, b.game_type, b.game_id, b.account_id,
        b.stake::text as stake, b.valid_bet::text as valid_bet, b.payout::text as payout,
        b.settled_at, a.username
      from ${from_} join accounts a on a.id = b.account_id
      where ${where}
      order by b.settled_at desc, b.id desc
      limit ${query.limit} offset ${query.offset}`),
    db.execute(sql`
      select count(*)::int as count, coalesce(sum(b.valid_bet), 0)::text as valid_bet,
        coalesce(sum(b.payout), 0)::text as payout, coalesce(sum(b.payout - b.stake), 0)::text as win_loss
      from ${from_}
      where ${where}`),
  ])) as unknown as [
    { rows: TeamBetRow[] },
    { rows: { count: number; valid_bet: string; payout: string; win_loss: string }[] },
  ];
  return { rows, totals: totals[0]! };
}

/**
 * Each direct subordinate of `rootId` (one page, plus one row) with its line's settled bets over
 * a period: itself and everyone below it.
 */
export async function lineResults(
  db: DbOrTx,
  query: { rootId: string; from: Date; to: Date; limit: number; offset: number },
) {
  const { rows } = (await db.execute(sql`
    with direct as (
      select a.id, a.username, a.type, a.created_at from agent_tree t join accounts a on a.id = t.descendant_id
      where t.ancestor_id = ${query.rootId} and t.depth = 1
      order by a.created_at, a.id
      limit ${query.limit} offset ${query.offset}
    )
    select d.id, d.username, d.type,
      (select count(*) from agent_tree s where s.ancestor_id = d.id and s.depth > 0)::int as team_size,
      count(b.id)::int as bets,
      coalesce(sum(b.valid_bet), 0)::text as valid_bet,
      coalesce(sum(b.payout), 0)::text as payout,
      coalesce(sum(b.stake - b.payout), 0)::text as loss
    from direct d
    left join agent_tree l on l.ancestor_id = d.id
    left join ${settledBetsRelation} b on b.account_id = l.descendant_id and b.status = 'settled'
      and b.settled_at >= ${query.from.toISOString()}::timestamptz and b.settled_at < ${query.to.toISOString()}::timestamptz
    group by d.id, d.username, d.type, d.created_at
    order by d.created_at, d.id`)) as {
    rows: {
      id: string;
      username: string;
      type: number;
      team_size: number;
      bets: number;
      valid_bet: string;
      payout: string;
      loss: string;
    }[];
  };
  return rows;
}

/**
 * Money movements on the main wallets of an agent's team (or of one member, `memberId`) over a
 * period, newest first, one page plus one row.
 */
export async function teamCashMovements(
  db: DbOrTx,
  query: {
    agentId: string;
    memberId: string | null;
    from: Date;
    to: Date;
    types: string[];
    limit: number;
    offset: number;
  },
) {
  const { memberId: one, types } = query;
  const { rows } = (await db.execute(sql`
    select a.username, p.created_at, p.amount::text as amount, p.type, e.memo
    from ${one ? sql`accounts a` : sql`agent_tree t join accounts a on a.id = t.descendant_id`}
    join ledger_accounts l on l.owner_id = a.id and l.kind = ${accountKinds.memberCash}
    join ledger_postings p on p.account_id = l.id
    join ledger_entries e on e.id = p.entry_id
    where ${one ? sql`a.id = ${one}` : sql`t.ancestor_id = ${query.agentId} and t.depth >= 1`}
      and p.created_at >= ${query.from.toISOString()}::timestamptz
      and p.created_at < ${query.to.toISOString()}::timestamptz
      ${types.length ? sql`and p.type in (${idList(types)})` : sql``}
    order by p.created_at desc, p.id desc
    limit ${query.limit} offset ${query.offset}`)) as {
    rows: {
      username: string;
      created_at: string | Date;
      amount: string;
      type: string;
      memo: string | null;
    }[];
  };
  return rows;
}

/**
 * Accounts below `rootId` — its direct subordinates or its whole team, optionally those whose
 * username starts with `name` — with their team size and main-wallet balance, one page plus one.
 */
export async function subordinateAccounts(
  db: DbOrTx,
  query: {
    rootId: string;
    direct: boolean;
    name?: string;
    currency: string;
    limit: number;
    offset: number;
  },
) {
  const { name } = query;
  const { rows } = (await db.execute(sql`
    select a.id, a.username, a.nickname, a.type, a.parent_id, a.created_at, t.depth,
      (select count(*) from agent_tree s where s.ancestor_id = a.id and s.depth > 0)::int as team_size,
      coalesce((select l.balance from ledger_accounts l
        where l.owner_id = a.id and l.kind = ${accountKinds.memberCash}
          and l.merchant_code = a.merchant_code and l.currency = ${query.currency}), 0)::text as balance
    from agent_tree t
    join accounts a on a.id = t.descendant_id
    where t.ancestor_id = ${query.rootId}
      and ${query.direct ? sql`t.depth = 1` : sql`t.depth >= 1`}
      ${name ? sql`and a.username_key like ${`${name.toLowerCase().replace(/[%_\\]/g, '')}%`}` : sql``}
    order by t.depth, a.created_at, a.id
    limit ${query.limit} offset ${query.offset}`)) as {
    rows: {
      id: string;
      username: string;
      nickname: string | null;
      type: number;
      parent_id: string | null;
      created_at: string | Date;
      depth: number;
      team_size: number;
      balance: string;
    }[];
  };
  return rows;
}
