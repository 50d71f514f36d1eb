import type { Seed } from '../../platform/seed';
import { merchantCodes, seedSiteResource } from '../system';
import { chatModels } from './schema';

const topics: { id: string; name: Record<string, string> }[] = [
  { id: 'deposit', name: { en: 'Deposit', ty: 'Deposito', my: 'ငွေသွင်းခြင်း' } },
  { id: 'withdrawal', name: { en: 'Withdrawal', ty: 'Pag-withdraw', my: 'ငွေထုတ်ခြင်း' } },
  { id: 'account', name: { en: 'My account', ty: 'Aking account', my: 'ကျွန်ုပ်၏ အကောင့်' } },
  { id: 'games', name: { en: 'Games', ty: 'Mga laro', my: 'ဂိမ်းများ' } },
  { id: 'other', name: { en: 'Something else', ty: 'Iba pa', my: 'အခြားကိစ္စ' } },
];

/**
 * Live chat for the demo merchants (production merchants configure their own): the chat
 * resource that shows the site's chat button, and the chat topics.
 */
export const supportDemoSeed: Seed = {
  name: 'support/demo-live-chat@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await seedSiteResource(tx, {
        merchantCode,
        resourceType: 'LIVECHAT',
        labelNameEn: 'Live chat',
        url: '/chat',
        sort: 30,
      });
      await tx
        .insert(chatModels)
        .values(topics.map((t, sort) => ({ merchantCode, id: t.id, name: t.name, sort })))
        .onConflictDoNothing();
    }
  },
};
