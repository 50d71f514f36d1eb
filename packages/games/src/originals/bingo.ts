import type { Rng } from '../kernel/fairness';
import type { Multiplier } from './types';

/**
 * 75-ball bingo with fixed prizes (the house's rules; GAMES.md has none):
 *
 * - A card is 5×5: column B holds five of 1–15, I of 16–30, N four of 31–45 around the FREE
 *   centre, G of 46–60, O of 61–75. `drawCard(rng)` picks each column's numbers in order, top to
 *   bottom, by drawing without replacement from the column's 15 (one `rng.int(remaining)` each:
 *   5 + 5 + 4 + 5 + 5 = 24 draws). The grid is row-major, 25 cells, the centre `0` (FREE).
 * - A game's ball order is a shuffle of 1–75 (`drawBalls(rng)`: 74 draws without replacement, the
 *   last ball the one left); only the first `BINGO_CALLS` (30) are called.
 * - A card is paid for the best pattern it completes with the called balls (the FREE centre
 *   counts as called): X (both diagonals) 100×, two lines 18×, four corners 10×, one line 4×
 *   (a line: any of the 5 rows, 5 columns or 2 diagonals; 4 of them cross the FREE centre). Payout = floor(stake × multiplier); nothing
 *   else about the game (other cards, other players) changes it.
 *
 * RTP with 30 calls: 94.72 %. Exactly: a card's 24 numbers are distinct and the called balls a
 * uniform 30 of 75, so a given k of its numbers are called (and the other 24 − k not) with
 * probability C(51, 30 − k) / C(75, 30); summing the best prize over the 2^24 marked subsets gives
 * P(X) = 0.0346921 %, P(two lines) = 1.1534792 %, P(corners) = 2.0805488 %, P(line) =
 * 12.4228151 %, RTP = 94.7286 % (`bingo.test.ts` enumerates it); `npm run bench:bingo-rtp`
 * checks it by simulating 10 million cards.
 */

export const BINGO_ENGINE_ID = 'taya-bingo@1';
export const BINGO_BALLS = 75;
export const BINGO_CALLS = 30;
export const BINGO_CELLS = 25;
export const BINGO_FREE_CELL = 12;

export const BINGO_PATTERNS = ['x', 'two-lines', 'corners', 'line'] as const;
export type BingoPattern = (typeof BINGO_PATTERNS)[number];

/** The prize table: what each pattern pays per unit staked (stake included), best first. */
export const BINGO_PRIZES: Readonly<Record<BingoPattern, Multiplier>> = {
  x: { num: 100n, den: 1n },
  'two-lines': { num: 18n, den: 1n },
  corners: { num: 10n, den: 1n },
  line: { num: 4n, den: 1n },
};

/** The RTP shown (the exact figure, rounded down to hundredths of a percent). */
export const BINGO_RTP_TEXT = '94.72';

/** The largest multiplier a card can pay (X). */
export const BINGO_MAX_MULTIPLIER: Multiplier = BINGO_PRIZES.x;

/** The 12 lines: 5 rows, 5 columns, 2 diagonals, as cell indexes of the row-major grid. */
export const BINGO_LINES: readonly (readonly number[])[] = [
  ...[0, 1, 2, 3, 4].map((r) => [0, 1, 2, 3, 4].map((c) => r * 5 + c)),
  ...[0, 1, 2, 3, 4].map((c) => [0, 1, 2, 3, 4].map((r) => r * 5 + c)),
  [0, 6, 12, 18, 24],
  [4, 8, 12, 16, 20],
];
export const BINGO_CORNERS: readonly number[] = [0, 4, 20, 24];

/** Column (0 = B … 4 = O) of a ball 1–75. */
export const bingoColumn = (ball: number): number => Math.floor((ball - 1) / 15);
export const BINGO_LETTERS = ['B', 'I', 'N', 'G', 'O'] as const;

/** Draws a card's 24 numbers: column by column, top to bottom, without replacement. */
export function drawCard(rng: Rng): number[] {
  const grid = new Array<number>(BINGO_CELLS).fill(0);
  for (let c = 0; c < 5; c++) {
    const pool = Array.from({ length: 15 }, (_, i) => c * 15 + i + 1);
    for (let r = 0; r < 5; r++) {
      if (c === 2 && r === 2) continue;
      const [n] = pool.splice(rng.int(pool.length), 1);
      grid[r * 5 + c] = n!;
    }
  }
  return grid;
}

/** A game's ball order: all 75 balls, drawn without replacement. */
export function drawBalls(rng: Rng): number[] {
  const pool = Array.from({ length: BINGO_BALLS }, (_, i) => i + 1);
  const order: number[] = [];
  while (pool.length > 1) order.push(pool.splice(rng.int(pool.length), 1)[0]!);
  order.push(pool[0]!);
  return order;
}

/** The game's client seed for its ball order (its server seed is committed before buying). */
export const bingoGameClientSeed = (game: number): string => `bingo-game-${game}`;

/** Which cells of the card are marked by these called balls (the centre always). */
export function markedCells(card: readonly number[], called: Iterable<number>): boolean[] {
  const set = new Set(called);
  return card.map((n, i) => i === BINGO_FREE_CELL || set.has(n));
}

/** Every pattern the marks complete (in the table's order, best first). */
export function completedPatterns(marked: readonly boolean[]): BingoPattern[] {
  const lines = BINGO_LINES.filter((line) => line.every((i) => marked[i])).length;
  const diagonals = BINGO_LINES.slice(10).every((line) => line.every((i) => marked[i]));
  const done: BingoPattern[] = [];
  if (diagonals) done.push('x');
  if (lines >= 2) done.push('two-lines');
  if (BINGO_CORNERS.every((i) => marked[i])) done.push('corners');
  if (lines >= 1) done.push('line');
  return done;
}

/** The card's best pattern (the highest prize) with the called balls, or null. */
export function bestPattern(
  card: readonly number[],
  called: Iterable<number>,
): BingoPattern | null {
  const done = completedPatterns(markedCells(card, called));
  let best: BingoPattern | null = null;
  for (const p of done) {
    if (best === null || compareMultipliers(BINGO_PRIZES[p], BINGO_PRIZES[best]) > 0) best = p;
  }
  return best;
}

function compareMultipliers(a: Multiplier, b: Multiplier): number {
  const d = a.num * b.den - b.num * a.den;
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

/** What a card pays per unit staked: its best pattern's prize, or 0. */
export function bingoMultiplier(pattern: BingoPattern | null): Multiplier {
  return pattern === null ? { num: 0n, den: 1n } : BINGO_PRIZES[pattern];
}

/** The balls called in a game: the first `BINGO_CALLS` of its order. */
export const calledBalls = (order: readonly number[]): number[] => order.slice(0, BINGO_CALLS);

/**
 * The fewest more balls the card needs for a line (0 when it has one): the page's "1 to go".
 */
export function ballsToGo(card: readonly number[], called: Iterable<number>): number {
  const marked = markedCells(card, called);
  return Math.min(...BINGO_LINES.map((line) => line.filter((i) => !marked[i]).length));
}

/** Whether a grid is a card `drawCard` could make (25 cells, columns' ranges, FREE centre). */
export function isBingoCard(card: readonly number[]): boolean {
  if (card.length !== BINGO_CELLS || card[BINGO_FREE_CELL] !== 0) return false;
  const seen = new Set<number>();
  for (let i = 0; i < BINGO_CELLS; i++) {
    if (i === BINGO_FREE_CELL) continue;
    const n = card[i]!;
    if (!Number.isInteger(n) || n < 1 || n > 75 || seen.has(n)) return false;
    if (bingoColumn(n) !== i % 5) return false;
    seen.add(n);
  }
  return true;
}
