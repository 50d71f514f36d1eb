import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { minorToDecimal, parseAmount, type MerchantInfo } from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { IdentityService } from '../identity';
import type { UploadService } from '../uploads';
import type { SystemService } from '../system';
import { accountKinds, type WalletService } from '../wallet';
import {
  agentTransfers,
  cashierSettings,
  depositOrders,
  paymentChannels,
  payoutAccounts,
  turnoverRequirements,
  withdrawalRequests,
} from './schema';

export interface Member {
  accountId: string;
  merchantCode: string;
}

type DepositRow = typeof depositOrders.$inferSelect;
type WithdrawalRow = typeof withdrawalRequests.$inferSelect;

const fieldError = (path: string, message: string) =>
  new AppError('request_param_err', message, [{ path, code: 'invalid', message }]);

/**
 * A member's VIP level's daily withdrawal limits (null: the level sets none), or null when the
 * member has no level.
 */
export type WithdrawLimitsOf = (
  merchantCode: string,
  accountId: string,
) => Promise<{ dailyCount: number | null; dailyAmount: bigint | null } | null>;

/** Signs a gateway callback: HMAC-SHA256 over the fields in a fixed order. */
export function signCallback(
  secret: string,
  fields: { orderId: string; gatewayRef: string; amount: string; status: string; ts: number },
): string {
  const text = [fields.orderId, fields.gatewayRef, fields.amount, fields.status, fields.ts].join(
    '|',
  );
  return createHmac('sha256', secret).update(text).digest('hex');
}

/**
 * Deposits, withdrawals and payout accounts. Every movement of money goes through the ledger,
 * inside the same transaction as the order's own state change.
 */
export class CashierService {
  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly wallet: WalletService,
    private readonly identity: IdentityService,
    private readonly uploads: UploadService,
    private readonly gatewaySecrets: Record<string, string>,
    private readonly withdrawLimitsOf: WithdrawLimitsOf | null = null,
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

  private merchant(code: string): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  private amount(text: string, merchant: MerchantInfo, path = 'amount'): bigint {
    const minor = parseAmount(text, merchant.currencyScale);
    if (minor === null || minor <= 0n)
      throw fieldError(path, 'Enter an amount above zero with at most two decimals');
    return minor;
  }

  private async settings(merchantCode: string) {
    const [row] = await this.db
      .select()
      .from(cashierSettings)
      .where(eq(cashierSettings.merchantCode, merchantCode));
    if (!row) throw new AppError('function.not.available', 'The cashier is not configured');
    return row;
  }

  private systemAccount(merchant: MerchantInfo, kind: string, subKind: string, db?: DbOrTx) {
    return this.wallet.ledger.account(
      {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        ownerId: null,
        kind,
        subKind,
        allowNegative: true,
      },
      db,
    );
  }

  private memberAccount(merchant: MerchantInfo, ownerId: string, kind: string, db?: DbOrTx) {
    return this.wallet.ledger.account(
      { merchantCode: merchant.merchantCode, currency: merchant.currency, ownerId, kind },
      db,
    );
  }

  // ---- deposits ----

  async channels(merchantCode: string) {
    const merchant = await this.merchant(merchantCode);
    const rows = await this.db
      .select()
      .from(paymentChannels)
      .where(
        and(
          eq(paymentChannels.merchantCode, merchant.merchantCode),
          eq(paymentChannels.enabled, true),
        ),
      )
      .orderBy(asc(paymentChannels.sort));
    return rows.map((c) => ({
      code: c.code,
      kind: c.kind,
      name: c.name,
      minAmount: minorToDecimal(c.minAmount, merchant.currencyScale),
      maxAmount: minorToDecimal(c.maxAmount, merchant.currencyScale),
      receiving: c.receiving,
    }));
  }

  private depositView(order: DepositRow, merchant: MerchantInfo, online: boolean) {
    return {
      id: order.id,
      channelCode: order.channelCode,
      amount: minorToDecimal(order.amount, merchant.currencyScale),
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      payUrl: online && order.status === 'pending' ? `/sandbox/gateway/pay/${order.id}` : null,
      receiptIds: order.receiptIds,
    };
  }

  async createDeposit(
    member: Member,
    body: { channelCode: string; amount: string; receiptIds?: string[] | undefined },
  ) {
    const merchant = await this.merchant(member.merchantCode);
    const [channel] = await this.db
      .select()
      .from(paymentChannels)
      .where(
        and(
          eq(paymentChannels.merchantCode, merchant.merchantCode),
          eq(paymentChannels.code, body.channelCode),
          eq(paymentChannels.enabled, true),
        ),
      );
    if (!channel) throw fieldError('channelCode', 'No such payment channel');
    const amount = this.amount(body.amount, merchant);
    if (amount < channel.minAmount || amount > channel.maxAmount) {
      throw fieldError(
        'amount',
        `The amount must be between ${minorToDecimal(channel.minAmount, merchant.currencyScale)} and ${minorToDecimal(channel.maxAmount, merchant.currencyScale)}`,
      );
    }
    const receiptIds = [...new Set(body.receiptIds ?? [])];
    if (channel.kind === 'bank_transfer' && receiptIds.length === 0) {
      throw fieldError('receiptIds', 'Attach the receipt of your bank transfer');
    }
    if (channel.kind === 'online' && receiptIds.length > 0) {
      throw fieldError('receiptIds', 'An online payment needs no receipt');
    }
    const id = randomUUID();
    const order = await this.db.transaction(async (tx) => {
      await this.uploads.attach(member.accountId, receiptIds, `deposit:${id}`, tx, 'receiptIds');
      const [row] = await tx
        .insert(depositOrders)
        .values({
          id,
          merchantCode: merchant.merchantCode,
          accountId: member.accountId,
          channelCode: channel.code,
          amount,
          currency: merchant.currency,
          status: 'pending',
          receiptIds,
        })
        .returning();
      return row!;
    });
    return this.depositView(order, merchant, channel.kind === 'online');
  }

  async myDeposits(member: Member) {
    const merchant = await this.merchant(member.merchantCode);
    const rows = await this.db
      .select({ order: depositOrders, kind: paymentChannels.kind })
      .from(depositOrders)
      .innerJoin(
        paymentChannels,
        and(
          eq(paymentChannels.merchantCode, depositOrders.merchantCode),
          eq(paymentChannels.code, depositOrders.channelCode),
        ),
      )
      .where(eq(depositOrders.accountId, member.accountId))
      .orderBy(desc(depositOrders.createdAt))
      .limit(50);
    return rows.map((r) => this.depositView(r.order, merchant, r.kind === 'online'));
  }

  /**
   * Credits a deposit exactly once: the order row is locked, a credited order answers as it is,
   * and the ledger entry's key is the order id, so a repeated or raced callback moves nothing.
   */
  async creditDeposit(
    orderId: string,
    actor: string,
    gatewayRef: string | null,
    expectedAmount?: bigint,
  ) {
    // Everything read outside the transaction comes first: inside it, only `tx` may be used (the
    // embedded database has one connection, so a second query would wait on the first forever).
    const [found] = await this.db
      .select({ merchantCode: depositOrders.merchantCode })
      .from(depositOrders)
      .where(eq(depositOrders.id, orderId));
    if (!found) throw new AppError('not_found', 'No such deposit');
    const merchant = await this.merchant(found.merchantCode);
    const settings = await this.settings(merchant.merchantCode);
    return this.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(depositOrders)
        .where(eq(depositOrders.id, orderId))
        .for('update');
      if (!order) throw new AppError('not_found', 'No such deposit');
      if (order.status === 'credited') return { credited: false, order };
      if (order.status === 'rejected') throw new AppError('conflict', 'This deposit was rejected');
      if (expectedAmount !== undefined && expectedAmount !== order.amount) {
        throw new AppError('conflict', 'The paid amount does not match the order');
      }
      const clearing = await this.systemAccount(
        merchant,
        accountKinds.paymentClearing,
        order.channelCode,
        tx,
      );
      const cash = await this.memberAccount(merchant, order.accountId, accountKinds.memberCash, tx);
      const posted = await this.wallet.ledger.post(
        {
          merchantCode: merchant.merchantCode,
          idempotencyKey: `deposit:${order.id}`,
          type: 'deposit',
          actor,
          reference: order.id,
          postings: [
            { accountId: clearing, amount: -order.amount },
            { accountId: cash, amount: order.amount },
          ],
        },
        tx,
      );
      await tx
        .insert(turnoverRequirements)
        .values({
          id: randomUUID(),
          accountId: order.accountId,
          source: 'deposit',
          sourceId: order.id,
          required: (order.amount * BigInt(settings.turnoverMultipleTenths)) / 10n,
        })
        .onConflictDoNothing();
      const [updated] = await tx
        .update(depositOrders)
        .set({
          status: 'credited',
          decidedAt: new Date(),
          decidedBy: actor,
          gatewayRef,
          ledgerEntryId: posted.entryId,
        })
        .where(eq(depositOrders.id, order.id))
        .returning();
      return { credited: true, order: updated! };
    });
  }

  async rejectDeposit(orderId: string, actor: string, note: string | null) {
    const [row] = await this.db
      .update(depositOrders)
      .set({ status: 'rejected', decidedAt: new Date(), decidedBy: actor, note })
      .where(and(eq(depositOrders.id, orderId), eq(depositOrders.status, 'pending')))
      .returning();
    if (!row) throw new AppError('conflict', 'Only a pending deposit can be rejected');
  }

  /** A gateway's signed callback: verified, then credited once however often it arrives. */
  async gatewayCallback(
    gateway: string,
    body: {
      orderId: string;
      gatewayRef: string;
      amount: string;
      status: 'paid' | 'failed';
      ts: number;
      signature: string;
    },
  ) {
    const secret = this.gatewaySecrets[gateway];
    if (!secret) throw new AppError('not_found', 'No such gateway');
    const expected = Buffer.from(signCallback(secret, body), 'hex');
    const given = Buffer.from(body.signature, 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppError('forbidden', 'Bad signature');
    }
    if (Math.abs(Date.now() - body.ts) > 24 * 3_600_000)
      throw new AppError('forbidden', 'Stale callback');
    const [order] = await this.db
      .select()
      .from(depositOrders)
      .where(eq(depositOrders.id, body.orderId));
    if (!order) throw new AppError('not_found', 'No such deposit');
    if (body.status !== 'paid') return { credited: false };
    const merchant = await this.merchant(order.merchantCode);
    const paid = parseAmount(body.amount, merchant.currencyScale);
    if (paid === null) throw fieldError('amount', 'Bad amount');
    const result = await this.creditDeposit(order.id, `gateway:${gateway}`, body.gatewayRef, paid);
    return { credited: result.credited };
  }

  /** The sandbox gateway reads the order it is paying. */
  async orderForGateway(orderId: string) {
    const [order] = await this.db.select().from(depositOrders).where(eq(depositOrders.id, orderId));
    if (!order) return null;
    const merchant = await this.merchant(order.merchantCode);
    return { amount: minorToDecimal(order.amount, merchant.currencyScale) };
  }

  /** Operator queue. */
  async depositsByStatus(merchantCode: string, status: DepositRow['status']) {
    const merchant = await this.merchant(merchantCode);
    const rows = await this.db
      .select()
      .from(depositOrders)
      .where(
        and(
          eq(depositOrders.merchantCode, merchant.merchantCode),
          eq(depositOrders.status, status),
        ),
      )
      .orderBy(asc(depositOrders.createdAt))
      .limit(200);
    return rows.map((o) => ({ ...this.depositView(o, merchant, false), accountId: o.accountId }));
  }

  // ---- withdrawals ----

  async addPayoutAccount(
    member: Member,
    body: {
      kind: 'bank' | 'ewallet';
      provider: string;
      accountName: string;
      accountNumber: string;
    },
  ) {
    const number = body.accountNumber.replace(/[ -]/g, '');
    const [row] = await this.db
      .insert(payoutAccounts)
      .values({
        id: randomUUID(),
        accountId: member.accountId,
        kind: body.kind,
        provider: body.provider,
        accountName: body.accountName,
        accountNumber: number,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', 'This payout account is already bound');
    return this.payoutView(row);
  }

  private payoutView(row: typeof payoutAccounts.$inferSelect) {
    return {
      id: row.id,
      kind: row.kind,
      provider: row.provider,
      accountName: row.accountName,
      accountNumber: `****${row.accountNumber.slice(-4)}`,
    };
  }

  /** The names on a member's bank payout accounts (the bank-name log-in check compares them). */
  async bankAccountNames(accountId: string): Promise<string[]> {
    const rows = await this.db
      .select({ name: payoutAccounts.accountName })
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.accountId, accountId), eq(payoutAccounts.kind, 'bank')));
    return rows.map((r) => r.name);
  }

  async payoutAccountsOf(member: Member) {
    const rows = await this.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.accountId, member.accountId))
      .orderBy(asc(payoutAccounts.createdAt));
    return rows.map((r) => this.payoutView(r));
  }

  async turnoverRemaining(accountId: string, db: DbOrTx = this.db): Promise<bigint> {
    const [row] = await db
      .select({
        remaining: sql<string>`coalesce(sum(greatest(${turnoverRequirements.required} - ${turnoverRequirements.progressed}, 0)), 0)::text`,
      })
      .from(turnoverRequirements)
      .where(eq(turnoverRequirements.accountId, accountId));
    return BigInt(row?.remaining ?? '0');
  }

  /**
   * Valid bets count toward the oldest open requirements first (the game platform calls this, in
   * the bet's transaction). A bonus held by a requirement moves into cash when it is met.
   */
  async recordTurnover(accountId: string, validBet: bigint, db: DbOrTx = this.db): Promise<void> {
    let left = validBet;
    let merchantCode: string | undefined;
    const open = await db
      .select()
      .from(turnoverRequirements)
      .where(
        and(
          eq(turnoverRequirements.accountId, accountId),
          lt(turnoverRequirements.progressed, turnoverRequirements.required),
        ),
      )
      .orderBy(asc(turnoverRequirements.createdAt))
      .for('update');
    for (const r of open) {
      if (left <= 0n) break;
      const take = r.required - r.progressed < left ? r.required - r.progressed : left;
      const progressed = r.progressed + take;
      let release: { entryId: string | null } | null = null;
      if (progressed >= r.required && r.releaseAmount !== null && r.releasedAt === null) {
        merchantCode ??= await this.merchantCodeOf(accountId, db);
        release = await this.wallet.releaseBonus(db, {
          merchantCode,
          accountId,
          amount: r.releaseAmount,
          key: `bonus-release:${r.sourceId}`,
          reference: r.sourceId,
        });
      }
      await db
        .update(turnoverRequirements)
        .set(
          release
            ? { progressed, releaseEntryId: release.entryId, releasedAt: new Date() }
            : { progressed },
        )
        .where(eq(turnoverRequirements.id, r.id));
      left -= take;
    }
  }

  private async merchantCodeOf(accountId: string, db: DbOrTx): Promise<string> {
    const row = await this.identity.accountOrigin(accountId, db);
    if (!row) throw new AppError('not_found', 'No such member');
    return row.merchantCode;
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
    const merchant = await this.merchant(member.merchantCode);
    const settings = await this.settings(merchant.merchantCode);
    const limits = await this.dailyLimits(member, settings);
    const used = await this.withdrawnToday(this.db, member, merchant);
    const cash = await this.wallet.ledger.balance(
      await this.memberAccount(merchant, member.accountId, accountKinds.memberCash),
    );
    return {
      minAmount: minorToDecimal(settings.withdrawMin, merchant.currencyScale),
      maxAmount: minorToDecimal(settings.withdrawMax, merchant.currencyScale),
      dailyCount: limits.count,
      usedToday: used.count,
      dailyAmount:
        limits.amount === null ? null : minorToDecimal(limits.amount, merchant.currencyScale),
      usedAmountToday: minorToDecimal(used.amount, merchant.currencyScale),
      turnoverRemaining: minorToDecimal(
        await this.turnoverRemaining(member.accountId),
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
      confirmDeadline: row.confirmDeadline?.toISOString() ?? null,
      proofIds: row.proofIds,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async requestWithdrawal(
    member: Member,
    body: { payoutAccountId: string; amount: string; paymentPassword: string },
  ) {
    const merchant = await this.merchant(member.merchantCode);
    const settings = await this.settings(merchant.merchantCode);
    const amount = this.amount(body.amount, merchant);
    if (amount < settings.withdrawMin || amount > settings.withdrawMax) {
      throw fieldError(
        'amount',
        `The amount must be between ${minorToDecimal(settings.withdrawMin, merchant.currencyScale)} and ${minorToDecimal(settings.withdrawMax, merchant.currencyScale)}`,
      );
    }
    const [payout] = await this.db
      .select()
      .from(payoutAccounts)
      .where(
        and(
          eq(payoutAccounts.id, body.payoutAccountId),
          eq(payoutAccounts.accountId, member.accountId),
        ),
      );
    if (!payout) throw fieldError('payoutAccountId', 'No such payout account');
    if (!(await this.identity.checkPaymentPassword(member.accountId, body.paymentPassword))) {
      throw fieldError('paymentPassword', 'The payment password is wrong');
    }
    const limits = await this.dailyLimits(member, settings);
    const remaining = await this.turnoverRemaining(member.accountId);
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
    return this.db.transaction(async (tx) => {
      const cash = await this.memberAccount(
        merchant,
        member.accountId,
        accountKinds.memberCash,
        tx,
      );
      const hold = await this.memberAccount(
        merchant,
        member.accountId,
        accountKinds.withdrawalHold,
        tx,
      );
      // The hold locks the member's cash row, so the daily count below is read one request at a time.
      const posted = await this.wallet.ledger.post(
        {
          merchantCode: merchant.merchantCode,
          idempotencyKey: `withdraw:${id}`,
          type: 'withdrawal_hold',
          actor: member.accountId,
          reference: id,
          postings: [
            { accountId: cash, amount: -amount },
            { accountId: hold, amount },
          ],
        },
        tx,
      );
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
      return this.withdrawalView(row!, merchant);
    });
  }

  async myWithdrawals(member: Member) {
    const merchant = await this.merchant(member.merchantCode);
    const rows = await this.db
      .select()
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.accountId, member.accountId))
      .orderBy(desc(withdrawalRequests.createdAt))
      .limit(50);
    return rows.map((r) => this.withdrawalView(r, merchant));
  }

  /** Operator queue; "disputed" lists payouts reported as partly or not received, unsettled. */
  async withdrawalsByStatus(merchantCode: string, status: WithdrawalRow['status'] | 'disputed') {
    const merchant = await this.merchant(merchantCode);
    const rows = await this.db
      .select()
      .from(withdrawalRequests)
      .where(
        and(
          eq(withdrawalRequests.merchantCode, merchant.merchantCode),
          status === 'disputed'
            ? and(
                eq(withdrawalRequests.status, 'approved'),
                inArray(withdrawalRequests.confirmation, ['partial', 'not_received']),
                isNull(withdrawalRequests.resolution),
              )
            : eq(withdrawalRequests.status, status),
        ),
      )
      .orderBy(asc(withdrawalRequests.createdAt))
      .limit(200);
    return rows.map((r) => ({ ...this.withdrawalView(r, merchant), accountId: r.accountId }));
  }

  /** Reads a withdrawal's merchant and settings before a transaction locks its row. */
  private async withdrawalContext(id: string, accountId?: string) {
    const [found] = await this.db
      .select({ merchantCode: withdrawalRequests.merchantCode })
      .from(withdrawalRequests)
      .where(
        and(
          eq(withdrawalRequests.id, id),
          ...(accountId ? [eq(withdrawalRequests.accountId, accountId)] : []),
        ),
      );
    if (!found) throw new AppError('not_found', 'No such withdrawal');
    const merchant = await this.merchant(found.merchantCode);
    const settings = await this.settings(merchant.merchantCode);
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
    how: { key: string; type: 'withdrawal_received' | 'withdrawal_return'; actor: string },
  ) {
    return (async () => {
      const sent = await this.memberAccount(
        merchant,
        row.accountId,
        accountKinds.withdrawalSent,
        tx,
      );
      const target =
        how.type === 'withdrawal_received'
          ? await this.systemAccount(merchant, accountKinds.paymentClearing, 'payout', tx)
          : await this.memberAccount(merchant, row.accountId, accountKinds.memberCash, tx);
      return this.wallet.ledger.post(
        {
          merchantCode: merchant.merchantCode,
          idempotencyKey: `withdraw:${row.id}:${how.key}`,
          type: how.type,
          actor: how.actor,
          reference: row.id,
          postings: [
            { accountId: sent, amount: -amount },
            { accountId: target, amount },
          ],
        },
        tx,
      );
    })();
  }

  /**
   * Approve: the operator has sent the money, so the hold moves to the member's in-transit
   * account until the member confirms it arrived. Reject: the hold returns to the member's cash.
   */
  async decideWithdrawal(id: string, actor: string, approve: boolean) {
    const { merchant, settings } = await this.withdrawalContext(id);
    return this.db.transaction(async (tx) => {
      const row = await this.lockWithdrawal(tx, id);
      if (row.status !== 'pending')
        throw new AppError('conflict', 'This withdrawal was already decided');
      const hold = await this.memberAccount(
        merchant,
        row.accountId,
        accountKinds.withdrawalHold,
        tx,
      );
      const target = await this.memberAccount(
        merchant,
        row.accountId,
        approve ? accountKinds.withdrawalSent : accountKinds.memberCash,
        tx,
      );
      const posted = await this.wallet.ledger.post(
        {
          merchantCode: merchant.merchantCode,
          idempotencyKey: `withdraw:${id}:${approve ? 'pay' : 'return'}`,
          type: approve ? 'withdrawal' : 'withdrawal_return',
          actor,
          reference: id,
          postings: [
            { accountId: hold, amount: -row.amount },
            { accountId: target, amount: row.amount },
          ],
        },
        tx,
      );
      const now = new Date();
      const [updated] = await tx
        .update(withdrawalRequests)
        .set({
          status: approve ? 'approved' : 'rejected',
          decidedAt: now,
          decidedBy: actor,
          settleEntryId: posted.entryId,
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
    return this.db.transaction(async (tx) => {
      const row = await this.lockWithdrawal(tx, id);
      if (row.accountId !== member.accountId) throw new AppError('not_found', 'No such withdrawal');
      if (row.status !== 'approved' || row.confirmation !== 'awaiting')
        throw new AppError('conflict', 'This withdrawal is not awaiting confirmation');
      let received = row.amount;
      if (body.result === 'partial') {
        received = this.amount(body.receivedAmount, merchant, 'receivedAmount');
        if (received >= row.amount)
          throw fieldError('receivedAmount', 'A partial amount is less than the withdrawal');
      } else if (body.result === 'not_received') {
        received = 0n;
      }
      const proofIds = body.result === 'received' ? [] : [...new Set(body.proofIds ?? [])];
      await this.uploads.attach(member.accountId, proofIds, `withdrawal:${id}`, tx, 'proofIds');
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
    const due = await this.db
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
      const merchant = await this.merchant(merchantCode);
      const done = await this.db.transaction(async (tx) => {
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
    return this.db.transaction(async (tx) => {
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

  // ---- agent transfers ----

  async agentTransferInfo(agent: Member) {
    const merchant = await this.merchant(agent.merchantCode);
    const me = await this.identity.accountSummary(merchant.merchantCode, { id: agent.accountId });
    const upline = me?.parentId
      ? await this.identity.accountSummary(merchant.merchantCode, { id: me.parentId })
      : null;
    const cash = await this.wallet.ledger.balance(
      await this.memberAccount(merchant, agent.accountId, accountKinds.memberCash),
    );
    return {
      upline: upline ? { username: upline.username } : null,
      balance: minorToDecimal(cash, merchant.currencyScale),
    };
  }

  /**
   * An agent sends money to its own upline, or to an account anywhere in its own team; nowhere
   * else. The payment password is checked first; the sender's request id makes a retry safe.
   */
  async agentTransfer(
    agent: Member,
    body: { requestId: string; amount: string; paymentPassword: string; username?: string },
  ) {
    const merchant = await this.merchant(agent.merchantCode);
    const amount = this.amount(body.amount, merchant);
    const me = await this.identity.accountSummary(merchant.merchantCode, { id: agent.accountId });
    if (!me?.isAgent) throw new AppError('forbidden', 'Only agents transfer funds');
    const direction = body.username === undefined ? 'upline' : 'downline';
    let target: NonNullable<Awaited<ReturnType<IdentityService['accountSummary']>>> | null;
    if (direction === 'upline') {
      target = me.parentId
        ? await this.identity.accountSummary(merchant.merchantCode, { id: me.parentId })
        : null;
      if (!target) throw new AppError('conflict', 'This account has no upline to transfer to');
    } else {
      target = await this.identity.accountSummary(merchant.merchantCode, {
        username: body.username!,
      });
      // Someone outside the team gets the same answer as no one: the call never confirms a name.
      if (!target || !(await this.identity.isInTeam(me.id, target.id))) {
        throw fieldError('username', 'No account with this name in your team');
      }
    }
    if (!target.active)
      throw fieldError(direction === 'upline' ? 'amount' : 'username', 'That account is disabled');
    if (!(await this.identity.checkPaymentPassword(agent.accountId, body.paymentPassword))) {
      throw fieldError('paymentPassword', 'The payment password is wrong');
    }
    const settings = direction === 'downline' ? await this.settings(merchant.merchantCode) : null;
    const receiver = target;
    const transfer = await this.db.transaction(async (tx) => {
      const from = await this.memberAccount(merchant, me.id, accountKinds.memberCash, tx);
      const to = await this.memberAccount(merchant, receiver.id, accountKinds.memberCash, tx);
      const id = randomUUID();
      const posted = await this.wallet.ledger.post(
        {
          merchantCode: merchant.merchantCode,
          idempotencyKey: `agent-transfer:${me.id}:${body.requestId}`,
          type: 'agent_transfer',
          actor: me.id,
          reference: `agent-transfer:${body.requestId}`,
          metadata: { direction, to: receiver.id },
          postings: [
            { accountId: from, amount: -amount },
            { accountId: to, amount },
          ],
        },
        tx,
      );
      if (!posted.replayed) {
        await tx.insert(agentTransfers).values({
          id,
          merchantCode: merchant.merchantCode,
          fromAccountId: me.id,
          toAccountId: receiver.id,
          direction,
          amount,
          currency: merchant.currency,
          requestId: body.requestId,
          entryId: posted.entryId,
        });
        // Money an agent gives a player is wagered like a deposit before it can be withdrawn.
        if (settings) {
          await tx.insert(turnoverRequirements).values({
            id: randomUUID(),
            accountId: receiver.id,
            source: 'transfer',
            sourceId: id,
            required: (amount * BigInt(settings.turnoverMultipleTenths)) / 10n,
          });
        }
      }
      const [row] = await tx
        .select()
        .from(agentTransfers)
        .where(
          and(
            eq(agentTransfers.fromAccountId, me.id),
            eq(agentTransfers.requestId, body.requestId),
          ),
        );
      const balance = posted.postings.find((p) => p.accountId === from)!.balanceAfter;
      return { row: row!, balance };
    });
    return {
      id: transfer.row.id,
      direction: transfer.row.direction,
      counterparty: receiver.username,
      amount: minorToDecimal(transfer.row.amount, merchant.currencyScale),
      createdAt: transfer.row.createdAt.toISOString(),
      balance: minorToDecimal(transfer.balance, merchant.currencyScale),
    };
  }
}

/** What was paid out and is neither confirmed as received nor settled by an operator. */
function outstandingOf(row: WithdrawalRow): bigint {
  if (row.status !== 'approved' || row.resolution !== null) return 0n;
  if (row.confirmation === 'awaiting' || row.confirmation === 'not_received') return row.amount;
  if (row.confirmation === 'partial') return row.amount - (row.receivedAmount ?? 0n);
  return 0n;
}
