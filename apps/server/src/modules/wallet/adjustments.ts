import type { LedgerEntryType } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { move } from './grants';
import type { Ledger, PostedEntry } from './ledger';
import { accountKinds, fieldError } from './model';

/**
 * An operator's manual adjustment: a credit to a member's cash or bonus wallet from the house's
 * adjustment account, or a debit back to it. One entry per key; a debit never overdraws (the
 * member's account may not go below zero: `insufficient_funds`).
 */
export interface AdjustmentInput {
  merchantCode: string;
  currency: string;
  player: string;
  wallet: 'cash' | 'bonus';
  /** Minor units: more than zero credits, less than zero debits. */
  amount: bigint;
  key: string;
  /** The operator (`operator:<id>`). */
  actor: string;
  reason: string;
  reference?: string | null;
}

export async function adjust(
  ledger: Ledger<LedgerEntryType>,
  tx: DbOrTx,
  input: AdjustmentInput,
): Promise<PostedEntry> {
  if (typeof input.amount !== 'bigint' || input.amount === 0n) {
    throw fieldError('amount', 'An adjustment must not be zero');
  }
  const house = await ledger.account(
    {
      merchantCode: input.merchantCode,
      currency: input.currency,
      ownerId: null,
      kind: accountKinds.house,
      subKind: 'adjustments',
      allowNegative: true,
    },
    tx,
  );
  const member = await ledger.account(
    {
      merchantCode: input.merchantCode,
      currency: input.currency,
      ownerId: input.player,
      kind: input.wallet === 'bonus' ? accountKinds.memberBonus : accountKinds.memberCash,
    },
    tx,
  );
  const credit = input.amount > 0n;
  return move(ledger, tx, {
    merchantCode: input.merchantCode,
    from: credit ? house : member,
    to: credit ? member : house,
    amount: credit ? input.amount : -input.amount,
    type: 'manual_adjustment',
    key: input.key,
    actor: input.actor,
    reference: input.reference ?? null,
    memo: input.reason,
    metadata: { wallet: input.wallet },
  });
}
