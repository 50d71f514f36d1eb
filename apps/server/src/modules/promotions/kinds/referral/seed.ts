import { randomUUID } from 'node:crypto';
import type { Seed } from '../../../../platform/seed';
import { demoMinor, merchantCodes } from '../../../system';
import { promotions } from '../../schema';
import { demoPromotion } from '../../seed';

/**
 * A demo refer-and-earn promotion for each merchant: 100 for each invited friend who deposits
 * 200 and bets 1,000 in total (kyat: 40 times), up to 20 friends, wagered 3 times.
 */
export const referralDemoSeed: Seed = {
  name: 'referral/demo@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx.insert(promotions).values({
        ...demoPromotion(merchantCode),
        id: randomUUID(),
        kind: 'referral',
        category: 'referral',
        sort: 4,
        title: {
          en: 'Invite friends, earn 100',
          ty: 'Mag-imbita ng kaibigan, kumita ng 100',
          my: 'သူငယ်ချင်းများကို ဖိတ်ပြီး 100 ရယူပါ',
        },
        content: {
          en: 'Share your invite link. For every friend who registers with it, deposits 200 and bets 1,000 in total, you receive 100 in bonus, up to 20 friends; wagered 3 times before withdrawal.',
          ty: 'Ibahagi ang iyong invite link. Sa bawat kaibigang magrehistro gamit ito, magdeposito ng 200 at tumaya ng 1,000 sa kabuuan, makakatanggap ka ng 100 na bonus, hanggang 20 kaibigan; itaya nang 3 beses bago mag-withdraw.',
          my: 'သင့်ဖိတ်ခေါ်လင့်ခ်ကို မျှဝေပါ။ ၎င်းဖြင့် စာရင်းသွင်းပြီး စုစုပေါင်း 200 ငွေသွင်းကာ 1,000 လောင်းသော သူငယ်ချင်းတစ်ဦးစီအတွက် ဘောနပ်စ် 100 ရရှိမည်၊ သူငယ်ချင်း 20 ဦးအထိ၊ ငွေမထုတ်မီ 3 ကြိမ် လောင်းရမည်။',
        },
        budget: demoMinor(100_000, merchantCode),
        perMemberLimit: 20,
        rules: {
          kind: 'referral',
          rewardMinor: demoMinor(100, merchantCode).toString(),
          minDepositMinor: demoMinor(200, merchantCode).toString(),
          minValidBetMinor: demoMinor(1_000, merchantCode).toString(),
          maxFriends: 20,
          turnoverMultipleTenths: 30,
        },
      });
    }
  },
};
