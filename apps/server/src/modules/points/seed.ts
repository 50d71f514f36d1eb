import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system';
import { pointsConfigs, pointsRatios, pointsRewards } from './schema';

/**
 * Demo points mall of both markets: earning ratios per game type (for example 1 point for every
 * 100.00 of valid bet on slots), the conversion rate, and a few rewards to redeem.
 */
export const pointsDemoSeed: Seed = {
  name: 'points/demo-mall@1',
  async run(tx) {
    const markets = [
      { merchantCode: merchantCodes.ph, unit: 100_00n, cash: 1_00n, voucher: 100_00n },
      { merchantCode: merchantCodes.mm, unit: 1_000_00n, cash: 10_00n, voucher: 1_000_00n },
    ];
    for (const m of markets) {
      await tx.insert(pointsRatios).values([
        { merchantCode: m.merchantCode, gameType: 'RNG', points: 1, validBetUnit: m.unit },
        { merchantCode: m.merchantCode, gameType: 'FISH', points: 1, validBetUnit: m.unit },
        { merchantCode: m.merchantCode, gameType: 'LIVE', points: 1, validBetUnit: m.unit * 2n },
        { merchantCode: m.merchantCode, gameType: 'SPORTS', points: 1, validBetUnit: m.unit * 2n },
        { merchantCode: m.merchantCode, gameType: 'LOTT', points: 1, validBetUnit: m.unit * 5n },
      ]);
      await tx.insert(pointsConfigs).values({
        merchantCode: m.merchantCode,
        exchangePoints: 100,
        exchangeCash: m.cash,
        minConvert: 100,
      });
      await tx.insert(pointsRewards).values([
        {
          id: `${m.merchantCode}-POINTS-VOUCHER`,
          merchantCode: m.merchantCode,
          names: {
            en: 'Cash voucher',
            ty: 'Cash voucher',
            my: 'ငွေသား ဘောက်ချာ',
          },
          kind: 'cash',
          requiredPoints: 1_000n,
          cashAmount: m.voucher,
          stock: 500,
          sort: 1,
        },
        {
          id: `${m.merchantCode}-POINTS-TSHIRT`,
          merchantCode: m.merchantCode,
          names: { en: 'Taya T-shirt', ty: 'T-shirt ng Taya', my: 'Taya တီရှပ်' },
          kind: 'item',
          requiredPoints: 2_500n,
          stock: 50,
          sort: 2,
        },
        {
          id: `${m.merchantCode}-POINTS-EARBUDS`,
          merchantCode: m.merchantCode,
          names: {
            en: 'Wireless earbuds',
            ty: 'Wireless na earbuds',
            my: 'ကြိုးမဲ့ နားကြပ်',
          },
          kind: 'item',
          requiredPoints: 12_000n,
          stock: 10,
          sort: 3,
        },
        {
          id: `${m.merchantCode}-POINTS-PHONE`,
          merchantCode: m.merchantCode,
          names: { en: 'Smartphone', ty: 'Smartphone', my: 'စမတ်ဖုန်း' },
          kind: 'item',
          requiredPoints: 150_000n,
          stock: 2,
          sort: 4,
        },
      ]);
    }
  },
};
