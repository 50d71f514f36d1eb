import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  minorToDecimal,
  withdrawalRiskFlags,
  type MerchantInfo,
  type OpsDepositList,
  type OpsWithdrawalList,
  type WithdrawalRiskFlag,
} from '@taya/contracts';
import type { CashierContext } from './context';
import {
  cashierSettings,
  depositOrders,
  paymentChannels,
  payoutAccounts,
  turnoverRequirements,
  withdrawalRequests,
} from './schema';

/** Which merchants a queue shows: one asked for, else those of the operator's scope (null: all). */
export interface MerchantFilter {
  merchantCode?: string | undefined;
  scope: string[] | null;
}

interface Paging {
  page: number;
  size: number;
  sort: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
}

const digits = (column: SQL | typeof payoutAccounts.accountNumber) =>
  sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/**
 * The risk flags of a withdrawal, each a SQL condition on the row (joined with its payout account
 * and its merchant's settings), so the queue can both show and filter by them.
 */
const flagConditions: Record<WithdrawalRiskFlag, SQL> = {
  turnover_unmet: sql`exists (select 1 from ${turnoverRequirements} tr where tr.account_id = ${withdrawalRequests.accountId} and tr.progressed < tr.required)`,
  payout_account_new_24h: sql`${payoutAccounts.createdAt} > ${withdrawalRequests.createdAt} - interval '24 hours'`,
  over_threshold: sql`(${cashierSettings.reviewThreshold} is not null and ${withdrawalRequests.amount} > ${cashierSettings.reviewThreshold})`,
  first_withdrawal: sql`not exists (select 1 from ${withdrawalRequests} w2 where w2.account_id = ${withdrawalRequests.accountId} and w2.id <> ${withdrawalRequests.id} and w2.status = 'approved' and w2.created_at < ${withdrawalRequests.createdAt})`,
  payout_account_shared: sql`exists (select 1 from ${payoutAccounts} p2 where p2.account_id <> ${payoutAccounts.accountId} and ${digits(sql`p2.account_number`)} = ${digits(payoutAccounts.accountNumber)})`,
};

/** The operator console's deposit and withdrawal queues. */
export class OpsQueues {
  constructor(private readonly ctx: CashierContext) {}

  private merchantCondition(
    column: typeof depositOrders.merchantCode | typeof withdrawalRequests.merchantCode,
    filter: MerchantFilter,
  ) {
    if (filter.merchantCode) return eq(column, filter.merchantCode);
    if (filter.scope === null) return undefined;
    return filter.scope.length ? inArray(column, filter.scope) : sql`false`;
  }

  private async merchants(codes: string[]) {
    const map = new Map<string, MerchantInfo>();
    for (const code of new Set(codes)) map.set(code, await this.ctx.merchant(code));
    return map;
  }

  async deposits(
    filter: MerchantFilter,
    query: Paging & {
      status: 'pending' | 'credited' | 'rejected' | 'all';
      channelCode?: string | undefined;
    },
  ): Promise<OpsDepositList> {
    const where = and(
      this.merchantCondition(depositOrders.merchantCode, filter),
      query.status === 'all' ? undefined : eq(depositOrders.status, query.status),
      query.channelCode ? eq(depositOrders.channelCode, query.channelCode) : undefined,
    );
    const direction = query.order === 'asc' ? asc : desc;
    const rows = await this.ctx.db
      .select({ order: depositOrders, name: paymentChannels.name, kind: paymentChannels.kind })
      .from(depositOrders)
      .leftJoin(
        paymentChannels,
        and(
          eq(paymentChannels.merchantCode, depositOrders.merchantCode),
          eq(paymentChannels.code, depositOrders.channelCode),
        ),
      )
      .where(where)
      .orderBy(
        direction(query.sort === 'amount' ? depositOrders.amount : depositOrders.createdAt),
        direction(depositOrders.id),
      )
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    const [count] = await this.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(depositOrders)
      .where(where);
    const merchants = await this.merchants(rows.map((r) => r.order.merchantCode));
    const names = await this.ctx.identity.usernames([
      ...new Set(rows.map((r) => r.order.accountId)),
    ]);
    return {
      list: rows.map(({ order, name, kind }) => ({
        id: order.id,
        merchantCode: order.merchantCode,
        accountId: order.accountId,
        username: names.get(order.accountId) ?? null,
        channelCode: order.channelCode,
        channelName: name,
        kind,
        amount: minorToDecimal(order.amount, merchants.get(order.merchantCode)!.currencyScale),
        currency: order.currency,
        status: order.status,
        gatewayRef: order.gatewayRef,
        receiptIds: order.receiptIds,
        note: order.note,
        createdAt: order.createdAt.toISOString(),
        decidedAt: order.decidedAt?.toISOString() ?? null,
        decidedBy: order.decidedBy,
      })),
      total: count?.n ?? 0,
      page: query.page,
      size: query.size,
    };
  }

  async withdrawals(
    filter: MerchantFilter,
    query: Paging & {
      status: 'pending' | 'approved' | 'rejected' | 'disputed' | 'all';
      flag?: WithdrawalRiskFlag | undefined;
    },
  ): Promise<OpsWithdrawalList> {
    const status =
      query.status === 'all'
        ? undefined
        : query.status === 'disputed'
          ? sql`(${withdrawalRequests.status} = 'approved' and ${withdrawalRequests.confirmation} in ('partial', 'not_received') and ${withdrawalRequests.resolution} is null)`
          : eq(withdrawalRequests.status, query.status);
    const where = and(
      this.merchantCondition(withdrawalRequests.merchantCode, filter),
      status,
      query.flag ? flagConditions[query.flag] : undefined,
    );
    const flagColumns = Object.fromEntries(
      withdrawalRiskFlags.map((flag) => [flag, sql<boolean>`(${flagConditions[flag]})`]),
    ) as Record<WithdrawalRiskFlag, SQL<boolean>>;
    const direction = query.order === 'asc' ? asc : desc;
    const rows = await this.ctx.db
      .select({ w: withdrawalRequests, payout: payoutAccounts, ...flagColumns })
      .from(withdrawalRequests)
      .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawalRequests.payoutAccountId))
      .leftJoin(cashierSettings, eq(cashierSettings.merchantCode, withdrawalRequests.merchantCode))
      .where(where)
      .orderBy(
        direction(
          query.sort === 'amount' ? withdrawalRequests.amount : withdrawalRequests.createdAt,
        ),
        direction(withdrawalRequests.id),
      )
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    const [count] = await this.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawalRequests)
      .innerJoin(payoutAccounts, eq(payoutAccounts.id, withdrawalRequests.payoutAccountId))
      .leftJoin(cashierSettings, eq(cashierSettings.merchantCode, withdrawalRequests.merchantCode))
      .where(where);
    const merchants = await this.merchants(rows.map((r) => r.w.merchantCode));
    const names = await this.ctx.identity.usernames([...new Set(rows.map((r) => r.w.accountId))]);
    return {
      list: rows.map((r) => {
        const scale = merchants.get(r.w.merchantCode)!.currencyScale;
        return {
          id: r.w.id,
          merchantCode: r.w.merchantCode,
          accountId: r.w.accountId,
          username: names.get(r.w.accountId) ?? null,
          amount: minorToDecimal(r.w.amount, scale),
          currency: r.w.currency,
          status: r.w.status,
          confirmation: r.w.confirmation,
          receivedAmount:
            r.w.receivedAmount === null ? null : minorToDecimal(r.w.receivedAmount, scale),
          resolution: r.w.resolution,
          payoutAccount: {
            id: r.payout.id,
            kind: r.payout.kind,
            provider: r.payout.provider,
            accountName: r.payout.accountName,
            accountNumber: r.payout.accountNumber,
            createdAt: r.payout.createdAt.toISOString(),
          },
          flags: withdrawalRiskFlags.filter((flag) => truthy(r[flag])),
          paymentRef: r.w.paymentRef,
          decisionNote: r.w.decisionNote,
          proofIds: r.w.proofIds,
          createdAt: r.w.createdAt.toISOString(),
          decidedAt: r.w.decidedAt?.toISOString() ?? null,
          decidedBy: r.w.decidedBy,
        };
      }),
      total: count?.n ?? 0,
      page: query.page,
      size: query.size,
    };
  }
}

/** A boolean column as the drivers hand it back (PGlite and pg both give booleans; be sure). */
const truthy = (value: unknown) => value === true || value === 't' || value === 'true';
