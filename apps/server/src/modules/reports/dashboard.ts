import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { DashboardFigures, DashboardRange, MerchantInfo, OpsDashboard } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { settledBetsRelation } from '../play';
import { depositOrders, withdrawalRequests } from '../cashier/schema';
import { accounts } from '../identity/schema';
import { opsApprovals } from '../players/schema';
import { pointsRedemptions } from '../points/schema';
import { promotionApplications } from '../promotions/schema';
import { chatSessions } from '../support/schema';
import { ledgerAccounts, ledgerPostings } from '../wallet/schema';

/** Trial players (account type 4) are not new players. */
const trialType = 4;

/** The local days of a range in a time zone, oldest first: each day's key and first instant. */
export function dashboardDays(range: DashboardRange, zone: string, now = new Date()) {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const count = range === 'today' ? 1 : range === '7d' ? 7 : 30;
  const days = Array.from({ length: count }, (_, i) => today.minus({ days: count - 1 - i }));
  return {
    days: days.map((d) => ({ date: d.toISODate()!, start: d.toJSDate() })),
    start: days[0]!.toJSDate(),
    end: today.plus({ days: 1 }).toJSDate(),
  };
}

interface Row {
  bucket: number;
  [figure: string]: unknown;
}

const big = (value: unknown) => BigInt((value as string | number | null) ?? 0);
const int = (value: unknown) => Number((value as string | number | null) ?? 0);

/**
 * A merchant's dashboard: deposits, withdrawals, bets, GGR, bonus cost, NGR and players over the
 * range, per local day and in total, bets by game type, and the queues waiting for operators.
 * Everything is summed in SQL in minor units.
 */
export async function merchantDashboard(
  db: DbOrTx,
  merchant: MerchantInfo,
  range: DashboardRange,
  now = new Date(),
): Promise<OpsDashboard> {
  const { days, start, end } = dashboardDays(range, merchant.timeZone, now);
  const code = merchant.merchantCode;
  // The day (1-based) of an instant: the last day whose start is not after it.
  const starts = sql.join(
    days.map((d) => sql`${d.start.toISOString()}::timestamptz`),
    sql`, `,
  );
  const bucket = (column: SQL | SQL.Aliased | unknown) =>
    sql<number>`width_bucket(${column}, array[${starts}])`;
  const within = (column: SQL | unknown) =>
    sql`${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz`;

  const run = async (query: SQL): Promise<Row[]> => {
    const result = await db.execute(query);
    return (result as unknown as { rows: Row[] }).rows;
  };

  const deposits = await run(sql`
    select ${bucket(depositOrders.decidedAt)} as bucket, sum(${depositOrders.amount})::text as amount, count(*)::int as n
    from ${depositOrders}
    where ${depositOrders.merchantCode} = ${code} and ${depositOrders.status} = 'credited'
      and ${within(depositOrders.decidedAt)}
    group by 1`);
  const withdrawals = await run(sql`
    select ${bucket(withdrawalRequests.decidedAt)} as bucket, sum(${withdrawalRequests.amount})::text as amount, count(*)::int as n
    from ${withdrawalRequests}
    where ${withdrawalRequests.merchantCode} = ${code} and ${withdrawalRequests.status} = 'approved'
      and ${within(withdrawalRequests.decidedAt)}
    group by 1`);
  const bets = await run(sql`
    select ${bucket(sql`b.settled_at`)} as bucket, sum(b.stake)::text as stake, sum(b.payout)::text as payout, count(*)::int as n
    from ${settledBetsRelation} b
    where b.merchant_code = ${code} and b.status = 'settled' and ${within(sql`b.settled_at`)}
    group by 1`);
  const placed = sql`from ${settledBetsRelation} b
    where b.merchant_code = ${code} and b.status <> 'cancelled' and ${within(sql`b.placed_at`)}`;
  const active = await run(sql`
    select ${bucket(sql`b.placed_at`)} as bucket, count(distinct b.account_id)::int as n
    ${placed}
    group by 1`);
  // A player active on several days counts once in the range's total.
  const [activeTotal] = await run(
    sql`select 0 as bucket, count(distinct b.account_id)::int as n ${placed}`,
  );
  const registered = await run(sql`
    select ${bucket(accounts.createdAt)} as bucket, count(*)::int as n
    from ${accounts}
    where ${accounts.merchantCode} = ${code} and ${accounts.type} <> ${trialType}
      and ${within(accounts.createdAt)}
    group by 1`);
  const bonus = await run(sql`
    select ${bucket(ledgerPostings.createdAt)} as bucket, (-sum(${ledgerPostings.amount}))::text as amount
    from ${ledgerPostings}
    join ${ledgerAccounts} on ${ledgerAccounts.id} = ${ledgerPostings.accountId}
    where ${ledgerAccounts.merchantCode} = ${code} and ${ledgerAccounts.kind} = 'bonus_expense'
      and ${within(ledgerPostings.createdAt)}
    group by 1`);
  const gameTypes = await run(sql`
    select b.game_type as "gameType", sum(b.stake)::text as stake, sum(b.payout)::text as payout,
      count(*)::int as n, count(distinct b.account_id)::int as players
    from ${settledBetsRelation} b
    where b.merchant_code = ${code} and b.status = 'settled' and ${within(sql`b.settled_at`)}
    group by b.game_type
    order by sum(b.stake) desc, b.game_type`);

  const byBucket = (rows: Row[]) => new Map(rows.map((r) => [int(r.bucket), r]));
  const maps = {
    deposits: byBucket(deposits),
    withdrawals: byBucket(withdrawals),
    bets: byBucket(bets),
    active: byBucket(active),
    registered: byBucket(registered),
    bonus: byBucket(bonus),
  };
  const figures = (pick: <K extends keyof typeof maps>(map: K) => Row[]): DashboardFigures => {
    const sum = (rows: Row[], field: string) => rows.reduce((t, r) => t + big(r[field]), 0n);
    const count = (rows: Row[], field: string) => rows.reduce((t, r) => t + int(r[field]), 0);
    const stake = sum(pick('bets'), 'stake');
    const payout = sum(pick('bets'), 'payout');
    const bonusCost = sum(pick('bonus'), 'amount');
    return {
      deposits: sum(pick('deposits'), 'amount').toString(),
      depositCount: count(pick('deposits'), 'n'),
      withdrawals: sum(pick('withdrawals'), 'amount').toString(),
      withdrawalCount: count(pick('withdrawals'), 'n'),
      stake: stake.toString(),
      payout: payout.toString(),
      betCount: count(pick('bets'), 'n'),
      ggr: (stake - payout).toString(),
      bonusCost: bonusCost.toString(),
      ngr: (stake - payout - bonusCost).toString(),
      activePlayers: count(pick('active'), 'n'),
      newPlayers: count(pick('registered'), 'n'),
    };
  };
  const series = days.map((day, i) => ({
    date: day.date,
    ...figures((map) => {
      const row = maps[map].get(i + 1);
      return row ? [row] : [];
    }),
  }));
  const totals = {
    ...figures((map) => (map === 'active' ? [] : [...maps[map].values()])),
    activePlayers: int(activeTotal?.n),
  };

  return {
    merchantCode: code,
    currency: merchant.currency,
    currencyScale: merchant.currencyScale,
    timeZone: merchant.timeZone,
    range,
    start: start.toISOString(),
    end: end.toISOString(),
    totals,
    series,
    byGameType: gameTypes.map((r) => ({
      gameType: String(r.gameType),
      stake: big(r.stake).toString(),
      payout: big(r.payout).toString(),
      ggr: (big(r.stake) - big(r.payout)).toString(),
      betCount: int(r.n),
      players: int(r.players),
    })),
    queues: await dashboardQueues(db, code),
  };
}

/** What waits for an operator of a merchant now. */
export async function dashboardQueues(db: DbOrTx, merchantCode: string) {
  const count = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const n = sql<number>`count(*)::int`;
  return {
    pendingDeposits: await count(
      db
        .select({ n })
        .from(depositOrders)
        .where(
          and(eq(depositOrders.merchantCode, merchantCode), eq(depositOrders.status, 'pending')),
        ),
    ),
    pendingWithdrawals: await count(
      db
        .select({ n })
        .from(withdrawalRequests)
        .where(
          and(
            eq(withdrawalRequests.merchantCode, merchantCode),
            eq(withdrawalRequests.status, 'pending'),
          ),
        ),
    ),
    disputedWithdrawals: await count(
      db
        .select({ n })
        .from(withdrawalRequests)
        .where(
          and(
            eq(withdrawalRequests.merchantCode, merchantCode),
            eq(withdrawalRequests.status, 'approved'),
            inArray(withdrawalRequests.confirmation, ['partial', 'not_received']),
            isNull(withdrawalRequests.resolution),
          ),
        ),
    ),
    pendingApplications: await count(
      db
        .select({ n })
        .from(promotionApplications)
        .where(
          and(
            eq(promotionApplications.merchantCode, merchantCode),
            eq(promotionApplications.status, 'pending'),
          ),
        ),
    ),
    pendingRedemptions: await count(
      db
        .select({ n })
        .from(pointsRedemptions)
        .where(
          and(
            eq(pointsRedemptions.merchantCode, merchantCode),
            eq(pointsRedemptions.status, 'in_process'),
          ),
        ),
    ),
    openChats: await count(
      db
        .select({ n })
        .from(chatSessions)
        .where(and(eq(chatSessions.merchantCode, merchantCode), eq(chatSessions.status, 'open'))),
    ),
    pendingApprovals: await count(
      db
        .select({ n })
        .from(opsApprovals)
        .where(
          and(eq(opsApprovals.merchantCode, merchantCode), eq(opsApprovals.status, 'pending')),
        ),
    ),
  };
}
