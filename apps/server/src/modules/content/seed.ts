import { randomUUID } from 'node:crypto';
import type { Seed } from '../../platform/seed';
import { merchantCodes } from '../system';
import { announcements, notices } from './schema';

/**
 * Demo content for development and tests (never production: a merchant writes its own): a
 * welcome notice in the marquee and the home page's three banners, linking to real places.
 */
export const contentDemoSeed: Seed = {
  name: 'content/demo@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx.insert(notices).values([
        {
          id: randomUUID(),
          merchantCode,
          title: {
            en: 'Welcome to Taya',
            ty: 'Maligayang pagdating sa Taya',
            my: 'Taya မှ ကြိုဆိုပါသည်',
          },
          content: {
            en: 'Play Taya Fortune and watch the Grand Jackpot grow with every bet.',
            ty: 'Laruin ang Taya Fortune at panoorin ang paglaki ng Grand Jackpot sa bawat taya.',
            my: 'Taya Fortune ကို ကစားပြီး လောင်းကြေးတိုင်းနှင့် Grand Jackpot ကြီးထွားလာသည်ကို ကြည့်ပါ။',
          },
          marquee: true,
          sort: 0,
          createdBy: 'seed',
        },
        {
          id: randomUUID(),
          merchantCode,
          title: { en: 'Responsible gaming', ty: 'Responsableng paglalaro', my: 'တာဝန်သိ ကစားခြင်း' },
          content: {
            en: 'Players must be 18 or older. Set your limits and play for fun.',
            ty: 'Dapat 18 taong gulang pataas ang mga manlalaro. Magtakda ng limitasyon at maglaro nang masaya.',
            my: 'ကစားသူများသည် အသက် ၁၈ နှစ်နှင့်အထက် ဖြစ်ရမည်။ ကန့်သတ်ချက်များ သတ်မှတ်ပြီး ပျော်ရွှင်စွာ ကစားပါ။',
          },
          marquee: true,
          sort: 1,
          createdBy: 'seed',
        },
      ]);
      const banner = (
        sort: number,
        image: string,
        title: Record<string, string>,
        linkageType: 'URL' | 'GAME',
        url: string,
      ) => ({
        id: randomUUID(),
        merchantCode,
        type: 'B' as const,
        platform: null,
        groupName: 'w_home',
        title,
        content: title,
        linkageType,
        url,
        images: [image],
        sort,
        createdBy: 'seed',
      });
      for (const execution of ['B', 'A'] as const) {
        await tx.insert(announcements).values([
          {
            ...banner(
              0,
              '/banners/taya-fortune.svg',
              { en: 'Taya Fortune', ty: 'Taya Fortune', my: 'တာယာ ကံကောင်းခြင်း' },
              'GAME',
              `${merchantCode}-TAYA-FORTUNE`,
            ),
            execution,
          },
          {
            ...banner(
              1,
              '/banners/jackpot.svg',
              { en: 'Grand Jackpot', ty: 'Grand Jackpot', my: 'ဂရန်း ဂျက်ပေါ့' },
              'URL',
              '/rng?vassalage=TAYA',
            ),
            execution,
          },
          {
            ...banner(
              2,
              '/banners/agents.svg',
              {
                en: 'Become a Taya agent',
                ty: 'Maging ahente ng Taya',
                my: 'Taya ကိုယ်စားလှယ် ဖြစ်လာပါ',
              },
              'URL',
              '/agent',
            ),
            execution,
          },
        ]);
      }
    }
  },
};
