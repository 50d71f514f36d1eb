import { randomUUID } from 'node:crypto';
import type { Seed } from '../../platform/seed';
import { demoMinor, merchantCodes } from '../system';
import { promotions } from './schema';

/** A demo amount in minor units as text, the way the stored rules hold amounts. */
const minor = (whole: number, merchantCode: Parameters<typeof demoMinor>[1]) =>
  demoMinor(whole, merchantCode).toString();

/** What the demo promotions of a merchant share: running since 2026, for everyone, enabled. */
export const demoPromotion = (merchantCode: string) => ({
  merchantCode,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: null,
  audience: { vipLevels: null, newMembersOnly: false },
  enabled: true,
  createdBy: 'seed',
});

/**
 * Demo promotions for development and tests (a merchant writes its own): a first-deposit bonus,
 * a reload bonus and a daily slot rebate for each merchant.
 */
export const promotionsDemoSeed: Seed = {
  name: 'promotions/demo@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      const common = demoPromotion(merchantCode);
      await tx.insert(promotions).values([
        {
          ...common,
          id: randomUUID(),
          kind: 'deposit_first',
          category: 'deposit',
          sort: 0,
          title: {
            en: 'First deposit bonus 100%',
            ty: '100% bonus sa unang deposito',
            my: 'ပထမဆုံး ငွေသွင်းဘောနပ်စ် 100%',
          },
          content: {
            en: 'Double your first deposit: a 100% bonus up to the cap, wagered 5 times before withdrawal.',
            ty: 'Doblehin ang iyong unang deposito: 100% bonus hanggang sa limitasyon, kailangang itaya nang 5 beses bago mag-withdraw.',
            my: 'ပထမဆုံး ငွေသွင်းမှုကို နှစ်ဆတိုးပါ- ကန့်သတ်ချက်အထိ 100% ဘောနပ်စ်၊ ငွေထုတ်ခြင်းမပြုမီ 5 ကြိမ် လောင်းရမည်။',
          },
          budget: BigInt(minor(1_000_000, merchantCode)),
          perMemberLimit: 1,
          rules: {
            kind: 'deposit_first',
            percentBps: 10_000,
            capMinor: minor(1_000, merchantCode),
            minDepositMinor: minor(100, merchantCode),
            turnoverMultipleTenths: 50,
          },
        },
        {
          ...common,
          id: randomUUID(),
          kind: 'deposit_reload',
          category: 'deposit',
          sort: 1,
          title: {
            en: 'Reload bonus 10%',
            ty: '10% reload bonus',
            my: 'ထပ်မံငွေသွင်း ဘောနပ်စ် 10%',
          },
          content: {
            en: 'Every further deposit earns a 10% bonus up to the cap, wagered 3 times before withdrawal.',
            ty: 'Bawat susunod na deposito ay may 10% bonus hanggang sa limitasyon, kailangang itaya nang 3 beses bago mag-withdraw.',
            my: 'နောက်ထပ် ငွေသွင်းမှုတိုင်းတွင် ကန့်သတ်ချက်အထိ 10% ဘောနပ်စ် ရရှိပြီး ငွေထုတ်ခြင်းမပြုမီ 3 ကြိမ် လောင်းရမည်။',
          },
          budget: BigInt(minor(500_000, merchantCode)),
          perMemberLimit: 30,
          rules: {
            kind: 'deposit_reload',
            percentBps: 1_000,
            capMinor: minor(500, merchantCode),
            minDepositMinor: minor(200, merchantCode),
            turnoverMultipleTenths: 30,
          },
        },
        {
          ...common,
          id: randomUUID(),
          kind: 'rebate',
          category: 'rebate',
          sort: 2,
          title: {
            en: 'Daily slot rebate 0.5%',
            ty: 'Araw-araw na slot rebate 0.5%',
            my: 'နေ့စဉ် စလော့ ပြန်အမ်းငွေ 0.5%',
          },
          content: {
            en: "0.5% of yesterday's valid slot bets comes back to your bonus balance every day.",
            ty: '0.5% ng iyong valid na taya sa slot kahapon ay ibinabalik sa iyong bonus balance araw-araw.',
            my: 'မနေ့က စလော့ အကျုံးဝင်လောင်းကြေး၏ 0.5% ကို နေ့စဉ် သင့်ဘောနပ်စ်လက်ကျန်သို့ ပြန်ပေးသည်။',
          },
          budget: null,
          perMemberLimit: 1,
          rules: {
            kind: 'rebate',
            ratesBps: { RNG: 50 },
            minPayoutMinor: minor(1, merchantCode),
            wallet: 'bonus',
            turnoverMultipleTenths: 10,
          },
        },
      ]);
    }
  },
};
