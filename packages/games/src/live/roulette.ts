import type { Rng } from '../kernel/fairness';
import { addFractions, fraction } from '../originals/exact';
import { payoutAt, type Multiplier } from '../originals/types';
import type { SpotStake, TableRules } from './types';

/**
 * European (single-zero) roulette, GAMES.md §3.1.
 *
 * The wheel has 37 pockets, 0–36; every spin draws one pocket (`drawRoulette`: one `rng.int(37)`,
 * each pocket equally likely). The layout is 3 columns × 12 rows, row r holding 3r−2, 3r−1, 3r;
 * column 1 is 1, 4, …, 34, column 3 is 3, 6, …, 36; zero sits above the first row, touching 1, 2
 * and 3.
 *
 * Spots (ids list their numbers ascending, joined by '-') and what a win pays, net, the stake
 * returned on top (so the payout is stake × (net + 1)):
 * - `straight:N` (0–36) 35:1;
 * - `split:A-B`, two numbers side by side or one above the other on the layout, plus 0-1, 0-2 and
 *   0-3, 17:1;
 * - `street:A-B-C`, a row, plus the trios 0-1-2 and 0-2-3, 11:1;
 * - `corner:A-B-C-D`, four numbers meeting at a corner, plus the first four 0-1-2-3, 8:1;
 * - `line:A-…-F`, two adjacent rows, 5:1;
 * - `column:1|2|3` and `dozen:1|2|3` (1–12, 13–24, 25–36), 2:1;
 * - `red`, `black`, `odd`, `even`, `low` (1–18), `high` (19–36), 1:1.
 * Zero loses every outside bet (no la partage, no en prison): it is neither red nor black, odd nor
 * even, low nor high, and belongs to no column or dozen.
 *
 * Every spot covering k numbers pays 36/k per unit staked on a win, so each returns exactly
 * 36/37 = 97.2973 % (house edge 2.7027 %, the figure of §3.1), which `rouletteSpotRtp` checks by
 * enumerating the 37 pockets. The racetrack's call bets (`callBetSpots`, `neighbourSpots`) are
 * only ways of placing several of these spots at once.
 */

export const ROULETTE_ENGINE_ID = 'taya-roulette@1';

/** The 37 pockets clockwise from zero, as on a European wheel (§3.1). */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];

/** The 18 red numbers (§3.1); zero is green and the other 18 are black. */
export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];

export type PocketColour = 'red' | 'black' | 'green';

/** A round's result: the pocket the ball settled in. */
export interface RouletteOutcome extends Record<string, unknown> {
  pocket: number;
}

function isPocket(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 36;
}

function checkPocket(n: number): void {
  if (!isPocket(n)) throw new Error('a pocket is an integer 0–36');
}

/** A pocket's colour: zero green, the numbers of `RED_NUMBERS` red, the rest black. */
export function pocketColour(n: number): PocketColour {
  checkPocket(n);
  if (n === 0) return 'green';
  return RED_NUMBERS.includes(n) ? 'red' : 'black';
}

/** Spins the wheel: exactly one `rng.int(37)`, the pocket itself. */
export function drawRoulette(rng: Rng): RouletteOutcome {
  return { pocket: rng.int(37) };
}

/** The kinds of spot, each with its net win per unit staked. */
const NET: Record<string, bigint> = {
  straight: 35n,
  split: 17n,
  street: 11n,
  corner: 8n,
  line: 5n,
  column: 2n,
  dozen: 2n,
  red: 1n,
  black: 1n,
  odd: 1n,
  even: 1n,
  low: 1n,
  high: 1n,
};

function spotKind(spot: string): string {
  const colon = spot.indexOf(':');
  return colon < 0 ? spot : spot.slice(0, colon);
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every spot and its numbers, in board order: inside bets by kind, then the outside bets. */
function buildSpots(): Map<string, readonly number[]> {
  const spots = new Map<string, readonly number[]>();
  const add = (kind: string, numbers: number[], label?: string) =>
    spots.set(`${kind}:${label ?? numbers.join('-')}`, numbers);
  for (let n = 0; n <= 36; n++) add('straight', [n]);
  // Splits, ordered by their numbers: zero's three, then from each n the one to its right
  // (same row) and the one below it (same column).
  for (const n of [1, 2, 3]) add('split', [0, n]);
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) add('split', [n, n + 1]);
    if (n <= 33) add('split', [n, n + 3]);
  }
  add('street', [0, 1, 2]);
  add('street', [0, 2, 3]);
  for (let r = 1; r <= 12; r++) add('street', range(3 * r - 2, 3 * r));
  add('corner', [0, 1, 2, 3]);
  for (let n = 1; n <= 32; n++) if (n % 3 !== 0) add('corner', [n, n + 1, n + 3, n + 4]);
  for (let r = 1; r <= 11; r++) add('line', range(3 * r - 2, 3 * r + 3));
  const column = (c: number) => range(0, 11).map((i) => c + 3 * i);
  for (let c = 1; c <= 3; c++) add('column', column(c), String(c));
  for (let d = 1; d <= 3; d++) add('dozen', range(12 * d - 11, 12 * d), String(d));
  const all = range(1, 36);
  const black = all.filter((n) => !RED_NUMBERS.includes(n));
  const odd = all.filter((n) => n % 2 === 1);
  const even = all.filter((n) => n % 2 === 0);
  spots.set('red', [...RED_NUMBERS]);
  spots.set('black', black);
  spots.set('odd', odd);
  spots.set('even', even);
  spots.set('low', range(1, 18));
  spots.set('high', range(19, 36));
  return spots;
}

const SPOT_NUMBERS = buildSpots();

/**
 * Every spot of the table in board order: 37 straights, 60 splits (57 on the layout and zero's
 * three), 14 streets (12 rows and two trios), 23 corners (22 and the first four), 11 lines,
 * 3 columns, 3 dozens and the 6 even-money spots: 157 in all.
 */
export const ROULETTE_SPOTS: readonly string[] = [...SPOT_NUMBERS.keys()];

export function isRouletteSpot(spot: string): boolean {
  return SPOT_NUMBERS.has(spot);
}

/** The numbers a spot covers, ascending. Throws on a spot the table lacks. */
export function rouletteSpotNumbers(spot: string): number[] {
  const numbers = SPOT_NUMBERS.get(spot);
  if (numbers === undefined) throw new Error(`no spot ${spot}`);
  return [...numbers];
}

/** What a winning spot pays per unit staked, stake included (36 for a straight, 2 for red). */
function winMultiplier(spot: string): Multiplier {
  const net = NET[spotKind(spot)];
  if (net === undefined || !SPOT_NUMBERS.has(spot)) throw new Error(`no spot ${spot}`);
  return { num: net + 1n, den: 1n };
}

/** What a spot pays per unit staked for a pocket, stake included (0 when it loses). */
export function rouletteMultiplier(spot: string, pocket: number): Multiplier {
  checkPocket(pocket);
  const win = winMultiplier(spot);
  return SPOT_NUMBERS.get(spot)!.includes(pocket) ? win : { num: 0n, den: 1n };
}

/** The table's rules: a winning stake is paid stake × (net + 1), a losing one 0. */
export const ROULETTE_RULES: TableRules<RouletteOutcome> = {
  id: ROULETTE_ENGINE_ID,
  spots: ROULETTE_SPOTS,
  pay(spot, amount, outcome) {
    return payoutAt(amount, rouletteMultiplier(spot, outcome.pocket));
  },
  maxMultiplier(spot) {
    return winMultiplier(spot);
  },
};

/** A spot's exact return to player over the 37 equally likely pockets (36/37 for each). */
export function rouletteSpotRtp(spot: string): Multiplier {
  let paid: Multiplier = { num: 0n, den: 1n };
  for (let pocket = 0; pocket <= 36; pocket++)
    paid = addFractions(paid, rouletteMultiplier(spot, pocket));
  return fraction(paid.num, paid.den * 37n);
}

/**
 * The racetrack's call bets (§3.1), as spot and chips:
 * - `voisins` (voisins du zéro, the 17 numbers from 22 to 25 through 0): 9 chips, 2 on the trio
 *   0-2-3, 1 each on the splits 4/7, 12/15, 18/21, 19/22, 32/35, 2 on the corner 25/26/28/29;
 * - `tiers` (tiers du cylindre, 27 … 33 opposite zero): 6 chips, one on each of the splits 5/8,
 *   10/11, 13/16, 23/24, 27/30, 33/36;
 * - `orphelins` (1, 20, 14, 31, 9 and 17, 34, 6): 5 chips, straight 1 and splits 6/9, 14/17,
 *   17/20, 31/34;
 * - `jeu-zero` (12, 35, 3, 26, 0, 32, 15): 4 chips, splits 0/3, 12/15, 32/35 and straight 26.
 */
export const CALL_BETS = {
  voisins: [
    ['street:0-2-3', 2],
    ['split:4-7', 1],
    ['split:12-15', 1],
    ['split:18-21', 1],
    ['split:19-22', 1],
    ['split:32-35', 1],
    ['corner:25-26-28-29', 2],
  ],
  tiers: [
    ['split:5-8', 1],
    ['split:10-11', 1],
    ['split:13-16', 1],
    ['split:23-24', 1],
    ['split:27-30', 1],
    ['split:33-36', 1],
  ],
  orphelins: [
    ['straight:1', 1],
    ['split:6-9', 1],
    ['split:14-17', 1],
    ['split:17-20', 1],
    ['split:31-34', 1],
  ],
  'jeu-zero': [
    ['split:0-3', 1],
    ['split:12-15', 1],
    ['split:32-35', 1],
    ['straight:26', 1],
  ],
} as const satisfies Record<string, readonly (readonly [string, number])[]>;

export type CallBet = keyof typeof CALL_BETS;
export const CALL_BET_NAMES = Object.keys(CALL_BETS) as CallBet[];

function checkChip(chip: bigint): void {
  if (chip <= 0n) throw new Error('a chip is above zero');
}

/**
 * A call bet's stakes at `chip` minor units a chip: one entry per spot, a spot carrying two
 * chips (voisins' trio and corner) staked 2 × chip.
 */
export function callBetSpots(name: CallBet, chip: bigint): SpotStake[] {
  checkChip(chip);
  const bet = CALL_BETS[name] as readonly (readonly [string, number])[] | undefined;
  if (bet === undefined) throw new Error(`no call bet ${String(name)}`);
  return bet.map(([spot, chips]) => ({ spot, amount: chip * BigInt(chips) }));
}

/**
 * A neighbours bet (§3.1): one chip straight up on `number` and on each of the `n` pockets either
 * side of it on the wheel (n = 1–9), 2n + 1 chips, in wheel order (anticlockwise neighbours
 * first), wrapping round past zero.
 */
export function neighbourSpots(number: number, n: number, chip: bigint): SpotStake[] {
  checkPocket(number);
  if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error('neighbours are 1–9 either side');
  checkChip(chip);
  const at = WHEEL_ORDER.indexOf(number);
  return range(-n, n).map((offset) => ({
    spot: `straight:${WHEEL_ORDER[(at + offset + 37) % 37]!}`,
    amount: chip,
  }));
}

/** Counts over a history of pockets, for the table's statistics panel (integers only). */
export interface RouletteStats {
  spins: number;
  /** `counts[n]` = how often pocket n came up (37 entries). */
  counts: number[];
  /** The 5 most frequent pockets (only pockets that came up), most frequent first. */
  hot: number[];
  /** The 5 least frequent pockets (those that never came up first), least frequent first. */
  cold: number[];
  red: number;
  black: number;
  green: number;
  /** Zero counts in none of odd/even, low/high, dozens or columns. */
  odd: number;
  even: number;
  low: number;
  high: number;
  /** 1–12, 13–24, 25–36. */
  dozens: [number, number, number];
  /** Column 1 (1, 4, …, 34), 2, 3. */
  columns: [number, number, number];
}

/**
 * Statistics of a history of pockets. Hot and cold numbers break ties by the lower number;
 * with no spins both are empty.
 */
export function rouletteStats(pockets: readonly number[]): RouletteStats {
  const counts = Array.from({ length: 37 }, () => 0);
  const s: RouletteStats = {
    spins: pockets.length,
    counts,
    hot: [],
    cold: [],
    red: 0,
    black: 0,
    green: 0,
    odd: 0,
    even: 0,
    low: 0,
    high: 0,
    dozens: [0, 0, 0],
    columns: [0, 0, 0],
  };
  for (const p of pockets) {
    checkPocket(p);
    counts[p]!++;
    s[pocketColour(p)]++;
    if (p === 0) continue;
    if (p % 2 === 1) s.odd++;
    else s.even++;
    if (p <= 18) s.low++;
    else s.high++;
    s.dozens[Math.floor((p - 1) / 12)]!++;
    s.columns[(p - 1) % 3]!++;
  }
  if (pockets.length > 0) {
    const numbers = range(0, 36);
    s.hot = numbers
      .filter((n) => counts[n]! > 0)
      .sort((a, b) => counts[b]! - counts[a]! || a - b)
      .slice(0, 5);
    s.cold = numbers.sort((a, b) => counts[a]! - counts[b]! || a - b).slice(0, 5);
  }
  return s;
}

/**
 * A spot named by a bet, as its canonical id, or null when the table has no such spot. Inside
 * bets may list their numbers in any order (`split:35-32` is `split:32-35`).
 */
export function parseRouletteSpot(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (SPOT_NUMBERS.has(value)) return value;
  const m = /^(split|street|corner|line):((?:0|[1-9]\d?)(?:-(?:0|[1-9]\d?)){1,5})$/.exec(value);
  if (m === null) return null;
  const numbers = m[2]!
    .split('-')
    .map(Number)
    .sort((a, b) => a - b);
  const id = `${m[1]!}:${numbers.join('-')}`;
  return SPOT_NUMBERS.has(id) ? id : null;
}
