import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  type MerchantInfo,
  type OpsChannel,
  type OpsChannelCreateBody,
  type OpsChannelPatchBody,
} from '@taya/contracts';
import { AppError } from '../../platform/errors';
import type { CashierContext } from './context';
import { fieldError } from './model';
import { paymentChannels } from './schema';

type ChannelRow = typeof paymentChannels.$inferSelect;

/**
 * Operators' payment channels: bank accounts members transfer to and online gateways, per
 * merchant, with limits, fee, order and a switch. Members see only the enabled ones of their
 * merchant (`Deposits.channels`).
 */
export class Channels {
  constructor(
    private readonly ctx: CashierContext,
    /** The gateways this process can settle (those with a callback secret). */
    private readonly gateways: string[],
  ) {}

  private view(row: ChannelRow, merchant: MerchantInfo): OpsChannel {
    return {
      merchantCode: row.merchantCode,
      code: row.code,
      kind: row.kind,
      name: row.name,
      gateway: row.gateway,
      minAmount: minorToDecimal(row.minAmount, merchant.currencyScale),
      maxAmount: minorToDecimal(row.maxAmount, merchant.currencyScale),
      feeFixed: minorToDecimal(row.feeFixed, merchant.currencyScale),
      feeBps: row.feeBps,
      receiving: row.receiving,
      enabled: row.enabled,
      sort: row.sort,
    };
  }

  /** The merchant a code names; an unknown code is the field's fault, not the default merchant. */
  private async merchantNamed(code: string): Promise<MerchantInfo> {
    const merchant = await this.ctx.merchant(code);
    if (merchant.merchantCode !== code) throw fieldError('merchantCode', 'No such merchant');
    return merchant;
  }

  private money(text: string, merchant: MerchantInfo, path: string, allowZero = false) {
    const minor = parseAmount(text, merchant.currencyScale);
    if (minor === null || minor < 0n || (!allowZero && minor === 0n))
      throw fieldError(path, 'Enter an amount with at most two decimals');
    return minor;
  }

  private checkGateway(gateway: string) {
    if (!this.gateways.includes(gateway))
      throw fieldError('gateway', 'No such gateway is set up on this server');
  }

  async list(filter: { merchantCode?: string | undefined; scope: string[] | null }) {
    const where = filter.merchantCode
      ? eq(paymentChannels.merchantCode, filter.merchantCode)
      : filter.scope === null
        ? undefined
        : filter.scope.length
          ? inArray(paymentChannels.merchantCode, filter.scope)
          : sql`false`;
    const rows = await this.ctx.db
      .select()
      .from(paymentChannels)
      .where(where)
      .orderBy(
        asc(paymentChannels.merchantCode),
        asc(paymentChannels.sort),
        asc(paymentChannels.code),
      );
    const merchants = new Map<string, MerchantInfo>();
    for (const code of new Set(rows.map((r) => r.merchantCode)))
      merchants.set(code, await this.ctx.merchant(code));
    return rows.map((r) => this.view(r, merchants.get(r.merchantCode)!));
  }

  async create(body: OpsChannelCreateBody & { feeFixed: string; feeBps: number }) {
    const merchant = await this.merchantNamed(body.merchantCode);
    const minAmount = this.money(body.minAmount, merchant, 'minAmount');
    const maxAmount = this.money(body.maxAmount, merchant, 'maxAmount');
    if (maxAmount < minAmount) throw fieldError('maxAmount', 'The maximum is below the minimum');
    const feeFixed = this.money(body.feeFixed, merchant, 'feeFixed', true);
    if (body.kind === 'online') this.checkGateway(body.gateway);
    const [row] = await this.ctx.db
      .insert(paymentChannels)
      .values({
        merchantCode: merchant.merchantCode,
        code: body.code,
        kind: body.kind,
        name: body.name,
        gateway: body.kind === 'online' ? body.gateway : null,
        minAmount,
        maxAmount,
        feeFixed,
        feeBps: body.feeBps,
        receiving: body.kind === 'bank_transfer' ? stripUndefined(body.receiving) : {},
        enabled: body.enabled ?? true,
        sort: body.sort ?? 0,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', 'The merchant already has a channel with this code');
    return this.view(row, merchant);
  }

  /** Changes a channel; answers what it was and what it is now (for the audit log). */
  async update(merchantCode: string, code: string, body: OpsChannelPatchBody) {
    const merchant = await this.merchantNamed(merchantCode);
    return this.ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(paymentChannels)
        .where(and(eq(paymentChannels.merchantCode, merchantCode), eq(paymentChannels.code, code)))
        .for('update');
      if (!before) throw new AppError('not_found', 'No such payment channel');
      if (body.receiving && before.kind !== 'bank_transfer')
        throw fieldError('receiving', 'Only a bank transfer has a receiving account');
      if (body.gateway !== undefined) {
        if (before.kind !== 'online') throw fieldError('gateway', 'Only an online channel has one');
        this.checkGateway(body.gateway);
      }
      const minAmount =
        body.minAmount === undefined
          ? before.minAmount
          : this.money(body.minAmount, merchant, 'minAmount');
      const maxAmount =
        body.maxAmount === undefined
          ? before.maxAmount
          : this.money(body.maxAmount, merchant, 'maxAmount');
      if (maxAmount < minAmount)
        throw fieldError(
          body.maxAmount === undefined ? 'minAmount' : 'maxAmount',
          'The maximum is below the minimum',
        );
      const [after] = await tx
        .update(paymentChannels)
        .set({
          ...(body.name === undefined ? {} : { name: body.name }),
          minAmount,
          maxAmount,
          ...(body.feeFixed === undefined
            ? {}
            : { feeFixed: this.money(body.feeFixed, merchant, 'feeFixed', true) }),
          ...(body.feeBps === undefined ? {} : { feeBps: body.feeBps }),
          ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
          ...(body.sort === undefined ? {} : { sort: body.sort }),
          ...(body.receiving === undefined ? {} : { receiving: stripUndefined(body.receiving) }),
          ...(body.gateway === undefined ? {} : { gateway: body.gateway }),
        })
        .where(and(eq(paymentChannels.merchantCode, merchantCode), eq(paymentChannels.code, code)))
        .returning();
      return { before: this.view(before, merchant), after: this.view(after!, merchant) };
    });
  }
}

function stripUndefined(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter((e): e is [string, string] => e[1] !== undefined),
  );
}
