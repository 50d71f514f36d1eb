import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system';
import { jackpotPools } from './schema';

/**
 * Each market's first progressive pool, fed by the in-house vendor's games: 1 % of every stake,
 * a bet of 1.00 hits it with probability 1 in 10 million (odds 10^9 minor units). The house puts
 * the seed in when the platform starts (`JackpotService.seedPools`) and after every hit.
 */
export const jackpotBaseSeed: Seed = {
  name: 'jackpot/taya-grand@1',
  async run(tx) {
    await tx.insert(jackpotPools).values([
      {
        id: `${merchantCodes.ph}-TAYA-GRAND`,
        merchantCode: merchantCodes.ph,
        currency: 'TLB',
        names: { en: 'Taya Grand Jackpot', ty: 'Taya Grand Jackpot', my: 'Taya ဂရန်း ဂျက်ပေါ့' },
        vendorCodes: ['TAYA'],
        contributionBps: 100,
        seed: 50_000_00n,
        hitOdds: 1_000_000_000n,
      },
      {
        id: `${merchantCodes.mm}-TAYA-GRAND`,
        merchantCode: merchantCodes.mm,
        currency: 'MMK',
        names: { en: 'Taya Grand Jackpot', ty: 'Taya Grand Jackpot', my: 'Taya ဂရန်း ဂျက်ပေါ့' },
        vendorCodes: ['TAYA'],
        contributionBps: 100,
        seed: 1_000_000_00n,
        hitOdds: 1_000_000_000n,
      },
    ]);
  },
};
