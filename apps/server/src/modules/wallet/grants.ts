import type { LedgerEntryType } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import type { Ledger, PostedEntry } from './ledger';
import { accountKinds, fieldError } from './model';

/**
 * Money a member is given by the house: a promotion's bonus or rebate, a mission's reward, an
 * agent's commission, points converted or a points reward paid. Each is one entry from a house
 * expense account to the member's cash or bonus wallet, once per idempotency key.
 */

/** The house expense accounts grants are paid from: `<account kind>:<budget>` (the sub-kind). */
export const grantSources = {
  'bonus_expense:promotions': { kind: accountKinds.bonusExpense, subKind: 'promotions' },
  'bonus_expense:missions': { kind: accountKinds.bonusExpense, subKind: 'missions' },
  'bonus_expense:points': { kind: accountKinds.bonusExpense, subKind: 'points' },
  commission_expense: { kind: accountKinds.commissionExpense, subKind: '' },
} as const;
export type GrantSource = keyof typeof grantSources;

/** The entry types a grant posts. */
export type GrantType = Extract<
  LedgerEntryType,
  | 'promotion_bonus'
  | 'promotion_rebate'
  | 'mission_reward'
  | 'agent_commission'
  | 'points_convert'
  | 'points_reward'
>;

export interface GrantInput {
  merchantCode: string;
  /**
   * The merchant's currency, given by the caller: reading the merchant here could wait, on the
   * embedded database, behind the very transaction the grant is posted in.
   */
  currency: string;
  /** The member paid. */
  player: string;
  /** Minor units, more than zero. */
  amount: bigint;
  /** The member's wallet it goes to. */
  to: 'cash' | 'bonus';
  from: GrantSource;
  type: GrantType;
  /** Idempotency key: the same key again answers the first entry and moves nothing. */
  key: string;
  actor: string;
  reference?: string | null;
  memo?: string | null;
  metadata?: Record<string, unknown>;
}

/** What decides a grant's two accounts. */
export type GrantAccountSpec = Pick<
  GrantInput,
  'merchantCode' | 'currency' | 'player' | 'to' | 'from'
>;

export interface GrantResult {
  entryId: string;
  replayed: boolean;
}

/** One entry moving `amount` from one account to another: what every named transfer posts. */
export interface MoveInput {
  merchantCode: string;
  from: string;
  to: string;
  amount: bigint;
  type: LedgerEntryType;
  key: string;
  actor: string;
  reference?: string | null;
  memo?: string | null;
  metadata?: Record<string, unknown>;
}

/** Posts a two-posting entry: `amount` out of `from`, into `to`. */
export function move(
  ledger: Ledger<LedgerEntryType>,
  tx: DbOrTx,
  input: MoveInput,
): Promise<PostedEntry> {
  return ledger.post(
    {
      merchantCode: input.merchantCode,
      idempotencyKey: input.key,
      type: input.type,
      actor: input.actor,
      reference: input.reference,
      memo: input.memo,
      metadata: input.metadata,
      postings: [
        { accountId: input.from, amount: -input.amount },
        { accountId: input.to, amount: input.amount },
      ],
    },
    tx,
  );
}

export class Grants {
  constructor(private readonly ledger: Ledger<LedgerEntryType>) {}

  /** Pays a grant inside `tx` (see `GrantInput`). */
  async grant(tx: DbOrTx, input: GrantInput): Promise<GrantResult> {
    if (typeof input.amount !== 'bigint' || input.amount <= 0n) {
      throw fieldError('amount', 'A grant must be more than zero');
    }
    const { merchantCode } = input;
    const { expense, target } = await this.accounts(input, tx);
    const posted = await move(this.ledger, tx, {
      merchantCode,
      from: expense,
      to: target,
      amount: input.amount,
      type: input.type,
      key: input.key,
      actor: input.actor,
      reference: input.reference,
      memo: input.memo,
      metadata: input.metadata,
    });
    return { entryId: posted.entryId, replayed: posted.replayed };
  }

  /**
   * Opens, outside any transaction, the accounts these grants will move money between, so a
   * transaction paying many of them later never waits for another one's newly opened account
   * (call it before a long batch).
   */
  async openAccounts(list: GrantAccountSpec[]): Promise<void> {
    for (const input of list) await this.accounts(input);
  }

  private async accounts(
    input: GrantAccountSpec,
    db?: DbOrTx,
  ): Promise<{ expense: string; target: string }> {
    const { merchantCode, currency } = input;
    const source = grantSources[input.from];
    const expense = await this.ledger.account(
      {
        merchantCode,
        currency,
        ownerId: null,
        kind: source.kind,
        subKind: source.subKind,
        allowNegative: true,
      },
      db,
    );
    const target = await this.ledger.account(
      {
        merchantCode,
        currency,
        ownerId: input.player,
        kind: input.to === 'bonus' ? accountKinds.memberBonus : accountKinds.memberCash,
      },
      db,
    );
    return { expense, target };
  }

  /** Pays grants one after another inside `tx`, each under its own key; answers them in order. */
  async grantMany(tx: DbOrTx, list: GrantInput[]): Promise<GrantResult[]> {
    const results: GrantResult[] = [];
    for (const input of list) results.push(await this.grant(tx, input));
    return results;
  }
}
