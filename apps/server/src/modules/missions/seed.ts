import { randomUUID } from 'node:crypto';
import type { Seed } from '../../platform/seed';
import { demoMinor, merchantCodes } from '../system';
import { missions } from './schema';

/**
 * Demo missions for development and tests (a merchant writes its own): bet on slots today, spin
 * ten times today and deposit this week, for each merchant.
 */
export const missionsDemoSeed: Seed = {
  name: 'missions/demo@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      const common = { merchantCode, enabled: true, createdBy: 'seed' };
      const amount = (whole: number) => (merchantCode === merchantCodes.mm ? whole * 40 : whole);
      await tx.insert(missions).values([
        {
          ...common,
          id: randomUUID(),
          period: 'daily',
          task: 'bet_amount',
          gameTypes: ['RNG'],
          target: demoMinor(100, merchantCode),
          reward: demoMinor(5, merchantCode),
          turnoverMultipleTenths: 30,
          budget: demoMinor(100_000, merchantCode),
          sort: 0,
          title: {
            en: `Bet ${amount(100)} on slots today`,
            ty: `Tumaya ng ${amount(100)} sa slots ngayong araw`,
            my: `ယနေ့ စလော့တွင် ${amount(100)} လောင်းပါ`,
          },
          description: {
            en: 'Reach the valid slot bet before midnight and claim a bonus, wagered 3 times before withdrawal.',
            ty: 'Abutin ang valid na taya sa slots bago maghatinggabi at kunin ang bonus, kailangang itaya nang 3 beses bago mag-withdraw.',
            my: 'သန်းခေါင်မတိုင်မီ စလော့ အကျုံးဝင်လောင်းကြေး ပြည့်မီပြီး ဘောနပ်စ် ရယူပါ၊ ငွေထုတ်ခြင်းမပြုမီ 3 ကြိမ် လောင်းရမည်။',
          },
        },
        {
          ...common,
          id: randomUUID(),
          period: 'daily',
          task: 'bet_count',
          gameTypes: ['RNG'],
          target: 10n,
          reward: demoMinor(2, merchantCode),
          turnoverMultipleTenths: 10,
          budget: demoMinor(50_000, merchantCode),
          sort: 1,
          title: {
            en: '10 spins today',
            ty: '10 spin ngayong araw',
            my: 'ယနေ့ 10 ကြိမ် လှည့်ပါ',
          },
          description: {
            en: 'Spin any slot 10 times today and claim a small bonus, wagered once before withdrawal.',
            ty: 'Mag-spin ng kahit anong slot nang 10 beses ngayong araw at kunin ang maliit na bonus, kailangang itaya nang isang beses bago mag-withdraw.',
            my: 'ယနေ့ မည်သည့်စလော့ကိုမဆို 10 ကြိမ် လှည့်ပြီး ဘောနပ်စ်အနည်းငယ် ရယူပါ၊ ငွေထုတ်ခြင်းမပြုမီ 1 ကြိမ် လောင်းရမည်။',
          },
        },
        {
          ...common,
          id: randomUUID(),
          period: 'weekly',
          task: 'deposit_amount',
          gameTypes: [],
          target: demoMinor(500, merchantCode),
          reward: demoMinor(25, merchantCode),
          turnoverMultipleTenths: 30,
          budget: demoMinor(200_000, merchantCode),
          sort: 2,
          title: {
            en: `Deposit ${amount(500)} this week`,
            ty: `Mag-deposito ng ${amount(500)} ngayong linggo`,
            my: `ဤအပတ်တွင် ${amount(500)} ငွေသွင်းပါ`,
          },
          description: {
            en: 'Deposits credited from Monday to Sunday count; claim a bonus, wagered 3 times before withdrawal.',
            ty: 'Binibilang ang mga depositong na-credit mula Lunes hanggang Linggo; kunin ang bonus, kailangang itaya nang 3 beses bago mag-withdraw.',
            my: 'တနင်္လာမှ တနင်္ဂနွေအထိ ဝင်ရောက်သော ငွေသွင်းမှုများကို ရေတွက်သည်၊ ဘောနပ်စ် ရယူပါ၊ ငွေထုတ်ခြင်းမပြုမီ 3 ကြိမ် လောင်းရမည်။',
          },
        },
      ]);
    }
  },
};
