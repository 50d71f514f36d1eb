import { describe, expect, it } from 'vitest';
import { formatRate, remaining } from './vip';

describe('VIP figures', () => {
  it('says exactly what remains, never below zero', () => {
    expect(remaining('12500.50', '50000.00')).toBe('37499.50');
    expect(remaining('0.01', '0.10')).toBe('0.09');
    expect(remaining('60000.00', '50000.00')).toBe('0.00');
  });

  it('shows basis points as a percentage with two decimals', () => {
    expect(formatRate(40)).toBe('0.40%');
    expect(formatRate(125)).toBe('1.25%');
    expect(formatRate(10_000)).toBe('100.00%');
    expect(formatRate(0)).toBe('0.00%');
  });
});
