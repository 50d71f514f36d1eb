import { randomUUID } from 'node:crypto';
import { and, asc, eq, lt } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  walletAccountTypes,
  type MerchantInfo,
  type WalletBalance,
} from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { VendorWalletGateway } from '../../platform/providers/vendor-wallet';
import type { Ledger } from './ledger';
import { accountKinds, fieldError, type VendorTransferRow, type VendorWalletRow } from './model';
import { vendorTransfers } from './schema';

/** What vendor transfers read of the member's wallets (the wallet service answers). */
export interface WalletAccess {
  merchant(code: string): Promise<MerchantInfo>;
  memberAccount(
    merchant: MerchantInfo,
    ownerId: string,
    kind: string,
    subKind?: string,
    db?: DbOrTx,
  ): Promise<string>;
  heldBy(
    merchant: MerchantInfo,
    ownerId: string,
  ): Promise<(kind: string, subKind?: string) => bigint>;
  balance(merchantCode: string, ownerId: string): Promise<WalletBalance>;
  vendorWalletsOf(merchantCode: string): Promise<VendorWalletRow[]>;
}

/**
 * Transfers between the main wallet and vendor (game provider) wallets, and the reconciliation
 * of those the vendor left unanswered.
 */
export class VendorTransfers {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly vendors: VendorWalletGateway,
    private readonly owner: WalletAccess,
  ) {}

  private transferView(row: VendorTransferRow, merchant: MerchantInfo) {
    const main = walletAccountTypes.main;
    return {
      id: row.id,
      fromAccountTypeId: row.direction === 'in' ? main : row.accountTypeId,
      toAccountTypeId: row.direction === 'in' ? row.accountTypeId : main,
      amount: minorToDecimal(row.amount, merchant.currencyScale),
      status: row.status,
    };
  }

  /**
   * GCS_walletTransfer. The money first leaves the source for the member's transit account, in
   * one transaction with the transfer's row; then the vendor is asked. Its yes completes the
   * transfer, its no returns the money; no answer leaves it pending for the reconciliation job.
   * At no moment is money in two places or in none.
   */
  async transfer(
    member: { accountId: string; merchantCode: string },
    body: {
      fromAccountTypeId: number;
      toAccountTypeId: number;
      amount: string;
      requestId?: string | undefined;
    },
  ) {
    const merchant = await this.owner.merchant(member.merchantCode);
    const main = walletAccountTypes.main;
    if ((body.fromAccountTypeId === main) === (body.toAccountTypeId === main)) {
      throw fieldError('toAccountTypeId', 'One side of a transfer is the main wallet');
    }
    const direction = body.fromAccountTypeId === main ? 'in' : 'out';
    const vendorTypeId = direction === 'in' ? body.toAccountTypeId : body.fromAccountTypeId;
    const wallet = (await this.owner.vendorWalletsOf(merchant.merchantCode)).find(
      (w) => w.accountTypeId === vendorTypeId,
    );
    if (!wallet) {
      throw fieldError(
        direction === 'in' ? 'toAccountTypeId' : 'fromAccountTypeId',
        'No such wallet',
      );
    }
    if (wallet.maintenance) throw new AppError('vendor_maintenance');
    const amount = parseAmount(body.amount, merchant.currencyScale);
    if (amount === null || amount <= 0n) {
      throw fieldError('amount', 'Enter an amount above zero with at most two decimals');
    }
    const requestId = body.requestId ?? randomUUID();
    const row = await this.startTransfer(
      merchant,
      member.accountId,
      wallet,
      direction,
      amount,
      requestId,
    );
    const settled =
      row.status === 'pending' && row.attempts === 0 ? await this.askVendor(merchant, row) : row;
    return {
      ...this.transferView(settled, merchant),
      balance: await this.owner.balance(merchant.merchantCode, member.accountId),
    };
  }

  private async startTransfer(
    merchant: MerchantInfo,
    accountId: string,
    wallet: VendorWalletRow,
    direction: 'in' | 'out',
    amount: bigint,
    requestId: string,
  ): Promise<VendorTransferRow> {
    const existing = await this.transferByRequest(accountId, requestId);
    if (existing) return this.sameTransfer(existing, wallet, direction, amount);
    const id = randomUUID();
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(vendorTransfers)
          .values({
            id,
            merchantCode: merchant.merchantCode,
            accountId,
            vendorCode: wallet.vendorCode,
            accountTypeId: wallet.accountTypeId,
            direction,
            amount,
            currency: merchant.currency,
            requestId,
            status: 'pending',
          })
          .returning();
        const { source, transit } = await this.transferAccounts(merchant, row!, tx);
        await this.ledger.post(
          {
            merchantCode: merchant.merchantCode,
            idempotencyKey: `vendor-transfer:${id}:start`,
            type: 'vendor_transfer',
            actor: accountId,
            reference: id,
            metadata: { vendorCode: wallet.vendorCode, direction },
            postings: [
              { accountId: source, amount: -amount },
              { accountId: transit, amount },
            ],
          },
          tx,
        );
        return row!;
      });
    } catch (err) {
      // The same request id raced in from a second call: answer with the first.
      const raced = await this.transferByRequest(accountId, requestId);
      if (raced && raced.id !== id) return this.sameTransfer(raced, wallet, direction, amount);
      throw err;
    }
  }

  private sameTransfer(
    row: VendorTransferRow,
    wallet: VendorWalletRow,
    direction: 'in' | 'out',
    amount: bigint,
  ): VendorTransferRow {
    if (
      row.vendorCode !== wallet.vendorCode ||
      row.direction !== direction ||
      row.amount !== amount
    ) {
      throw new AppError('idempotency_conflict', 'This request id was used for another transfer');
    }
    return row;
  }

  private async transferByRequest(accountId: string, requestId: string) {
    const [row] = await this.db
      .select()
      .from(vendorTransfers)
      .where(
        and(eq(vendorTransfers.accountId, accountId), eq(vendorTransfers.requestId, requestId)),
      );
    return row;
  }

  private async transferAccounts(merchant: MerchantInfo, row: VendorTransferRow, tx: DbOrTx) {
    const cash = await this.owner.memberAccount(
      merchant,
      row.accountId,
      accountKinds.memberCash,
      '',
      tx,
    );
    const vendor = await this.owner.memberAccount(
      merchant,
      row.accountId,
      accountKinds.memberVendor,
      row.vendorCode,
      tx,
    );
    const transit = await this.owner.memberAccount(
      merchant,
      row.accountId,
      accountKinds.vendorTransit,
      row.vendorCode,
      tx,
    );
    return row.direction === 'in'
      ? { source: cash, target: vendor, transit }
      : { source: vendor, target: cash, transit };
  }

  /** Asks the vendor to apply a pending transfer and settles it by the answer. */
  private async askVendor(
    merchant: MerchantInfo,
    row: VendorTransferRow,
  ): Promise<VendorTransferRow> {
    let outcome: 'accepted' | 'rejected' | 'unknown';
    try {
      outcome = await this.vendors.transfer({
        vendorCode: row.vendorCode,
        playerId: row.accountId,
        currency: row.currency,
        amount: row.amount,
        direction: row.direction,
        transferId: row.id,
      });
    } catch {
      outcome = 'unknown';
    }
    return this.settleTransfer(merchant, row.id, outcome);
  }

  /** Completes (accepted), reverses (rejected) or leaves pending (unknown) one transfer, once. */
  private async settleTransfer(
    merchant: MerchantInfo,
    id: string,
    outcome: 'accepted' | 'rejected' | 'unknown',
  ): Promise<VendorTransferRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(vendorTransfers)
        .where(eq(vendorTransfers.id, id))
        .for('update');
      if (!row) throw new AppError('not_found', 'No such transfer');
      if (row.status !== 'pending') return row;
      if (outcome === 'unknown') {
        const [updated] = await tx
          .update(vendorTransfers)
          .set({ attempts: row.attempts + 1, updatedAt: new Date() })
          .where(eq(vendorTransfers.id, id))
          .returning();
        return updated!;
      }
      const { source, target, transit } = await this.transferAccounts(merchant, row, tx);
      const accepted = outcome === 'accepted';
      await this.ledger.post(
        {
          merchantCode: merchant.merchantCode,
          idempotencyKey: `vendor-transfer:${id}:${accepted ? 'finish' : 'reverse'}`,
          type: accepted ? 'vendor_transfer' : 'vendor_transfer_reversal',
          actor: `vendor:${row.vendorCode}`,
          reference: id,
          metadata: { vendorCode: row.vendorCode, direction: row.direction },
          postings: [
            { accountId: transit, amount: -row.amount },
            { accountId: accepted ? target : source, amount: row.amount },
          ],
        },
        tx,
      );
      const [updated] = await tx
        .update(vendorTransfers)
        .set({
          status: accepted ? 'completed' : 'failed',
          attempts: row.attempts + 1,
          updatedAt: new Date(),
        })
        .where(eq(vendorTransfers.id, id))
        .returning();
      return updated!;
    });
  }

  /**
   * The `wallet.vendor-reconcile` job: asks the vendor about every transfer still pending after
   * `olderThanMs` and settles it by the answer.
   */
  async reconcilePending(olderThanMs = 30_000, limit = 200): Promise<number> {
    const rows = await this.db
      .select()
      .from(vendorTransfers)
      .where(
        and(
          eq(vendorTransfers.status, 'pending'),
          lt(vendorTransfers.updatedAt, new Date(Date.now() - olderThanMs)),
        ),
      )
      .orderBy(asc(vendorTransfers.updatedAt))
      .limit(limit);
    let settled = 0;
    for (const row of rows) {
      const merchant = await this.owner.merchant(row.merchantCode);
      let outcome: 'accepted' | 'rejected' | 'unknown';
      try {
        outcome = await this.vendors.status(row.vendorCode, row.id);
      } catch {
        outcome = 'unknown';
      }
      const after = await this.settleTransfer(merchant, row.id, outcome);
      if (after.status !== 'pending') settled += 1;
    }
    return settled;
  }

  /** GCS_walletReturn: every vendor wallet with money in it back to the main wallet. */
  async returnAll(member: { accountId: string; merchantCode: string }) {
    const merchant = await this.owner.merchant(member.merchantCode);
    const held = await this.owner.heldBy(merchant, member.accountId);
    const transfers = [];
    for (const wallet of await this.owner.vendorWalletsOf(merchant.merchantCode)) {
      const minor = held(accountKinds.memberVendor, wallet.vendorCode);
      if (minor <= 0n || wallet.maintenance) continue;
      const row = await this.startTransfer(
        merchant,
        member.accountId,
        wallet,
        'out',
        minor,
        randomUUID(),
      );
      transfers.push(this.transferView(await this.askVendor(merchant, row), merchant));
    }
    return {
      transfers,
      balance: await this.owner.balance(merchant.merchantCode, member.accountId),
    };
  }
}
