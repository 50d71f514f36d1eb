import { createHash } from 'node:crypto';
import { AppError } from '../../platform/errors';
import type { vendorTransfers, vendorWallets } from './schema';

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
  /**
   * Stakes held until their outcome is known (sub-kind `shard-<n>` by player); the kinds'
   * balances always sum to the open holds.
   */
  betsInPlay: 'bets_in_play',
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

export type VendorWalletRow = typeof vendorWallets.$inferSelect;
export type VendorTransferRow = typeof vendorTransfers.$inferSelect;

export const fieldError = (path: string, message: string) =>
  new AppError('request_param_err', message, [{ path, code: 'invalid', message }]);
