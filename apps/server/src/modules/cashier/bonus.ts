import { randomUUID } from 'node:crypto';
import type { MerchantInfo } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import type { WalletService } from '../wallet';
import { turnoverRequirements } from './schema';

/**
 * After a reward has been paid, what holds it: a reward in the bonus balance stays there until
 * its wagering (`required`) is done and then moves into cash (see `CashierService.recordTurnover`);
 * one with nothing to wager moves into cash at once. A reward paid into cash with wagering only
 * adds the requirement, which blocks withdrawals until it is met. Runs in the caller's
 * transaction, with `sourceId` the reward's own id.
 */
export async function holdReward(
  tx: DbOrTx,
  wallet: WalletService,
  reward: {
    merchant: Pick<MerchantInfo, 'merchantCode' | 'currency'>;
    accountId: string;
    sourceId: string;
    amount: bigint;
    required: bigint;
    paidInto: 'bonus' | 'main';
  },
): Promise<void> {
  const inBonus = reward.paidInto === 'bonus';
  if (reward.required > 0n) {
    await tx.insert(turnoverRequirements).values({
      id: randomUUID(),
      accountId: reward.accountId,
      source: 'bonus',
      sourceId: reward.sourceId,
      required: reward.required,
      releaseAmount: inBonus ? reward.amount : null,
    });
    return;
  }
  if (inBonus && reward.amount > 0n) {
    await wallet.releaseBonus(tx, {
      merchant: reward.merchant,
      accountId: reward.accountId,
      amount: reward.amount,
      key: `bonus-release:${reward.sourceId}`,
      reference: reward.sourceId,
    });
  }
}
