import { type Card } from './cards';
import { VIDEO_POKER_PAYTABLES, type VideoPokerGame, type VideoPokerHand } from './paytables';

/*
 * Hand evaluation by bit masks: a hand's ranks as a 13-bit mask (bit r for rank r, 2 = bit 0 …
 * A = bit 12), its suits compared by XOR, and two 8,192-entry tables over rank masks: whether the
 * mask is exactly a straight, and whether it fits inside one (for wild cards). The results are
 * class indices, the rows of the game's paytable (0 = best).
 */

const ROYAL = 0x1f00; // T J Q K A
const WHEEL = 0x100f; // A 2 3 4 5
const WINDOWS = [WHEEL, ...Array.from({ length: 9 }, (_, k) => 0x1f << k)];
/** 1 if the mask is a straight's five ranks. */
const STRAIGHT = new Uint8Array(8192);
/** 1 if the mask's ranks all fall inside one straight (the rest can be wild cards). */
const INSIDE_STRAIGHT = new Uint8Array(8192);
for (const w of WINDOWS) {
  STRAIGHT[w] = 1;
  for (let m = w; ; m = (m - 1) & w) {
    INSIDE_STRAIGHT[m] = 1;
    if (m === 0) break;
  }
}
const BITS = new Uint8Array(8192);
for (let m = 1; m < 8192; m++) BITS[m] = BITS[m >> 1]! + (m & 1);

// Jacks or Better classes (rows of JACKS_OR_BETTER_9_6).
const J_ROYAL = 0,
  J_SF = 1,
  J_QUADS = 2,
  J_FULL = 3,
  J_FLUSH = 4,
  J_STRAIGHT = 5,
  J_TRIPS = 6,
  J_TWO_PAIR = 7,
  J_HIGH_PAIR = 8,
  J_NOTHING = 9;

// Deuces Wild classes (rows of DEUCES_WILD_FULL_PAY).
const D_NATURAL_ROYAL = 0,
  D_FOUR_DEUCES = 1,
  D_WILD_ROYAL = 2,
  D_FIVE = 3,
  D_SF = 4,
  D_QUADS = 5,
  D_FULL = 6,
  D_FLUSH = 7,
  D_STRAIGHT = 8,
  D_TRIPS = 9,
  D_NOTHING = 10;

const counts = new Uint8Array(13);

/** Jacks or Better: the class of five distinct cards. */
export function classifyJacksOrBetter(a: Card, b: Card, c: Card, d: Card, e: Card): number {
  const ra = a >> 2,
    rb = b >> 2,
    rc = c >> 2,
    rd = d >> 2,
    re = e >> 2;
  const mask = (1 << ra) | (1 << rb) | (1 << rc) | (1 << rd) | (1 << re);
  const distinct = BITS[mask]!;
  if (distinct === 5) {
    const flush = (((a ^ b) | (a ^ c) | (a ^ d) | (a ^ e)) & 3) === 0;
    const straight = STRAIGHT[mask] === 1;
    if (flush) return straight ? (mask === ROYAL ? J_ROYAL : J_SF) : J_FLUSH;
    return straight ? J_STRAIGHT : J_NOTHING;
  }
  if (distinct === 4) {
    // One pair: the rank that appears twice is the one whose bit cancels in the XOR of all bits.
    const pair = mask ^ ((1 << ra) ^ (1 << rb) ^ (1 << rc) ^ (1 << rd) ^ (1 << re));
    return pair >= 1 << 9 ? J_HIGH_PAIR : J_NOTHING; // J = rank 9
  }
  counts[ra]!++;
  counts[rb]!++;
  counts[rc]!++;
  counts[rd]!++;
  counts[re]!++;
  const most = Math.max(counts[ra]!, counts[rb]!, counts[rc]!, counts[rd]!, counts[re]!);
  counts[ra] = counts[rb] = counts[rc] = counts[rd] = counts[re] = 0;
  if (distinct === 3) return most === 3 ? J_TRIPS : J_TWO_PAIR;
  return most === 4 ? J_QUADS : J_FULL;
}

/** Deuces Wild (2s wild): the class of five distinct cards. */
export function classifyDeucesWild(a: Card, b: Card, c: Card, d: Card, e: Card): number {
  let wild = 0;
  let mask = 0;
  let naturals = 0;
  let suit = -1;
  let suited = true;
  let most = 0;
  for (const card of [a, b, c, d, e]) {
    const r = card >> 2;
    if (r === 0) {
      wild++;
      continue;
    }
    naturals++;
    mask |= 1 << r;
    const n = ++counts[r]!;
    if (n > most) most = n;
    if (suit < 0) suit = card & 3;
    else if ((card & 3) !== suit) suited = false;
  }
  counts.fill(0);
  if (wild === 4) return D_FOUR_DEUCES;
  const distinct = BITS[mask]!;
  const allDistinct = distinct === naturals;
  if (wild === 0) {
    if (allDistinct) {
      const straight = STRAIGHT[mask] === 1;
      if (suited) return straight ? (mask === ROYAL ? D_NATURAL_ROYAL : D_SF) : D_FLUSH;
      return straight ? D_STRAIGHT : D_NOTHING;
    }
    if (most === 4) return D_QUADS;
    if (most === 3) return distinct === 2 ? D_FULL : D_TRIPS;
    return D_NOTHING; // pairs and two pairs do not pay
  }
  if (suited && allDistinct && (mask & ~ROYAL) === 0) return D_WILD_ROYAL;
  if (most + wild === 5) return D_FIVE;
  const straight = allDistinct && INSIDE_STRAIGHT[mask] === 1;
  if (suited && straight) return D_SF;
  if (most + wild === 4) return D_QUADS;
  if (wild === 1 && distinct === 2) return D_FULL; // two pairs and a deuce
  if (suited) return D_FLUSH;
  if (straight) return D_STRAIGHT;
  if (most + wild === 3) return D_TRIPS;
  return D_NOTHING;
}

export type Classifier = (a: Card, b: Card, c: Card, d: Card, e: Card) => number;

export const CLASSIFIERS: Readonly<Record<VideoPokerGame, Classifier>> = {
  'jacks-or-better': classifyJacksOrBetter,
  'deuces-wild': classifyDeucesWild,
};

/** Whether `hand` is five distinct cards 0 … 51. */
export function isFiveCards(hand: unknown): hand is Card[] {
  if (!Array.isArray(hand) || hand.length !== 5) return false;
  const seen = new Set<number>();
  for (const c of hand) {
    if (!Number.isInteger(c) || c < 0 || c > 51 || seen.has(c as number)) return false;
    seen.add(c as number);
  }
  return true;
}

/** The class index (paytable row) of a hand of five distinct cards. */
export function classifyHand(game: VideoPokerGame, hand: readonly Card[]): number {
  if (!isFiveCards(hand)) throw new Error('a hand is five distinct cards');
  return CLASSIFIERS[game](hand[0]!, hand[1]!, hand[2]!, hand[3]!, hand[4]!);
}

/** The named hand of five distinct cards. */
export function handOf(game: VideoPokerGame, hand: readonly Card[]): VideoPokerHand {
  return VIDEO_POKER_PAYTABLES[game].rows[classifyHand(game, hand)]!.hand;
}
