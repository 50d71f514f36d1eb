import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, minorToDecimal, parseAmount } from './money';

describe('money at the edges', () => {
  it('parses plain decimals exactly', () => {
    expect(parseAmount('1234.5', 2)).toBe(123450n);
    expect(parseAmount('0.01', 2)).toBe(1n);
    expect(parseAmount('10', 2)).toBe(1000n);
    expect(parseAmount('999999999999999.99', 2)).toBe(99999999999999999n);
  });

  it('refuses negatives, fractions of a cent, exponents, junk', () => {
    for (const bad of [
      '-1',
      '1.001',
      '1e3',
      ' 1',
      '1,000',
      '',
      '.5',
      '1.',
      '0x10',
      '1/2',
      'NaN',
      '1234567890123456',
    ]) {
      expect(parseAmount(bad, 2), bad).toBeNull();
    }
  });

  it('round-trips every amount (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n - 1n }), (minor) => {
        expect(parseAmount(minorToDecimal(minor, 2), 2)).toBe(minor);
      }),
    );
  });

  it('formats with thousands separators and two decimals', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount('0')).toBe('0.00');
    expect(formatAmount('-1000.05')).toBe('-1,000.05');
    expect(minorToDecimal(-5n, 2)).toBe('-0.05');
  });
});
