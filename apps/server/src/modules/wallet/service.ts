// The wallet's one public face: each method is a named operation other modules call; the work
// itself lives apart by use case (holds.ts, grants.ts, adjustments.ts, cashier-ops.ts, …), and
// what stays here is account lookup, balances and one-line delegations.
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
import {
  CashierMoney,
  type CashierMoneyRef,
  type DepositCreditInput,
  type MemberTransferInput,
  type WithdrawalMoveInput,
  type WithdrawalSettleStep,
} from './cashier-ops';
import { adjust, type AdjustmentInput } from './adjustments';
import { Grants, move, type GrantAccountSpec, type GrantInput } from './grants';
import {
  Holds,
  inPlaySubKind,
  type CloseInput,
  type HoldInput,
  type InstantPlayInput,
  type SettleInput,
} from './holds';
import {
  JackpotMoney,
  type JackpotPayInput,
  type JackpotPoolRef,
  type JackpotSeedInput,
} from './jackpots';
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
  private readonly holds: Holds;
  private readonly grants: Grants;
  private readonly jackpots: JackpotMoney;
  private readonly cashier: CashierMoney;

  constructor(
    private readonly db: Db,
    private readonly system: SystemService,
    private readonly vendors: VendorWalletGateway,
  ) {
    this.ledger = new Ledger(db);
    this.holds = new Holds(this.ledger, {
      cash: (merchantCode, currency, player, tx) =>
        this.ledger.account(
          { merchantCode, currency, ownerId: player, kind: accountKinds.memberCash },
          tx,
        ),
      inPlay: (merchantCode, currency, player, tx) =>
        this.ledger.account(
          {
            merchantCode,
            currency,
            ownerId: null,
            kind: accountKinds.betsInPlay,
            subKind: inPlaySubKind(player),
          },
          tx,
        ),
      house: (merchantCode, currency, player, tx) =>
        this.houseAccount(merchantCode, currency, player, tx),
    });
    this.grants = new Grants(this.ledger);
    this.cashier = new CashierMoney(this.ledger);
    this.jackpots = new JackpotMoney(this.ledger, {
      cash: (merchantCode, currency, player, tx) =>
        this.ledger.account(
          { merchantCode, currency, ownerId: player, kind: accountKinds.memberCash },
          tx,
        ),
      house: (merchantCode, currency, key, tx) =>
        this.houseAccount(merchantCode, currency, key, tx),
      lock: (tx, ids) => this.lockBalances(tx, ids),
    });
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
    merchant: Pick<MerchantInfo, 'merchantCode' | 'currency'>,
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

  // ---- stakes: two-phase transfers (see holds.ts) ----

  /**
   * The accounts a player's stakes move through (cash, its `bets_in_play` shard, its house shard),
   * for a server-side function that holds and settles as `Holds` does (the vendor wallet's).
   */
  /** A member's cash account in a currency, found or opened (in the caller's transaction). */
  memberCashAccount(merchantCode: string, currency: string, ownerId: string, db?: DbOrTx) {
    return this.ledger.account(
      { merchantCode, currency, ownerId, kind: accountKinds.memberCash },
      db,
    );
  }

  /** An account's balance, read in the caller's transaction when given. */
  accountBalance(accountId: string, db?: DbOrTx): Promise<bigint> {
    return this.ledger.balance(accountId, db);
  }

  async playAccounts(merchantCode: string, currency: string, player: string, db?: DbOrTx) {
    const cash = await this.ledger.account(
      { merchantCode, currency, ownerId: player, kind: accountKinds.memberCash },
      db,
    );
    const inPlay = await this.ledger.account(
      {
        merchantCode,
        currency,
        ownerId: null,
        kind: accountKinds.betsInPlay,
        subKind: inPlaySubKind(player),
      },
      db,
    );
    const house = await this.houseAccount(merchantCode, currency, player, db);
    return { cash, inPlay, house };
  }

  /** Reserves a stake from the player's cash until its outcome is known. */
  hold(tx: DbOrTx, input: HoldInput) {
    return this.holds.hold(tx, input);
  }

  /** Closes holds with their outcome: payouts to players, extra postings, the rest to the house. */
  settle(tx: DbOrTx, input: SettleInput) {
    return this.holds.settle(tx, input);
  }

  /**
   * The hold and settle entries of a round played at once, checked and hashed for the kernel's
   * group commit to post in a batch (`PlayKernel.playInstant`); the same entries `hold` and
   * `settle` would post.
   */
  prepareInstantPlay(db: DbOrTx, input: InstantPlayInput) {
    return this.holds.prepareInstant(db, input);
  }

  /** Closes holds returning every stake. */
  void(tx: DbOrTx, input: CloseInput) {
    return this.holds.void(tx, input);
  }

  /** Settles settled holds again: a reversing entry, then the new outcome. */
  resettle(tx: DbOrTx, input: SettleInput) {
    return this.holds.resettle(tx, input);
  }

  /**
   * Locks, in id order, every account play of these players touches (cash, stakes in play, the
   * house) and any `extra` ones, so a transaction that posts several entries (a hold and its
   * settle, a round's batch) never waits in a circle with another.
   */
  async lockPlay(
    tx: DbOrTx,
    input: { merchantCode: string; currency: string; players: string[]; extra?: string[] },
  ): Promise<void> {
    const { merchantCode, currency } = input;
    const ids = new Set(input.extra ?? []);
    for (const player of new Set(input.players)) {
      ids.add(
        await this.ledger.account(
          { merchantCode, currency, ownerId: player, kind: accountKinds.memberCash },
          tx,
        ),
      );
      ids.add(
        await this.ledger.account(
          {
            merchantCode,
            currency,
            ownerId: null,
            kind: accountKinds.betsInPlay,
            subKind: inPlaySubKind(player),
          },
          tx,
        ),
      );
      ids.add(await this.houseAccount(merchantCode, currency, player, tx));
    }
    await this.lockBalances(tx, [...ids]);
  }

  // ---- money the house gives (see grants.ts and jackpots.ts) ----

  /**
   * Pays a member from a house expense account (a bonus, a rebate, a reward, a commission,
   * points converted) into cash or the bonus wallet, once per key (see `GrantInput`).
   */
  grant(tx: DbOrTx, input: GrantInput) {
    return this.grants.grant(tx, input);
  }

  /** Pays several grants inside `tx`, each under its own key, in order. */
  grantMany(tx: DbOrTx, list: GrantInput[]) {
    return this.grants.grantMany(tx, list);
  }

  /** Opens grants' accounts ahead of a transaction paying many of them (see `Grants`). */
  openGrantAccounts(list: GrantAccountSpec[]) {
    return this.grants.openAccounts(list);
  }

  /** One shard account of a jackpot pool (what a bet's contribution is posted to). */
  jackpotAccount(db: DbOrTx, pool: JackpotPoolRef, shard: number) {
    return this.jackpots.account(db, pool, shard);
  }

  /** Every shard account of a jackpot pool, in shard order. */
  jackpotAccounts(db: DbOrTx, pool: JackpotPoolRef, shards: number) {
    return this.jackpots.shardAccounts(db, pool, shards);
  }

  /** Pays a jackpot pool's whole value to its winner's cash (see `JackpotMoney.pay`). */
  payJackpot(tx: DbOrTx, input: JackpotPayInput) {
    return this.jackpots.pay(tx, input);
  }

  /** Puts a seed into a jackpot pool from the house. */
  seedJackpot(db: DbOrTx, input: JackpotSeedInput) {
    return this.jackpots.seed(db, input);
  }

  /**
   * Moves a bonus whose wagering is done from the member's bonus balance into cash, at most what
   * the bonus balance holds; `key` makes it happen once. Answers the entry and the amount moved
   * (null and 0 when nothing was left to move). It runs inside its caller's transaction, so the
   * caller names the merchant (looked up before the transaction began).
   */
  async releaseBonus(
    db: DbOrTx,
    input: {
      merchant: Pick<MerchantInfo, 'merchantCode' | 'currency'>;
      accountId: string;
      amount: bigint;
      key: string;
      reference: string;
    },
  ): Promise<{ entryId: string | null; moved: bigint }> {
    const { merchant } = input;
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
    const posted = await move(this.ledger, db, {
      merchantCode: merchant.merchantCode,
      from: bonus,
      to: cash,
      amount,
      type: 'bonus_release',
      key: input.key,
      actor: 'system:turnover',
      reference: input.reference,
    });
    return { entryId: posted.entryId, moved: amount };
  }

  // ---- operators' manual adjustments (see adjustments.ts) ----

  /**
   * Credits (amount > 0) or debits (amount < 0) a member's cash or bonus wallet against the
   * house's adjustment account, once per key; a debit never overdraws (`insufficient_funds`).
   */
  adjust(tx: DbOrTx, input: AdjustmentInput) {
    return adjust(this.ledger, tx, input);
  }

  // ---- the cashier's money (see cashier-ops.ts) ----

  /** A member's cash balance, in the merchant's currency given by the caller. */
  cashBalance(ref: CashierMoneyRef, ownerId: string, db?: DbOrTx): Promise<bigint> {
    return this.cashier.cashBalance(ref, ownerId, db);
  }

  /** A paid deposit order: its channel's payment clearing account to the member's cash. */
  creditDeposit(tx: DbOrTx, input: DepositCreditInput) {
    return this.cashier.creditDeposit(tx, input);
  }

  /** A withdrawal asked for: cash to the member's withdrawal hold. */
  holdWithdrawal(tx: DbOrTx, input: WithdrawalMoveInput) {
    return this.cashier.holdWithdrawal(tx, input);
  }

  /** A withdrawal approved and sent: the hold to the member's in-transit account. */
  payWithdrawal(tx: DbOrTx, input: WithdrawalMoveInput) {
    return this.cashier.payWithdrawal(tx, input);
  }

  /** A withdrawal rejected: the hold back to the member's cash. */
  returnWithdrawal(tx: DbOrTx, input: WithdrawalMoveInput) {
    return this.cashier.returnWithdrawal(tx, input);
  }

  /** Part of a paid-out withdrawal arrived: in transit to the payout clearing account. */
  confirmWithdrawalReceived(
    tx: DbOrTx,
    input: WithdrawalMoveInput & { step: WithdrawalSettleStep },
  ) {
    return this.cashier.confirmWithdrawalReceived(tx, input);
  }

  /** A disputed payout settled as returned: in transit back to the member's cash. */
  returnSentWithdrawal(tx: DbOrTx, input: WithdrawalMoveInput & { step: WithdrawalSettleStep }) {
    return this.cashier.returnSentWithdrawal(tx, input);
  }

  /** An agent's transfer, cash to cash; answers the sender's balance after it too. */
  transferBetweenMembers(tx: DbOrTx, input: MemberTransferInput) {
    return this.cashier.transferBetweenMembers(tx, input);
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
