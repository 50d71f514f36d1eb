import { systemStatusSchema, type SystemStatusValue } from '@taya/contracts';

/**
 * A complete status answer for the Philippines merchant, checked against the contract schema so
 * a change to the contract breaks the fixture loudly instead of letting tests drift.
 */
export function systemStatusFixture(overrides: Partial<SystemStatusValue> = {}): SystemStatusValue {
  const base: SystemStatusValue = {
    status: 0,
    maintenance: false,
    regionRestriction: false,
    maintenanceInfo: null,
    location: { ip: '203.0.113.7', country: 'PH' },
    merchant: {
      merchantCode: 'TAYAPH',
      country: 'PH',
      countryName: 'Philippines',
      currency: 'TLB',
      currencySymbol: '₱',
      currencyScale: 2,
      timeZone: 'Asia/Manila',
      gmtOffset: 'GMT+8',
      defaultLanguage: 'EN',
      langList: ['TY', 'EN'],
    },
    brand: {
      platform: 'WEB',
      lotteryType: 'Lott',
      defaultLanguage: 'EN',
      esportsGame: 'IMES',
      cockfightGame: 'SV3',
      prizeModes: ['LOTT', 'ZY', 'ELOTT', 'SEA'],
      supportedLanguages: ['EN', 'TY'],
    },
    regions: [
      {
        merchantCode: 'TAYAPH',
        country: 'PH',
        countryName: 'Philippines',
        currency: 'TLB',
        langList: ['TY', 'EN'],
      },
      {
        merchantCode: 'TAYAMM',
        country: 'MM',
        countryName: 'Myanmar',
        currency: 'MMK',
        langList: ['EN', 'MY'],
      },
    ],
    info: {
      whitelabel: [
        {
          modId: 'REGISTER',
          enabled: '1',
          childrenNodes: [
            { modId: 'USERNAMEREG3', enabled: '1', childrenNodes: [] },
            { modId: 'MOBILENUMREG3', enabled: '0', childrenNodes: [] },
          ],
        },
        {
          modId: 'AGENT',
          enabled: '1',
          childrenNodes: [
            'AGENTPOLICY3',
            'AGEINFO3',
            'REGCEN',
            'DOWNMAN',
            'TRANSBETREPMEM3',
            'AGETEAMPNL3',
            'AGEREV3',
            'AGEDOWNTRANS3',
            'DIVIDEND',
            'DAYSAL',
            'HOURSAL3',
          ].map((modId) => ({ modId, enabled: '1', childrenNodes: [] })),
        },
      ],
      register: {
        username: {
          enabled: true,
          required: true,
          minLength: 6,
          maxLength: 16,
          patternId: 1,
          acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
        },
      },
      customerService: [
        { csType: 'LIVECHAT', csPosition: 'SIDE', path: 'https://chat.example.test/taya' },
      ],
      resources: [
        { resourceType: 'TELEGRAM_2', labelNameEn: 'Telegram', url: 'https://t.me/taya' },
      ],
      domainRoute: {
        mainDomain: 'taya.example',
        domains: [{ domain: 'taya.example', kind: 'main' }],
      },
      mainDomain: 'taya.example',
      analytics: { gtagId: null },
      imageCDNs: ['https://img.taya.example'],
      launchGameCDNs: ['https://play.taya.example'],
    },
  };
  return systemStatusSchema.parse({ ...base, ...overrides });
}
