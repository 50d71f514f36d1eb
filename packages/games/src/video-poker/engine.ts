import type { Rng } from '../kernel/fairness';
import { payoutAt, type Multiplier, type ParamProblem } from '../originals/types';
import { shuffledDeck, type Card } from './cards';
import { classifyHand } from './evaluate';
import {
  classMultiplier,
  isVideoPokerGame,
  VIDEO_POKER_PAYTABLES,
  type VideoPokerGame,
  type VideoPokerHand,
} from './paytables';

/** Stored with every hand it deals (`taya-video-poker@1`). */
export const VIDEO_POKER_ENGINE_ID = 'taya-video-poker@1';

/**
 * A dealt hand waiting for the player's holds. `deck` is the whole shuffled deck (positions 0 … 4
 * are the deal, 5 … 9 the replacements): it stays on the server until the hand is drawn — send
 * the player `videoPokerPublicView(state)`.
 */
export interface VideoPokerDealt {
  phase: 'dealt';
  game: VideoPokerGame;
  deck: readonly Card[];
  cards: readonly Card[];
}

/** A finished hand: the final cards, what they make and what they pay per unit staked. */
export interface VideoPokerDrawn {
  phase: 'drawn';
  game: VideoPokerGame;
  deck: readonly Card[];
  /** The five cards dealt. */
  dealt: readonly Card[];
  holds: readonly boolean[];
  /** The final hand: held cards stay in place, each discard replaced in position order. */
  cards: readonly Card[];
  hand: VideoPokerHand;
  multiplier: Multiplier;
}

export type VideoPokerState = VideoPokerDealt | VideoPokerDrawn;

/** Deals a hand: a fresh 52-card deck shuffled from the fairness kit, its first five cards. */
export function deal(game: VideoPokerGame, rng: Rng): VideoPokerDealt {
  if (!isVideoPokerGame(game)) throw new Error('no such video poker game');
  const deck = shuffledDeck(rng);
  return { phase: 'dealt', game, deck, cards: deck.slice(0, 5) };
}

export type DrawResult =
  { ok: true; state: VideoPokerDrawn } | { ok: false; problems: ParamProblem[] };

/**
 * Draws: keeps the held cards in place and replaces each discard, left to right, with the deck's
 * next card (positions 5, 6, …). Refuses a hand already drawn and anything but five booleans.
 */
export function draw(state: VideoPokerState, holds: unknown): DrawResult {
  if (state.phase !== 'dealt')
    return { ok: false, problems: [{ path: 'round', message: 'this hand is already drawn' }] };
  if (!Array.isArray(holds) || holds.length !== 5 || !holds.every((h) => typeof h === 'boolean'))
    return { ok: false, problems: [{ path: 'holds', message: 'holds is five true/false values' }] };
  let next = 5;
  const cards = state.cards.map((c, i) => (holds[i] ? c : state.deck[next++]!));
  const cls = classifyHand(state.game, cards);
  return {
    ok: true,
    state: {
      phase: 'drawn',
      game: state.game,
      deck: state.deck,
      dealt: state.cards,
      holds: [...(holds as boolean[])],
      cards,
      hand: VIDEO_POKER_PAYTABLES[state.game].rows[cls]!.hand,
      multiplier: classMultiplier(state.game, cls),
    },
  };
}

/** What a finished hand pays on `stake` (the whole 5-coin bet), rounded down to the minor unit. */
export function videoPokerPayout(stake: bigint, state: VideoPokerDrawn): bigint {
  return payoutAt(stake, state.multiplier);
}

/** What the player may see: a dealt hand without the rest of the deck (revealed once drawn). */
export function videoPokerPublicView(
  state: VideoPokerState,
): Omit<VideoPokerDealt, 'deck'> | VideoPokerDrawn {
  if (state.phase === 'drawn') return state;
  return { phase: state.phase, game: state.game, cards: state.cards };
}
