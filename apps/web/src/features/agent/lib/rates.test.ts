import { describe, expect, it } from 'vitest';
import { bpsToRate, formatRate, rateToBps } from './rates';

describe('contract rates', () => {
  it('reads percentages with at most two decimals as basis points', () => {
    expect(rateToBps('0.6')).toBe(60);
    expect(rateToBps('0.60')).toBe(60);
    expect(rateToBps(' 35 ')).toBe(3500);
    expect(rateToBps('100')).toBe(10_000);
    expect(rateToBps('100.01')).toBeNull();
    expect(rateToBps('0.601')).toBeNull();
    expect(rateToBps('-1')).toBeNull();
    expect(rateToBps('1e2')).toBeNull();
  });

  it('writes the wire form and the shown form', () => {
    expect(bpsToRate(60)).toBe('0.60');
    expect(bpsToRate(3505)).toBe('35.05');
    expect(formatRate('1.5')).toBe('1.50 %');
  });
});
