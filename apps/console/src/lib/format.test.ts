import { describe, expect, it } from 'vitest';
import { formatMinor, isoToLocalInput, localInputToIso } from './format';

describe('money on screen', () => {
  it('writes minor units exactly, beyond what a float holds', () => {
    expect(formatMinor(123450n)).toBe('1,234.50');
    expect(formatMinor('900719925474099312')).toBe('9,007,199,254,740,993.12');
    expect(formatMinor(-5)).toBe('-0.05');
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(1234, { scale: 0, currency: 'MMK' })).toBe('K 1,234');
    expect(formatMinor(100, { currency: 'TLB' })).toBe('₱ 1.00');
  });
});

describe('date filters', () => {
  it('round-trips a local date-time input through an ISO instant', () => {
    const iso = localInputToIso('2026-11-27T09:30');
    expect(iso).toMatch(/^2026-11-2\dT\d\d:30:00\.000Z$/);
    expect(isoToLocalInput(iso)).toBe('2026-11-27T09:30');
    expect(localInputToIso('')).toBeUndefined();
  });
});
