import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRng } from '../kernel/fairness';
import { addFractions, fraction, mulFractions } from './exact';
import {
  KENO_RISKS,
  KENO_TABLES,
  drawKeno,
  keno,
  kenoHitChance,
  kenoMultiplier,
  kenoPayline,
  type KenoParams,
} from './keno';
import { scriptedRng } from './test-rng';
import { payoutAt, type Multiplier } from './types';

const SEED = 'a'.repeat(64);
const text = (f: Multiplier) => `${f.num}/${f.den}`;

// Exact RTP at 99 % (rtpBps 9,900) for 1 … 10 picks, computed independently with Python's
// fractions.Fraction: Σ_h C(p,h) · C(40−p, 10−h) · table[h] / 100 / C(40,10).
const EXACT_AT_9900: Record<string, string[]> = {
  classic: [
    '99/100',
    '103/104',
    '9783/9880',
    '476/481',
    '144741/146224',
    '180891/182780',
    '3618369/3655600',
    '650882/657305',
    '13531853/13671944',
    '1679001083/1695321056',
  ],
  low: [
    '79/80',
    '257/260',
    '1221/1235',
    '18081/18278',
    '36155/36556',
    '72387/73112',
    '6148569/6214520',
    '3383949/3417986',
    '33861599/34179860',
    '8371473091/8476605280',
  ],
  medium: [
    '79/80',
    '513/520',
    '489/494',
    '36111/36556',
    '18085/18278',
    '18065/18278',
    '153750/155363',
    '130046/131461',
    '27054595/27343888',
    '419483099/423830264',
  ],
  high: [
    '99/100',
    '513/520',
    '489/494',
    '9039/9139',
    '18075/18278',
    '18095/18278',
    '153750/155363',
    '130090/131461',
    '13530365/13671944',
    '76295861/77060048',
  ],
};

const params = (risk: KenoParams['risk'], count: number): KenoParams => ({
  risk,
  picks: Array.from({ length: count }, (_, i) => i * 4 + 1),
});

describe('keno', () => {
  it('has a table row of picks + 1 cells for every risk and pick count', () => {
    for (const risk of KENO_RISKS) {
      expect(KENO_TABLES[risk]).toHaveLength(10);
      KENO_TABLES[risk].forEach((r, i) => expect(r).toHaveLength(i + 2));
    }
    // GAMES.md's classic table, 10 picks: 0, 0, 0, 1.4, 2.25, 4.5, 8, 17, 50, 80, 100.
    expect(kenoPayline('classic', 10, 9_900).map((m) => Number(m.num) / Number(m.den))).toEqual([
      0, 0, 0, 1.4, 2.25, 4.5, 8, 17, 50, 80, 100,
    ]);
  });

  it('gives hit chances that are the hypergeometric law (each pick count sums to 1)', () => {
    for (let p = 1; p <= 10; p++) {
      let total: Multiplier = { num: 0n, den: 1n };
      for (let h = 0; h <= p; h++) total = addFractions(total, kenoHitChance(p, h));
      expect(text(total)).toBe('1/1');
    }
    // 1 pick: hit with 10/40.
    expect(text(kenoHitChance(1, 1))).toBe('1/4');
    // 10 picks, all 10 drawn: 1 / C(40,10).
    expect(text(kenoHitChance(10, 10))).toBe('1/847660528');
  });

  it('returns the exact RTP of every (risk, picks) row: 98.65–99.07 % at 99 %', () => {
    for (const risk of KENO_RISKS)
      for (let p = 1; p <= 10; p++) {
        const rtp = keno.rtp(params(risk, p), 9_900);
        expect(text(rtp)).toBe(EXACT_AT_9900[risk]![p - 1]);
        expect(rtp.num * 10_000n).toBeGreaterThanOrEqual(9_865n * rtp.den);
        expect(rtp.num * 10_000n).toBeLessThan(9_908n * rtp.den);
        for (const bps of [9_500, 9_725])
          expect(text(keno.rtp(params(risk, p), bps))).toBe(
            text(mulFractions(rtp, fraction(BigInt(bps), 9_900n))),
          );
      }
  });

  it('draws by Fisher–Yates removal from the ascending list of undrawn numbers', () => {
    expect(drawKeno(scriptedRng(Array(10).fill(0)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(drawKeno(scriptedRng(Array.from({ length: 10 }, (_, i) => 39 - i)))).toEqual([
      40, 39, 38, 37, 36, 35, 34, 33, 32, 31,
    ]);
    // Index 5 of 1…40 is 6; then index 5 of [1…5, 7…40] is 7; then index 0 is 1 …
    expect(drawKeno(scriptedRng([5, 5, 0, 36, 0, 0, 0, 0, 0, 0]))).toEqual([
      6, 7, 1, 40, 2, 3, 4, 5, 8, 9,
    ]);
  });

  it('replays the same draw from the same seeds (known vector, checked against node:crypto)', () => {
    const p: KenoParams = { risk: 'classic', picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };
    const first = keno.play(p, fairRng(SEED, 'client', 0), 9_900);
    expect(keno.play(p, fairRng(SEED, 'client', 0), 9_900)).toEqual(first);
    // Independently: u32s of HMAC-SHA256(seed, "client:0:<block>"), rejection above the largest
    // multiple of n below 2^32, then removal from the list.
    const u32s: number[] = [];
    for (let block = 0; block < 4; block++) {
      const mac = createHmac('sha256', Buffer.from(SEED, 'hex'))
        .update(`client:0:${block}`)
        .digest();
      for (let i = 0; i < 32; i += 4) u32s.push(mac.readUInt32BE(i));
    }
    const left = Array.from({ length: 40 }, (_, i) => i + 1);
    const expected: number[] = [];
    for (const v of u32s) {
      const n = 40 - expected.length;
      if (n === 30) break;
      if (v >= 2 ** 32 - (2 ** 32 % n)) continue;
      expected.push(left.splice(v % n, 1)[0]!);
    }
    expect(first.outcome.drawn).toEqual(expected);
    expect(first.outcome.drawn).toMatchInlineSnapshot(`
      [
        4,
        10,
        25,
        18,
        13,
        23,
        16,
        31,
        30,
        15,
      ]
    `);
  });

  it('parses picks and risk and names each bad field', () => {
    expect(keno.parse({ picks: [7, 3, 40] })).toEqual({
      ok: true,
      params: { picks: [3, 7, 40], risk: 'classic' },
    });
    for (const picks of [
      [],
      [0],
      [41],
      [1, 1],
      [1.5],
      Array.from({ length: 11 }, (_, i) => i + 1),
      '1,2',
    ])
      expect(keno.parse({ picks, risk: 'low' }).ok).toBe(false);
    expect(() =>
      keno.play({ picks: [5, 5], risk: 'classic' }, fairRng(SEED, 'c', 0), 9_900),
    ).toThrow();
    const bad = keno.parse({ picks: [1], risk: 'wild', auto: true });
    expect(bad.ok ? [] : bad.problems.map((p) => p.path)).toEqual(['params.risk', 'params.auto']);
  });

  it('pays the table cell of the hit count, never more than stake × the row maximum', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.nat(),
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }),
        fc.constantFrom(...KENO_RISKS),
        fc.integer({ min: 9_500, max: 9_900 }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (seed, nonce, picks, risk, bps, stake) => {
          const parsed = keno.parse({ picks, risk });
          if (!parsed.ok) throw new Error('valid picks refused');
          const { outcome, multiplier } = keno.play(parsed.params, fairRng(seed, 'c', nonce), bps);
          expect(new Set(outcome.drawn).size).toBe(10);
          expect(outcome.drawn.every((n) => n >= 1 && n <= 40)).toBe(true);
          expect(outcome.hits).toEqual(
            picks.filter((n) => outcome.drawn.includes(n)).sort((a, b) => a - b),
          );
          const cell = KENO_TABLES[risk][picks.length - 1]![outcome.hits.length]!;
          expect(text(multiplier)).toBe(text(fraction(BigInt(cell) * BigInt(bps), 990_000n)));
          expect(text(multiplier)).toBe(
            text(kenoMultiplier(risk, picks.length, outcome.hits.length, bps)),
          );
          const max = keno.maxMultiplier(parsed.params, bps);
          expect(payoutAt(stake, multiplier)).toBeLessThanOrEqual(payoutAt(stake, max));
        },
      ),
    );
  });

  it('hits 2.5 numbers on average with 10 picks (draw sanity over 20,000 seeded rounds)', () => {
    const p: KenoParams = { risk: 'classic', picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };
    let hits = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++)
      hits += keno.play(p, fairRng(SEED, 'mean', i), 9_900).outcome.hits.length;
    // Mean 2.5, sd of one round ≈ 1.25 (hypergeometric), so the mean's sd ≈ 0.0088: ±0.04 is 4.5 sd.
    expect(Math.abs(hits / n - 2.5)).toBeLessThan(0.04);
  });
});
