import { describe, expect, it } from 'vitest';
import { currencySymbolOf } from '@taya/contracts';
import { formatCount, formatDecimal, formatMoney } from './money';
import { numberLocale } from './number-locale';

const asciiDigits = (text: string) =>
  text.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0)!;
    // Every Unicode decimal digit block runs 0..9 from a code point ending in 0 (hex).
    return String((code - 0x30) % 16 === 0 ? 0 : (code & 0xf) % 10);
  });

describe('formatDecimal', () => {
  it('keeps every digit of an amount beyond a float’s precision', () => {
    // 9007199254740993 is 2^53 + 1: as a float it would print ...992.
    expect(formatDecimal('9007199254740993.55', 'en')).toBe('9,007,199,254,740,993.55');
    expect(formatDecimal('123456789012345.99', 'en')).toBe('123,456,789,012,345.99');
    expect(formatDecimal('-9007199254740993.01', 'en')).toBe('-9,007,199,254,740,993.01');
  });

  it('pads to the scale and cuts a longer fraction instead of rounding it', () => {
    expect(formatDecimal('1234.5', 'en')).toBe('1,234.50');
    expect(formatDecimal('0', 'en')).toBe('0.00');
    expect(formatDecimal('2.999', 'en')).toBe('2.99');
    expect(formatDecimal('1500', 'en', { decimals: 0 })).toBe('1,500');
  });

  it('writes Burmese in Myanmar digits, exactly', () => {
    const text = formatDecimal('9007199254740993.55', 'my');
    expect(text).toBe('၉,၀၀၇,၁၉၉,၂၅၄,၇၄၀,၉၉၃.၅၅');
    expect(asciiDigits(text)).toBe('9,007,199,254,740,993.55');
  });

  it('groups Hindi in lakhs and crores', () => {
    expect(formatDecimal('9007199254740993.55', 'hi')).toBe('9,00,71,99,25,47,40,993.55');
    expect(formatDecimal('1234567.5', 'hi')).toBe('12,34,567.50');
  });

  it('writes Arabic with its direction marks and Persian in its own digits and separators', () => {
    const arabic = formatDecimal('-1234.5', 'ar');
    expect(arabic).not.toBe('-1,234.50');
    expect(arabic).toContain('\u200e');
    expect(asciiDigits(arabic).replace(/[\u200e\u200f]/g, '')).toBe('-1,234.50');
    expect(formatDecimal('9007199254740993.55', 'fa')).toBe('۹٬۰۰۷٬۱۹۹٬۲۵۴٬۷۴۰٬۹۹۳٫۵۵');
  });

  it('gives a browser without Burmese or Nepali data their own digits', () => {
    const without = (locale: string) => !/^(my|ne)\b/.test(locale);
    expect(numberLocale('my', without)).toBe('en-u-nu-mymr');
    expect(formatDecimal('1234567.5', 'my', { supports: without })).toBe('၁,၂၃၄,၅၆၇.၅၀');
    expect(formatDecimal('1234567.5', 'ne', { supports: without })).toBe('१२,३४,५६७.५०');
    expect(numberLocale('km', (locale) => !locale.startsWith('km'))).toBe('en');
    expect(numberLocale('my', () => true)).toBe('my');
  });

  it('shows text that is not a plain decimal as it came', () => {
    expect(formatDecimal('1e21', 'en')).toBe('1e21');
    expect(formatDecimal('', 'en')).toBe('');
  });
});

describe('formatCount', () => {
  it('writes whole counts without decimals in the language', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(12345.9, 'en')).toBe('12,345');
    expect(formatCount(9007199254740993n, 'my')).toBe('၉,၀၀၇,၁၉၉,၂၅၄,၇၄၀,၉၉၃');
  });
});

describe('formatMoney', () => {
  it('puts the merchant’s symbol where the language puts a currency', () => {
    expect(formatMoney('9007199254740993.55', 'en', '₱')).toBe('₱\u00a09,007,199,254,740,993.55');
    expect(formatMoney('1234.5', 'my', 'K')).toBe('၁,၂၃၄.၅၀\u00a0K');
    expect(formatMoney('1234.5', 'fr', '₱')).toBe('1\u202f234,50\u00a0₱');
    expect(formatMoney('-1234.5', 'en', '₱')).toBe('-₱\u00a01,234.50');
  });

  it('is the number alone while the symbol is unknown', () => {
    expect(formatMoney('1234.5', 'en', '')).toBe('1,234.50');
  });

  it('takes the symbol from the merchant’s currency code', () => {
    expect(currencySymbolOf('TLB')).toBe('₱');
    expect(currencySymbolOf('MMK')).toBe('K');
    expect(currencySymbolOf('DEMO')).toBe('DEMO');
    expect(formatMoney('2000', 'en', currencySymbolOf('TLB'))).toBe('₱\u00a02,000.00');
  });
});
