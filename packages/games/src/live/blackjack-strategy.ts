import { cardRank } from '../video-poker/cards';
import {
  blackjackActions,
  blackjackCardValue,
  blackjackTotal,
  type BlackjackAction,
  type BlackjackState,
} from './blackjack';

/**
 * Basic strategy for the table's rules (`blackjack.ts`): the standard multi-deck chart for a
 * dealer standing on soft 17, double on any two cards, double after split allowed, no surrender.
 * It looks only at the hand's total (or pair) and the dealer's up card, and never takes insurance.
 *
 * Columns are the up card 2, 3, …, 9, ten-value, A. Codes: `H` hit, `S` stand, `D` double (hit
 * when doubling is not allowed, i.e. after a third card), `d` double (stand when not allowed),
 * and for pairs `P` split, `-` play the hand as a total. When splitting is not allowed (four
 * hands already, or cards of different ranks) the pair is played as its total.
 *
 * Hard totals
 *   5–8   H H H H H H H H H H
 *   9     H D D D D H H H H H
 *   10    D D D D D D D D H H
 *   11    D D D D D D D D D H
 *   12    H H S S S H H H H H
 *   13–16 S S S S S H H H H H
 *   17+   S S S S S S S S S S
 *
 * Soft totals
 *   A,2 A,3   H H H D D H H H H H
 *   A,4 A,5   H H D D D H H H H H
 *   A,6       H D D D D H H H H H
 *   A,7       S d d d d S S H H H
 *   A,8+      S S S S S S S S S S
 *
 * Pairs
 *   2,2 3,3   P P P P P P - - - -
 *   4,4       - - - P P - - - - -
 *   5,5       - - - - - - - - - -   (a hard 10)
 *   6,6       P P P P P - - - - -
 *   7,7       P P P P P P - - - -
 *   8,8       P P P P P P P P P P
 *   9,9       P P P P P - P P - -
 *   T,T       - - - - - - - - - -
 *   A,A       P P P P P P P P P P
 */

const HARD: Record<number, string> = {
  9: 'HDDDDHHHHH',
  10: 'DDDDDDDDHH',
  11: 'DDDDDDDDDH',
  12: 'HHSSSHHHHH',
  13: 'SSSSSHHHHH',
  14: 'SSSSSHHHHH',
  15: 'SSSSSHHHHH',
  16: 'SSSSSHHHHH',
};

const SOFT: Record<number, string> = {
  12: 'HHHHHHHHHH',
  13: 'HHHDDHHHHH',
  14: 'HHHDDHHHHH',
  15: 'HHDDDHHHHH',
  16: 'HHDDDHHHHH',
  17: 'HDDDDHHHHH',
  18: 'SddddSSHHH',
};

/** By the pair's point value (an ace 11). */
const PAIRS: Record<number, string> = {
  2: 'PPPPPP----',
  3: 'PPPPPP----',
  4: '---PP-----',
  5: '----------',
  6: 'PPPPP-----',
  7: 'PPPPPP----',
  8: 'PPPPPPPPPP',
  9: 'PPPPP-PP--',
  10: '----------',
  11: 'PPPPPPPPPP',
};

/** The chart's column for an up card: 2 … 9 → 0 … 7, ten-value → 8, ace → 9. */
function column(up: number): number {
  return cardRank(up) === 12 ? 9 : blackjackCardValue(up) - 2;
}

/**
 * Basic strategy's action for the hand being played, `no-insurance` when asked about insurance,
 * null once the round is over.
 */
export function basicStrategy(state: BlackjackState): BlackjackAction | null {
  if (state.phase === 'done') return null;
  if (state.phase === 'insurance') return 'no-insurance';
  const hand = state.hands[state.active];
  if (!hand) return null;
  const actions = blackjackActions(state);
  const col = column(state.dealer[0]!);
  if (actions.includes('split')) {
    const first = hand.cards[0]!;
    const value = cardRank(first) === 12 ? 11 : blackjackCardValue(first);
    if (PAIRS[value]![col] === 'P') return 'split';
  }
  const canDouble = actions.includes('double');
  const { total, soft } = blackjackTotal(hand.cards);
  let code: string;
  if (soft) code = total >= 19 ? 'S' : SOFT[total]![col]!;
  else if (total >= 17) code = 'S';
  else if (total <= 8) code = 'H';
  else code = HARD[total]![col]!;
  switch (code) {
    case 'D':
      return canDouble ? 'double' : 'hit';
    case 'd':
      return canDouble ? 'double' : 'stand';
    case 'S':
      return 'stand';
    default:
      return 'hit';
  }
}
