import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system';
import { seedCatalog, seedHouseArt } from '../games';
import { lotteryVendorCode } from './model';

/** The shipped lottery games as catalog entries: the game type is the lobby they show in. */
const lotteryCatalog = [
  { code: 'ELOTT_1M', type: 'ELOTT', en: 'Fast Lottery 1 Minute', my: 'အမြန်ထီ ၁ မိနစ်' },
  { code: 'ELOTT_3M', type: 'ELOTT', en: 'Fast Lottery 3 Minutes', my: 'အမြန်ထီ ၃ မိနစ်' },
  { code: 'ELOTT_5M', type: 'ELOTT', en: 'Fast Lottery 5 Minutes', my: 'အမြန်ထီ ၅ မိနစ်' },
  { code: 'VN_NORTH', type: 'LOTT', en: 'Vietnam North Lottery', my: 'ဗီယက်နမ် မြောက်ပိုင်း ထီ' },
  { code: 'VN_CENTRAL', type: 'LOTT', en: 'Vietnam Central Lottery', my: 'ဗီယက်နမ် အလယ်ပိုင်း ထီ' },
  { code: 'VN_SOUTH', type: 'LOTT', en: 'Vietnam South Lottery', my: 'ဗီယက်နမ် တောင်ပိုင်း ထီ' },
  { code: 'SEA_4D', type: 'LOTT', en: '4D Lottery', my: '4D ထီ' },
  { code: 'THAI', type: 'LOTT', en: 'Thai Lottery', my: 'ထိုင်းထီ' },
] as const;

/**
 * The in-house lottery (vendor LOTT) for the demo markets: the fast e-lottery games in the ELOTT
 * lobby (which makes the brand's prize mode elott) and the Vietnamese, 4D and Thai draws in LOTT.
 */
export const lotteryDemoSeed: Seed = {
  name: 'lottery/demo-games@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await seedCatalog(
        tx,
        {
          merchantCode,
          code: lotteryVendorCode,
          gameType: 'LOTT',
          displayName: 'Taya Lottery',
          walletMode: 'seamless',
          sort: 10,
        },
        lotteryCatalog.map((g, i) => ({
          id: `${merchantCode}-${lotteryVendorCode}-${g.code}`,
          merchantCode,
          vendorCode: lotteryVendorCode,
          gameCode: g.code,
          gameType: g.type,
          name: g.en,
          names: { en: g.en, ty: g.en, my: g.my },
          icon: null,
          isNew: g.type === 'ELOTT',
          sort: 100 + i,
        })),
      );
    }
  },
};

/** The demo lottery games' tile art: after `lotteryDemoSeed`, which adds them without an icon. */
export const lotteryDemoArtSeed: Seed = {
  name: 'lottery/demo-art@1',
  run: seedHouseArt,
};
