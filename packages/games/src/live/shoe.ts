import { fairRng, type Rng } from '../kernel/fairness';
import { cardLabel, cardRank, type Card } from '../video-poker/cards';

/**
 * A live table's shoe: `decks` standard 52-card decks (no jokers), shuffled once from a committed
 * server seed and dealt in order until the cut card (GAMES.md §1.1, Appendix C 1).
 *
 * Cards are the video-poker integers `rank × 4 + suit` (rank 0 … 12 = 2 … A; suits c, d, h, s).
 * The unshuffled shoe is deck 1's 52 cards in that order, then deck 2's, and so on. The shuffle is
 * Fisher–Yates from the top index down — for i = n − 1, …, 1: j = rng.int(i + 1), swap i and j —
 * with `rng = fairRng(serverSeed, clientSeed, 0)`: n − 1 unbiased draws. Anyone holding the
 * revealed seed re-shuffles the same shoe with `shuffleShoe`.
 */
export function shuffleShoe(decks: number, serverSeed: string, clientSeed: string): Card[] {
  return shuffleCards(decks, fairRng(serverSeed, clientSeed, 0));
}

/** The shuffle itself, from any generator (tests use a scripted one). */
export function shuffleCards(decks: number, rng: Rng): Card[] {
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) throw new Error('decks must be 1–8');
  const n = decks * 52;
  const shoe = new Array<Card>(n);
  for (let i = 0; i < n; i++) shoe[i] = i % 52;
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = shoe[i]!;
    shoe[i] = shoe[j]!;
    shoe[j] = t;
  }
  return shoe;
}

/** Baccarat's point value: A = 1, 2–9 face value, 10/J/Q/K = 0. */
export function baccaratValue(card: Card): number {
  const r = cardRank(card);
  if (r <= 7) return r + 2;
  return r === 12 ? 1 : 0;
}

/** The value the first card of a new shoe burns (GAMES.md §1.1): A = 1, 2–9 face, 10/J/Q/K = 10. */
export function burnCount(card: Card): number {
  const v = baccaratValue(card);
  return v === 0 ? 10 : v;
}

/** Rank from the ace up: A = 1, 2 … 10, J = 11, Q = 12, K = 13 (dragon tiger's order). */
export function aceLowRank(card: Card): number {
  const r = cardRank(card);
  return r === 12 ? 1 : r + 2;
}

/**
 * Where a shoe's dealing starts and stops. The first card is turned face up and burns that many
 * more (`burnCount`); the cut card sits `cutFromEnd` cards from the end. A hand starts only while
 * the cut card has not come out; the hand during which it comes out is finished and ONE more hand
 * is played (GAMES.md §1.1, the US convention), so `lastHandStarts` tells whether a hand begun at
 * position `at` is allowed, given whether the cut card came out during an earlier hand.
 */
export interface ShoePlan {
  size: number;
  /** Position of the first card dealt to a hand (after the turned card and the burn). */
  firstHandAt: number;
  /** Position of the cut card: dealing the card at this index brings it out. */
  cutAt: number;
  /** The face-up card and the burned ones (positions 0 … firstHandAt − 1). */
  burned: Card[];
}

export function planShoe(shoe: readonly Card[], cutFromEnd = 16): ShoePlan {
  const burn = burnCount(shoe[0]!);
  return {
    size: shoe.length,
    firstHandAt: 1 + burn,
    cutAt: shoe.length - cutFromEnd,
    burned: shoe.slice(0, 1 + burn),
  };
}

/**
 * Whether the cut card is still in the shoe (`in`), came out during the last hand so exactly one
 * more is played (`one-more`), or the shoe is over (`done`).
 */
export type CutState = 'in' | 'one-more' | 'done';

/**
 * The cut state after a hand that used positions `startAt` … `endAt − 1`. The cut card comes out
 * when the card at `cutAt` is dealt; if it came out in place of a hand's first card, that hand is
 * finished and the shoe ends; otherwise one more hand follows, then the shoe ends.
 */
export function cutAfterHand(
  plan: ShoePlan,
  startAt: number,
  endAt: number,
  cut: CutState,
): CutState {
  if (cut !== 'in') return 'done';
  if (endAt <= plan.cutAt) return 'in';
  return startAt === plan.cutAt ? 'done' : 'one-more';
}

/** Whether a hand may start at `at`: the shoe is not over and `maxCards` cards remain. */
export function handMayStart(plan: ShoePlan, at: number, cut: CutState, maxCards: number): boolean {
  return cut !== 'done' && at + maxCards <= plan.size;
}

/** Labels for a list of cards ("Ah Tc 2s"). */
export function cardsText(cards: readonly Card[]): string {
  return cards.map(cardLabel).join(' ');
}
