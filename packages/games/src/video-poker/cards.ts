import type { Rng } from '../kernel/fairness';

/**
 * A card is an integer 0 … 51: `rank * 4 + suit`, rank 0 … 12 for 2, 3, …, K, A and suit 0 … 3 for
 * clubs, diamonds, hearts, spades. A deck is all 52 in that order before the shuffle.
 */
export type Card = number;

export const CARD_RANKS = '23456789TJQKA';
export const CARD_SUITS = 'cdhs';

export const cardRank = (c: Card): number => c >> 2;
export const cardSuit = (c: Card): number => c & 3;

/** "Ah", "Tc", "2s". */
export function cardLabel(c: Card): string {
  return CARD_RANKS[c >> 2]! + CARD_SUITS[c & 3]!;
}

/** The card named by a label such as "Ah" or "10h" (tests, tools); throws on anything else. */
export function parseCard(label: string): Card {
  const m = /^(10|[2-9TJQKA])([cdhs])$/i.exec(label.trim());
  if (!m) throw new Error(`not a card: ${label}`);
  const rank = CARD_RANKS.indexOf(m[1] === '10' ? 'T' : m[1]!.toUpperCase());
  return rank * 4 + CARD_SUITS.indexOf(m[2]!.toLowerCase());
}

/** Cards from labels separated by spaces: `parseCards('Ah Kh Qh Jh Th')`. */
export function parseCards(labels: string): Card[] {
  return labels.trim().split(/\s+/).map(parseCard);
}

/**
 * One hand's deck: the 52 cards in order 0 … 51, shuffled by Fisher–Yates from the top index
 * down — for i = 51, 50, …, 1: j = rng.int(i + 1), swap positions i and j — so 51 draws from the
 * fairness kit, in that order. The deal is positions 0 … 4; a draw replaces the discarded cards,
 * left to right, with positions 5, 6, … in order. A verifier replays a hand from its seeds alone.
 */
export function shuffledDeck(rng: Rng): Card[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = t;
  }
  return deck;
}
