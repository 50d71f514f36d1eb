import { randomUUID } from 'node:crypto';
import type { Seed } from '../../../../platform/seed';
import { demoMinor, merchantCodes } from '../../../system';
import { promotions } from '../../schema';
import { demoPromotion } from '../../seed';

/**
 * A demo red-envelope rain for each merchant: ten minutes at lunchtime and ten in the evening,
 * local time, envelopes of 1 to 88 from a pool of 20,000 (kyat: 40 times), wagered once.
 */
export const redEnvelopesDemoSeed: Seed = {
  name: 'red-envelopes/demo@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx.insert(promotions).values({
        ...demoPromotion(merchantCode),
        id: randomUUID(),
        kind: 'red_envelope',
        category: 'red_envelope',
        sort: 3,
        title: {
          en: 'Red envelope rain',
          ty: 'Ulan ng red envelope',
          my: 'အနီရောင် စာအိတ်မိုး',
        },
        content: {
          en: 'Every day from 12:00 to 12:10 and from 20:00 to 20:10, red envelopes fall: open one per window for a bonus of up to 88, wagered once before withdrawal. First come, first served.',
          ty: 'Araw-araw mula 12:00 hanggang 12:10 at mula 20:00 hanggang 20:10, bumabagsak ang mga red envelope: magbukas ng isa bawat oras para sa bonus na hanggang 88, itaya nang isang beses bago mag-withdraw. Ang mauna, siya ang makakakuha.',
          my: 'နေ့စဉ် 12:00 မှ 12:10 နှင့် 20:00 မှ 20:10 အထိ အနီရောင်စာအိတ်များ ကျလာမည်- အချိန်တစ်ခုလျှင် တစ်အိတ်ဖွင့်ပြီး အများဆုံး 88 အထိ ဘောနပ်စ် ရယူပါ၊ ငွေမထုတ်မီ တစ်ကြိမ် လောင်းရမည်။ စောစောရောက်သူ စောစောရမည်။',
        },
        budget: demoMinor(20_000, merchantCode),
        perMemberLimit: 1_000,
        rules: {
          kind: 'red_envelope',
          minAmountMinor: demoMinor(1, merchantCode).toString(),
          maxAmountMinor: demoMinor(88, merchantCode).toString(),
          windows: [
            { start: '12:00', end: '12:10' },
            { start: '20:00', end: '20:10' },
          ],
          turnoverMultipleTenths: 10,
        },
      });
    }
  },
};
