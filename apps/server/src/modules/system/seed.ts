import { registrationFields, type RegistrationField } from '@taya/contracts';
import { and, inArray, like } from 'drizzle-orm';
import type { Seed } from '../../platform/seed';
import {
  brandConfig,
  customerServiceEntries,
  domainRoutes,
  merchants,
  registerFieldRules,
  siteMaintenance,
  siteResources,
  whitelabelModules,
} from './schema';

const SEED_ACTOR = 'seed';

export const merchantCodes = { ph: 'TYPH', mm: 'TYMM' } as const;

/** Demo amounts per merchant in minor units: Myanmar kyat amounts are 40 times the peso ones. */
const demoScale = { [merchantCodes.ph]: 1n, [merchantCodes.mm]: 40n } as const;

/** A demo amount of `whole` pesos (or 40 times as many kyat) in the merchant's minor units. */
export const demoMinor = (whole: number, merchantCode: keyof typeof demoScale) =>
  BigInt(whole) * 100n * demoScale[merchantCode];

/** Whitelabel tree: groups with their flag leaves. Values are the launch defaults. */
const whitelabelTree: { modId: string; enabled: boolean; children: [string, boolean][] }[] = [
  {
    modId: 'REGISTER',
    enabled: true,
    children: [
      ['USERNAMEREG3', true],
      ['MOBILENUMREG3', true],
      ['MOBILENUMPASSREG3', true],
      ['REGMOBVERF3', true],
    ],
  },
  {
    modId: 'LOGIN',
    enabled: true,
    children: [
      ['MOBILEVERCODELOGIN3', true],
      ['FREEPLAY3', true],
      ['PWDEXPFORCECHANGE3', true],
      ['CHNGPASSVERIF3', false],
    ],
  },
  {
    modId: 'AGENT',
    enabled: true,
    children: [
      ['AGENTPOLICY3', true],
      ['AGEINFO3', true],
      ['REGCEN', true],
      ['DOWNMAN', true],
      ['TRANSBETREPMEM3', true],
      ['AGETEAMPNL3', true],
      ['AGEREV3', true],
      ['AGEDOWNTRANS3', true],
      ['DIVIDEND', true],
      ['DAYSAL', true],
      ['DAYSALMR', true],
      ['HOURSAL3', true],
    ],
  },
];

type Rule = [enabled: boolean, required: boolean, min: number, max: number, patternId: number];

/** §5 registration rules; the mobile length is the market's own. */
function registerRules(mobile: [number, number]): Record<RegistrationField, Rule> {
  return {
    username: [true, true, 6, 16, 1],
    password: [true, true, 8, 20, 5],
    payeeName: [true, false, 2, 50, 12],
    paymentPassword: [true, true, 6, 6, 6],
    qqNum: [false, false, 5, 12, 6],
    line: [false, false, 4, 30, 9],
    whatsapp: [false, false, 8, 15, 6],
    facebook: [false, false, 5, 50, 9],
    wechat: [false, false, 6, 20, 9],
    idNumber: [false, false, 6, 20, 14],
    email: [true, false, 6, 64, 3],
    mobileNum: [true, true, mobile[0], mobile[1], 6],
    affiliateCode: [true, false, 4, 16, 14],
    captcha: [true, true, 4, 4, 14],
    recommenderId: [true, false, 1, 20, 14],
  };
}

const markets = [
  {
    code: merchantCodes.ph,
    country: 'PH',
    countryName: 'Philippines',
    currency: 'TLB',
    currencySymbol: '₱',
    timeZone: 'Asia/Manila',
    defaultLanguage: 'EN',
    languages: ['TY', 'EN'],
    domainPatterns: ['taya.ph', '*.taya.ph', 'localhost', '127.0.0.1'],
    mainDomain: 'taya.ph',
    isDefault: true,
    mobile: [11, 11] as [number, number],
    sort: 0,
  },
  {
    code: merchantCodes.mm,
    country: 'MM',
    countryName: 'Myanmar',
    currency: 'MMK',
    currencySymbol: 'K',
    timeZone: 'Asia/Yangon',
    defaultLanguage: 'MY',
    languages: ['EN', 'MY'],
    domainPatterns: ['taya.com.mm', '*.taya.com.mm', 'mm.localhost'],
    mainDomain: 'taya.com.mm',
    isDefault: false,
    mobile: [9, 11] as [number, number],
    sort: 1,
  },
];

const resources: [type: string, label: string, path: string][] = [
  ['FACEBOOK_1', 'Facebook', 'https://www.facebook.com/'],
  ['TIKTOK_1', 'TikTok', 'https://www.tiktok.com/@'],
  ['YOUTUBE_1', 'YouTube', 'https://www.youtube.com/@'],
  ['Twitter_1', 'X', 'https://x.com/'],
  ['INSTAGRAM_1', 'Instagram', 'https://www.instagram.com/'],
  ['VIBER', 'Viber', 'viber://chat?number=%2B'],
  ['WHATSAPP1', 'WhatsApp', 'https://wa.me/'],
  ['TELEGRAM_2', 'Telegram', 'https://t.me/'],
];

/** The base configuration every environment runs on, production included. */
export const systemBaseSeed: Seed = {
  name: 'system/base@1',
  async run(tx) {
    await tx.insert(brandConfig).values({
      id: 'taya',
      platform: 'WEB',
      lotteryType: 'Lott',
      defaultLanguage: 'EN',
      esportsGame: 'IMES',
      cockfightGame: 'SV3',
      prizeModes: ['LOTT', 'ZY', 'ELOTT', 'SEA'],
      supportedLanguages: ['EN', 'TY'],
    });
    for (const m of markets) {
      const handle = m.country === 'PH' ? 'tayaph' : 'tayamm';
      await tx.insert(merchants).values({
        code: m.code,
        country: m.country,
        countryName: m.countryName,
        currency: m.currency,
        currencySymbol: m.currencySymbol,
        currencyScale: 2,
        timeZone: m.timeZone,
        defaultLanguage: m.defaultLanguage,
        languages: m.languages,
        domainPatterns: m.domainPatterns,
        mainDomain: m.mainDomain,
        gtagId: null,
        imageCdns: [],
        launchGameCdns: [],
        isDefault: m.isDefault,
        sort: m.sort,
      });
      let sort = 0;
      for (const group of whitelabelTree) {
        await tx.insert(whitelabelModules).values({
          merchantCode: m.code,
          modId: group.modId,
          parentModId: null,
          enabled: group.enabled,
          sort: sort++,
          updatedBy: SEED_ACTOR,
        });
        for (const [modId, enabled] of group.children) {
          await tx.insert(whitelabelModules).values({
            merchantCode: m.code,
            modId,
            parentModId: group.modId,
            enabled,
            sort: sort++,
            updatedBy: SEED_ACTOR,
          });
        }
      }
      await tx.insert(siteResources).values(
        resources.map(([resourceType, labelNameEn, base], i) => ({
          merchantCode: m.code,
          resourceType,
          labelNameEn,
          url:
            base.endsWith('%2B') || base.endsWith('wa.me/')
              ? `${base}639000000000`
              : `${base}${handle}`,
          sort: i,
        })),
      );
      await tx.insert(siteResources).values([
        {
          merchantCode: m.code,
          resourceType: 'Android',
          labelNameEn: 'Android app',
          url: '/download/android',
          sort: 20,
        },
        {
          merchantCode: m.code,
          resourceType: 'MOBILECONFIG',
          labelNameEn: 'iOS app',
          url: '/download/ios',
          sort: 21,
        },
      ]);
      await tx.insert(customerServiceEntries).values([
        {
          merchantCode: m.code,
          csType: 'TELEGRAM',
          csPosition: 'MENU',
          path: `https://t.me/${handle}_support`,
          sort: 1,
        },
      ]);
      await tx.insert(domainRoutes).values([
        { merchantCode: m.code, domain: m.mainDomain, kind: 'main', sort: 0 },
        { merchantCode: m.code, domain: `www.${m.mainDomain}`, kind: 'mirror', sort: 1 },
        { merchantCode: m.code, domain: `agent.${m.mainDomain}`, kind: 'agent', sort: 2 },
      ]);
      await tx.insert(siteMaintenance).values({
        merchantCode: m.code,
        enabled: false,
        message: null,
        endsAt: null,
        updatedBy: SEED_ACTOR,
      });
      const rules = registerRules(m.mobile);
      await tx.insert(registerFieldRules).values(
        registrationFields.map((field) => {
          const [enabled, required, minLength, maxLength, patternId] = rules[field];
          return {
            merchantCode: m.code,
            field,
            enabled,
            required,
            minLength,
            maxLength,
            patternId,
          };
        }),
      );
    }
  },
};

/**
 * The base seed's WhatsApp and Viber links named no real number (a placeholder): they are gone, so
 * the site shows only the channels a merchant has configured.
 */
export const systemNoPlaceholderLinksSeed: Seed = {
  name: 'system/no-placeholder-links@1',
  async run(tx) {
    await tx
      .delete(siteResources)
      .where(
        and(
          inArray(siteResources.resourceType, ['VIBER', 'WHATSAPP1']),
          like(siteResources.url, '%639000000000'),
        ),
      );
  },
};
