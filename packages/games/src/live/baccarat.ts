import { fraction } from '../originals/exact';
import type { Multiplier } from '../originals/types';
import { cardRank, cardSuit, type Card } from '../video-poker/cards';
import { baccaratValue } from './shoe';
import type { TableRules } from './types';

/**
 * Punto banco (GAMES.md §1, Appendix C 1), dealt from an 8-deck shoe (`shoe.ts`).
 *
 * A hand: cards at `at`, `at+1`, `at+2`, `at+3` go to Player, Banker, Player, Banker; then at most
 * one third card each, Player first, by the tableau (§1.2): a two-card 8 or 9 on either side
 * ("natural") ends the hand; Player draws on 0–5; Banker, when Player stood, draws on 0–5; when
 * Player drew, Banker's draw depends on its total and the value of Player's third card. Totals are
 * the sum of values mod 10 (A = 1, 2–9 face, 10/J/Q/K = 0). Higher total wins; equal = tie.
 *
 * Bets (Appendix C 1), payouts with the stake returned on top, rounded down to the minor unit:
 * - `player` 1:1; `banker` at the classic table 0.95:1 (5 % commission on the win, the paid
 *   amount rounded down); at the no-commission table 1:1, or 0.5:1 when Banker wins with 6.
 *   Both push (stake back) on a tie.
 * - `tie` 8:1; `player-pair` / `banker-pair` 11:1 when that side's first two cards share a rank.
 */

export const BACCARAT_ENGINE_ID = 'taya-baccarat@1';

export type BaccaratVariant = 'classic' | 'no-commission';
export type BaccaratWinner = 'player' | 'banker' | 'tie';

export interface BaccaratHand extends Record<string, unknown> {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  /** Player's (Banker's) first two cards share a rank. */
  playerPair: boolean;
  bankerPair: boolean;
  /** Either side had a two-card 8 or 9. */
  natural: boolean;
  /** Cards the hand took from the shoe (4–6). */
  used: number;
}

export const BACCARAT_SPOTS = ['player', 'banker', 'tie', 'player-pair', 'banker-pair'] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];

/** Whether Banker draws on `bankerTotal` when Player's third card has value `p3` (§1.2's grid). */
export function bankerDraws(bankerTotal: number, p3: number | null): boolean {
  if (p3 === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return p3 !== 8;
    case 4:
      return p3 >= 2 && p3 <= 7;
    case 5:
      return p3 >= 4 && p3 <= 7;
    case 6:
      return p3 === 6 || p3 === 7;
    default:
      return false;
  }
}

/** The hand dealt from `shoe` starting at position `at`. */
export function dealBaccarat(shoe: readonly Card[], at: number): BaccaratHand {
  let next = at;
  const take = (): Card => {
    const c = shoe[next++];
    if (c === undefined) throw new Error('the shoe is short');
    return c;
  };
  const p1 = take();
  const b1 = take();
  const p2 = take();
  const b2 = take();
  const player = [p1, p2];
  const banker = [b1, b2];
  const total = (cards: Card[]) => cards.reduce((s, c) => s + baccaratValue(c), 0) % 10;
  let pt = total(player);
  let bt = total(banker);
  const natural = pt >= 8 || bt >= 8;
  if (!natural) {
    let p3: number | null = null;
    if (pt <= 5) {
      const c = take();
      player.push(c);
      p3 = baccaratValue(c);
      pt = total(player);
    }
    if (bankerDraws(bt, p3)) {
      banker.push(take());
      bt = total(banker);
    }
  }
  return {
    player,
    banker,
    playerTotal: pt,
    bankerTotal: bt,
    winner: pt > bt ? 'player' : bt > pt ? 'banker' : 'tie',
    playerPair: cardRank(p1) === cardRank(p2),
    bankerPair: cardRank(b1) === cardRank(b2),
    natural,
    used: next - at,
  };
}

/** What a spot pays per unit staked, stake included, for a hand (0 = the stake is lost). */
export function baccaratMultiplier(
  variant: BaccaratVariant,
  spot: BaccaratSpot,
  hand: Pick<BaccaratHand, 'winner' | 'bankerTotal' | 'playerPair' | 'bankerPair'>,
): Multiplier {
  const one = { num: 1n, den: 1n };
  const lose = { num: 0n, den: 1n };
  switch (spot) {
    case 'player':
      return hand.winner === 'player' ? { num: 2n, den: 1n } : hand.winner === 'tie' ? one : lose;
    case 'banker':
      if (hand.winner === 'tie') return one;
      if (hand.winner === 'player') return lose;
      if (variant === 'classic') return { num: 195n, den: 100n };
      return hand.bankerTotal === 6 ? { num: 3n, den: 2n } : { num: 2n, den: 1n };
    case 'tie':
      return hand.winner === 'tie' ? { num: 9n, den: 1n } : lose;
    case 'player-pair':
      return hand.playerPair ? { num: 12n, den: 1n } : lose;
    case 'banker-pair':
      return hand.bankerPair ? { num: 12n, den: 1n } : lose;
  }
}

/**
 * What a stake pays: the whole stake back on a push; on a win the stake plus the win, the win
 * rounded down to the minor unit (so the 5 % commission is taken before rounding: a banker win on
 * 25 pays 25 + 23).
 */
export function baccaratPay(
  variant: BaccaratVariant,
  spot: BaccaratSpot,
  amount: bigint,
  hand: Pick<BaccaratHand, 'winner' | 'bankerTotal' | 'playerPair' | 'bankerPair'>,
): bigint {
  const m = baccaratMultiplier(variant, spot, hand);
  if (m.num === 0n) return 0n;
  return amount + (amount * (m.num - m.den)) / m.den;
}

const MAX: Record<BaccaratSpot, Multiplier> = {
  player: { num: 2n, den: 1n },
  banker: { num: 2n, den: 1n },
  tie: { num: 9n, den: 1n },
  'player-pair': { num: 12n, den: 1n },
  'banker-pair': { num: 12n, den: 1n },
};

export function isBaccaratSpot(spot: string): spot is BaccaratSpot {
  return (BACCARAT_SPOTS as readonly string[]).includes(spot);
}

/** The table rules of a classic or no-commission baccarat table. */
export function baccaratRules(variant: BaccaratVariant): TableRules<BaccaratHand> {
  return {
    id: BACCARAT_ENGINE_ID,
    spots: BACCARAT_SPOTS,
    pay(spot, amount, hand) {
      if (!isBaccaratSpot(spot)) throw new Error(`no spot ${spot}`);
      return baccaratPay(variant, spot, amount, hand);
    },
    maxMultiplier(spot) {
      if (!isBaccaratSpot(spot)) throw new Error(`no spot ${spot}`);
      return spot === 'banker' && variant === 'classic' ? { num: 195n, den: 100n } : MAX[spot];
    },
  };
}

/**
 * The exact odds of a hand's result from a full shoe of `decks` decks, counting card removal:
 * every ordered sequence of the (up to) six cards a hand can use, weighted by how many ways the
 * shoe deals it. Fractions over `decks·52 P 6` (the remaining cards of a shorter hand counted as
 * any). Results: Player wins, Banker wins (and with a total of 6), tie, and each pair.
 */
export interface BaccaratOdds {
  player: Multiplier;
  banker: Multiplier;
  bankerSix: Multiplier;
  tie: Multiplier;
  pair: Multiplier;
}

export function baccaratOdds(decks = 8): BaccaratOdds {
  const n = decks * 52;
  // Counts by baccarat value 0 … 9: four ranks (10, J, Q, K) are worth 0.
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * decks);
  const perm = (a: number, k: number) => {
    let p = 1n;
    for (let i = 0; i < k; i++) p *= BigInt(a - i);
    return p;
  };
  const total = perm(n, 6);
  // Accumulated with exact integers: weights of each result, in units of 1/total.
  let player = 0n;
  let banker = 0n;
  let bankerSix = 0n;
  let tie = 0n;
  const tails = [perm(n - 4, 2), perm(n - 5, 1), 1n];
  let left = n;
  const draw = (v: number): bigint => {
    const w = BigInt(counts[v]!);
    counts[v]!--;
    left--;
    return w;
  };
  const undo = (v: number) => {
    counts[v]!++;
    left++;
  };
  const settle = (pt: number, bt: number, weight: bigint) => {
    if (pt > bt) player += weight;
    else if (bt > pt) {
      banker += weight;
      if (bt === 6) bankerSix += weight;
    } else tie += weight;
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = draw(p1);
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = draw(b1);
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = draw(p2);
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = draw(b2);
          const w = w1 * w2 * w3 * w4;
          const pt = (p1 + p2) % 10;
          const bt = (b1 + b2) % 10;
          if (w === 0n) {
            undo(b2);
            continue;
          }
          if (pt >= 8 || bt >= 8) settle(pt, bt, w * tails[0]!);
          else if (pt <= 5) {
            for (let p3 = 0; p3 < 10; p3++) {
              const w5 = draw(p3);
              const pt3 = (pt + p3) % 10;
              if (w5 > 0n) {
                if (bankerDraws(bt, p3)) {
                  for (let b3 = 0; b3 < 10; b3++) {
                    const w6 = BigInt(counts[b3]!);
                    if (w6 > 0n) settle(pt3, (bt + b3) % 10, w * w5 * w6);
                  }
                } else settle(pt3, bt, w * w5 * tails[1]!);
              }
              undo(p3);
            }
          } else if (bankerDraws(bt, null)) {
            for (let b3 = 0; b3 < 10; b3++) {
              const w6 = BigInt(counts[b3]!);
              if (w6 > 0n) settle(pt, (bt + b3) % 10, w * w6 * tails[1]!);
            }
          } else settle(pt, bt, w * tails[0]!);
          undo(b2);
        }
        undo(p2);
      }
      undo(b1);
    }
    undo(p1);
  }
  if (left !== n) throw new Error('enumeration out of step');
  // A pair: the side's two cards (positions 1 and 3, or 2 and 4) share one of 13 ranks.
  const perRank = BigInt(4 * decks);
  const pair = fraction(13n * perRank * (perRank - 1n), BigInt(n) * BigInt(n - 1));
  return {
    player: fraction(player, total),
    banker: fraction(banker, total),
    bankerSix: fraction(bankerSix, total),
    tie: fraction(tie, total),
    pair,
  };
}

/** The exact return to player of a spot (commission's rounding to the minor unit aside). */
export function baccaratSpotRtp(
  variant: BaccaratVariant,
  spot: BaccaratSpot,
  odds = baccaratOdds(),
): Multiplier {
  const add = (...terms: [Multiplier, bigint, bigint][]) => {
    let num = 0n;
    let den = 1n;
    for (const [p, k, d] of terms) {
      // num/den + p × k/d
      const tn = p.num * k;
      const td = p.den * d;
      num = num * td + tn * den;
      den *= td;
    }
    return fraction(num, den);
  };
  switch (spot) {
    case 'player':
      return add([odds.player, 2n, 1n], [odds.tie, 1n, 1n]);
    case 'banker': {
      if (variant === 'classic') return add([odds.banker, 195n, 100n], [odds.tie, 1n, 1n]);
      const notSix = fraction(
        odds.banker.num * odds.bankerSix.den - odds.bankerSix.num * odds.banker.den,
        odds.banker.den * odds.bankerSix.den,
      );
      return add([notSix, 2n, 1n], [odds.bankerSix, 3n, 2n], [odds.tie, 1n, 1n]);
    }
    case 'tie':
      return add([odds.tie, 9n, 1n]);
    case 'player-pair':
    case 'banker-pair':
      return add([odds.pair, 12n, 1n]);
  }
}

/** Red suits for drawing cards (hearts and diamonds). */
export const isRedCard = (c: Card): boolean => cardSuit(c) === 1 || cardSuit(c) === 2;
