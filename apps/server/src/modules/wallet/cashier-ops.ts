import type { LedgerEntryType } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { move } from './grants';
import type { Ledger, PostedEntry } from './ledger';
import { accountKinds } from './model';

/**
 * The cashier's money: deposits credited, withdrawals held, paid out, confirmed or returned, and
 * agents' transfers between members. Each operation is one entry, keyed by the deposit order,
 * the withdrawal or the sender's request, so a repeat moves nothing and answers the first entry.
 */

/** Whose money, in which merchant and currency (given by the caller, as for grants). */
export interface CashierMoneyRef {
  merchantCode: string;
  currency: string;
}

export interface DepositCreditInput extends CashierMoneyRef {
  /** The deposit order: the entry's key (`deposit:<order>`) and reference. */
  orderId: string;
  /** The member credited. */
  player: string;
  /** The payment channel the money came through (the clearing account's sub-kind). */
  channel: string;
  amount: bigint;
  actor: string;
}

export interface WithdrawalMoveInput extends CashierMoneyRef {
  /** The withdrawal request: the entry's reference and the root of its key (`withdraw:<id>`). */
  withdrawalId: string;
  /** The member withdrawing. */
  player: string;
  amount: bigint;
  actor: string;
}

/** The steps after a payout that close part of it, each with its own key suffix. */
export type WithdrawalSettleStep = 'received' | 'resolve';

export interface MemberTransferInput extends CashierMoneyRef {
  /** The sender, whose cash pays. */
  from: string;
  /** The receiver, whose cash is credited. */
  to: string;
  amount: bigint;
  /** The sender's request id: the key is `agent-transfer:<from>:<requestId>`. */
  requestId: string;
  direction: 'upline' | 'downline';
}

export class CashierMoney {
  constructor(private readonly ledger: Ledger<LedgerEntryType>) {}

  private member(ref: CashierMoneyRef, ownerId: string, kind: string, db?: DbOrTx) {
    return this.ledger.account(
      { merchantCode: ref.merchantCode, currency: ref.currency, ownerId, kind },
      db,
    );
  }

  private clearing(ref: CashierMoneyRef, subKind: string, db?: DbOrTx) {
    return this.ledger.account(
      {
        merchantCode: ref.merchantCode,
        currency: ref.currency,
        ownerId: null,
        kind: accountKinds.paymentClearing,
        subKind,
        allowNegative: true,
      },
      db,
    );
  }

  /** A member's cash balance (the account is opened if it was not yet). */
  async cashBalance(ref: CashierMoneyRef, ownerId: string, db?: DbOrTx): Promise<bigint> {
    const cash = await this.member(ref, ownerId, accountKinds.memberCash, db);
    return this.ledger.balance(cash, db);
  }

  /** A paid deposit: from the channel's payment clearing account to the member's cash. */
  async creditDeposit(tx: DbOrTx, input: DepositCreditInput): Promise<PostedEntry> {
    const from = await this.clearing(input, input.channel, tx);
    const to = await this.member(input, input.player, accountKinds.memberCash, tx);
    return move(this.ledger, tx, {
      merchantCode: input.merchantCode,
      from,
      to,
      amount: input.amount,
      type: 'deposit',
      key: `deposit:${input.orderId}`,
      actor: input.actor,
      reference: input.orderId,
    });
  }

  /** A withdrawal asked for: the member's cash to its withdrawal hold. */
  async holdWithdrawal(tx: DbOrTx, input: WithdrawalMoveInput): Promise<PostedEntry> {
    const from = await this.member(input, input.player, accountKinds.memberCash, tx);
    const to = await this.member(input, input.player, accountKinds.withdrawalHold, tx);
    return this.withdrawalMove(tx, input, { from, to, type: 'withdrawal_hold', key: null });
  }

  /** A withdrawal approved and sent: the hold to the member's in-transit account. */
  async payWithdrawal(tx: DbOrTx, input: WithdrawalMoveInput): Promise<PostedEntry> {
    const from = await this.member(input, input.player, accountKinds.withdrawalHold, tx);
    const to = await this.member(input, input.player, accountKinds.withdrawalSent, tx);
    return this.withdrawalMove(tx, input, { from, to, type: 'withdrawal', key: 'pay' });
  }

  /** A withdrawal rejected: the hold back to the member's cash. */
  async returnWithdrawal(tx: DbOrTx, input: WithdrawalMoveInput): Promise<PostedEntry> {
    const from = await this.member(input, input.player, accountKinds.withdrawalHold, tx);
    const to = await this.member(input, input.player, accountKinds.memberCash, tx);
    return this.withdrawalMove(tx, input, { from, to, type: 'withdrawal_return', key: 'return' });
  }

  /**
   * Part of a paid-out withdrawal arrived (the member's word, the confirmation window's end, or
   * an operator settling a dispute as paid): in transit to the payout clearing account.
   */
  async confirmWithdrawalReceived(
    tx: DbOrTx,
    input: WithdrawalMoveInput & { step: WithdrawalSettleStep },
  ): Promise<PostedEntry> {
    const from = await this.member(input, input.player, accountKinds.withdrawalSent, tx);
    const to = await this.clearing(input, 'payout', tx);
    return this.withdrawalMove(tx, input, {
      from,
      to,
      type: 'withdrawal_received',
      key: input.step,
    });
  }

  /** An operator settles a disputed payout as returned: in transit back to the member's cash. */
  async returnSentWithdrawal(
    tx: DbOrTx,
    input: WithdrawalMoveInput & { step: WithdrawalSettleStep },
  ): Promise<PostedEntry> {
    const from = await this.member(input, input.player, accountKinds.withdrawalSent, tx);
    const to = await this.member(input, input.player, accountKinds.memberCash, tx);
    return this.withdrawalMove(tx, input, {
      from,
      to,
      type: 'withdrawal_return',
      key: input.step,
    });
  }

  private withdrawalMove(
    tx: DbOrTx,
    input: WithdrawalMoveInput,
    how: {
      from: string;
      to: string;
      type: Extract<
        LedgerEntryType,
        'withdrawal_hold' | 'withdrawal' | 'withdrawal_return' | 'withdrawal_received'
      >;
      /** The key's suffix after `withdraw:<id>`; none for the hold. */
      key: string | null;
    },
  ): Promise<PostedEntry> {
    const root = `withdraw:${input.withdrawalId}`;
    return move(this.ledger, tx, {
      merchantCode: input.merchantCode,
      from: how.from,
      to: how.to,
      amount: input.amount,
      type: how.type,
      key: how.key === null ? root : `${root}:${how.key}`,
      actor: input.actor,
      reference: input.withdrawalId,
    });
  }

  /**
   * An agent's transfer to its upline or within its team: cash to cash, the sender the actor.
   * Answers the entry and the sender's cash balance after it.
   */
  async transferBetweenMembers(
    tx: DbOrTx,
    input: MemberTransferInput,
  ): Promise<PostedEntry & { senderBalance: bigint }> {
    const from = await this.member(input, input.from, accountKinds.memberCash, tx);
    const to = await this.member(input, input.to, accountKinds.memberCash, tx);
    const posted = await move(this.ledger, tx, {
      merchantCode: input.merchantCode,
      from,
      to,
      amount: input.amount,
      type: 'agent_transfer',
      key: `agent-transfer:${input.from}:${input.requestId}`,
      actor: input.from,
      reference: `agent-transfer:${input.requestId}`,
      metadata: { direction: input.direction, to: input.to },
    });
    const senderBalance = posted.postings.find((p) => p.accountId === from)!.balanceAfter;
    return { ...posted, senderBalance };
  }
}
