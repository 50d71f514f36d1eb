import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { minorToDecimal, parseAmount, type MerchantInfo } from '@taya/contracts';
import { AppError } from '../../platform/errors';
import type { RecordAnswer } from '../../platform/http';
import type { CashierContext } from './context';
import { fieldError, type DepositRow, type Member } from './model';
import { depositOrders, paymentChannels, turnoverRequirements } from './schema';

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
 * Deposits: the merchant's payment channels, a member's orders, an operator's or a gateway's
 * credit (once, through the ledger, with the deposit's turnover requirement) or rejection.
 */
export class Deposits {
  constructor(
    private readonly ctx: CashierContext,
    private readonly gatewaySecrets: Record<string, string>,
  ) {}

  async channels(merchantCode: string | undefined) {
    const merchant = await this.ctx.merchant(merchantCode);
    const rows = await this.ctx.db
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
      feeFixed: minorToDecimal(c.feeFixed, merchant.currencyScale),
      feeBps: c.feeBps,
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
    /** Stores the answer under the request's idempotency key, with the order. */
    recordAnswer: RecordAnswer | null = null,
  ) {
    const merchant = await this.ctx.merchant(member.merchantCode);
    const [channel] = await this.ctx.db
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
    const amount = this.ctx.amount(body.amount, merchant);
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
    const order = await this.ctx.db.transaction(async (tx) => {
      await this.ctx.uploads.attach(
        member.accountId,
        receiptIds,
        `deposit:${id}`,
        tx,
        'receiptIds',
      );
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
      const view = this.depositView(row!, merchant, channel.kind === 'online');
      await recordAnswer?.(tx, view);
      return view;
    });
    return order;
  }

  async myDeposits(member: Member) {
    const merchant = await this.ctx.merchant(member.merchantCode);
    const rows = await this.ctx.db
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
    const [found] = await this.ctx.db
      .select({ merchantCode: depositOrders.merchantCode })
      .from(depositOrders)
      .where(eq(depositOrders.id, orderId));
    if (!found) throw new AppError('not_found', 'No such deposit');
    const merchant = await this.ctx.merchant(found.merchantCode);
    const settings = await this.ctx.settings(merchant.merchantCode);
    return this.ctx.db.transaction(async (tx) => {
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
      const posted = await this.ctx.wallet.creditDeposit(tx, {
        merchantCode: merchant.merchantCode,
        currency: merchant.currency,
        orderId: order.id,
        player: order.accountId,
        channel: order.channelCode,
        amount: order.amount,
        actor,
      });
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
    const [row] = await this.ctx.db
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
    const [found] = await this.ctx.db
      .select({
        order: depositOrders,
        kind: paymentChannels.kind,
        gateway: paymentChannels.gateway,
      })
      .from(depositOrders)
      .innerJoin(
        paymentChannels,
        and(
          eq(paymentChannels.merchantCode, depositOrders.merchantCode),
          eq(paymentChannels.code, depositOrders.channelCode),
        ),
      )
      .where(eq(depositOrders.id, body.orderId));
    if (!found) throw new AppError('not_found', 'No such deposit');
    // A gateway settles only the orders placed on its own online channel: a bank transfer waits
    // for an operator's review whatever a gateway says.
    if (found.kind !== 'online' || found.gateway !== gateway) {
      throw new AppError('conflict', 'This deposit is not paid through this gateway');
    }
    const { order } = found;
    if (body.status !== 'paid') return { credited: false };
    const merchant = await this.ctx.merchant(order.merchantCode);
    const paid = parseAmount(body.amount, merchant.currencyScale);
    if (paid === null) throw fieldError('amount', 'Bad amount');
    const result = await this.creditDeposit(order.id, `gateway:${gateway}`, body.gatewayRef, paid);
    return { credited: result.credited };
  }

  /** The sandbox gateway reads the order it is paying: whose it is, how much, on which channel. */
  async orderForGateway(orderId: string) {
    const [found] = await this.ctx.db
      .select({
        order: depositOrders,
        kind: paymentChannels.kind,
        gateway: paymentChannels.gateway,
      })
      .from(depositOrders)
      .innerJoin(
        paymentChannels,
        and(
          eq(paymentChannels.merchantCode, depositOrders.merchantCode),
          eq(paymentChannels.code, depositOrders.channelCode),
        ),
      )
      .where(eq(depositOrders.id, orderId));
    if (!found) return null;
    const merchant = await this.ctx.merchant(found.order.merchantCode);
    return {
      accountId: found.order.accountId,
      amount: minorToDecimal(found.order.amount, merchant.currencyScale),
      status: found.order.status,
      gateway: found.kind === 'online' ? found.gateway : null,
    };
  }

  /** The merchant of a deposit (null when there is none): the routes check the scope. */
  async merchantOf(orderId: string): Promise<string | null> {
    const [row] = await this.ctx.db
      .select({ merchantCode: depositOrders.merchantCode })
      .from(depositOrders)
      .where(eq(depositOrders.id, orderId));
    return row?.merchantCode ?? null;
  }
}
