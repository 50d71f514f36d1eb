import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system';
import { vipLevels } from './schema';

const SEED_ACTOR = 'seed';

const myanmarDigits = ['၀', '၁', '၂', '၃', '၄', '၅'];

/**
 * Per rank: valid bet and deposit thresholds, daily withdrawal count and amount, and upgrade bonus
 * in whole currency units (×100 for minor units); rebate rates in basis points.
 */
const ladders = {
  [merchantCodes.ph]: [
    [0, 0, 3, 50_000, 0],
    [10_000, 2_000, 5, 100_000, 100],
    [50_000, 10_000, 8, 200_000, 500],
    [200_000, 50_000, 10, 500_000, 2_000],
    [1_000_000, 200_000, 15, 1_000_000, 10_000],
    [5_000_000, 1_000_000, null, null, 50_000],
  ],
  [merchantCodes.mm]: [
    [0, 0, 3, 2_500_000, 0],
    [500_000, 100_000, 5, 5_000_000, 5_000],
    [2_500_000, 500_000, 8, 10_000_000, 25_000],
    [10_000_000, 2_500_000, 10, 25_000_000, 100_000],
    [50_000_000, 10_000_000, 15, 50_000_000, 500_000],
    [250_000_000, 50_000_000, null, null, 2_500_000],
  ],
} as const;

/** Rebate by rank: the default rate, and slots, live casino and sports at their own rates. */
const rebates = [
  [30, { RNG: 40, LIVE: 20, SPORTS: 25 }],
  [40, { RNG: 50, LIVE: 30, SPORTS: 35 }],
  [50, { RNG: 60, LIVE: 40, SPORTS: 45 }],
  [60, { RNG: 80, LIVE: 50, SPORTS: 55 }],
  [80, { RNG: 100, LIVE: 60, SPORTS: 70 }],
  [100, { RNG: 120, LIVE: 80, SPORTS: 90 }],
] as const;

/** Six demo VIP ranks (0–5) for each market, in its own currency's magnitudes. */
export const vipDemoSeed: Seed = {
  name: 'vip/demo-levels@1',
  async run(tx) {
    for (const [merchantCode, ladder] of Object.entries(ladders)) {
      await tx.insert(vipLevels).values(
        ladder.map(([validBet, deposits, count, amount, bonus], rank) => ({
          merchantCode,
          rankLevel: rank,
          label: { en: `VIP ${rank}`, ty: `VIP ${rank}`, my: `VIP ${myanmarDigits[rank]}` },
          validBetThreshold: BigInt(validBet) * 100n,
          depositThreshold: BigInt(deposits) * 100n,
          rebateRateBps: rebates[rank]![0],
          rebateRatesBps: { ...rebates[rank]![1] },
          dailyWithdrawCount: count,
          dailyWithdrawAmount: amount === null ? null : BigInt(amount) * 100n,
          upgradeBonus: BigInt(bonus) * 100n,
          updatedBy: SEED_ACTOR,
        })),
      );
    }
  },
};
