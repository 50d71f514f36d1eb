import type { Card } from './cards';
import { CLASSIFIERS, isFiveCards } from './evaluate';
import { VIDEO_POKER_PAYTABLES, type VideoPokerGame } from './paytables';

/** Number of five-card hands from 52 cards. */
export const FIVE_CARD_HANDS = 2_598_960;

/**
 * Every five-card hand's class, indexed by its colex rank: for cards a < b < c < d < e the index
 * is C(a,1) + C(b,2) + C(c,3) + C(d,4) + C(e,5), which is the order of the loops
 * `for e, for d < e, for c < d, for b < c, for a < b` (so a loop in that order reads it
 * sequentially). Built on first use per game (2.6 MB, a few hundred milliseconds) and kept.
 */
const tables = new Map<VideoPokerGame, Uint8Array>();

export function finalHandClasses(game: VideoPokerGame): Uint8Array {
  let table = tables.get(game);
  if (table) return table;
  const classify = CLASSIFIERS[game];
  table = new Uint8Array(FIVE_CARD_HANDS);
  let i = 0;
  for (let e = 4; e < 52; e++)
    for (let d = 3; d < e; d++)
      for (let c = 2; c < d; c++)
        for (let b = 1; b < c; b++)
          for (let a = 0; a < b; a++) table[i++] = classify(a, b, c, d, e);
  tables.set(game, table);
  return table;
}

/** C(47, k): how many ways to draw k cards from the 47 not dealt. */
const DRAWS = [1, 47, 1081, 16215, 178365, 1533939];

export interface HoldValue {
  /** Which dealt cards are held (position 0 … 4). */
  holds: boolean[];
  /** The same as a bit mask: bit i for position i. */
  mask: number;
  /** Expected pay per coin of this hold (the paytable's 5-coin column), `paySum / draws`. */
  ev: number;
  /** Sum of the pays (per coin) of every equally likely final hand: exact, an integer. */
  paySum: number;
  /** Number of equally likely draws: C(47, number of discards). */
  draws: number;
}

export interface HoldAdvice {
  /** The hold with the highest expected value (on a tie, the one with the lowest mask). */
  best: HoldValue;
  /** All 32 holds, indexed by mask. */
  holds: HoldValue[];
}

/**
 * The optimal hold of a dealt hand by exact enumeration: every final hand reachable by every one
 * of the 32 holds, each weighted equally (the draws come uniformly from the 47 unseen cards).
 *
 * One pass over all 2,598,960 five-card hands does it: a hand F is reachable from dealt hand X by
 * exactly one hold — H = F ∩ X — and then only with its other cards drawn from outside X. So each
 * final hand adds its pay to the hold given by the dealt cards it contains, and hold H gathers
 * exactly its C(47, 5 − |H|) draws. With the class table in colex order that pass is a read of
 * 2.6 MB and about 2.6 M additions.
 */
export function bestHold(game: VideoPokerGame, dealt: readonly Card[]): HoldAdvice {
  if (!isFiveCards(dealt)) throw new Error('a dealt hand is five distinct cards');
  const table = finalHandClasses(game);
  const pays = Float64Array.from(VIDEO_POKER_PAYTABLES[game].rows, (r) => r.pays);
  const bit = new Uint8Array(52);
  dealt.forEach((c, i) => (bit[c] = 1 << i));
  const sums = new Float64Array(32);
  let i = 0;
  for (let e = 4; e < 52; e++) {
    const me = bit[e]!;
    for (let d = 3; d < e; d++) {
      const md = me | bit[d]!;
      for (let c = 2; c < d; c++) {
        const mc = md | bit[c]!;
        for (let b = 1; b < c; b++) {
          const mb = mc | bit[b]!;
          for (let a = 0; a < b; a++) sums[mb | bit[a]!]! += pays[table[i++]!]!;
        }
      }
    }
  }
  const holds: HoldValue[] = [];
  let best = 0;
  for (let mask = 0; mask < 32; mask++) {
    const held = [0, 1, 2, 3, 4].map((p) => (mask >> p) & 1).reduce((n, x) => n + x, 0);
    const draws = DRAWS[5 - held]!;
    const paySum = sums[mask]!;
    holds.push({
      holds: [0, 1, 2, 3, 4].map((p) => ((mask >> p) & 1) === 1),
      mask,
      ev: paySum / draws,
      paySum,
      draws,
    });
    const top = holds[best]!;
    // Exact comparison of paySum / draws: the products stay below 2^53.
    if (paySum * top.draws > top.paySum * draws) best = mask;
  }
  return { best: holds[best]!, holds };
}
