import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRng } from '../kernel/fairness';
import { addFractions, fraction, mulFractions } from './exact';
import {
  PLINKO_RISKS,
  PLINKO_TABLES,
  plinko,
  plinkoBuckets,
  plinkoMultiplier,
  type PlinkoParams,
} from './plinko';
import { enumerateDraws } from './test-rng';
import { payoutAt, type Multiplier } from './types';

const ROWS = [8, 9, 10, 11, 12, 13, 14, 15, 16];
const SEED = 'a'.repeat(64);

// RTP of each table at 99 % (rtpBps 9,900), computed independently with Python's
// fractions.Fraction: Σ_b C(n,b) · table[⌊|2b − n| / 2⌋] / 100 / 2^n.
const EXACT_AT_9900: Record<number, Record<string, string>> = {
  8: { low: '1267/1280', medium: '633/640', high: '317/320' },
  9: { low: '1267/1280', medium: '1269/1280', high: '317/320' },
  10: { low: '5069/5120', medium: '633/640', high: '317/320' },
  11: { low: '5069/5120', medium: '507/512', high: '5077/5120' },
  12: { low: '20271/20480', medium: '20273/20480', high: '20299/20480' },
  13: { low: '4055/4096', medium: '10137/10240', high: '20293/20480' },
  14: { low: '81101/81920', medium: '10137/10240', high: '81083/81920' },
  15: { low: '162203/163840', medium: '162199/163840', high: '32449/32768' },
  16: { low: '324399/327680', medium: '64873/65536', high: '162163/163840' },
};

const text = (f: Multiplier) => `${f.num}/${f.den}`;
const cells: PlinkoParams[] = ROWS.flatMap((rows) => PLINKO_RISKS.map((risk) => ({ rows, risk })));

describe('plinko', () => {
  it('has a symmetric table of the right width for every cell, largest at the edges', () => {
    for (const p of cells) {
      expect(PLINKO_TABLES[p.rows]![p.risk]).toHaveLength(Math.floor(p.rows / 2) + 1);
      const buckets = plinkoBuckets(p, 9_900);
      expect(buckets).toHaveLength(p.rows + 1);
      expect(buckets.map(text)).toEqual([...buckets].reverse().map(text));
      for (const m of buckets)
        expect(m.num * plinko.maxMultiplier(p, 9_900).den).toBeLessThanOrEqual(
          plinko.maxMultiplier(p, 9_900).num * m.den,
        );
    }
    // The 16-row high table as played: 1000, 130, 26 (not 27), 9, 4, 2, 0.2, 0.2, 0.2 … mirrored.
    expect(
      plinkoBuckets({ rows: 16, risk: 'high' }, 9_900).map((m) => Number(m.num) / Number(m.den)),
    ).toEqual([1000, 130, 26, 9, 4, 2, 0.2, 0.2, 0.2, 0.2, 0.2, 2, 4, 9, 26, 130, 1000]);
    // Odd rows: the two centre buckets share the first value.
    const nine = plinkoBuckets({ rows: 9, risk: 'medium' }, 9_900).map(text);
    expect(nine[4]).toBe('1/2');
    expect(nine[5]).toBe('1/2');
  });

  it('returns the exact RTP of every (rows, risk) cell, equal to enumerating every path through play', () => {
    for (const p of cells) {
      const rtp = plinko.rtp(p, 9_900);
      expect(text(rtp)).toBe(EXACT_AT_9900[p.rows]![p.risk]);
      // 98.9 %–99.2 % for every cell.
      expect(rtp.num * 1000n).toBeGreaterThanOrEqual(989n * rtp.den);
      expect(rtp.num * 1000n).toBeLessThan(992n * rtp.den);
      let sum: Multiplier = { num: 0n, den: 1n };
      const runs = enumerateDraws(
        (rng) => plinko.play(p, rng, 9_900),
        (r, den) => {
          sum = addFractions(sum, fraction(r.multiplier.num, r.multiplier.den * den));
        },
      );
      expect(runs).toBe(2 ** p.rows);
      expect(text(sum)).toBe(text(rtp));
    }
  });

  it('scales every cell by rtpBps / 9,900, so the RTP shown is the RTP played', () => {
    for (const bps of [9_500, 9_700, 9_850]) {
      for (const p of cells)
        expect(text(plinko.rtp(p, bps))).toBe(
          text(mulFractions(plinko.rtp(p, 9_900), fraction(BigInt(bps), 9_900n))),
        );
    }
    expect(text(plinkoMultiplier({ rows: 8, risk: 'high' }, 0, 9_500))).toBe(
      text(fraction(29n * 9_500n, 9_900n)),
    );
    expect(() => plinko.rtp({ rows: 8, risk: 'low' }, 9_901)).toThrow();
    expect(() => plinko.rtp({ rows: 8, risk: 'low' }, 9_499)).toThrow();
  });

  it('parses parameters and names each bad field', () => {
    expect(plinko.parse({ rows: 12, risk: 'medium' })).toEqual({
      ok: true,
      params: { rows: 12, risk: 'medium' },
    });
    const bad = plinko.parse({ rows: 7.5, risk: 'extreme', speed: 2 });
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.problems.map((p) => p.path)).toEqual([
        'params.rows',
        'params.risk',
        'params.speed',
      ]);
    expect(plinko.parse({ rows: 17, risk: 'low' }).ok).toBe(false);
    expect(plinko.parse({ rows: '12', risk: 'low' }).ok).toBe(false);
    expect(plinko.parse(null).ok).toBe(false);
  });

  it('replays the same path and bucket from the same seeds (known vector)', () => {
    const play = () => plinko.play({ rows: 16, risk: 'high' }, fairRng(SEED, 'client', 0), 9_900);
    const first = play();
    expect(first).toEqual(play());
    // Independently: each row is the low bit of the next big-endian u32 of
    // HMAC-SHA256(seed bytes, "client:0:<block>") (int(2) never rejects).
    const bits: number[] = [];
    for (let block = 0; bits.length < 16; block++) {
      const mac = createHmac('sha256', Buffer.from(SEED, 'hex'))
        .update(`client:0:${block}`)
        .digest();
      for (let i = 0; i < 32; i += 4) bits.push(mac.readUInt32BE(i) & 1);
    }
    expect(first.outcome.path).toEqual(bits.slice(0, 16));
    expect(first.outcome.path.join('')).toBe('1101000001011010');
    expect(first.outcome.bucket).toBe(7);
    expect(
      plinko.play({ rows: 16, risk: 'high' }, fairRng(SEED, 'client', 1), 9_900).outcome,
    ).not.toEqual(first.outcome);
  });

  it('pays the table cell of the drawn bucket, never more than stake × the edge multiplier', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.string({ maxLength: 20 }),
        fc.nat(),
        fc.constantFrom(...cells),
        fc.integer({ min: 9_500, max: 9_900 }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (seed, client, nonce, p, bps, stake) => {
          const { outcome, multiplier } = plinko.play(p, fairRng(seed, client, nonce), bps);
          expect(outcome.path).toHaveLength(p.rows);
          expect(outcome.bucket).toBe(outcome.path.filter((d) => d === 1).length);
          const cell =
            PLINKO_TABLES[p.rows]![p.risk][Math.floor(Math.abs(2 * outcome.bucket - p.rows) / 2)]!;
          expect(text(multiplier)).toBe(text(fraction(BigInt(cell) * BigInt(bps), 990_000n)));
          const max = plinko.maxMultiplier(p, bps);
          expect(payoutAt(stake, multiplier)).toBeLessThanOrEqual(payoutAt(stake, max));
        },
      ),
    );
  });
});
