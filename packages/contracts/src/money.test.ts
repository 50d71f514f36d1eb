import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyBps,
  bpsPerWhole,
  bpsToPercent,
  bpsToRate,
  formatAmount,
  minorToDecimal,
  parseAmount,
  parseRate,
  rateToBps,
  trimDecimal,
} from './money';

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

const scales = fc.integer({ min: 0, max: 6 });
/** Minor units small enough that the whole part fits the 15 digits the wire allows. */
const minorAt = (scale: number) => fc.bigInt({ min: 0n, max: 10n ** BigInt(15 + scale) - 1n });
const bps = fc.integer({ min: 0, max: bpsPerWhole });
const amounts = fc.bigInt({ min: 0n, max: 10n ** 18n });

describe('amounts at any currency scale (properties)', () => {
  it('round-trips parse ↔ decimal at every scale', () => {
    fc.assert(
      fc.property(
        scales.chain((scale) => fc.tuple(fc.constant(scale), minorAt(scale))),
        ([scale, minor]) => {
          const decimal = minorToDecimal(minor, scale);
          expect(parseAmount(decimal, scale)).toBe(minor);
          expect(decimal.split('.')[1]?.length ?? 0).toBe(scale);
        },
      ),
    );
  });

  it('refuses one decimal more than the scale instead of rounding', () => {
    fc.assert(
      fc.property(scales, fc.integer({ min: 1, max: 9 }), (scale, digit) => {
        expect(parseAmount(`1.${'0'.repeat(scale)}${digit}`, scale)).toBeNull();
      }),
    );
  });

  it('formats what it parses, with the same digits', () => {
    fc.assert(
      fc.property(
        scales.chain((scale) => fc.tuple(fc.constant(scale), minorAt(scale))),
        ([scale, minor]) => {
          const shown = formatAmount(minorToDecimal(minor, scale), scale);
          expect(parseAmount(shown.replaceAll(',', ''), scale)).toBe(minor);
        },
      ),
    );
  });

  it('signs a negative amount and nothing else', () => {
    fc.assert(
      fc.property(scales, fc.bigInt({ min: 1n, max: 10n ** 17n }), (scale, minor) => {
        expect(minorToDecimal(-minor, scale)).toBe(`-${minorToDecimal(minor, scale)}`);
      }),
    );
  });

  it('trims only the zeros that end a fraction', () => {
    expect(trimDecimal('2.50')).toBe('2.5');
    expect(trimDecimal('100.00')).toBe('100');
    expect(trimDecimal('0.00')).toBe('0');
    expect(trimDecimal('100')).toBe('100');
    expect(trimDecimal('-0.50')).toBe('-0.5');
    fc.assert(
      fc.property(
        scales.chain((scale) => fc.tuple(fc.constant(scale), minorAt(scale))),
        ([scale, minor]) => {
          const trimmed = trimDecimal(minorToDecimal(minor, scale));
          expect(trimmed).not.toMatch(/\.$|\.\d*0$/);
          expect(parseAmount(trimmed, scale)).toBe(minor);
        },
      ),
    );
  });
});

describe('basis points (the rounding rule)', () => {
  it('takes a share rounded down to the minor unit', () => {
    expect(applyBps(12_345n, 3_333)).toBe(4_114n);
    expect(applyBps(99n, 100)).toBe(0n);
    expect(applyBps(100n, 100n)).toBe(1n);
    expect(applyBps(1_000n, 10_000)).toBe(1_000n);
    expect(applyBps(1_000n, 25_000)).toBe(2_500n);
  });

  it('is the floor of amount × bps / 10,000 for non-negative amounts', () => {
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 100_000 }), (a, b) => {
        const share = applyBps(a, b);
        expect(share * 10_000n <= a * BigInt(b)).toBe(true);
        expect((share + 1n) * 10_000n > a * BigInt(b)).toBe(true);
      }),
    );
  });

  it('stays between nothing and the whole amount', () => {
    fc.assert(
      fc.property(amounts, bps, (a, b) => {
        const share = applyBps(a, b);
        expect(share >= 0n && share <= a).toBe(true);
      }),
    );
  });

  it('keeps the whole at 10,000 bp and nothing at 0 bp', () => {
    fc.assert(
      fc.property(amounts, (a) => {
        expect(applyBps(a, bpsPerWhole)).toBe(a);
        expect(applyBps(a, 0)).toBe(0n);
      }),
    );
  });

  it('grows with the amount and with the rate', () => {
    fc.assert(
      fc.property(amounts, amounts, bps, bps, (a1, a2, b1, b2) => {
        const [lowA, highA] = a1 <= a2 ? [a1, a2] : [a2, a1];
        const [lowB, highB] = b1 <= b2 ? [b1, b2] : [b2, b1];
        expect(applyBps(lowA, b1) <= applyBps(highA, b1)).toBe(true);
        expect(applyBps(a1, lowB) <= applyBps(a1, highB)).toBe(true);
      }),
    );
  });

  it('splits an amount in two shares that lose at most one minor unit', () => {
    fc.assert(
      fc.property(amounts, bps, (a, b) => {
        const first = applyBps(a, b);
        const second = applyBps(a, bpsPerWhole - b);
        expect(a - (first + second) >= 0n && a - (first + second) <= 1n).toBe(true);
        expect(first + (a - first)).toBe(a);
      }),
    );
  });

  it('never pays more on parts than on their sum (a share per game type is floored apart)', () => {
    fc.assert(
      fc.property(fc.array(amounts, { maxLength: 10 }), bps, (parts, b) => {
        const apart = parts.reduce((sum, p) => sum + applyBps(p, b), 0n);
        const together = applyBps(
          parts.reduce((sum, p) => sum + p, 0n),
          b,
        );
        expect(apart <= together).toBe(true);
        expect(together - apart < BigInt(Math.max(parts.length, 1))).toBe(true);
      }),
    );
  });

  it('refuses a fraction of a basis point', () => {
    expect(() => applyBps(100n, 1.5)).toThrow(RangeError);
  });
});

describe('rates', () => {
  it('reads and writes percentages with two decimals', () => {
    expect(rateToBps('1.25')).toBe(125);
    expect(rateToBps('0.6')).toBe(60);
    expect(rateToBps('0.60')).toBe(60);
    expect(rateToBps('35')).toBe(3500);
    expect(rateToBps('100')).toBe(10_000);
    expect(bpsToRate(125)).toBe('1.25');
    expect(bpsToRate(60)).toBe('0.60');
    expect(bpsToRate(10_000n)).toBe('100.00');
    expect(bpsToRate(0)).toBe('0.00');
    expect(bpsToPercent(10_000)).toBe('100');
    expect(bpsToPercent(50)).toBe('0.5');
    expect(bpsToPercent(1)).toBe('0.01');
    expect(bpsToPercent(0)).toBe('0');
  });

  it('refuses what is not a rate rather than rounding it', () => {
    for (const bad of ['', ' 1', '1 ', '-1', '+1', '1e2', '0.601', '1.', '.5', '1000', '1,5']) {
      expect(parseRate(bad), bad).toBeNull();
      expect(() => rateToBps(bad), bad).toThrow(RangeError);
    }
  });

  it('round-trips basis points through the wire rate (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), (b) => {
        expect(rateToBps(bpsToRate(b))).toBe(b);
        expect(parseRate(bpsToPercent(b))).toBe(b);
      }),
    );
  });

  it('round-trips every wire rate to its two-decimal form (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.option(fc.stringMatching(/^\d{1,2}$/)),
        (whole, fraction) => {
          const rate = fraction === null ? String(whole) : `${whole}.${fraction}`;
          expect(Number(bpsToRate(rateToBps(rate)))).toBe(Number(rate));
        },
      ),
    );
  });

  it('orders rates as their percentages order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999 }),
        fc.integer({ min: 0, max: 99_999 }),
        (a, b) => {
          expect(Math.sign(rateToBps(bpsToRate(a)) - rateToBps(bpsToRate(b)))).toBe(
            Math.sign(a - b),
          );
        },
      ),
    );
  });
});
