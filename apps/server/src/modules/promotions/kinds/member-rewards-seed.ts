import { randomUUID } from 'node:crypto';
import type { Seed } from '../../../platform/seed';
import { demoMinor, merchantCodes } from '../../system';
import { promotions } from '../schema';
import { demoPromotion } from '../seed';

/** A demo amount in minor units as text, the way the stored rules hold amounts. */
const minor = (whole: number, merchantCode: Parameters<typeof demoMinor>[1]) =>
  demoMinor(whole, merchantCode).toString();

/** The VIP upgrade bonus per rank, matching the demo VIP ladder's upgrade bonus. */
const upgradeBonus = { 1: 100, 2: 500, 3: 2_000, 4: 10_000, 5: 50_000 } as const;

/**
 * Demo promotions of the kinds a member claims on its own facts, for each merchant: a new-member
 * bonus, a birthday bonus, a VIP upgrade bonus, an application promotion and a daily lucky draw.
 */
export const promotionsMemberRewardsDemoSeed: Seed = {
  name: 'promotions/demo-member-rewards@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      const m = (whole: number) => minor(whole, merchantCode);
      const common = demoPromotion(merchantCode);
      await tx.insert(promotions).values([
        {
          ...common,
          id: randomUUID(),
          kind: 'new_member',
          category: 'welcome',
          sort: 10,
          title: {
            en: 'Welcome bonus for new members',
            ty: 'Welcome bonus para sa mga bagong miyembro',
            my: 'အသင်းဝင်သစ်များအတွက် ကြိုဆိုဘောနပ်စ်',
          },
          content: {
            en: 'Joined in the last 7 days? Claim a free welcome bonus, wagered 3 times before withdrawal.',
            ty: 'Sumali sa nakaraang 7 araw? Kunin ang libreng welcome bonus, kailangang itaya nang 3 beses bago mag-withdraw.',
            my: 'လွန်ခဲ့သော ၇ ရက်အတွင်း အသင်းဝင်ခဲ့ပါသလား။ အခမဲ့ ကြိုဆိုဘောနပ်စ်ကို ရယူပါ၊ ငွေထုတ်ခြင်းမပြုမီ 3 ကြိမ် လောင်းရမည်။',
          },
          budget: BigInt(m(200_000)),
          perMemberLimit: 1,
          rules: {
            kind: 'new_member',
            amountMinor: m(20),
            withinDays: 7,
            turnoverMultipleTenths: 30,
          },
        },
        {
          ...common,
          id: randomUUID(),
          kind: 'birthday',
          category: 'vip',
          sort: 11,
          title: {
            en: 'Birthday bonus',
            ty: 'Birthday bonus',
            my: 'မွေးနေ့ ဘောနပ်စ်',
          },
          content: {
            en: 'Happy birthday! Claim your gift once a year during your birthday month; higher VIP ranks receive more.',
            ty: 'Maligayang kaarawan! Kunin ang iyong regalo minsan sa isang taon sa buwan ng iyong kaarawan; mas malaki para sa mas mataas na VIP.',
            my: 'မွေးနေ့ မင်္ဂလာပါ။ သင့်မွေးလအတွင်း တစ်နှစ်တစ်ကြိမ် လက်ဆောင်ကို ရယူပါ။ VIP အဆင့်မြင့်လေ ပိုရလေ ဖြစ်သည်။',
          },
          budget: BigInt(m(500_000)),
          perMemberLimit: 100,
          rules: {
            kind: 'birthday',
            amountMinor: m(50),
            amountsByVipLevelMinor: {
              '1': m(100),
              '2': m(200),
              '3': m(500),
              '4': m(1_000),
              '5': m(2_000),
            },
            turnoverMultipleTenths: 10,
          },
        },
        {
          ...common,
          id: randomUUID(),
          kind: 'vip_upgrade',
          category: 'vip',
          sort: 12,
          title: {
            en: 'VIP upgrade bonus',
            ty: 'VIP upgrade bonus',
            my: 'VIP အဆင့်တက် ဘောနပ်စ်',
          },
          content: {
            en: 'Every VIP rank you reach pays a bonus once: claim it here after each upgrade.',
            ty: 'Bawat VIP rank na maabot mo ay may bonus nang isang beses: kunin ito dito pagkatapos ng bawat pag-upgrade.',
            my: 'သင်ရောက်ရှိသော VIP အဆင့်တိုင်းအတွက် ဘောနပ်စ်တစ်ကြိမ် ရရှိသည်- အဆင့်တက်ပြီးတိုင်း ဤနေရာတွင် ရယူပါ။',
          },
          budget: null,
          perMemberLimit: 5,
          rules: {
            kind: 'vip_upgrade',
            amountsByRankMinor: Object.fromEntries(
              Object.entries(upgradeBonus).map(([rank, whole]) => [rank, m(whole)]),
            ),
            turnoverMultipleTenths: 10,
          },
        },
        {
          ...common,
          id: randomUUID(),
          kind: 'application',
          category: 'events',
          sort: 13,
          title: {
            en: 'Share your big win',
            ty: 'Ibahagi ang iyong malaking panalo',
            my: 'သင့်အနိုင်ကြီးကို မျှဝေပါ',
          },
          content: {
            en: 'Won big? Apply with a short note and up to 3 screenshots; once approved, a bonus is paid to your bonus balance.',
            ty: 'Nanalo nang malaki? Mag-apply gamit ang maikling tala at hanggang 3 screenshot; kapag naaprubahan, may bonus sa iyong bonus balance.',
            my: 'အနိုင်ကြီးရခဲ့ပါသလား။ မှတ်ချက်တိုနှင့် ဖန်သားပြင်ဓာတ်ပုံ 3 ပုံအထိဖြင့် လျှောက်ထားပါ။ အတည်ပြုပြီးပါက သင့်ဘောနပ်စ်လက်ကျန်သို့ ဘောနပ်စ် ပေးပါမည်။',
          },
          budget: BigInt(m(100_000)),
          perMemberLimit: 3,
          rules: {
            kind: 'application',
            amountMinor: m(88),
            maxAmountMinor: m(888),
            turnoverMultipleTenths: 10,
          },
        },
        {
          ...common,
          id: randomUUID(),
          kind: 'raffle',
          category: 'events',
          sort: 14,
          title: {
            en: 'Daily lucky draw',
            ty: 'Araw-araw na lucky draw',
            my: 'နေ့စဉ် ကံစမ်းမဲ',
          },
          content: {
            en: 'One free draw every day: win up to 888 in bonus, wagered once before withdrawal.',
            ty: 'Isang libreng draw araw-araw: manalo ng hanggang 888 na bonus, kailangang itaya nang isang beses bago mag-withdraw.',
            my: 'နေ့စဉ် အခမဲ့ မဲတစ်ကြိမ်- ဘောနပ်စ် 888 အထိ အနိုင်ရယူပါ၊ ငွေထုတ်ခြင်းမပြုမီ တစ်ကြိမ် လောင်းရမည်။',
          },
          budget: BigInt(m(300_000)),
          perMemberLimit: 1,
          rules: {
            kind: 'raffle',
            prizes: [
              { amountMinor: '0', weight: 50 },
              { amountMinor: m(5), weight: 30 },
              { amountMinor: m(20), weight: 15 },
              { amountMinor: m(88), weight: 4 },
              { amountMinor: m(888), weight: 1 },
            ],
            turnoverMultipleTenths: 10,
          },
        },
      ]);
    }
  },
};
