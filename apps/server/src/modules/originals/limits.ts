import { and, eq } from 'drizzle-orm';
import type { MerchantInfo } from '@taya/contracts';
import type { DbOrTx } from '../../platform/db';
import { originalLimits } from './schema';

export interface Limits {
  minBet: bigint;
  maxBet: bigint;
  maxProfit: bigint;
  rtpBps: number;
}

/**
 * An original's limits for a merchant, in its currency's minor units: its row, or the defaults
 * (1 to 10,000 units a bet, 100,000 units of profit, 99 %).
 */
export async function limitsOf(db: DbOrTx, merchant: MerchantInfo, game: string): Promise<Limits> {
  const [row] = await db
    .select()
    .from(originalLimits)
    .where(
      and(eq(originalLimits.merchantCode, merchant.merchantCode), eq(originalLimits.game, game)),
    );
  if (row)
    return { minBet: row.minBet, maxBet: row.maxBet, maxProfit: row.maxProfit, rtpBps: row.rtpBps };
  const unit = 10n ** BigInt(merchant.currencyScale);
  return { minBet: unit, maxBet: 10_000n * unit, maxProfit: 100_000n * unit, rtpBps: 9900 };
}
