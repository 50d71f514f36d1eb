import { sql, type SQL } from 'drizzle-orm';
import type { OpsPagingQuery, OpsPlayerSearchQuery } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';

/**
 * Operator player management (modules/players): the search across accounts, log-in addresses
 * and payout accounts, the summary's figures and each paged sub-resource. Merchant scope is the
 * caller's: `merchants` null is every merchant.
 */

type Rows = Record<string, unknown>[];

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Rows }).rows as T[];
}

const iso = (v: unknown) =>
  v === null || v === undefined ? null : new Date(v as string).toISOString();
const text = (v: unknown) => (v === null || v === undefined ? '0' : String(v));

const inList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A LIKE pattern matching `value` literally at the start. */
const prefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const sortColumns = {
  createdAt: sql`a.created_at`,
  lastLoginAt: sql`a.last_login_at`,
  username: sql`a.username_key`,
} as const;

export interface PlayerSearchRow {
  id: string;
  merchantCode: string;
  username: string;
  type: number;
  status: 'active' | 'disabled';
  mobile: string | null;
  email: string | null;
  parentId: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}

/** Members and agents (trial players are left out) matching the search, one page. */
export async function searchPlayers(
  db: DbOrTx,
  q: OpsPlayerSearchQuery,
  merchants: string[] | null,
): Promise<{ rows: PlayerSearchRow[]; total: number }> {
  const where: SQL[] = [sql`a.type <> 4`];
  if (merchants) where.push(sql`a.merchant_code in (${inList(merchants)})`);
  if (q.merchantCode) where.push(sql`a.merchant_code = ${q.merchantCode}`);
  if (q.status) where.push(sql`a.status = ${q.status}`);
  if (q.agentId) {
    where.push(sql`exists (select 1 from agent_tree t
      where t.ancestor_id = ${q.agentId} and t.descendant_id = a.id and t.depth > 0)`);
  }
  if (q.q) {
    const term = q.q;
    const lower = term.toLowerCase();
    where.push(sql`(a.username_key like ${prefix(lower)}
      or a.id = ${term}
      or a.mobile = ${term}
      or lower(a.email) = ${lower}
      or exists (select 1 from account_login_ips i where i.account_id = a.id and i.ip = ${term})
      or exists (select 1 from payout_accounts p
        where p.account_id = a.id and p.account_number = ${term}))`);
  }
  const filter = sql.join(where, sql` and `);
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const nulls = q.order === 'asc' ? sql`nulls first` : sql`nulls last`;
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select a.id, a.merchant_code, a.username, a.type, a.status, a.mobile, a.email,
        a.parent_id, a.created_at, a.last_login_at
      from accounts a where ${filter}
      order by ${sortColumns[q.sort]} ${direction} ${nulls}, a.id ${direction}
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const [total] = await rows<{ n: string | number }>(
    db,
    sql`select count(*) as n from accounts a where ${filter}`,
  );
  return {
    rows: found.map((r) => ({
      id: r.id as string,
      merchantCode: r.merchant_code as string,
      username: r.username as string,
      type: Number(r.type),
      status: r.status as 'active' | 'disabled',
      mobile: (r.mobile as string | null) ?? null,
      email: (r.email as string | null) ?? null,
      parentId: (r.parent_id as string | null) ?? null,
      createdAt: iso(r.created_at)!,
      lastLoginAt: iso(r.last_login_at),
    })),
    total: Number(total?.n ?? 0),
  };
}

/** The figures of a player's summary other modules keep: balances, points, VIP, upline, turnover. */
export async function playerFigures(db: DbOrTx, accountId: string) {
  const [balances] = await rows<Record<string, unknown>>(
    db,
    sql`select
        max(currency) filter (where kind in ('member_cash', 'member_bonus')) as currency,
        coalesce(sum(balance) filter (where kind = 'member_cash'), 0)::text as cash,
        coalesce(sum(balance) filter (where kind = 'member_bonus'), 0)::text as bonus
      from ledger_accounts where owner_id = ${accountId}`,
  );
  const [locked] = await rows<Record<string, unknown>>(
    db,
    sql`select coalesce(sum(amount), 0)::text as locked from withdrawal_requests
      where account_id = ${accountId} and status = 'pending'`,
  );
  const [points] = await rows<Record<string, unknown>>(
    db,
    sql`select balance::text as balance from points_balances where account_id = ${accountId}`,
  );
  const [vip] = await rows<Record<string, unknown>>(
    db,
    sql`select rank_level from vip_progress where account_id = ${accountId}`,
  );
  const upline = await rows<Record<string, unknown>>(
    db,
    sql`select t.ancestor_id as id, a.username, t.depth from agent_tree t
      join accounts a on a.id = t.ancestor_id
      where t.descendant_id = ${accountId} and t.depth > 0
      order by t.depth`,
  );
  const [turnover] = await rows<Record<string, unknown>>(
    db,
    sql`select coalesce(sum(required), 0)::text as required,
        coalesce(sum(least(progressed, required)), 0)::text as done
      from turnover_requirements where account_id = ${accountId}`,
  );
  const locks = await rows<Record<string, unknown>>(
    db,
    sql`select t.username_key, t.locked_until from login_throttle t
      join accounts a on a.merchant_code = t.merchant_code
        and t.username_key in (a.username_key, 'payment-password:' || a.id)
      where a.id = ${accountId} and t.locked_until > now()`,
  );
  const addressLocks = await rows<Record<string, unknown>>(
    db,
    sql`select t.client_ip, t.locked_until from login_address_throttle t
      join accounts a on a.merchant_code = t.merchant_code and t.username_key = a.username_key
      where a.id = ${accountId} and t.locked_until > now()
      order by t.locked_until desc`,
  );
  const lockOf = (key: 'login' | 'payment') =>
    iso(
      locks.find(
        (l) => String(l.username_key).startsWith('payment-password:') === (key === 'payment'),
      )?.locked_until,
    );
  return {
    balances: {
      currency: (balances?.currency as string | null) ?? null,
      cash: text(balances?.cash),
      bonus: text(balances?.bonus),
      locked: text(locked?.locked),
    },
    points: text(points?.balance),
    vipLevel: Number(vip?.rank_level ?? 0),
    upline: upline.map((u) => ({
      id: u.id as string,
      username: u.username as string,
      depth: Number(u.depth),
    })),
    turnover: { required: text(turnover?.required), done: text(turnover?.done) },
    locks: {
      loginLockedUntil: lockOf('login'),
      loginAddressLocks: addressLocks.map((l) => ({
        address: l.client_ip as string,
        until: iso(l.locked_until)!,
      })),
      paymentPasswordLockedUntil: lockOf('payment'),
    },
  };
}

async function paged<T>(
  db: DbOrTx,
  select: SQL,
  countQuery: SQL,
  p: OpsPagingQuery,
  map: (r: Record<string, unknown>) => T,
) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`${select} limit ${p.pageSize} offset ${(p.page - 1) * p.pageSize}`,
  );
  const [total] = await rows<{ n: string | number }>(db, countQuery);
  return { rows: found.map(map), total: Number(total?.n ?? 0), page: p.page, pageSize: p.pageSize };
}

/** Journal lines of the player's ledger accounts, newest first. */
export function playerLedger(db: DbOrTx, accountId: string, p: OpsPagingQuery) {
  return paged(
    db,
    sql`select p.id::text as id, p.entry_id, p.created_at, la.kind, p.type, p.amount::text as amount,
        p.balance_after::text as balance_after, p.currency, e.reference, e.memo
      from ledger_postings p
      join ledger_accounts la on la.id = p.account_id
      join ledger_entries e on e.id = p.entry_id
      where la.owner_id = ${accountId}
      order by p.created_at desc, p.id desc`,
    sql`select count(*) as n from ledger_postings p
      join ledger_accounts la on la.id = p.account_id where la.owner_id = ${accountId}`,
    p,
    (r) => ({
      id: r.id as string,
      entryId: r.entry_id as string,
      at: iso(r.created_at)!,
      accountKind: r.kind as string,
      type: r.type as string,
      amount: r.amount as string,
      balanceAfter: r.balance_after as string,
      currency: r.currency as string,
      reference: (r.reference as string | null) ?? null,
      memo: (r.memo as string | null) ?? null,
    }),
  );
}

/** The player's bets with their round, newest first. */
export function playerBets(db: DbOrTx, accountId: string, p: OpsPagingQuery) {
  return paged(
    db,
    sql`select b.id, b.round_id, r.game_code, b.stake::text as stake,
        b.valid_bet::text as valid_bet, b.payout::text as payout, b.currency, b.status,
        b.placed_at, b.settled_at
      from bets b join rounds r on r.id = b.round_id
      where b.account_id = ${accountId}
      order by b.placed_at desc, b.id desc`,
    sql`select count(*) as n from bets where account_id = ${accountId}`,
    p,
    (r) => ({
      id: r.id as string,
      roundId: r.round_id as string,
      gameCode: (r.game_code as string | null) ?? null,
      stake: r.stake as string,
      validBet: r.valid_bet as string,
      payout: r.payout as string,
      currency: r.currency as string,
      status: r.status as 'held' | 'settled' | 'void',
      placedAt: iso(r.placed_at)!,
      settledAt: iso(r.settled_at),
    }),
  );
}

/** Deposits and withdrawals together, newest first. */
export function playerCashier(db: DbOrTx, accountId: string, p: OpsPagingQuery) {
  const both = sql`select d.id, 'deposit' as kind, d.amount, d.currency, d.status,
        d.channel_code as channel, d.created_at, d.decided_at, d.decided_by
      from deposit_orders d where d.account_id = ${accountId}
      union all
      select w.id, 'withdrawal', w.amount, w.currency, w.status, pa.provider, w.created_at,
        w.decided_at, w.decided_by
      from withdrawal_requests w left join payout_accounts pa on pa.id = w.payout_account_id
      where w.account_id = ${accountId}`;
  return paged(
    db,
    sql`select id, kind, amount::text as amount, currency, status, channel, created_at,
        decided_at, decided_by from (${both}) m order by created_at desc, id desc`,
    sql`select count(*) as n from (${both}) m`,
    p,
    (r) => ({
      id: r.id as string,
      kind: r.kind as 'deposit' | 'withdrawal',
      amount: r.amount as string,
      currency: r.currency as string,
      status: r.status as string,
      channel: (r.channel as string | null) ?? null,
      createdAt: iso(r.created_at)!,
      decidedAt: iso(r.decided_at),
      decidedBy: (r.decided_by as string | null) ?? null,
    }),
  );
}

/** Bonus grants and every turnover requirement with its progress, newest first. */
export function playerBonuses(db: DbOrTx, accountId: string, p: OpsPagingQuery) {
  return paged(
    db,
    sql`select id, source, source_id, required::text as required,
        least(progressed, required)::text as done, release_amount::text as release_amount,
        released_at, created_at
      from turnover_requirements where account_id = ${accountId}
      order by created_at desc, id desc`,
    sql`select count(*) as n from turnover_requirements where account_id = ${accountId}`,
    p,
    (r) => ({
      id: r.id as string,
      source: r.source as 'deposit' | 'bonus' | 'transfer',
      sourceId: r.source_id as string,
      required: r.required as string,
      done: r.done as string,
      releaseAmount: (r.release_amount as string | null) ?? null,
      releasedAt: iso(r.released_at),
      createdAt: iso(r.created_at)!,
    }),
  );
}

/** Sessions and log-in addresses together, latest first. */
export function playerLogins(db: DbOrTx, accountId: string, p: OpsPagingQuery) {
  const both = sql`select 'session' as kind, s.id, s.ip, s.device, s.created_at as first_at,
        s.last_seen_at as last_at,
        (s.revoked_at is null and s.expires_at > now() and s.idle_expires_at > now()) as active
      from auth_sessions s where s.subject_id = ${accountId}
      union all
      select 'address', i.ip, i.ip, null, i.first_seen_at, i.last_seen_at, null
      from account_login_ips i where i.account_id = ${accountId}`;
  return paged(
    db,
    sql`select * from (${both}) l order by last_at desc, id desc`,
    sql`select count(*) as n from (${both}) l`,
    p,
    (r) => ({
      kind: r.kind as 'session' | 'address',
      id: r.id as string,
      ip: (r.ip as string | null) ?? null,
      device: (r.device as string | null) ?? null,
      firstAt: iso(r.first_at)!,
      lastAt: iso(r.last_at)!,
      active: r.active === null || r.active === undefined ? null : Boolean(r.active),
    }),
  );
}

/** Audit rows whose target is this player, newest first. */
export function playerChanges(db: DbOrTx, accountId: string, p: OpsPagingQuery) {
  return paged(
    db,
    sql`select id, at, actor_username, action, before, after, reason from audit_log
      where target_type = 'player' and target_id = ${accountId}
      order by seq desc`,
    sql`select count(*) as n from audit_log
      where target_type = 'player' and target_id = ${accountId}`,
    p,
    (r) => ({
      id: r.id as string,
      at: iso(r.at)!,
      actorUsername: (r.actor_username as string | null) ?? null,
      action: r.action as string,
      before: r.before ?? null,
      after: r.after ?? null,
      reason: (r.reason as string | null) ?? null,
    }),
  );
}
