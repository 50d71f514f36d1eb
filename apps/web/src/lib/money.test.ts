import { describe, expect, it } from 'vitest';
import { tweenMinor } from './money';

describe('tweenMinor', () => {
  it('starts on the old amount and ends on the new one exactly', () => {
    expect(tweenMinor(5_234_567n, 5_234_890n, 0)).toBe(5_234_567n);
    expect(tweenMinor(5_234_567n, 5_234_890n, 1)).toBe(5_234_890n);
    // Beyond 2^53 minor units a float would lose cents; the end is still exact.
    const huge = 9_007_199_254_740_993_01n;
    expect(tweenMinor(0n, huge, 1)).toBe(huge);
    expect(tweenMinor(huge, 1n, 1)).toBe(1n);
  });

  it('clamps progress outside 0..1 and treats NaN as not started', () => {
    expect(tweenMinor(100n, 200n, -0.5)).toBe(100n);
    expect(tweenMinor(100n, 200n, 1.5)).toBe(200n);
    expect(tweenMinor(100n, 200n, Number.NaN)).toBe(100n);
  });

  it('moves one way only, up or down, and stays between the two amounts', () => {
    for (const [from, to] of [
      [5_234_567n, 6_123_450n],
      [6_123_450n, 12_00n],
      [0n, 1n],
      [42n, 42n],
    ] as const) {
      let previous: bigint = from;
      for (let i = 0; i <= 1000; i++) {
        const value = tweenMinor(from, to, i / 1000);
        if (to >= from) {
          expect(value).toBeGreaterThanOrEqual(previous);
          expect(value).toBeLessThanOrEqual(to);
        } else {
          expect(value).toBeLessThanOrEqual(previous);
          expect(value).toBeGreaterThanOrEqual(to);
        }
        previous = value;
      }
      expect(previous).toBe(to);
    }
  });

  it('lands halfway at one half', () => {
    expect(tweenMinor(100_00n, 200_00n, 0.5)).toBe(150_00n);
  });
});
