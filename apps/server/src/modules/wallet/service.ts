import { and, asc, eq, sql } from 'drizzle-orm';
import {
  minorToDecimal,
  walletAccountTypes,
  type MerchantInfo,
  type WalletBalance,
  type WalletKind,
  type LedgerEntryType,
} from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import type { VendorWalletGateway } from '../../platform/providers/vendor-wallet';
import type { SystemService } from '../system';
import { recordQuery, type RecordRow } from './account-record';
import { Ledger } from './ledger';
import { accountKinds, houseShards, shardOf, type VendorWalletRow } from './model';
import { ledgerAccounts, vendorWallets } from './schema';
import { VendorTransfers } from './vendor-transfers';

export { recordQuery } from './account-record';
export { accountKinds, houseShards, shardOf } from './model';

const walletOfKind: Record<string, WalletKind> = {
  [accountKinds.memberCash]: 'main',
  [accountKinds.withdrawalHold]: 'withdrawal_hold',
  [accountKinds.withdrawalSent]: 'withdrawal_sent',
  [accountKinds.memberBonus]: 'bonus',
  [accountKinds.memberVendor]: 'vendor',
};

/** Players' wallets on top of the ledger: which accounts a member has, and what they hold. */
export class WalletService {
  readonly ledger: Ledger<LedgerEntryType>;
  private readonly transfers: VendorTransfers;

  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly vendors: VendorWalletGateway,
  ) {
    this.ledger = new Ledger(db);
    this.transfers = new VendorTransfers(db, this.ledger, vendors, {
      merchant: (code) => this.merchant(code),
      memberAccount: (...args) => this.memberAccount(...args),
      heldBy: (merchant, ownerId) => this.heldBy(merchant, ownerId),
      balance: (merchantCode, ownerId) => this.balance(merchantCode, ownerId),
      vendorWalletsOf: (merchantCode) => this.vendorWalletsOf(merchantCode),
    });
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

  // ---- transfers between the main wallet and vendor wallets (see vendor-transfers.ts) ----

  /** GCS_walletTransfer: main wallet to a vendor wallet or back (see `VendorTransfers.transfer`). */
  transfer(
    member: { accountId: string; merchantCode: string },
    body: Parameters<VendorTransfers['transfer']>[1],
  ) {
    return this.transfers.transfer(member, body);
  }

  /** The reconciliation job: asks vendors again about transfers left pending. */
  reconcilePending(olderThanMs?: number, limit?: number): Promise<number> {
    return this.transfers.reconcilePending(olderThanMs, limit);
  }

  /** GCS_walletReturn: every vendor wallet with money in it back to the main wallet. */
  returnAll(member: { accountId: string; merchantCode: string }) {
    return this.transfers.returnAll(member);
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
  /**
   * Locks these ledger accounts' rows in id order (as `ledger_post` locks them, so callers and
   * postings never wait on each other in a circle) and answers their balances. Call in a
   * transaction that then posts to them.
   */
  async lockBalances(tx: DbOrTx, accountIds: string[]): Promise<Map<string, bigint>> {
    const { rows } = (await tx.execute(sql`
      select id, balance::text as balance from ledger_accounts
      where id in (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by id
      for update`)) as { rows: { id: string; balance: string }[] };
    return new Map(rows.map((r) => [r.id, BigInt(r.balance)]));
  }

  /** The sum of these ledger accounts' balances. */
  async balanceTotal(accountIds: string[], db: DbOrTx = this.db): Promise<bigint> {
    const { rows } = (await db.execute(sql`
      select coalesce(sum(balance), 0)::text as total from ledger_accounts
      where id in (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )})`)) as {
      rows: { total: string }[];
    };
    return BigInt(rows[0]!.total);
  }
}
