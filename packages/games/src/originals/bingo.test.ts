import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairRng } from '../kernel/fairness';
import {
  BINGO_CALLS,
  BINGO_CORNERS,
  BINGO_FREE_CELL,
  BINGO_LINES,
  BINGO_PRIZES,
  BINGO_RTP_TEXT,
  ballsToGo,
  bestPattern,
  bingoColumn,
  bingoGameClientSeed,
  bingoMultiplier,
  calledBalls,
  completedPatterns,
  drawBalls,
  drawCard,
  isBingoCard,
  markedCells,
  type BingoPattern,
} from './bingo';
import { payoutAt } from './types';

const SEED = 'ab'.repeat(32);
const seedArb = fc.stringMatching(/^[0-9a-f]{64}$/);

/** An independent reading of the rules: count full lines, check the diagonals and corners. */
function referenceBest(card: number[], called: Set<number>): BingoPattern | null {
  const on = (i: number) => i === 12 || called.has(card[i]!);
  const lines = BINGO_LINES.filter((l) => l.every(on));
  const diag1 = [0, 6, 12, 18, 24].every(on);
  const diag2 = [4, 8, 12, 16, 20].every(on);
  if (diag1 && diag2) return 'x';
  if (lines.length >= 2) return 'two-lines';
  if ([0, 4, 20, 24].every(on)) return 'corners';
  if (lines.length === 1) return 'line';
  return null;
}

describe('bingo', () => {
  it('draws cards with a FREE centre, no duplicates and each column in its range', () => {
    fc.assert(
      fc.property(seedArb, fc.string(), fc.nat(1_000_000), (seed, client, nonce) => {
        const card = drawCard(fairRng(seed, client, nonce));
        expect(card[BINGO_FREE_CELL]).toBe(0);
        expect(isBingoCard(card)).toBe(true);
        const numbers = card.filter((_, i) => i !== BINGO_FREE_CELL);
        expect(new Set(numbers).size).toBe(24);
        card.forEach((n, i) => {
          if (i !== BINGO_FREE_CELL) {
            expect(bingoColumn(n)).toBe(i % 5);
            expect(n).toBeGreaterThanOrEqual((i % 5) * 15 + 1);
            expect(n).toBeLessThanOrEqual((i % 5) * 15 + 15);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('replays a card and a ball order from the same seeds', () => {
    expect(drawCard(fairRng(SEED, 'c', 3))).toEqual(drawCard(fairRng(SEED, 'c', 3)));
    expect(drawCard(fairRng(SEED, 'c', 3))).not.toEqual(drawCard(fairRng(SEED, 'c', 4)));
    const order = drawBalls(fairRng(SEED, bingoGameClientSeed(7), 0));
    expect(order).toEqual(drawBalls(fairRng(SEED, bingoGameClientSeed(7), 0)));
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 75 }, (_, i) => i + 1));
    expect(calledBalls(order)).toHaveLength(BINGO_CALLS);
  });

  it('pays a card the table’s prize for its best pattern', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.nat(1000),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (seed, n, stake) => {
          const card = drawCard(fairRng(seed, 'card', n));
          const called = new Set(calledBalls(drawBalls(fairRng(seed, 'game', n))));
          const best = bestPattern(card, called);
          expect(best).toBe(referenceBest(card, called));
          const expected = best === null ? 0n : stake * BINGO_PRIZES[best].num;
          expect(payoutAt(stake, bingoMultiplier(best))).toBe(expected);
          // The best pattern pays at least what any completed one pays.
          for (const p of completedPatterns(markedCells(card, called)))
            expect(BINGO_PRIZES[best!].num).toBeGreaterThanOrEqual(BINGO_PRIZES[p].num);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts the FREE centre as called', () => {
    const card = drawCard(fairRng(SEED, 'free', 0));
    const middleRow = [10, 11, 13, 14].map((i) => card[i]!);
    expect(bestPattern(card, middleRow)).toBe('line');
    expect(ballsToGo(card, middleRow.slice(1))).toBe(1);
    const diagonals = [0, 6, 18, 24, 4, 8, 16, 20].map((i) => card[i]!);
    expect(bestPattern(card, diagonals)).toBe('x');
    expect(
      bestPattern(
        card,
        BINGO_CORNERS.map((i) => card[i]!),
      ),
    ).toBe('corners');
    expect(bestPattern(card, [])).toBeNull();
    expect(ballsToGo(card, [])).toBe(4);
    expect(markedCells(card, [])[BINGO_FREE_CELL]).toBe(true);
  });

  it('refuses grids that are not cards', () => {
    const card = drawCard(fairRng(SEED, 'x', 1));
    expect(isBingoCard(card)).toBe(true);
    expect(isBingoCard(card.slice(1))).toBe(false);
    const swapped = [...card];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(isBingoCard(swapped)).toBe(false);
    const dup = [...card];
    dup[5] = dup[0]!;
    expect(isBingoCard(dup)).toBe(false);
  });

  it('returns the RTP shown, enumerated exactly over every set of called numbers', () => {
    // A given k of the card's 24 numbers called, the other 24 − k not: C(51, 30 − k) / C(75, 30).
    const C = (n: number, k: number): bigint => {
      if (k < 0 || k > n) return 0n;
      let r = 1n;
      for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
      return r;
    };
    const cells = Array.from({ length: 25 }, (_, i) => i).filter((i) => i !== 12);
    const bit = (list: readonly number[]) =>
      list.filter((i) => i !== 12).reduce((m, i) => m | (1 << cells.indexOf(i)), 0);
    const lines = BINGO_LINES.map(bit);
    const x = lines[10]! | lines[11]!;
    const corners = bit(BINGO_CORNERS);
    const byK: Record<BingoPattern, number[]> = {
      x: Array(25).fill(0),
      'two-lines': Array(25).fill(0),
      corners: Array(25).fill(0),
      line: Array(25).fill(0),
    };
    for (let s = 0; s < 1 << 24; s++) {
      let k = 0;
      for (let m = s; m; m &= m - 1) k++;
      if ((s & x) === x) {
        byK.x[k]!++;
        continue;
      }
      let full = 0;
      for (const l of lines) if ((s & l) === l && ++full === 2) break;
      if (full >= 2) byK['two-lines'][k]!++;
      else if ((s & corners) === corners) byK.corners[k]!++;
      else if (full === 1) byK.line[k]!++;
    }
    const den = C(75, BINGO_CALLS);
    let num = 0n;
    for (const [p, counts] of Object.entries(byK) as [BingoPattern, number[]][]) {
      const ways = counts.reduce((a, v, k) => a + BigInt(v) * C(51, BINGO_CALLS - k), 0n);
      num += ways * BINGO_PRIZES[p].num;
    }
    const hundredths = (num * 10_000n) / den; // percent × 100, rounded down
    expect(`${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`).toBe(
      BINGO_RTP_TEXT,
    );
  }, 60_000);
});
