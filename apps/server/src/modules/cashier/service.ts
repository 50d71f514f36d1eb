import type { MerchantInfo } from '@taya/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import type { RecordAnswer } from '../../platform/http';
import type { IdentityService } from '../identity';
import type { SystemService } from '../system';
import type { UploadService } from '../uploads';
import type { WalletService } from '../wallet';
import { AgentTransfers } from './agent-transfers';
import { Channels } from './channels';
import { CashierContext } from './context';
import { Deposits } from './deposits';
import type { Member, WithdrawLimitsOf } from './model';
import { OpsQueues, type MerchantFilter } from './ops-queues';
import { PayoutAccounts } from './payout-accounts';
import { ReviewThreshold } from './review-threshold';
import { Turnover } from './turnover';
import { Withdrawals } from './withdrawals';

export { signCallback } from './deposits';
export type { Member, WithdrawLimitsOf } from './model';

/**
 * Deposits, withdrawals and payout accounts. Every movement of money goes through the ledger,
 * inside the same transaction as the order's own state change. Each use case lives in its own
 * file; this class composes them behind the one service other modules and the routes call.
 */
export class CashierService {
  private readonly deposits: Deposits;
  private readonly withdrawals: Withdrawals;
  private readonly payouts: PayoutAccounts;
  private readonly turnover: Turnover;
  private readonly transfers: AgentTransfers;
  private readonly queues: OpsQueues;
  private readonly paymentChannels: Channels;
  private readonly threshold: ReviewThreshold;

  constructor(
    db: Db,
    system: SystemService,
    wallet: WalletService,
    identity: IdentityService,
    uploads: UploadService,
    gatewaySecrets: Record<string, string>,
    withdrawLimitsOf: WithdrawLimitsOf | null = null,
  ) {
    const ctx = new CashierContext(db, system, wallet, identity, uploads);
    this.queues = new OpsQueues(ctx);
    this.paymentChannels = new Channels(ctx, Object.keys(gatewaySecrets));
    this.threshold = new ReviewThreshold(ctx);
    this.turnover = new Turnover(ctx);
    this.deposits = new Deposits(ctx, gatewaySecrets);
    this.withdrawals = new Withdrawals(ctx, this.turnover, withdrawLimitsOf);
    this.payouts = new PayoutAccounts(ctx);
    this.transfers = new AgentTransfers(ctx);
  }

  // ---- deposits ----

  channels(merchantCode: string | undefined) {
    return this.deposits.channels(merchantCode);
  }

  createDeposit(
    member: Member,
    body: Parameters<Deposits['createDeposit']>[1],
    recordAnswer: RecordAnswer | null = null,
  ) {
    return this.deposits.createDeposit(member, body, recordAnswer);
  }

  myDeposits(member: Member) {
    return this.deposits.myDeposits(member);
  }

  /** Credits a deposit exactly once (see `Deposits.creditDeposit`). */
  creditDeposit(
    orderId: string,
    actor: string,
    gatewayRef: string | null,
    expectedAmount?: bigint,
  ) {
    return this.deposits.creditDeposit(orderId, actor, gatewayRef, expectedAmount);
  }

  rejectDeposit(orderId: string, actor: string, note: string | null) {
    return this.deposits.rejectDeposit(orderId, actor, note);
  }

  /** A gateway's signed callback: verified, then credited once however often it arrives. */
  gatewayCallback(gateway: string, body: Parameters<Deposits['gatewayCallback']>[1]) {
    return this.deposits.gatewayCallback(gateway, body);
  }

  /** The sandbox gateway reads the order it is paying. */
  orderForGateway(orderId: string) {
    return this.deposits.orderForGateway(orderId);
  }

  // ---- payout accounts ----

  addPayoutAccount(member: Member, body: Parameters<PayoutAccounts['addPayoutAccount']>[1]) {
    return this.payouts.addPayoutAccount(member, body);
  }

  /** The names on a member's bank payout accounts (the bank-name log-in check compares them). */
  bankAccountNames(accountId: string): Promise<string[]> {
    return this.payouts.bankAccountNames(accountId);
  }

  payoutAccountsOf(member: Member) {
    return this.payouts.payoutAccountsOf(member);
  }

  // ---- turnover ----

  turnoverRemaining(accountId: string, db?: DbOrTx): Promise<bigint> {
    return this.turnover.turnoverRemaining(accountId, db);
  }

  /**
   * Valid bets count toward the oldest open requirements first (in the bet's transaction, with
   * the bet's merchant and currency).
   */
  recordTurnover(
    accountId: string,
    validBet: bigint,
    db?: DbOrTx,
    merchant?: Pick<MerchantInfo, 'merchantCode' | 'currency'>,
  ): Promise<void> {
    return this.turnover.recordTurnover(accountId, validBet, db, merchant);
  }

  /** Many settled bets' valid bets at once, in their settling transaction (`recordTurnover` each). */
  recordTurnoverMany(
    bets: {
      accountId: string;
      validBet: bigint;
      merchant: Pick<MerchantInfo, 'merchantCode' | 'currency'>;
    }[],
    db?: DbOrTx,
  ): Promise<void> {
    return this.turnover.recordTurnoverMany(bets, db);
  }

  // ---- withdrawals ----

  withdrawInfo(member: Member) {
    return this.withdrawals.withdrawInfo(member);
  }

  requestWithdrawal(
    member: Member,
    body: Parameters<Withdrawals['requestWithdrawal']>[1],
    recordAnswer: RecordAnswer | null = null,
  ) {
    return this.withdrawals.requestWithdrawal(member, body, recordAnswer);
  }

  myWithdrawals(member: Member) {
    return this.withdrawals.myWithdrawals(member);
  }

  /**
   * Approve or pay (the money was sent, with the payment's reference when given) or reject (the
   * hold returns to the member's cash; the note is the reason the member sees).
   */
  decideWithdrawal(
    id: string,
    actor: string,
    approve: boolean,
    detail?: Parameters<Withdrawals['decideWithdrawal']>[3],
  ) {
    return this.withdrawals.decideWithdrawal(id, actor, approve, detail);
  }

  /** The member's word on an approved withdrawal (SPEC §4). */
  confirmWithdrawal(
    member: Member,
    id: string,
    body: Parameters<Withdrawals['confirmWithdrawal']>[2],
  ) {
    return this.withdrawals.confirmWithdrawal(member, id, body);
  }

  /** Approved withdrawals past the confirmation window count as received (the job's). */
  autoConfirmDue(now?: Date, limit?: number): Promise<number> {
    return this.withdrawals.autoConfirmDue(now, limit);
  }

  /** An operator settles what a member reported as not (fully) received. */
  resolveWithdrawal(id: string, actor: string, outcome: 'paid' | 'returned') {
    return this.withdrawals.resolveWithdrawal(id, actor, outcome);
  }

  // ---- operator console ----

  /** The merchant of a deposit, or null: routes acting on one by id check the operator's scope. */
  depositMerchant(id: string) {
    return this.deposits.merchantOf(id);
  }

  /** The merchant of a withdrawal, or null (as `depositMerchant`). */
  withdrawalMerchant(id: string) {
    return this.withdrawals.merchantOf(id);
  }

  depositQueue(filter: MerchantFilter, query: Parameters<OpsQueues['deposits']>[1]) {
    return this.queues.deposits(filter, query);
  }

  /** Withdrawals with their risk flags, filtered, sorted and paged. */
  withdrawalQueue(filter: MerchantFilter, query: Parameters<OpsQueues['withdrawals']>[1]) {
    return this.queues.withdrawals(filter, query);
  }

  channelsForOperators(filter: MerchantFilter) {
    return this.paymentChannels.list(filter);
  }

  createChannel(body: Parameters<Channels['create']>[0]) {
    return this.paymentChannels.create(body);
  }

  updateChannel(merchantCode: string, code: string, body: Parameters<Channels['update']>[2]) {
    return this.paymentChannels.update(merchantCode, code, body);
  }

  reviewThreshold(merchantCode: string) {
    return this.threshold.get(merchantCode);
  }

  setReviewThreshold(merchantCode: string, threshold: string | null) {
    return this.threshold.set(merchantCode, threshold);
  }

  // ---- agent transfers ----

  agentTransferInfo(agent: Member) {
    return this.transfers.agentTransferInfo(agent);
  }

  /** An agent sends money to its own upline, or to an account anywhere in its own team. */
  agentTransfer(
    agent: Member,
    body: Parameters<AgentTransfers['agentTransfer']>[1],
    recordAnswer: RecordAnswer | null = null,
  ) {
    return this.transfers.agentTransfer(agent, body, recordAnswer);
  }

  /** Which of these accounts have a turnover requirement still open (the others need no turnover). */
  owingTurnover(accountIds: string[], db?: DbOrTx): Promise<Set<string>> {
    return this.turnover.owingTurnover(accountIds, db);
  }
}
