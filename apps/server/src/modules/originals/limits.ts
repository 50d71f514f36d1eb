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
 * (1 to 10,000 units a bet, 100,000 units of profit, 99 %) with `defaulted` set.
 */
export async function limitsRowOf(
  db: DbOrTx,
  merchant: MerchantInfo,
  game: string,
): Promise<Limits & { defaulted: boolean }> {
  const [row] = await db
    .select()
    .from(originalLimits)
    .where(
      and(eq(originalLimits.merchantCode, merchant.merchantCode), eq(originalLimits.game, game)),
    );
  if (row)
    return {
      minBet: row.minBet,
      maxBet: row.maxBet,
      maxProfit: row.maxProfit,
      rtpBps: row.rtpBps,
      defaulted: false,
    };
  const unit = 10n ** BigInt(merchant.currencyScale);
  return {
    minBet: unit,
    maxBet: 10_000n * unit,
    maxProfit: 100_000n * unit,
    rtpBps: 9900,
    defaulted: true,
  };
}

/** An original's limits for a merchant (its row or the defaults). */
export async function limitsOf(db: DbOrTx, merchant: MerchantInfo, game: string): Promise<Limits> {
  const { minBet, maxBet, maxProfit, rtpBps } = await limitsRowOf(db, merchant, game);
  return { minBet, maxBet, maxProfit, rtpBps };
}

/** Writes an original's limits for a merchant (its row made on the first change). */
export async function saveLimits(
  db: DbOrTx,
  merchantCode: string,
  game: string,
  limits: Limits,
): Promise<void> {
  await db
    .insert(originalLimits)
    .values({ merchantCode, game, ...limits })
    .onConflictDoUpdate({
      target: [originalLimits.merchantCode, originalLimits.game],
      set: { ...limits, updatedAt: new Date() },
    });
}
