import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system';
import { originalLimits } from './schema';

/**
 * The originals' limits for the two markets, in their currencies' minor units (kyat amounts 40
 * times the peso ones), at 99 %: bets of 1 to 10,000, at most 100,000 won above a stake.
 */
export const originalsLimitsSeed: Seed = {
  name: 'originals/limits@1',
  async run(tx) {
    for (const [merchantCode, scale] of [
      [merchantCodes.ph, 1n],
      [merchantCodes.mm, 40n],
    ] as const) {
      for (const game of ['dice', 'limbo']) {
        await tx.insert(originalLimits).values({
          merchantCode,
          game,
          minBet: 1_00n * scale,
          maxBet: 10_000_00n * scale,
          maxProfit: 100_000_00n * scale,
          rtpBps: 9900,
        });
      }
    }
  },
};
