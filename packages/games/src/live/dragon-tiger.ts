import { fraction } from '../originals/exact';
import type { Multiplier } from '../originals/types';
import { cardSuit, type Card } from '../video-poker/cards';
import { aceLowRank } from './shoe';
import type { TableRules } from './types';

/**
 * Dragon Tiger (GAMES.md §2, Appendix C 1), dealt from the 8-deck shoe (`shoe.ts`).
 *
 * A round: the card at `at` goes to Dragon, the card at `at + 1` to Tiger. Cards rank by rank
 * alone, ace low: A (1) < 2 < … < 10 < J < Q < K (13) (`aceLowRank`); suits do not rank. The
 * higher card wins; equal ranks tie, and a tie of the same rank AND suit (two copies of one card,
 * possible in an 8-deck shoe) is a suited tie.
 *
 * Spots, paying the stake back on top, rounded down to the minor unit:
 * - `dragon` / `tiger` 1:1; on a tie the bet loses half (half the stake comes back, rounded down).
 * - `tie` 8:1 (the Asian live default); `suited-tie` 50:1.
 * - `dragon-big` / `tiger-big` (8 … K) and `dragon-small` / `tiger-small` (A … 6) 1:1; a 7 loses
 *   both.
 * - `dragon-odd` / `tiger-odd` (A, 3, 5, 7, 9, J, K) 0.75:1; `dragon-even` / `tiger-even`
 *   (2, 4, 6, 8, 10, Q) 1.05:1.
 * - `dragon-red` / `tiger-red` (hearts, diamonds) and `dragon-black` / `tiger-black` (clubs,
 *   spades) 0.9:1.
 *
 * Exact returns over the 416 · 415 ordered pairs of a full shoe (`dragonTigerSpotRtp`), the edges
 * GAMES.md §2 gives: dragon/tiger 3.7349 %, tie 32.77 %, suited tie 13.98 %, big/small 7.69 %,
 * odd 5.77 %, even 5.38 %, red/black 5.00 %. P(tie) = 13 · 32 · 31 / (416 · 415).
 */

export const DRAGON_TIGER_ENGINE_ID = 'taya-dragon-tiger@1';

export type DragonTigerWinner = 'dragon' | 'tiger' | 'tie';

export interface DragonTigerOutcome extends Record<string, unknown> {
  dragon: Card;
  tiger: Card;
  /** Cards the round took from the shoe. */
  used: 2;
  winner: DragonTigerWinner;
  /** Equal rank and equal suit. */
  suitedTie: boolean;
}

export const DRAGON_TIGER_SPOTS = [
  'dragon',
  'tiger',
  'tie',
  'suited-tie',
  'dragon-big',
  'dragon-small',
  'tiger-big',
  'tiger-small',
  'dragon-odd',
  'dragon-even',
  'tiger-odd',
  'tiger-even',
  'dragon-red',
  'dragon-black',
  'tiger-red',
  'tiger-black',
] as const;
export type DragonTigerSpot = (typeof DRAGON_TIGER_SPOTS)[number];

export function isDragonTigerSpot(spot: string): spot is DragonTigerSpot {
  return (DRAGON_TIGER_SPOTS as readonly string[]).includes(spot);
}

/** The round dealt from `shoe` at position `at`: Dragon's card, then Tiger's. */
export function dealDragonTiger(shoe: readonly Card[], at: number): DragonTigerOutcome {
  const dragon = shoe[at];
  const tiger = shoe[at + 1];
  if (dragon === undefined || tiger === undefined) throw new Error('the shoe is short');
  const d = aceLowRank(dragon);
  const t = aceLowRank(tiger);
  return {
    dragon,
    tiger,
    used: 2,
    winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie',
    suitedTie: d === t && cardSuit(dragon) === cardSuit(tiger),
  };
}

const LOSE: Multiplier = { num: 0n, den: 1n };
const HALF: Multiplier = { num: 1n, den: 2n };
const EVEN_MONEY: Multiplier = { num: 2n, den: 1n };
const TIE: Multiplier = { num: 9n, den: 1n };
const SUITED_TIE: Multiplier = { num: 51n, den: 1n };
/** 0.75:1. */
const ODD: Multiplier = { num: 7n, den: 4n };
/** 1.05:1. */
const EVEN: Multiplier = { num: 41n, den: 20n };
/** 0.9:1. */
const COLOUR: Multiplier = { num: 19n, den: 10n };

/** Hearts and diamonds. */
const isRed = (c: Card): boolean => cardSuit(c) === 1 || cardSuit(c) === 2;

/** What a spot pays per unit staked, stake included, for a round (0 = the stake is lost). */
export function dragonTigerMultiplier(
  spot: DragonTigerSpot,
  outcome: Pick<DragonTigerOutcome, 'dragon' | 'tiger' | 'winner' | 'suitedTie'>,
): Multiplier {
  const win = (yes: boolean, m: Multiplier) => (yes ? m : LOSE);
  switch (spot) {
    case 'dragon':
    case 'tiger':
      return outcome.winner === 'tie' ? HALF : win(outcome.winner === spot, EVEN_MONEY);
    case 'tie':
      return win(outcome.winner === 'tie', TIE);
    case 'suited-tie':
      return win(outcome.suitedTie, SUITED_TIE);
  }
  const [side, bet] = spot.split('-') as ['dragon' | 'tiger', string];
  const card = side === 'dragon' ? outcome.dragon : outcome.tiger;
  const rank = aceLowRank(card);
  switch (bet) {
    case 'big':
      return win(rank >= 8, EVEN_MONEY);
    case 'small':
      return win(rank <= 6, EVEN_MONEY);
    case 'odd':
      return win(rank % 2 === 1, ODD);
    case 'even':
      return win(rank % 2 === 0, EVEN);
    case 'red':
      return win(isRed(card), COLOUR);
    default:
      return win(!isRed(card), COLOUR);
  }
}

/** What a stake on a spot pays, stake included, rounded down to the minor unit. */
export function dragonTigerPay(
  spot: DragonTigerSpot,
  amount: bigint,
  outcome: Pick<DragonTigerOutcome, 'dragon' | 'tiger' | 'winner' | 'suitedTie'>,
): bigint {
  if (amount < 0n) throw new Error('a stake cannot be negative');
  const m = dragonTigerMultiplier(spot, outcome);
  return (amount * m.num) / m.den;
}

function maxOf(spot: DragonTigerSpot): Multiplier {
  switch (spot) {
    case 'tie':
      return TIE;
    case 'suited-tie':
      return SUITED_TIE;
    case 'dragon-odd':
    case 'tiger-odd':
      return ODD;
    case 'dragon-even':
    case 'tiger-even':
      return EVEN;
    case 'dragon-red':
    case 'dragon-black':
    case 'tiger-red':
    case 'tiger-black':
      return COLOUR;
    default:
      return EVEN_MONEY;
  }
}

export const DRAGON_TIGER_RULES: TableRules<DragonTigerOutcome> = {
  id: DRAGON_TIGER_ENGINE_ID,
  spots: DRAGON_TIGER_SPOTS,
  pay(spot, amount, outcome) {
    if (!isDragonTigerSpot(spot)) throw new Error(`no spot ${spot}`);
    return dragonTigerPay(spot, amount, outcome);
  },
  maxMultiplier(spot) {
    if (!isDragonTigerSpot(spot)) throw new Error(`no spot ${spot}`);
    return maxOf(spot);
  },
};

/**
 * The exact return to player of a spot (before rounding to the minor unit): every ordered pair of
 * two cards from a full 8-deck shoe, 416 · 415 of them, card removal counted. Cards are grouped by
 * rank and suit — 52 kinds, 8 copies each — so a pair of kinds (a, b) is dealt 8 · 8 ways, or
 * 8 · 7 when a = b.
 */
export function dragonTigerSpotRtp(spot: DragonTigerSpot, decks = 8): Multiplier {
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) throw new Error('decks must be 1–8');
  const copies = BigInt(decks);
  const n = BigInt(decks * 52);
  // Every multiplier's denominator divides 20: sum in twentieths.
  let twentieths = 0n;
  for (let dragon = 0; dragon < 52; dragon++) {
    for (let tiger = 0; tiger < 52; tiger++) {
      const ways = copies * (dragon === tiger ? copies - 1n : copies);
      const m = dragonTigerMultiplier(spot, dealDragonTiger([dragon, tiger], 0));
      twentieths += (ways * m.num * 20n) / m.den;
    }
  }
  return fraction(twentieths, 20n * n * (n - 1n));
}
