import type { Multiplier } from '../originals/types';
import { FIVE_CARD_HANDS, finalHandClasses } from './hint';
import { VIDEO_POKER_PAYTABLES, type VideoPokerGame } from './paytables';

/*
 * Exact return to player with optimal play, by enumeration (GAMES.md §8.4). A tool for the bench
 * and for checking a paytable before it is deployed, not for a request: it holds about 150 MB of
 * typed arrays and runs for seconds.
 *
 * 1. Every final hand F's class, from the colex class table.
 * 2. For every subset K of every final hand (sizes 0 … 5: 2,893,164 keys, ranked by size then
 *    colex), a count of the final hands of each class that contain K.
 * 3. For a dealt hand X and hold H ⊆ X, the final hands reachable contain H and no discard:
 *    count(H) = Σ_{S ⊆ X∖H} (−1)^{|S|} table[H ∪ S], a Möbius transform over X's 32 subsets.
 * 4. The best hold maximises the pay sum over C(47, 5 − |H|); the RTP is the mean of the best EV
 *    over all 2,598,960 deals. Deals that differ only by a renaming of suits have the same best EV,
 *    so each of the 134,459 suit classes is computed once, weighted by its size.
 */

const binom: number[][] = Array.from({ length: 53 }, (_, n) =>
  Array.from({ length: 6 }, (_, k) => {
    let v = 1;
    for (let i = 0; i < k; i++) v = (v * (n - i)) / (i + 1);
    return k > n ? 0 : Math.round(v);
  }),
);
/** Where the subsets of each size start in the key space. */
const BASE = [0, 1, 53, 1379, 23479, 294204];
const KEYS = 294204 + FIVE_CARD_HANDS; // 2,893,164
const DRAWS = [1, 47, 1081, 16215, 178365, 1533939];
const POPCOUNT = Array.from({ length: 32 }, (_, m) =>
  [0, 1, 2, 3, 4].reduce((n, b) => n + ((m >> b) & 1), 0),
);
const TOP_BIT = Array.from({ length: 32 }, (_, m) => (m === 0 ? -1 : 31 - Math.clz32(m)));

/** The keys of the 32 subsets of five sorted cards, by mask (bit i = the i-th card). */
function subsetKeys(sorted: ArrayLike<number>, out: Int32Array): void {
  out[0] = 0;
  const colex = out; // colex ranks first, offsets added after
  for (let m = 1; m < 32; m++) {
    const top = TOP_BIT[m]!;
    colex[m] = colex[m ^ (1 << top)]! + binom[sorted[top]!]![POPCOUNT[m]!]!;
  }
  for (let m = 31; m >= 0; m--) out[m] = colex[m]! + BASE[POPCOUNT[m]!]!;
}

export interface VideoPokerRtp {
  game: VideoPokerGame;
  /** The exact return to player (per unit staked) as a reduced fraction. */
  rtp: Multiplier;
  /** The same as a float. */
  rtpValue: number;
  /** Distinct deals up to a renaming of suits. */
  suitClasses: number;
  /** The probability of each paytable row after the optimal draw. */
  probabilities: number[];
}

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Exact RTP of a game with optimal play; `progress` hears each phase as it finishes. */
export function videoPokerRtp(
  game: VideoPokerGame,
  progress: (phase: string) => void = () => {},
): VideoPokerRtp {
  const rows = VIDEO_POKER_PAYTABLES[game].rows;
  const nc = rows.length;
  const pays = rows.map((r) => r.pays);
  const table = finalHandClasses(game);
  progress('final hands classified');

  // 2. Class counts per subset key.
  const counts = new Int32Array(KEYS * nc);
  const keys = new Int32Array(32);
  const hand = new Int32Array(5);
  let i = 0;
  for (let e = 4; e < 52; e++)
    for (let d = 3; d < e; d++)
      for (let c = 2; c < d; c++)
        for (let b = 1; b < c; b++)
          for (let a = 0; a < b; a++) {
            hand[0] = a;
            hand[1] = b;
            hand[2] = c;
            hand[3] = d;
            hand[4] = e;
            subsetKeys(hand, keys);
            const cls = table[i++]!;
            for (let m = 0; m < 32; m++) counts[keys[m]! * nc + cls]!++;
          }
  const paySum = new Float64Array(KEYS);
  for (let k = 0; k < KEYS; k++) {
    let s = 0;
    for (let j = 0; j < nc; j++) s += pays[j]! * counts[k * nc + j]!;
    paySum[k] = s;
  }
  progress('subset table built');

  // 4a. Suit classes: a deal is its four suits' rank masks; renaming suits permutes them, so the
  // masks sorted are the class.
  const classes = new Map<number, number>();
  for (let e = 4; e < 52; e++)
    for (let d = 3; d < e; d++)
      for (let c = 2; c < d; c++)
        for (let b = 1; b < c; b++)
          for (let a = 0; a < b; a++) {
            const m = [0, 0, 0, 0];
            for (const card of [a, b, c, d, e]) m[card & 3]! |= 1 << (card >> 2);
            m.sort((x, y) => y - x);
            const key = ((m[0]! * 8192 + m[1]!) * 8192 + m[2]!) * 8192 + m[3]!;
            classes.set(key, (classes.get(key) ?? 0) + 1);
          }
  progress(`${classes.size} suit classes`);

  // 4b. The best hold of each class.
  let lcm = 1n;
  for (const n of DRAWS) lcm = (lcm * BigInt(n)) / gcd(lcm, BigInt(n));
  let total = 0n;
  const probabilities = new Array<number>(nc).fill(0);
  const f = new Float64Array(32);
  for (const [key, weight] of classes) {
    let n = 0;
    let rest = key;
    const masks = [0, 0, 0, 0];
    for (let s = 3; s >= 0; s--) {
      masks[s] = rest % 8192;
      rest = Math.floor(rest / 8192);
    }
    masks.forEach((m, s) => {
      for (let r = 0; r < 13; r++) if ((m >> r) & 1) hand[n++] = r * 4 + s;
    });
    hand.sort();
    subsetKeys(hand, keys);
    for (let m = 0; m < 32; m++) f[m] = paySum[keys[m]!]!;
    for (let bit = 1; bit < 32; bit <<= 1)
      for (let m = 0; m < 32; m++) if (!(m & bit)) f[m]! -= f[m | bit]!;
    let best = 0;
    for (let h = 1; h < 32; h++)
      if (f[h]! * DRAWS[5 - POPCOUNT[best]!]! > f[best]! * DRAWS[5 - POPCOUNT[h]!]!) best = h;
    const draws = DRAWS[5 - POPCOUNT[best]!]!;
    total += BigInt(weight) * BigInt(f[best]!) * (lcm / BigInt(draws));
    // Class counts of the best hold: the same transform, on each class's counts.
    const free = 31 ^ best;
    for (let j = 0; j < nc; j++) {
      let cnt = 0;
      for (let s = free; ; s = (s - 1) & free) {
        const v = counts[keys[best | s]! * nc + j]!;
        cnt += POPCOUNT[s]! & 1 ? -v : v;
        if (s === 0) break;
      }
      probabilities[j]! += (weight * cnt) / draws;
    }
  }
  const den = lcm * BigInt(FIVE_CARD_HANDS);
  const g = gcd(total, den);
  return {
    game,
    rtp: { num: total / g, den: den / g },
    rtpValue: Number((total * 10n ** 12n) / den) / 1e12,
    suitClasses: classes.size,
    probabilities: probabilities.map((p) => p / FIVE_CARD_HANDS),
  };
}
