import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRng, type Rng } from '../kernel/fairness';
import { limbo, limboDraws, limboResult, type LimboParams } from './limbo';
import { payoutAt } from './types';

const seed = `${'0'.repeat(63)}1`;
const fixed = (...values: number[]): Rng => ({ int: () => values.shift()! });
const parsed = (params: unknown): LimboParams => {
  const r = limbo.parse(params);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.params;
};

describe('limbo', () => {
  it('reads targets 1.01–1,000,000.00 in hundredths and names the field otherwise', () => {
    expect(parsed({ target: '2' })).toEqual({ target: 200 });
    expect(parsed({ target: '1.01' })).toEqual({ target: 101 });
    expect(parsed({ target: '1000000.00' })).toEqual({ target: 100_000_000 });
    const paths = (p: unknown) => {
      const r = limbo.parse(p);
      return r.ok ? [] : r.problems.map((x) => x.path);
    };
    for (const bad of ['1', '1.00', '1000000.01', '9999999', '-2', '2.001', 'x'])
      expect(paths({ target: bad }), bad).toEqual(['params.target']);
    expect(paths({ target: 2 })).toEqual(['params.target']);
    expect(paths({})).toEqual(['params.target']);
    expect(paths({ target: '2', direction: 'under' })).toEqual(['params.direction']);
  });

  it('draws 1e8 ÷ (k + 1) × 0.99 in integers, never below 1.00', () => {
    expect(limboResult(0, 9900)).toBe(9_900_000_000n); // 99,000,000.00×
    expect(limboResult(99, 9900)).toBe(99_000_000n); // 990,000.00×
    expect(limboResult(49_499_999, 9900)).toBe(200n); // exactly 2.00×
    expect(limboResult(49_500_000, 9900)).toBe(199n);
    expect(limboResult(limboDraws - 1, 9900)).toBe(100n); // 0.99 → 1.00
    expect(limboResult(0, 9500)).toBe(9_500_000_000n);
    const two = parsed({ target: '2.00' });
    expect(limbo.play(two, fixed(49_499_999), 9900)).toEqual({
      outcome: { result: '2.00', win: true },
      multiplier: { num: 200n, den: 100n },
    });
    expect(limbo.play(two, fixed(49_500_000), 9900)).toEqual({
      outcome: { result: '1.99', win: false },
      multiplier: { num: 0n, den: 1n },
    });
    expect(payoutAt(12_345n, limbo.maxMultiplier(parsed({ target: '3.33' }), 9900))).toBe(41_108n);
  });

  it('returns floor(rtpBps·10^6 ÷ t)·t ÷ 10^10 exactly (counted from the result function)', () => {
    for (const [target, rtpBps] of [
      [101, 9900],
      [200, 9900],
      [333, 9900],
      [1_000, 9500],
      [123_456, 9900],
      [100_000_000, 9900],
    ] as const) {
      // The draws that win are k = 0 … w − 1: check the boundary with the result function.
      const r = limbo.rtp({ target }, rtpBps);
      const w = (BigInt(rtpBps) * 1_000_000n) / BigInt(target);
      expect(limboResult(Number(w) - 1, rtpBps) >= BigInt(target)).toBe(true);
      expect(limboResult(Number(w), rtpBps) >= BigInt(target)).toBe(false);
      expect(r).toEqual({ num: w * BigInt(target), den: 10_000_000_000n });
    }
    // 2.00× and 3.00× return exactly 99 %; 1.01× a hair less.
    const pct = (t: number) => {
      const r = limbo.rtp({ target: t }, 9900);
      return Number((r.num * 10n ** 10n) / r.den) / 1e8;
    };
    expect(pct(200)).toBe(99);
    expect(pct(300)).toBe(99);
    expect(limbo.rtp({ target: 101 }, 9900)).toEqual({
      num: 9_899_999_901n,
      den: 10_000_000_000n,
    });
  });

  it('gives fixed results for fixed seeds (known vectors)', () => {
    const two = parsed({ target: '2.00' });
    // Checked independently in python3: k = u32 of HMAC bytes 0–3 mod 10^8,
    // max(100, 9900·10^6 // (k + 1)).
    expect(
      [0, 1, 2, 3].map((n) => limbo.play(two, fairRng(seed, 'taya', n), 9900).outcome),
    ).toEqual([
      { result: '3.05', win: true },
      { result: '1.28', win: false },
      { result: '5.16', win: true },
      { result: '1.06', win: false },
    ]);
  });

  it('never pays more than stake × the target, and replays identically', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 101, max: 100_000_000 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 9500, max: 9900 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.nat({ max: 1_000_000 }),
        (target, stake, rtpBps, client, nonce) => {
          const a = limbo.play({ target }, fairRng(seed, client, nonce), rtpBps);
          expect(limbo.play({ target }, fairRng(seed, client, nonce), rtpBps)).toEqual(a);
          expect(payoutAt(stake, a.multiplier)).toBeLessThanOrEqual(
            payoutAt(stake, limbo.maxMultiplier({ target }, rtpBps)),
          );
          expect(a.multiplier.num > 0n).toBe(a.outcome.win);
        },
      ),
      { numRuns: 300 },
    );
  });
});
