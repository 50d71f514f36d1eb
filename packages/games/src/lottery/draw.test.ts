import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commitmentOf,
  digitStream,
  digitsFromSeed,
  drawFromSeed,
  houseDraw,
  newSeed,
  verifyDraw,
  verifyHouseDraw,
} from './draw';
import { ELOTT_1M, LOTTERY_GAMES, SEA_4D, VN_NORTH } from './games';
import { validateResult } from './rules';

// Seed bytes 00 01 02 … 1f; the expected values were computed independently with Python's
// hashlib and hmac following the documented algorithm.
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('commit–reveal draw', () => {
  it('makes 32-byte hex seeds and commits with SHA-256 of the seed bytes', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(seed);
    expect(commitmentOf(SEED)).toBe(
      '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
    );
    expect(commitmentOf(seed)).toBe(
      createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
    );
    expect(() => commitmentOf('abc')).toThrow();
    expect(() => commitmentOf(SEED.toUpperCase())).toThrow();
  });

  it('draws the documented digits, skipping bytes of 250 and above', () => {
    expect(drawFromSeed(SEED, '20261124-0001')).toEqual([4, 3, 3, 8, 4]);
    // The first block starts 223, 134, 251, 211, 76, 138: 251 is skipped.
    expect(drawFromSeed(SEED, '20261124-0002')).toEqual([3, 4, 1, 6, 8]);
  });

  it('is deterministic per seed and issue, and differs between issues', () => {
    const seed = newSeed();
    expect(drawFromSeed(seed, 'A-1')).toEqual(drawFromSeed(seed, 'A-1'));
    const many = new Set(
      Array.from({ length: 50 }, (_, i) => drawFromSeed(seed, `A-${i}`).join('')),
    );
    expect(many.size).toBeGreaterThan(45);
    // Long streams run past the first HMAC block.
    const long = digitsFromSeed(seed, 'A-1', 100);
    expect(long).toHaveLength(100);
    expect(long.slice(0, 5)).toEqual(drawFromSeed(seed, 'A-1'));
  });

  it('gives the same commitment and digits as node:crypto for any seed and label', () => {
    // The digit stream as the server computed it with node:crypto before the package became
    // browser-safe: the draw must not change by a single bit.
    function* nodeStream(seed: string, label: string) {
      const key = Buffer.from(seed, 'hex');
      for (let block = 0; ; block++) {
        const bytes = createHmac('sha256', key).update(`${label}:${block}`, 'utf8').digest();
        for (const b of bytes) if (b < 250) yield b % 10;
      }
    }
    const take = (stream: Iterator<number>, n: number) =>
      Array.from({ length: n }, () => stream.next().value as number);
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('20261124-0001', '\ud800x')),
        (bytes, label) => {
          const seed = Buffer.from(bytes).toString('hex');
          expect(commitmentOf(seed)).toBe(createHash('sha256').update(bytes).digest('hex'));
          expect(take(digitStream(seed, label), 70)).toEqual(take(nodeStream(seed, label), 70));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives uniform digits on every position (chi-square over 4,000 seeds)', () => {
    const counts = Array.from({ length: 5 }, () => new Array<number>(10).fill(0));
    const seeds = 4000;
    for (let i = 0; i < seeds; i++) {
      const seed = createHash('sha256').update(`seed-${i}`).digest('hex');
      drawFromSeed(seed, `20261124-${i}`).forEach((d, p) => (counts[p]![d]! += 1));
    }
    const expected = seeds / 10;
    for (const position of counts) {
      const chi = position.reduce((s, n) => s + (n - expected) ** 2 / expected, 0);
      // 9 degrees of freedom: 27.88 is the 0.1 % critical value.
      expect(chi).toBeLessThan(27.88);
    }
  });

  it('verifies a result, and refuses a tampered seed, digit, issue or commitment', () => {
    const seed = newSeed();
    const commitment = commitmentOf(seed);
    const digits = drawFromSeed(seed, '20261124-0042');
    expect(verifyDraw(commitment, seed, '20261124-0042', digits)).toBe(true);
    expect(verifyDraw(commitment.toUpperCase(), seed, '20261124-0042', digits)).toBe(true);
    const flipped = (seed[0] === '0' ? '1' : '0') + seed.slice(1);
    expect(
      verifyDraw(commitment, flipped, '20261124-0042', drawFromSeed(flipped, '20261124-0042')),
    ).toBe(false);
    const changed = [...digits];
    changed[4] = (changed[4]! + 1) % 10;
    expect(verifyDraw(commitment, seed, '20261124-0042', changed)).toBe(false);
    expect(verifyDraw(commitment, seed, '20261124-0043', digits)).toBe(false);
    expect(verifyDraw(commitment, seed, '20261124-0042', digits.slice(0, 4))).toBe(false);
    expect(verifyDraw(commitment, 'not a seed', '20261124-0042', digits)).toBe(false);
  });

  it('house-draws a well-formed demo result for every game, and verifies it', () => {
    const seed = newSeed();
    for (const def of LOTTERY_GAMES) {
      const result = houseDraw(def, seed, 'X-1');
      expect(validateResult(def, result)).toEqual([]);
      expect(verifyHouseDraw(def, commitmentOf(seed), seed, 'X-1', result)).toBe(true);
    }
    const elott = houseDraw(ELOTT_1M, SEED, '20261124-0001');
    expect(elott).toEqual({ kind: 'ELOTT', digits: [4, 3, 3, 8, 4] });
    const vn = houseDraw(VN_NORTH, seed, 'X-1');
    expect(vn.kind === 'VN' && vn.prizes.special![0]).toBe(digitsFromSeed(seed, 'X-1', 5).join(''));
    // Tampering with any number of a demo result fails verification.
    if (vn.kind !== 'VN') throw new Error('VN');
    const third = [...vn.prizes.third!];
    third[5] = third[5] === '00000' ? '00001' : '00000';
    const forged = { ...vn, prizes: { ...vn.prizes, third } };
    expect(verifyHouseDraw(VN_NORTH, commitmentOf(seed), seed, 'X-1', forged)).toBe(false);
    const fourD = houseDraw(SEA_4D, seed, 'X-2');
    if (fourD.kind !== 'SEA_4D') throw new Error('4D');
    const all = [fourD.first, fourD.second, fourD.third, ...fourD.starters, ...fourD.consolations];
    expect(new Set(all).size).toBe(23);
  });
});
