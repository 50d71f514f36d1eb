import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { minorToDecimal, type MerchantInfo } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import type { RecordAnswer } from '../../platform/http';
import { AppError } from '../../platform/errors';
import type { WithdrawalSettleStep } from '../wallet';
import type { CashierContext } from './context';
import { fieldError, type Member, type WithdrawalRow, type WithdrawLimitsOf } from './model';
import { payoutAccounts, withdrawalRequests } from './schema';
import type { Turnover } from './turnover';

/**
 * Withdrawals: the request (held in the ledger), the operator's decision, the member's
 * confirmation or the job's after the window, and the operator's settling of a dispute.
 */
export class Withdrawals {
  constructor(
    private readonly ctx: CashierContext,
    private readonly turnover: Turnover,
    private readonly withdrawLimitsOf: WithdrawLimitsOf | null,
  ) {}

  /**
   * The daily withdrawal limits that apply to a member: the stricter of the merchant's count and
   * the VIP level's, and the level's daily amount (the merchant sets none).
   */
  private async dailyLimits(member: Member, settings: { withdrawDailyCount: number }) {
    const level = this.withdrawLimitsOf
      ? await this.withdrawLimitsOf(member.merchantCode, member.accountId)
      : null;
    const levelCount = level?.dailyCount ?? null;
    return {
      count:
        levelCount !== null && levelCount < settings.withdrawDailyCount
          ? levelCount
          : settings.withdrawDailyCount,
      amount: level?.dailyAmount ?? null,
    };
  }

  /** Withdrawals a member asked for since the start of the merchant's day, and their total. */
  private async withdrawnToday(db: DbOrTx, member: Member, merchant: MerchantInfo) {
    const [used] = await db
      .select({
        n: sql<number>`count(*)::int`,
        // A rejected withdrawal returned its money: it counts toward the number, not the amount.
        amount: sql<string>`coalesce(sum(${withdrawalRequests.amount}) filter (where ${withdrawalRequests.status} <> 'rejected'), 0)::text`,
      })
      .from(withdrawalRequests)
      .where(
        and(
          eq(withdrawalRequests.accountId, member.accountId),
          gte(withdrawalRequests.createdAt, this.startOfMerchantDay(merchant)),
        ),
      );
    return { count: used?.n ?? 0, amount: BigInt(used?.amount ?? '0') };
  }

  private startOfMerchantDay(merchant: MerchantInfo): Date {
    const now = new Date();
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: merchant.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
    const offset = /GMT([+-])(\d+)(?::(\d+))?/.exec(merchant.gmtOffset);
    const sign = offset?.[1] === '-' ? -1 : 1;
    const minutes = sign * (Number(offset?.[2] ?? 0) * 60 + Number(offset?.[3] ?? 0));
    return new Date(Date.parse(`${parts}T00:00:00Z`) - minutes * 60_000);
  }

  async withdrawInfo(member: Member) {
    const merchant = await this.ctx.merchant(member.merchantCode);
    const settings = await this.ctx.settings(merchant.merchantCode);
    const limits = await this.dailyLimits(member, settings);
    const used = await this.withdrawnToday(this.ctx.db, member, merchant);
    const cash = await this.ctx.wallet.cashBalance(merchant, member.accountId);
    return {
      minAmount: minorToDecimal(settings.withdrawMin, merchant.currencyScale),
      maxAmount: minorToDecimal(settings.withdrawMax, merchant.currencyScale),
      dailyCount: limits.count,
      usedToday: used.count,
      dailyAmount:
        limits.amount === null ? null : minorToDecimal(limits.amount, merchant.currencyScale),
      usedAmountToday: minorToDecimal(used.amount, merchant.currencyScale),
      turnoverRemaining: minorToDecimal(
        await this.turnover.turnoverRemaining(member.accountId),
        merchant.currencyScale,
      ),
      balance: minorToDecimal(cash, merchant.currencyScale),
    };
  }

  private withdrawalView(row: WithdrawalRow, merchant: MerchantInfo) {
    return {
      id: row.id,
      amount: minorToDecimal(row.amount, merchant.currencyScale),
      status: row.status,
      confirmation: row.confirmation,
      receivedAmount:
        row.receivedAmount === null
          ? null
          : minorToDecimal(row.receivedAmount, merchant.currencyScale),
      outstanding: minorToDecimal(outstandingOf(row), merchant.currencyScale),
      resolution: row.resolution,
      paymentRef: row.paymentRef,
      decisionNote: row.decisionNote,
      confirmDeadline: row.confirmDeadline?.toISOString() ?? null,
      proofIds: row.proofIds,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async requestWithdrawal(
    member: Member,
    body: { payoutAccountId: string; amount: string; paymentPassword: string },
    /** Stores the answer under the request's idempotency key, in the hold's transaction. */
    recordAnswer: RecordAnswer | null = null,
  ) {
    const merchant = await this.ctx.merchant(member.merchantCode);
    const settings = await this.ctx.settings(merchant.merchantCode);
    const amount = this.ctx.amount(body.amount, merchant);
    if (amount < settings.withdrawMin || amount > settings.withdrawMax) {
      throw fieldError(
        'amount',
        `The amount must be between ${minorToDecimal(settings.withdrawMin, merchant.currencyScale)} and ${minorToDecimal(settings.withdrawMax, merchant.currencyScale)}`,
      );
    }
    const [payout] = await this.ctx.db
      .select()
      .from(payoutAccounts)
      .where(
        and(
          eq(payoutAccounts.id, body.payoutAccountId),
          eq(payoutAccounts.accountId, member.accountId),
        ),
      );
    if (!payout) throw fieldError('payoutAccountId', 'No such payout account');
    if (!(await this.ctx.identity.checkPaymentPassword(member.accountId, body.paymentPassword))) {
      throw fieldError('paymentPassword', 'The payment password is wrong');
    }
    const limits = await this.dailyLimits(member, settings);
    const remaining = await this.turnover.turnoverRemaining(member.accountId);
    if (remaining > 0n) {
      throw new AppError(
        'conflict',
        `Wager ${minorToDecimal(remaining, merchant.currencyScale)} more before withdrawing`,
        undefined,
        {
          turnoverRemaining: minorToDecimal(remaining, merchant.currencyScale),
        },
      );
    }
    const id = randomUUID();
    return this.ctx.db.transaction(async (tx) => {
      // The hold locks the member's cash row, so the daily count below is read one request at a time.
      const posted = await this.ctx.wallet.holdWithdrawal(tx, {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        withdrawalId: id,
        player: member.accountId,
        amount,
        actor: member.accountId,
      });
      const used = await this.withdrawnToday(tx, member, merchant);
      if (used.count >= limits.count) {
        throw new AppError('conflict', `At most ${limits.count} withdrawals a day`);
      }
      if (limits.amount !== null && used.amount + amount > limits.amount) {
        const left = limits.amount > used.amount ? limits.amount - used.amount : 0n;
        throw new AppError(
          'conflict',
          `At most ${minorToDecimal(limits.amount, merchant.currencyScale)} a day: ${minorToDecimal(left, merchant.currencyScale)} left today`,
          undefined,
          {
            dailyAmount: minorToDecimal(limits.amount, merchant.currencyScale),
            leftToday: minorToDecimal(left, merchant.currencyScale),
          },
        );
      }
      const [row] = await tx
        .insert(withdrawalRequests)
        .values({
          id,
          merchantCode: merchant.merchantCode,
          accountId: member.accountId,
          payoutAccountId: payout.id,
          amount,
          currency: merchant.currency,
          status: 'pending',
          holdEntryId: posted.entryId,
        })
        .returning();
      const view = this.withdrawalView(row!, merchant);
      await recordAnswer?.(tx, view);
      return view;
    });
  }

  async myWithdrawals(member: Member) {
    const merchant = await this.ctx.merchant(member.merchantCode);
    const rows = await this.ctx.db
      .select()
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.accountId, member.accountId))
      .orderBy(desc(withdrawalRequests.createdAt))
      .limit(50);
    return rows.map((r) => this.withdrawalView(r, merchant));
  }

  /** The merchant of a withdrawal (null when there is none): the routes check the scope. */
  async merchantOf(id: string): Promise<string | null> {
    const [row] = await this.ctx.db
      .select({ merchantCode: withdrawalRequests.merchantCode })
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.id, id));
    return row?.merchantCode ?? null;
  }

  /** Reads a withdrawal's merchant and settings before a transaction locks its row. */
  private async withdrawalContext(id: string, accountId?: string) {
    const [found] = await this.ctx.db
      .select({ merchantCode: withdrawalRequests.merchantCode })
      .from(withdrawalRequests)
      .where(
        and(
          eq(withdrawalRequests.id, id),
          ...(accountId ? [eq(withdrawalRequests.accountId, accountId)] : []),
        ),
      );
    if (!found) throw new AppError('not_found', 'No such withdrawal');
    const merchant = await this.ctx.merchant(found.merchantCode);
    const settings = await this.ctx.settings(merchant.merchantCode);
    return { merchant, settings };
  }

  private async lockWithdrawal(tx: DbOrTx, id: string): Promise<WithdrawalRow> {
    const [row] = await tx
      .select()
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.id, id))
      .for('update');
    if (!row) throw new AppError('not_found', 'No such withdrawal');
    return row;
  }

  /**
   * Moves part of a paid-out withdrawal on: out of the member's in-transit account to the payout
   * clearing account (it arrived) or back to the member's cash (an operator returned it).
   */
  private settleSent(
    tx: DbOrTx,
    merchant: MerchantInfo,
    row: WithdrawalRow,
    amount: bigint,
    how: {
      key: WithdrawalSettleStep;
      type: 'withdrawal_received' | 'withdrawal_return';
      actor: string;
    },
  ) {
    const input = {
      merchantCode: merchant.merchantCode,
      currency: merchant.currency,
      withdrawalId: row.id,
      player: row.accountId,
      amount,
      actor: how.actor,
      step: how.key,
    };
    return how.type === 'withdrawal_received'
      ? this.ctx.wallet.confirmWithdrawalReceived(tx, input)
      : this.ctx.wallet.returnSentWithdrawal(tx, input);
  }

  /**
   * Approve: the operator has sent the money, so the hold moves to the member's in-transit
   * account until the member confirms it arrived. Reject: the hold returns to the member's cash.
   */
  async decideWithdrawal(
    id: string,
    actor: string,
    approve: boolean,
    detail: { note?: string | undefined; paymentRef?: string | undefined } = {},
  ) {
    const { merchant, settings } = await this.withdrawalContext(id);
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.lockWithdrawal(tx, id);
      if (row.status !== 'pending')
        throw new AppError('conflict', 'This withdrawal was already decided');
      const input = {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        withdrawalId: id,
        player: row.accountId,
        amount: row.amount,
        actor,
      };
      const posted = approve
        ? await this.ctx.wallet.payWithdrawal(tx, input)
        : await this.ctx.wallet.returnWithdrawal(tx, input);
      const now = new Date();
      const [updated] = await tx
        .update(withdrawalRequests)
        .set({
          status: approve ? 'approved' : 'rejected',
          decidedAt: now,
          decidedBy: actor,
          settleEntryId: posted.entryId,
          decisionNote: detail.note || null,
          paymentRef: approve ? detail.paymentRef || null : null,
          ...(approve
            ? {
                confirmation: 'awaiting' as const,
                confirmDeadline: new Date(now.getTime() + settings.confirmMinutes * 60_000),
              }
            : {}),
        })
        .where(eq(withdrawalRequests.id, id))
        .returning();
      return this.withdrawalView(updated!, merchant);
    });
  }

  /**
   * The member's word on an approved withdrawal (SPEC §4). Received closes the payout; partly
   * received closes the part that arrived and leaves the rest in transit for an operator;
   * not received (with proof) leaves it all in transit for an operator.
   */
  async confirmWithdrawal(
    member: Member,
    id: string,
    body:
      | { result: 'received' }
      | { result: 'partial'; receivedAmount: string; proofIds?: string[] | undefined }
      | { result: 'not_received'; proofIds: string[] },
  ) {
    const { merchant } = await this.withdrawalContext(id, member.accountId);
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.lockWithdrawal(tx, id);
      if (row.accountId !== member.accountId) throw new AppError('not_found', 'No such withdrawal');
      if (row.status !== 'approved' || row.confirmation !== 'awaiting')
        throw new AppError('conflict', 'This withdrawal is not awaiting confirmation');
      let received = row.amount;
      if (body.result === 'partial') {
        received = this.ctx.amount(body.receivedAmount, merchant, 'receivedAmount');
        if (received >= row.amount)
          throw fieldError('receivedAmount', 'A partial amount is less than the withdrawal');
      } else if (body.result === 'not_received') {
        received = 0n;
      }
      const proofIds = body.result === 'received' ? [] : [...new Set(body.proofIds ?? [])];
      await this.ctx.uploads.attach(member.accountId, proofIds, `withdrawal:${id}`, tx, 'proofIds');
      const posted =
        received > 0n
          ? await this.settleSent(tx, merchant, row, received, {
              key: 'received',
              type: 'withdrawal_received',
              actor: member.accountId,
            })
          : null;
      const [updated] = await tx
        .update(withdrawalRequests)
        .set({
          confirmation: body.result,
          receivedAmount: received,
          proofIds,
          confirmEntryId: posted?.entryId ?? null,
        })
        .where(eq(withdrawalRequests.id, id))
        .returning();
      return this.withdrawalView(updated!, merchant);
    });
  }

  /**
   * Withdrawals approved longer ago than the merchant's confirmation window and still not
   * confirmed count as received (SPEC §4). Run by the `cashier.auto-confirm` job; safe to run
   * twice or on two nodes at once (each row is locked and re-checked, each entry keyed).
   */
  async autoConfirmDue(now = new Date(), limit = 500): Promise<number> {
    const due = await this.ctx.db
      .select({ id: withdrawalRequests.id, merchantCode: withdrawalRequests.merchantCode })
      .from(withdrawalRequests)
      .where(
        and(
          eq(withdrawalRequests.confirmation, 'awaiting'),
          lt(withdrawalRequests.confirmDeadline, now),
        ),
      )
      .orderBy(asc(withdrawalRequests.confirmDeadline))
      .limit(limit);
    let confirmed = 0;
    for (const { id, merchantCode } of due) {
      const merchant = await this.ctx.merchant(merchantCode);
      const done = await this.ctx.db.transaction(async (tx) => {
        const row = await this.lockWithdrawal(tx, id);
        if (row.confirmation !== 'awaiting') return false;
        const posted = await this.settleSent(tx, merchant, row, row.amount, {
          key: 'received',
          type: 'withdrawal_received',
          actor: 'job:cashier.auto-confirm',
        });
        await tx
          .update(withdrawalRequests)
          .set({
            confirmation: 'auto_received',
            receivedAmount: row.amount,
            confirmEntryId: posted.entryId,
          })
          .where(eq(withdrawalRequests.id, id));
        return true;
      });
      if (done) confirmed += 1;
    }
    return confirmed;
  }

  /** An operator settles what a member reported as not (fully) received. */
  async resolveWithdrawal(id: string, actor: string, outcome: 'paid' | 'returned') {
    const { merchant } = await this.withdrawalContext(id);
    return this.ctx.db.transaction(async (tx) => {
      const row = await this.lockWithdrawal(tx, id);
      const disputed = row.confirmation === 'partial' || row.confirmation === 'not_received';
      if (!disputed || row.resolution !== null)
        throw new AppError('conflict', 'This withdrawal has nothing in dispute');
      const outstanding = outstandingOf(row);
      const posted = await this.settleSent(tx, merchant, row, outstanding, {
        key: 'resolve',
        type: outcome === 'paid' ? 'withdrawal_received' : 'withdrawal_return',
        actor,
      });
      const [updated] = await tx
        .update(withdrawalRequests)
        .set({ resolution: outcome, resolvedBy: actor, resolveEntryId: posted.entryId })
        .where(eq(withdrawalRequests.id, id))
        .returning();
      return this.withdrawalView(updated!, merchant);
    });
  }
}

/** What was paid out and is neither confirmed as received nor settled by an operator. */
function outstandingOf(row: WithdrawalRow): bigint {
  if (row.status !== 'approved' || row.resolution !== null) return 0n;
  if (row.confirmation === 'awaiting' || row.confirmation === 'not_received') return row.amount;
  if (row.confirmation === 'partial') return row.amount - (row.receivedAmount ?? 0n);
  return 0n;
}
