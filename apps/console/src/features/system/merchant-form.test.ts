import { describe, expect, it } from 'vitest';
import { updateMerchantBodySchema, type OpsMerchant } from '@taya/contracts';
import { fieldRuleFormSchema } from './field-rule-dialog';
import { merchantBody, merchantFormSchema, merchantFormValues } from './merchant-form';

const merchant: OpsMerchant = {
  code: 'TYPH',
  country: 'PH',
  countryName: 'Philippines',
  currency: 'TLB',
  currencySymbol: '₱',
  currencyScale: 2,
  timeZone: 'Asia/Manila',
  defaultLanguage: 'EN',
  languages: ['TY', 'EN'],
  domainPatterns: ['taya.ph', '*.taya.ph'],
  mainDomain: 'taya.ph',
  gtagId: null,
  imageCdns: [],
  launchGameCdns: [],
  isDefault: true,
  sort: 0,
};

describe('the merchant form', () => {
  it('turns the saved merchant into a body the server takes, lists one a line', () => {
    const values = merchantFormSchema.parse({
      ...merchantFormValues(merchant),
      domainPatterns: 'taya.ph\n  *.Taya.ph \n\n',
      imageCdns: 'https://img.example.com',
      reason: 'Adding the image CDN',
    });
    const body = merchantBody(values);
    expect(body).toMatchObject({
      domainPatterns: ['taya.ph', '*.taya.ph'],
      imageCdns: ['https://img.example.com'],
      gtagId: null,
    });
    expect(updateMerchantBodySchema.safeParse(body).success).toBe(true);
    expect(body).not.toHaveProperty('currency');
  });

  it('names the field at fault', () => {
    const bad = merchantFormSchema.safeParse({
      ...merchantFormValues(merchant),
      timeZone: 'Asia/Nowhere',
      defaultLanguage: 'MY',
      imageCdns: 'http://plain.example.com',
      reason: 'short',
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['defaultLanguage', 'imageCdns', 'reason', 'timeZone']);
  });
});

describe('the field rule form', () => {
  const base = {
    enabled: true,
    required: true,
    minLength: 6,
    maxLength: 16,
    patternId: 1,
    reason: 'Longer user names',
  };
  it('keeps the lengths in order and within the field’s limit', () => {
    const schema = fieldRuleFormSchema(64);
    expect(schema.safeParse(base).success).toBe(true);
    const paths = (input: object) =>
      (schema.safeParse(input).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths({ ...base, minLength: 20 })).toEqual(['minLength']);
    expect(paths({ ...base, maxLength: 65 })).toEqual(['maxLength']);
    expect(paths({ ...base, patternId: 99 })).toEqual(['patternId']);
    expect(paths({ ...base, enabled: false })).toEqual(['required']);
  });
});
