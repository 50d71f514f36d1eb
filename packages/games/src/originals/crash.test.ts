import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chainGameHash,
  crashBits,
  crashChance,
  crashFromBits,
  crashPoint,
  crashRtp,
  crashText,
  multiplierAt,
  nextChainHash,
  terminatingHash,
  timeToReach,
  verifyGameHash,
} from './crash';
import { fraction } from './exact';

const TWO52 = 1n << 52n;
const SECRET = '1'.repeat(64);
// A sandbox salt (in production: the hash of a Bitcoin block mined after the chain is published).
const SALT = '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** bustabit v2's published formula, with floats, as an independent reference. */
function bustabitV2(gameHash: string, salt: string): number {
  const mac = createHmac('sha256', salt).update(gameHash).digest('hex');
  const x = parseInt(mac.slice(0, 13), 16) / 2 ** 52;
  return Math.max(1, Math.floor(99 / (1 - x)) / 100);
}

describe('crash', () => {
  it('grows the chain by SHA-256 of the previous hash’s hex text and plays it in reverse', () => {
    expect(nextChainHash(SECRET)).toBe(sha(SECRET));
    const length = 500;
    const end = terminatingHash(SECRET, length);
    let h = SECRET;
    for (let i = 0; i < length; i++) h = sha(h);
    expect(end).toBe(h);
    for (const n of [1, 2, 250, 499, 500]) {
      const g = chainGameHash(SECRET, length, n);
      expect(verifyGameHash(g, n, end)).toBe(true);
      expect(verifyGameHash(g, n + 1, end)).toBe(false);
      if (n > 1) expect(nextChainHash(g)).toBe(chainGameHash(SECRET, length, n - 1));
    }
    expect(chainGameHash(SECRET, length, length)).toBe(SECRET);
    expect(nextChainHash(chainGameHash(SECRET, length, 1))).toBe(end);
    expect(verifyGameHash('f'.repeat(64), 1, end)).toBe(false);
    expect(verifyGameHash('XYZ', 1, end)).toBe(false);
    expect(() => chainGameHash(SECRET, length, 0)).toThrow();
  });

  it('keys the HMAC with the salt over the game hash (v2), 52 bits', () => {
    const g = chainGameHash(SECRET, 100, 1);
    const mac = createHmac('sha256', SALT).update(g).digest('hex');
    expect(crashBits(g, SALT)).toBe(BigInt(`0x${mac.slice(0, 13)}`));
    // v1 (key = game hash) would give another result.
    const v1 = createHmac('sha256', g).update(SALT).digest('hex');
    expect(crashBits(g, SALT)).not.toBe(BigInt(`0x${v1.slice(0, 13)}`));
  });

  it('matches bustabit v2’s formula on 2,000 games of a chain (known vectors)', () => {
    let g = chainGameHash(SECRET, 2_000, 1);
    const first: string[] = [];
    for (let n = 1; n <= 2_000; n++) {
      const h = crashPoint(g, SALT, 9_900);
      expect(Number(h) / 100).toBe(bustabitV2(g, SALT));
      if (n <= 8) first.push(crashText(h));
      g = nextChainHash(g);
    }
    expect(first).toMatchInlineSnapshot(`
      [
        "16.92",
        "2.92",
        "8.69",
        "1.78",
        "2.99",
        "2.22",
        "11.65",
        "1.66",
      ]
    `);
  });

  it('computes the crash point exactly at the edges of the 52 bits', () => {
    expect(crashFromBits(0n, 9_900)).toBe(100n); // 0.99 → 1.00
    expect(crashFromBits(TWO52 / 2n, 9_900)).toBe(198n); // X = ½ → 1.98
    expect(crashFromBits(TWO52 - 1n, 9_900)).toBe(99n * TWO52); // the largest possible
    expect(crashFromBits(TWO52 / 2n, 9_500)).toBe(190n);
    expect(crashText(100n)).toBe('1.00');
    expect(crashText(123_405n)).toBe('1234.05');
    expect(() => crashFromBits(TWO52, 9_900)).toThrow();
    expect(() => crashFromBits(0n, 9_000)).toThrow();
  });

  it('has P(crash ≥ m) = floor(rtp·2^52/m)/2^52 exactly, by counting the 52-bit values', () => {
    // crashFromBits is non-decreasing in r, so the r reaching M are [t, 2^52) for the first r = t
    // that reaches it: check t − 1 stays below M, t reaches it, and 2^52 − t is the claimed count.
    const targets = [101n, 102n, 150n, 198n, 200n, 333n, 1_000n, 10_000n, 123_456n, 100_000_000n];
    for (const bps of [9_900, 9_500, 9_777])
      for (const M of targets) {
        const chance = crashChance(M, bps);
        const count = (chance.num * TWO52) / chance.den;
        const t = TWO52 - count;
        expect(crashFromBits(t, bps)).toBeGreaterThanOrEqual(M);
        expect(crashFromBits(t - 1n, bps)).toBeLessThan(M);
        // Within 2^−52 of rtp / m, never above it.
        const ideal = fraction(BigInt(bps), 100n * M);
        expect(chance.num * ideal.den).toBeLessThanOrEqual(ideal.num * chance.den);
        expect(ideal.num * TWO52 * chance.den - chance.num * ideal.den * TWO52).toBeLessThan(
          ideal.den * chance.den,
        );
      }
    // 1.98 × at 99 %: exactly ½.
    expect(crashChance(198n, 9_900)).toEqual({ num: 1n, den: 2n });
    expect(crashRtp(198n, 9_900)).toEqual({ num: 99n, den: 100n });
    expect(crashChance(100n, 9_900)).toEqual({ num: 1n, den: 1n });
  });

  it('is non-decreasing in r (so the counting above is sound)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: TWO52 - 2n }),
        fc.constantFrom(9_500, 9_900),
        (r, bps) => {
          expect(crashFromBits(r + 1n, bps)).toBeGreaterThanOrEqual(crashFromBits(r, bps));
        },
      ),
    );
  });

  it('follows the law statistically: P(crash ≥ 2×) ≈ 0.495 and 1.98 % bust at 1.00× over 20,000 games', () => {
    let g = chainGameHash(SECRET, 20_000, 1);
    let twice = 0;
    let bust = 0;
    for (let n = 0; n < 20_000; n++) {
      const h = crashPoint(g, SALT, 9_900);
      if (h >= 200n) twice++;
      if (h === 100n) bust++;
      g = nextChainHash(g);
    }
    // sd of a proportion near ½ over 20,000: 0.0035; near 0.0198: 0.00099. Bounds are 4.5 sd.
    expect(Math.abs(twice / 20_000 - 0.495)).toBeLessThan(0.016);
    expect(Math.abs(bust / 20_000 - (1 - 0.99 / 1.01))).toBeLessThan(0.0045);
  });

  it('draws the curve e^(0.00006·ms) and finds the first millisecond reaching a multiplier', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(multiplierAt(11_552)).toBe(199);
    expect(multiplierAt(11_553)).toBe(200);
    expect(timeToReach(200)).toBe(11_553);
    expect(timeToReach(100)).toBe(0);
    expect(timeToReach(1_000n)).toBe(38_377);
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 10_000_000 }), (h) => {
        const t = timeToReach(h);
        expect(multiplierAt(t)).toBeGreaterThanOrEqual(h);
        expect(multiplierAt(t - 1)).toBeLessThan(h);
      }),
    );
  });
});
