import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  parseAmount,
  walletAccountTypes,
  type LedgerEntryType,
  type MerchantInfo,
  type WalletBalance,
  type WalletKind,
} from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { VendorWalletGateway } from '../../platform/providers/vendor-wallet';
import type { SystemService } from '../system/service';
import { Ledger } from './ledger';
import { ledgerAccounts, vendorTransfers, vendorWallets } from './schema';

/** Account kinds of the ledger, by owner. */
export const accountKinds = {
  memberCash: 'member_cash',
  memberBonus: 'member_bonus',
  withdrawalHold: 'withdrawal_hold',
  /** Paid out by an operator, not yet confirmed by the member as received. */
  withdrawalSent: 'withdrawal_sent',
  /** A transfer to or from a vendor wallet waiting for the vendor's answer. */
  vendorTransit: 'vendor_transit',
  memberVendor: 'member_vendor',
  house: 'house',
  paymentClearing: 'payment_clearing',
  bonusExpense: 'bonus_expense',
  commissionExpense: 'commission_expense',
  /** A shard of a progressive jackpot pool (sub-kind `<pool id>:shard-<n>`). */
  jackpotPool: 'jackpot_pool',
} as const;

/** How many house accounts game money spreads over. */
export const houseShards = 16;

/**
 * Which of `shards` accounts a key (a player's id) uses: stable, and spread evenly, so players
 * do not queue on one hot row of a system account.
 */
export function shardOf(key: string, shards: number): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) % shards;
}

type VendorWalletRow = typeof vendorWallets.$inferSelect;
type VendorTransferRow = typeof vendorTransfers.$inferSelect;

const walletOfKind: Record<string, WalletKind> = {
  [accountKinds.memberCash]: 'main',
  [accountKinds.withdrawalHold]: 'withdrawal_hold',
  [accountKinds.withdrawalSent]: 'withdrawal_sent',
  [accountKinds.memberBonus]: 'bonus',
  [accountKinds.memberVendor]: 'vendor',
};

const fieldError = (path: string, message: string) =>
  new AppError('request_param_err', message, [{ path, code: 'invalid', message }]);

interface RecordRow {
  entry_id: string;
  account_id: string;
  amount: string;
  balance_after: string;
  type: string;
  created_at: string | Date;
  reference: string | null;
}

/** Players' wallets on top of the ledger: which accounts a member has, and what they hold. */
export class WalletService {
  readonly ledger: Ledger<LedgerEntryType>;

  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly vendors: VendorWalletGateway,
  ) {
    this.ledger = new Ledger(db);
  }

  private merchant(code: string): Promise<MerchantInfo> {
    return this.system.merchantFor(code, undefined);
  }

  private memberAccount(
    merchant: MerchantInfo,
    ownerId: string,
    kind: string,
    subKind = '',
    db?: DbOrTx,
  ) {
    return this.ledger.account(
      { merchantCode: merchant.merchantCode, currency: merchant.currency, ownerId, kind, subKind },
      db,
    );
  }

  /**
   * The house account a player's game money moves against: one of `houseShards`, chosen by the
   * player, so bets and wins do not queue on one row.
   */
  houseAccount(merchantCode: string, currency: string, playerId: string, db?: DbOrTx) {
    return this.ledger.account(
      {
        merchantCode,
        currency,
        ownerId: null,
        kind: accountKinds.house,
        subKind: `shard-${shardOf(playerId, houseShards)}`,
        allowNegative: true,
      },
      db,
    );
  }

  /**
   * Moves a bonus whose wagering is done from the member's bonus balance into cash, at most what
   * the bonus balance holds; `key` makes it happen once. Answers the entry and the amount moved
   * (null and 0 when nothing was left to move).
   */
  async releaseBonus(
    db: DbOrTx,
    input: {
      merchantCode: string;
      accountId: string;
      amount: bigint;
      key: string;
      reference: string;
    },
  ): Promise<{ entryId: string | null; moved: bigint }> {
    const merchant = await this.merchant(input.merchantCode);
    const bonus = await this.memberAccount(
      merchant,
      input.accountId,
      accountKinds.memberBonus,
      '',
      db,
    );
    const held = await this.ledger.balance(bonus, db);
    const amount = input.amount < held ? input.amount : held;
    if (amount <= 0n) return { entryId: null, moved: 0n };
    const cash = await this.memberAccount(
      merchant,
      input.accountId,
      accountKinds.memberCash,
      '',
      db,
    );
    const posted = await this.ledger.post(
      {
        merchantCode: merchant.merchantCode,
        idempotencyKey: input.key,
        type: 'bonus_release',
        actor: 'system:turnover',
        reference: input.reference,
        postings: [
          { accountId: bonus, amount: -amount },
          { accountId: cash, amount },
        ],
      },
      db,
    );
    return { entryId: posted.entryId, moved: amount };
  }

  async cashAccount(merchantCode: string, ownerId: string): Promise<string> {
    const merchant = await this.merchant(merchantCode);
    return this.memberAccount(merchant, ownerId, accountKinds.memberCash);
  }

  /** The transfer-type vendor wallets a merchant offers, in display order. */
  async vendorWalletsOf(merchantCode: string): Promise<VendorWalletRow[]> {
    return this.db
      .select()
      .from(vendorWallets)
      .where(and(eq(vendorWallets.merchantCode, merchantCode), eq(vendorWallets.enabled, true)))
      .orderBy(asc(vendorWallets.sort), asc(vendorWallets.accountTypeId));
  }

  /** Balances of the member's accounts by kind and sub-kind, without opening any. */
  private async heldBy(merchant: MerchantInfo, ownerId: string) {
    const rows = await this.db
      .select({
        kind: ledgerAccounts.kind,
        subKind: ledgerAccounts.subKind,
        balance: ledgerAccounts.balance,
      })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.ownerId, ownerId),
          eq(ledgerAccounts.merchantCode, merchant.merchantCode),
          eq(ledgerAccounts.currency, merchant.currency),
        ),
      );
    return (kind: string, subKind = '') =>
      rows.find((r) => r.kind === kind && r.subKind === subKind)?.balance ?? 0n;
  }

  async balance(merchantCode: string, ownerId: string): Promise<WalletBalance> {
    const merchant = await this.merchant(merchantCode);
    const [held, wallets] = await Promise.all([
      this.heldBy(merchant, ownerId),
      this.vendorWalletsOf(merchant.merchantCode),
    ]);
    const main = held(accountKinds.memberCash);
    const vendors = wallets.map((w) => ({
      accountTypeId: w.accountTypeId,
      minor: held(accountKinds.memberVendor, w.vendorCode),
    }));
    const sum = vendors.reduce((total, v) => total + v.minor, main);
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    return {
      sumBalance: dec(sum),
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      balance: [
        { accountTypeId: walletAccountTypes.main, availBalance: dec(main) },
        ...vendors.map((v) => ({ accountTypeId: v.accountTypeId, availBalance: dec(v.minor) })),
      ],
    };
  }

  /** GCS_merchantWallet: a merchant without transfer-type vendors is a single-wallet merchant. */
  async merchantWallet(merchantCode: string) {
    const wallets = await this.vendorWalletsOf((await this.merchant(merchantCode)).merchantCode);
    return {
      isSingle: wallets.length === 0,
      wallets: wallets.map((w) => ({
        accountTypeId: w.accountTypeId,
        vendorCode: w.vendorCode,
        name: w.name,
        maintenance: w.maintenance,
      })),
    };
  }

  /** Everything the member holds, wallet by wallet, with withdrawals still in process. */
  async consolidated(merchantCode: string, ownerId: string) {
    const merchant = await this.merchant(merchantCode);
    const [held, wallets] = await Promise.all([
      this.heldBy(merchant, ownerId),
      this.vendorWalletsOf(merchant.merchantCode),
    ]);
    const dec = (v: bigint) => minorToDecimal(v, merchant.currencyScale);
    const main = held(accountKinds.memberCash);
    const inProcess =
      held(accountKinds.withdrawalHold) +
      held(accountKinds.withdrawalSent) +
      held(accountKinds.vendorTransit);
    const vendors = wallets.map((w) => ({
      accountTypeId: w.accountTypeId,
      name: w.name,
      minor: held(accountKinds.memberVendor, w.vendorCode),
    }));
    return {
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      sumBalance: dec(vendors.reduce((t, v) => t + v.minor, main + inProcess)),
      main: dec(main),
      inProcess: dec(inProcess),
      vendors: vendors.map((v) => ({
        accountTypeId: v.accountTypeId,
        name: v.name,
        balance: dec(v.minor),
      })),
    };
  }

  // ---- transfers between the main wallet and vendor wallets ----

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
    const merchant = await this.merchant(member.merchantCode);
    const main = walletAccountTypes.main;
    if ((body.fromAccountTypeId === main) === (body.toAccountTypeId === main)) {
      throw fieldError('toAccountTypeId', 'One side of a transfer is the main wallet');
    }
    const direction = body.fromAccountTypeId === main ? 'in' : 'out';
    const vendorTypeId = direction === 'in' ? body.toAccountTypeId : body.fromAccountTypeId;
    const wallet = (await this.vendorWalletsOf(merchant.merchantCode)).find(
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
      balance: await this.balance(merchant.merchantCode, member.accountId),
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
    const cash = await this.memberAccount(merchant, row.accountId, accountKinds.memberCash, '', tx);
    const vendor = await this.memberAccount(
      merchant,
      row.accountId,
      accountKinds.memberVendor,
      row.vendorCode,
      tx,
    );
    const transit = await this.memberAccount(
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
      const merchant = await this.merchant(row.merchantCode);
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
    const merchant = await this.merchant(member.merchantCode);
    const held = await this.heldBy(merchant, member.accountId);
    const transfers = [];
    for (const wallet of await this.vendorWalletsOf(merchant.merchantCode)) {
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
    return { transfers, balance: await this.balance(merchant.merchantCode, member.accountId) };
  }

  // ---- the account record ----

  /**
   * The account record (SPEC transactionHistory): one row per movement of any of the member's
   * wallets, newest first. A movement between two of the member's own wallets shows once, on
   * the main wallet if it touches it, else on the wallet the money left. Each wallet's rows come
   * off the (account, time) index, so a member with 100,000 entries pages as fast as one with ten.
   */
  async transactions(
    member: { accountId: string; merchantCode: string },
    query: {
      type?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
      page: number;
      size: number;
    },
  ) {
    const merchant = await this.merchant(member.merchantCode);
    const cash = await this.memberAccount(merchant, member.accountId, accountKinds.memberCash);
    const accounts = await this.db
      .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, subKind: ledgerAccounts.subKind })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.ownerId, member.accountId),
          eq(ledgerAccounts.merchantCode, merchant.merchantCode),
        ),
      );
    const shown = accounts.filter((a) => walletOfKind[a.kind] !== undefined);
    const ids = shown.map((a) => a.id);
    const result = (await this.db.execute(recordQuery(ids, cash, query))) as {
      rows: RecordRow[];
    };
    const vendorTypes = new Map(
      (await this.vendorWalletsOf(merchant.merchantCode)).map((w) => [
        w.vendorCode,
        w.accountTypeId,
      ]),
    );
    const byId = new Map(shown.map((a) => [a.id, a]));
    return {
      list: result.rows.slice(0, query.size).map((r) => {
        const account = byId.get(r.account_id)!;
        const wallet = walletOfKind[account.kind]!;
        return {
          id: r.entry_id,
          time: new Date(r.created_at).toISOString(),
          type: r.type,
          wallet,
          accountTypeId:
            wallet === 'vendor'
              ? (vendorTypes.get(account.subKind) ?? null)
              : wallet === 'main'
                ? walletAccountTypes.main
                : null,
          amount: minorToDecimal(BigInt(r.amount), merchant.currencyScale),
          balanceAfter: minorToDecimal(BigInt(r.balance_after), merchant.currencyScale),
          reference: r.reference ?? r.entry_id,
        };
      }),
      page: query.page,
      size: query.size,
      hasMore: result.rows.length > query.size,
    };
  }
}

/**
 * The account record's query: each of the member's accounts is read newest first off the
 * (account, time) index and only as deep as the page needs, then the streams are merged.
 */
export function recordQuery(
  ids: string[],
  cash: string,
  query: {
    type?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    page: number;
    size: number;
  },
) {
  const offset = (query.page - 1) * query.size;
  const filters = sql.join(
    [
      sql`true`,
      ...(query.type ? [sql`p.type = ${query.type}`] : []),
      ...(query.from
        ? [sql`p.created_at >= ${new Date(query.from).toISOString()}::timestamptz`]
        : []),
      ...(query.to ? [sql`p.created_at < ${new Date(query.to).toISOString()}::timestamptz`] : []),
    ],
    sql` and `,
  );
  return sql`
    select p.entry_id, p.account_id, p.amount::text as amount,
      p.balance_after::text as balance_after, p.type, p.created_at, e.reference
    from unnest(${sql.param(ids)}::text[]) as a(id)
    cross join lateral (
      select p.* from ledger_postings p
      where p.account_id = a.id and ${filters}
        and not exists (
          select 1 from ledger_postings q
          where q.entry_id = p.entry_id and q.account_id <> p.account_id
            and q.account_id = any(${sql.param(ids)}::text[])
            and (q.account_id = ${cash}
              or (p.account_id <> ${cash} and q.amount < 0 and p.amount > 0)))
      order by p.created_at desc, p.id desc
      limit ${offset + query.size + 1}
    ) p
    join ledger_entries e on e.id = p.entry_id
    order by p.created_at desc, p.id desc
    limit ${query.size + 1} offset ${offset}`;
}
