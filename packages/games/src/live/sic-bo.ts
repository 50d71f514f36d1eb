import type { Rng } from '../kernel/fairness';
import { addFractions, fraction } from '../originals/exact';
import { payoutAt, type Multiplier } from '../originals/types';
import type { TableRules } from './types';

/**
 * Sic Bo, three dice (GAMES.md §3.2), on the Asian live / Macau pay table that Appendix C 2
 * settles (specific triple 150:1).
 *
 * Every round throws three dice (`drawSicBo`: three `rng.int(6)`, each + 1, so the 216 ordered
 * results are equally likely). Spots, with their net pay (the stake returned on top, so the
 * payout is stake × (net + 1)):
 * - `small` (total 4–10), `big` (11–17), `odd`, `even` (the total's parity): 1:1, and all four
 *   lose on any triple;
 * - `total:4` … `total:17`, the exact total: 4/17 50:1, 5/16 18:1, 6/15 14:1, 7/14 12:1,
 *   8/13 8:1, 9/12 6:1, 10/11 6:1 (3 and 18 are triples, not offered);
 * - `triple:1` … `triple:6`, three of that face: 150:1; `any-triple`: 24:1;
 * - `double:1` … `double:6`, at least two dice of that face: 8:1, paid once even on a triple;
 * - `combo:A-B` (A < B, 15 pairs), both faces among the dice: 5:1, paid once;
 * - `single:1` … `single:6`, that face on one, two or three dice: 1:1, 2:1, 3:1.
 *
 * Exact returns over the 216 results (`sicBoSpotRtp`), the house edges of §3.2: small, big, odd,
 * even 35/36 (2.78 %); totals 4/17 17/24 (29.17 %), 5/16 19/36 (47.22 %), 6/15 25/36 (30.56 %),
 * 7/14 65/72 (9.72 %), 8/13 and 10/11 7/8 (12.50 %), 9/12 175/216 (18.98 %); specific triple
 * 151/216 (30.09 %); any triple 25/36 (30.56 %); double 2/3 (33.33 %); combo 5/6 (16.67 %);
 * single 199/216 (7.87 %).
 */

export const SIC_BO_ENGINE_ID = 'taya-sicbo@1';

export type SicBoDice = [number, number, number];

/** A round's result: the three faces, 1–6, in the order thrown. */
export interface SicBoOutcome extends Record<string, unknown> {
  dice: SicBoDice;
}

/** Throws the dice: three `rng.int(6)`, in order, each + 1. */
export function drawSicBo(rng: Rng): SicBoOutcome {
  const a = rng.int(6) + 1;
  const b = rng.int(6) + 1;
  const c = rng.int(6) + 1;
  return { dice: [a, b, c] };
}

/** Net pay of `total:N` (§3.2, Macau column), symmetric about 10.5. */
const TOTAL_NET: Record<number, bigint> = {
  4: 50n,
  5: 18n,
  6: 14n,
  7: 12n,
  8: 8n,
  9: 6n,
  10: 6n,
  11: 6n,
  12: 6n,
  13: 8n,
  14: 12n,
  15: 14n,
  16: 18n,
  17: 50n,
};
const TRIPLE_NET = 150n;
const ANY_TRIPLE_NET = 24n;
const DOUBLE_NET = 8n;
const COMBO_NET = 5n;

const FACES = [1, 2, 3, 4, 5, 6] as const;

function buildSpots(): string[] {
  const spots = ['small', 'big', 'odd', 'even'];
  for (let t = 4; t <= 17; t++) spots.push(`total:${t}`);
  for (const f of FACES) spots.push(`triple:${f}`);
  spots.push('any-triple');
  for (const f of FACES) spots.push(`double:${f}`);
  for (const a of FACES) for (const b of FACES) if (a < b) spots.push(`combo:${a}-${b}`);
  for (const f of FACES) spots.push(`single:${f}`);
  return spots;
}

/**
 * Every spot in board order: small, big, odd, even, 14 totals, 6 specific triples, any triple,
 * 6 doubles, 15 combinations, 6 singles (52 in all).
 */
export const SIC_BO_SPOTS: readonly string[] = buildSpots();
const SPOT_SET = new Set(SIC_BO_SPOTS);

export function isSicBoSpot(spot: string): boolean {
  return SPOT_SET.has(spot);
}

function checkDice(dice: readonly number[]): void {
  if (dice.length !== 3 || !dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6))
    throw new Error('sic bo dice are three faces 1–6');
}

const isTriple = (dice: readonly number[]) => dice[0] === dice[1] && dice[1] === dice[2];
const sum = (dice: readonly number[]) => dice[0]! + dice[1]! + dice[2]!;

/** A spot's parameter: the number after the colon (`total:9` → 9), or its two faces. */
function spotArgs(spot: string): number[] {
  const colon = spot.indexOf(':');
  return colon < 0
    ? []
    : spot
        .slice(colon + 1)
        .split('-')
        .map(Number);
}

/** The net pay of a spot's win for these dice, or null when it loses. */
function netWin(spot: string, dice: readonly number[]): bigint | null {
  if (!SPOT_SET.has(spot)) throw new Error(`no spot ${spot}`);
  const total = sum(dice);
  const triple = isTriple(dice);
  const count = (f: number) => dice.filter((d) => d === f).length;
  const [x, y] = spotArgs(spot);
  switch (spot.split(':')[0]) {
    case 'small':
      return !triple && total <= 10 ? 1n : null;
    case 'big':
      return !triple && total >= 11 ? 1n : null;
    case 'odd':
      return !triple && total % 2 === 1 ? 1n : null;
    case 'even':
      return !triple && total % 2 === 0 ? 1n : null;
    case 'total':
      return total === x ? TOTAL_NET[x!]! : null;
    case 'triple':
      return count(x!) === 3 ? TRIPLE_NET : null;
    case 'any-triple':
      return triple ? ANY_TRIPLE_NET : null;
    case 'double':
      return count(x!) >= 2 ? DOUBLE_NET : null;
    case 'combo':
      return count(x!) > 0 && count(y!) > 0 ? COMBO_NET : null;
    case 'single': {
      const n = count(x!);
      return n > 0 ? BigInt(n) : null;
    }
    default:
      throw new Error(`no spot ${spot}`);
  }
}

/** What a spot pays per unit staked for these dice, stake included (0 when it loses). */
export function sicBoMultiplier(spot: string, dice: readonly number[]): Multiplier {
  checkDice(dice);
  const net = netWin(spot, dice);
  return net === null ? { num: 0n, den: 1n } : { num: net + 1n, den: 1n };
}

/** The largest net win of a spot (a single's is three dice, 3:1). */
function maxNet(spot: string): bigint {
  if (!SPOT_SET.has(spot)) throw new Error(`no spot ${spot}`);
  const [x] = spotArgs(spot);
  switch (spot.split(':')[0]) {
    case 'total':
      return TOTAL_NET[x!]!;
    case 'triple':
      return TRIPLE_NET;
    case 'any-triple':
      return ANY_TRIPLE_NET;
    case 'double':
      return DOUBLE_NET;
    case 'combo':
      return COMBO_NET;
    case 'single':
      return 3n;
    default:
      return 1n;
  }
}

/** The table's rules: a winning stake is paid stake × (net + 1), a losing one 0. */
export const SIC_BO_RULES: TableRules<SicBoOutcome> = {
  id: SIC_BO_ENGINE_ID,
  spots: SIC_BO_SPOTS,
  pay(spot, amount, outcome) {
    return payoutAt(amount, sicBoMultiplier(spot, outcome.dice));
  },
  maxMultiplier(spot) {
    return { num: maxNet(spot) + 1n, den: 1n };
  },
};

/** A spot's exact return to player over the 216 equally likely throws. */
export function sicBoSpotRtp(spot: string): Multiplier {
  let paid: Multiplier = { num: 0n, den: 1n };
  for (const a of FACES)
    for (const b of FACES)
      for (const c of FACES) paid = addFractions(paid, sicBoMultiplier(spot, [a, b, c]));
  return fraction(paid.num, paid.den * 216n);
}

/** Counts over a history of throws, for the table's statistics panel (integers only). */
export interface SicBoStats {
  rolls: number;
  /** Throws per total, keys 3–18. */
  totals: Record<number, number>;
  /** Dice per face, keys 1–6 (a throw of 2, 2, 5 counts face 2 twice). */
  faces: Record<number, number>;
  /** Small, big, odd and even as the spots settle: a triple counts in none of them. */
  small: number;
  big: number;
  odd: number;
  even: number;
  triple: number;
}

/** Statistics of a history of throws; small + big + triple = rolls, as do odd + even + triple. */
export function sicBoStats(rolls: readonly (readonly number[])[]): SicBoStats {
  const s: SicBoStats = {
    rolls: rolls.length,
    totals: {},
    faces: {},
    small: 0,
    big: 0,
    odd: 0,
    even: 0,
    triple: 0,
  };
  for (let t = 3; t <= 18; t++) s.totals[t] = 0;
  for (const f of FACES) s.faces[f] = 0;
  for (const dice of rolls) {
    checkDice(dice);
    const total = sum(dice);
    s.totals[total]!++;
    for (const d of dice) s.faces[d]!++;
    if (isTriple(dice)) {
      s.triple++;
      continue;
    }
    if (total <= 10) s.small++;
    else s.big++;
    if (total % 2 === 1) s.odd++;
    else s.even++;
  }
  return s;
}

/**
 * A spot named by a bet, as its canonical id, or null when the table has no such spot. A
 * combination may name its faces in either order (`combo:5-2` is `combo:2-5`).
 */
export function parseSicBoSpot(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (SPOT_SET.has(value)) return value;
  const m = /^combo:([1-6])-([1-6])$/.exec(value);
  if (m === null) return null;
  const id = `combo:${m[2]!}-${m[1]!}`;
  return SPOT_SET.has(id) ? id : null;
}
