import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRng } from '../kernel/fairness';
import { fraction } from './exact';
import {
  SCRATCH_CARDS,
  SCRATCH_TABLES,
  layOutScratch,
  readScratch,
  scratch,
  scratchChances,
  scratchCountVectors,
  scratchTableSum,
  scratchTierAt,
  scratchTiers,
  type ScratchCard,
} from './scratch';
import { scriptedRng } from './test-rng';
import { payoutAt, type Multiplier } from './types';

const SEED = 'b'.repeat(64);
const text = (f: Multiplier) => `${f.num}/${f.den}`;

/** Cards of 9 cells over 6 symbols with every count ≤ 2 (brute force over all 6^9 cards). */
function bruteForceCounts(): { none: number; three: number } {
  let none = 0;
  let three = 0; // exactly three of symbol 0, at most two of every other
  const counts = new Array<number>(6).fill(0);
  const cells = new Array<number>(9).fill(0);
  counts[0] = 9;
  for (;;) {
    if (counts.every((c) => c <= 2)) none++;
    if (counts[0] === 3 && counts.slice(1).every((c) => c <= 2)) three++;
    let i = 8;
    while (i >= 0 && cells[i] === 5) {
      counts[5]!--;
      counts[0]!++;
      cells[i] = 0;
      i--;
    }
    if (i < 0) return { none, three };
    counts[cells[i]!]!--;
    cells[i]!++;
    counts[cells[i]!]!++;
  }
}

describe('scratch cards', () => {
  it('has three cards of six distinct symbols, best prize first', () => {
    expect(SCRATCH_CARDS).toEqual(['carabao', 'pagoda', 'fiesta']);
    for (const card of SCRATCH_CARDS) {
      const t = SCRATCH_TABLES[card];
      expect(new Set(t.map((p) => p.symbol)).size).toBe(6);
      for (let i = 1; i < t.length; i++)
        expect(t[i]!.hundredths).toBeLessThan(t[i - 1]!.hundredths);
      expect(t.every((p) => Number.isInteger(p.weight) && p.weight > 0)).toBe(true);
    }
    expect(SCRATCH_CARDS.map(scratchTableSum)).toEqual([85_000, 144_000, 120_000]);
    expect(SCRATCH_CARDS.map((card) => text(scratch.maxMultiplier({ card }, 9_900)))).toEqual([
      '100/1',
      '500/1',
      '50/1',
    ]);
  });

  it('returns exactly the merchant rate, enumerated over the tiers (independently here)', () => {
    for (const card of SCRATCH_CARDS)
      for (const bps of [9_500, 9_725, 9_900]) {
        expect(text(scratch.rtp({ card }, bps))).toBe(text(fraction(BigInt(bps), 10_000n)));
        // Independently: Σ weight·bps·prize/100 over the prizes ÷ 100·P.
        let paid = 0n;
        for (const p of SCRATCH_TABLES[card]) paid += BigInt(p.weight * bps) * BigInt(p.hundredths);
        const total = 100n * BigInt(scratchTableSum(card));
        expect(text(fraction(paid, total * 100n))).toBe(text(fraction(BigInt(bps), 10_000n)));
        // The chances add up to 1.
        const sum = scratchChances(card, bps).reduce(
          (s, c) => s + c.chance.num * (total / c.chance.den),
          0n,
        );
        expect(sum).toBe(total);
      }
  });

  it('wins with the documented chances at 99 %', () => {
    const win = (card: ScratchCard) => {
      const tiers = scratchTiers(card, 9_900);
      const total = tiers.reduce((s, t) => s + t.weight, 0n);
      return text(fraction(total - tiers.at(-1)!.weight, total));
    };
    // carabao 9,900·337 / 8,500,000; pagoda 9,900·195 / 14,400,000; fiesta 9,900·672 / 12,000,000.
    expect(win('carabao')).toBe(text(fraction(9_900n * 337n, 8_500_000n)));
    expect(win('pagoda')).toBe(text(fraction(9_900n * 195n, 14_400_000n)));
    expect(win('fiesta')).toBe(text(fraction(9_900n * 672n, 12_000_000n)));
    expect(text(fraction(9_900n * 672n, 12_000_000n))).toBe('693/1250'); // 55.44 %
  });

  it('maps the tier draw onto the cumulative weights, table order first', () => {
    // carabao at 9,900: carabao [0, 9,900), jeepney [9,900, 49,500), mango … no win at the end.
    expect(scratchTierAt('carabao', 9_900, 0)).toBe('carabao');
    expect(scratchTierAt('carabao', 9_900, 9_899)).toBe('carabao');
    expect(scratchTierAt('carabao', 9_900, 9_900)).toBe('jeepney');
    expect(scratchTierAt('carabao', 9_900, 49_499)).toBe('jeepney');
    expect(scratchTierAt('carabao', 9_900, 49_500)).toBe('mango');
    expect(scratchTierAt('carabao', 9_900, 337 * 9_900 - 1)).toBe('coconut');
    expect(scratchTierAt('carabao', 9_900, 337 * 9_900)).toBe(null);
    expect(scratchTierAt('carabao', 9_900, 8_499_999)).toBe(null);
    expect(() => scratchTierAt('carabao', 9_900, 8_500_000)).toThrow();
    // A lower rate leaves more to no win: the last coconut draw at 9,500 is 337 × 9,500 − 1.
    expect(scratchTierAt('carabao', 9_500, 337 * 9_500 - 1)).toBe('coconut');
    expect(scratchTierAt('carabao', 9_500, 337 * 9_500)).toBe(null);
  });

  it('counts every card consistent with a tier (checked by brute force over 6^9 cards)', () => {
    const brute = bruteForceCounts();
    for (const card of SCRATCH_CARDS) {
      const none = scratchCountVectors(card, null).reduce((s, v) => s + v.cards, 0);
      expect(none).toBe(brute.none);
      for (const p of SCRATCH_TABLES[card]) {
        const three = scratchCountVectors(card, p.symbol).reduce((s, v) => s + v.cards, 0);
        expect(three).toBe(brute.three);
      }
    }
    expect(brute).toEqual({ none: 1_587_600, three: 680_400 });
  });

  it('lays out the tier: first the count vector, then Fisher–Yates', () => {
    // Draw 0 of the carabao-prize vectors: carabao 3, jeepney 0, mango 0, rooster 2, parol 2,
    // coconut 2 (the first in lexicographic order); all swaps with index i itself (rng = i).
    const grid = layOutScratch('carabao', 'carabao', scriptedRng([0, 8, 7, 6, 5, 4, 3, 2, 1]));
    expect(grid).toEqual([
      'carabao',
      'carabao',
      'carabao',
      'rooster',
      'rooster',
      'parol',
      'parol',
      'coconut',
      'coconut',
    ]);
    // Swapping 8 with 0 first.
    expect(layOutScratch('carabao', 'carabao', scriptedRng([0, 0, 7, 6, 5, 4, 3, 2, 1]))[0]).toBe(
      'coconut',
    );
    expect(readScratch(grid)).toEqual({ prize: 'carabao', cells: [0, 1, 2] });
    expect(readScratch(['a', 'b', 'a', 'b', 'c', 'c', 'd', 'e', 'e'])).toEqual({
      prize: null,
      cells: [],
    });
  });

  it('replays the same card from the same seeds', () => {
    const first = scratch.play({ card: 'fiesta' }, fairRng(SEED, 'client', 3), 9_900);
    expect(scratch.play({ card: 'fiesta' }, fairRng(SEED, 'client', 3), 9_900)).toEqual(first);
    expect(first.outcome.grid).toHaveLength(9);
  });

  it('parses the card and names each bad field', () => {
    expect(scratch.parse({ card: 'pagoda' })).toEqual({ ok: true, params: { card: 'pagoda' } });
    for (const card of ['gold', '', 1, null, undefined]) {
      const r = scratch.parse({ card });
      expect(r.ok ? [] : r.problems.map((p) => p.path)).toEqual(['params.card']);
    }
    const bad = scratch.parse({ card: 'fiesta', lines: 3 });
    expect(bad.ok ? [] : bad.problems.map((p) => p.path)).toEqual(['params.lines']);
    expect(() => scratch.play({ card: 'x' } as never, fairRng(SEED, 'c', 0), 9_900)).toThrow();
    expect(() => scratch.play({ card: 'fiesta' }, fairRng(SEED, 'c', 0), 9_499)).toThrow();
  });

  it('shows exactly its prize, and pays the table prize of it (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.nat(),
        fc.constantFrom(...SCRATCH_CARDS),
        fc.integer({ min: 9_500, max: 9_900 }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (seed, nonce, card, bps, stake) => {
          const { outcome, multiplier } = scratch.play({ card }, fairRng(seed, 'p', nonce), bps);
          const symbols = SCRATCH_TABLES[card].map((p) => p.symbol);
          expect(outcome.grid.every((s) => symbols.includes(s))).toBe(true);
          const read = readScratch(outcome.grid);
          expect(read).toEqual({ prize: outcome.prize, cells: outcome.cells });
          if (outcome.prize !== null) expect(outcome.cells).toHaveLength(3);
          const row = SCRATCH_TABLES[card].find((p) => p.symbol === outcome.prize);
          const expected = row ? (stake * BigInt(row.hundredths)) / 100n : 0n;
          expect(payoutAt(stake, multiplier)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
