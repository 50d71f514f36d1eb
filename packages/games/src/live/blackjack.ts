import type { Rng } from '../kernel/fairness';
import { fraction } from '../originals/exact';
import type { Multiplier } from '../originals/types';
import type { Card } from '../video-poker/cards';
import { shuffleCards } from './shoe';

/**
 * Blackjack, one player against the dealer, as a pure state machine over plain data.
 *
 * **The shoe.** Six standard decks, shuffled afresh for every round from the fairness kit:
 * `shuffleCards(6, rng)` (`shoe.ts`: Fisher–Yates from the top index down, 311 draws), so a round
 * is replayed from its seeds alone. Cards are the video-poker integers `rank × 4 + suit`. The deal
 * takes the shoe in order: player, dealer up card, player, dealer hole card (positions 0 … 3);
 * every later card — hits, doubles, the second card of a split hand, the dealer's draws — is the
 * next one (`next`), in the order the play asks for it.
 *
 * **Values.** 2–9 face value, 10/J/Q/K ten, an ace eleven unless that busts the hand, then one. A
 * hand is soft when an ace counts eleven. A blackjack is an ace and a ten-value card as the first
 * two cards of the round's only hand; 21 on a hand made by a split is not a blackjack.
 *
 * **The round.**
 * 1. Insurance: when the up card is an ace the player is first asked `insurance` or
 *    `no-insurance` (also holding a blackjack). Insurance costs half the stake (rounded down to
 *    the minor unit) and pays 2:1 when the dealer has a blackjack; it is lost otherwise.
 * 2. Peek: when the up card is an ace or a ten-value card the dealer checks the hole card. A
 *    dealer blackjack ends the round at once: the player's stake is lost, or pushes against a
 *    player blackjack (only the original stake is ever at risk then: nothing has been doubled or
 *    split). A player blackjack against no dealer blackjack ends the round at once too, paid 3:2.
 * 3. The player plays each hand in turn, left to right: `hit` (one more card), `stand`, `double`
 *    (on any first two cards, also after a split: the stake on that hand doubles, exactly one
 *    more card, then the hand stands) or `split` (two cards of equal rank — a pair of kings, not a
 *    king and a queen: ten-value cards of different ranks may not be split — become two hands
 *    with a stake each; up to four hands). A split hand gets its second card when its turn
 *    comes. Split aces get one card each and stand; an ace dealt to a split ace is not split
 *    again. A hand stands by itself on 21, and is finished when it busts (over 21).
 * 4. The dealer plays once every hand is finished, unless every hand has bust: the hole card is
 *    turned and the dealer draws to 16 and stands on all 17s, soft 17 included (S17).
 * 5. Settlement, hand by hand: a bust hand loses (even if the dealer busts too); otherwise a
 *    dealer bust or a higher total wins 1:1 on that hand's stake, an equal total pushes, a lower
 *    one loses. No surrender.
 *
 * **Stakes and payouts.** Counted in units of the original stake: each hand carries `units` (1,
 * or 2 once doubled); insurance is half a unit (`blackjackStakeUnits`). In minor units the round
 * puts up stake × the hands' units plus the insurance stake, half the stake rounded down
 * (`blackjackStakeHeld`). What the hands return, stakes included, is an exact fraction of the
 * stake — a blackjack 5/2, a win 2 × units, a push 1 × units, a loss or bust 0 — summed over the
 * hands and rounded down to the minor unit once; a won insurance adds 3 × the insurance stake
 * (`blackjackPayout`).
 *
 * Everything in a state is numbers, strings, booleans and arrays: it round-trips through JSON.
 * Stored with every round: `BLACKJACK_ENGINE_ID`.
 */
export const BLACKJACK_ENGINE_ID = 'taya-blackjack@1';

/**
 * The return to player with basic strategy (`blackjack-strategy.ts`), percent with two decimals:
 * 10,000,000 simulated rounds through this engine (`npm run bench:blackjack-rtp`) give a house
 * edge of 0.489 % ± 0.036 % per initial stake, so 99.51 %.
 */
export const BLACKJACK_RTP_TEXT = '99.51';

/** Decks in the shoe. */
export const BLACKJACK_DECKS = 6;
/** The most hands splitting can make. */
export const BLACKJACK_MAX_HANDS = 4;
/** The most a round can return per unit of the original stake: four doubled hands, all won. */
export const BLACKJACK_MAX_MULTIPLIER: Multiplier = { num: 16n, den: 1n };
/** The most original-stake units a round can put up: four doubled hands. */
export const BLACKJACK_MAX_UNITS = 8;

export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'no-insurance';
export const BLACKJACK_ACTIONS: readonly BlackjackAction[] = [
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'no-insurance',
];

/** `insurance`: waiting for the insurance answer; `play`: a hand to play; `done`: settled. */
export type BlackjackPhase = 'insurance' | 'play' | 'done';

/** Whether insurance was offered (the up card is an ace) and what the player answered. */
export type BlackjackInsurance = 'not-offered' | 'pending' | 'taken' | 'declined';

export interface BlackjackHand {
  cards: readonly Card[];
  /** Stake on the hand in units of the original stake: 1, or 2 once doubled. */
  units: number;
  /** Made by a split (a two-card 21 is then not a blackjack). */
  split: boolean;
  /** Stood, doubled, bust, on 21, or a split ace with its one card. */
  done: boolean;
}

export interface BlackjackState {
  phase: BlackjackPhase;
  /** The whole shuffled shoe; kept on the server until the round is over. */
  shoe: readonly Card[];
  /** Position of the next card to come out of the shoe. */
  next: number;
  /** Up card, hole card, then the dealer's draws. */
  dealer: readonly Card[];
  hands: readonly BlackjackHand[];
  /** The hand being played (`hands.length` once none is left). */
  active: number;
  insurance: BlackjackInsurance;
}

export type BlackjackOutcome = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

export interface BlackjackError {
  error: string;
}

// ---------------------------------------------------------------------------------------------
// Card values
// ---------------------------------------------------------------------------------------------

const ACE = 12;
/** Point value by rank, an ace counted 1. */
const VALUE = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1];

/** A card's point value with an ace counted as 1 (2–9 face, 10/J/Q/K ten). */
export function blackjackCardValue(card: Card): number {
  return VALUE[card >> 2]!;
}

/** A hand's best total and whether an ace counts eleven in it. */
export function blackjackTotal(cards: readonly Card[]): { total: number; soft: boolean } {
  let sum = 0;
  let ace = false;
  for (let i = 0; i < cards.length; i++) {
    const r = cards[i]! >> 2;
    sum += VALUE[r]!;
    if (r === ACE) ace = true;
  }
  return ace && sum <= 11 ? { total: sum + 10, soft: true } : { total: sum, soft: false };
}

function total(cards: readonly Card[]): number {
  let sum = 0;
  let ace = false;
  for (let i = 0; i < cards.length; i++) {
    const r = cards[i]! >> 2;
    sum += VALUE[r]!;
    if (r === ACE) ace = true;
  }
  return ace && sum <= 11 ? sum + 10 : sum;
}

/** Two cards, an ace and a ten-value card (whether it counts as a blackjack depends on the hand). */
function isNatural(cards: readonly Card[]): boolean {
  return cards.length === 2 && total(cards) === 21;
}

function isBlackjackHand(state: Pick<BlackjackState, 'hands'>, hand: BlackjackHand): boolean {
  return state.hands.length === 1 && !hand.split && isNatural(hand.cards);
}

const isTenOrAce = (card: Card): boolean => VALUE[card >> 2]! === 10 || card >> 2 === ACE;

// ---------------------------------------------------------------------------------------------
// The state machine
// ---------------------------------------------------------------------------------------------

/** A state being built by one step: fresh arrays, so the caller's state is never touched. */
interface Draft {
  phase: BlackjackPhase;
  shoe: readonly Card[];
  next: number;
  dealer: Card[];
  hands: { cards: Card[]; units: number; split: boolean; done: boolean }[];
  active: number;
  insurance: BlackjackInsurance;
}

function draft(state: BlackjackState): Draft {
  return {
    phase: state.phase,
    shoe: state.shoe,
    next: state.next,
    dealer: state.dealer.slice(),
    hands: state.hands.map((h) => ({
      cards: h.cards.slice(),
      units: h.units,
      split: h.split,
      done: h.done,
    })),
    active: state.active,
    insurance: state.insurance,
  };
}

function draw(s: Draft): Card {
  const c = s.shoe[s.next];
  if (c === undefined) throw new Error('the shoe is short');
  s.next++;
  return c;
}

/** Deals a round from a fresh six-deck shoe shuffled with `rng` (`shuffleCards(6, rng)`). */
export function dealBlackjack(rng: Rng): BlackjackState {
  return dealBlackjackFrom(shuffleCards(BLACKJACK_DECKS, rng));
}

/**
 * Deals a round from a given shoe order (what `dealBlackjack` does after the shuffle; verifiers
 * and tests use it directly). The shoe is read from position 0.
 */
export function dealBlackjackFrom(shoe: readonly Card[]): BlackjackState {
  const s: Draft = {
    phase: 'play',
    shoe,
    next: 0,
    dealer: [],
    hands: [],
    active: 0,
    insurance: 'not-offered',
  };
  const p1 = draw(s);
  const up = draw(s);
  const p2 = draw(s);
  const hole = draw(s);
  s.hands.push({ cards: [p1, p2], units: 1, split: false, done: false });
  s.dealer.push(up, hole);
  if (up >> 2 === ACE) {
    s.phase = 'insurance';
    s.insurance = 'pending';
  } else {
    peek(s);
  }
  return s;
}

/**
 * After the deal (and the insurance answer): a dealer blackjack (possible only under an ace or a
 * ten-value up card, which is when the dealer peeks) or a player blackjack ends the round at once.
 */
function peek(s: Draft): void {
  const hand = s.hands[0]!;
  if ((isTenOrAce(s.dealer[0]!) && isNatural(s.dealer)) || isNatural(hand.cards)) {
    hand.done = true;
    s.active = s.hands.length;
    s.phase = 'done';
    return;
  }
  s.phase = 'play';
}

/**
 * Moves play on from the active hand once it is finished: the next hand gets its second card if
 * it came from a split (a split ace then stands), a hand on 21 stands, and when no hand is left
 * the dealer plays.
 */
function advance(s: Draft): void {
  while (s.active < s.hands.length) {
    const h = s.hands[s.active]!;
    if (h.cards.length === 1) {
      h.cards.push(draw(s));
      if (h.cards[0]! >> 2 === ACE) h.done = true;
    }
    if (!h.done && total(h.cards) >= 21) h.done = true;
    if (!h.done) return;
    s.active++;
  }
  dealerPlays(s);
}

/** The dealer draws to 16 and stands on all 17s, unless every hand has bust. */
function dealerPlays(s: Draft): void {
  s.phase = 'done';
  if (s.hands.every((h) => total(h.cards) > 21)) return;
  while (total(s.dealer) < 17) s.dealer.push(draw(s));
}

/** The actions the player may take now (none once the round is over). */
export function blackjackActions(state: BlackjackState): BlackjackAction[] {
  if (state.phase === 'insurance') return ['insurance', 'no-insurance'];
  if (state.phase !== 'play') return [];
  const h = state.hands[state.active];
  if (!h || h.done) return [];
  const actions: BlackjackAction[] = ['hit', 'stand'];
  if (h.cards.length === 2) {
    actions.push('double');
    if (h.cards[0]! >> 2 === h.cards[1]! >> 2 && state.hands.length < BLACKJACK_MAX_HANDS)
      actions.push('split');
  }
  return actions;
}

/**
 * Takes one action. Returns the new state, or `{ error }` naming why the action is refused (the
 * round is over, or the action is not among `blackjackActions(state)`). The given state is
 * never changed.
 */
export function actBlackjack(
  state: BlackjackState,
  action: unknown,
): BlackjackState | BlackjackError {
  if (typeof action !== 'string' || !(BLACKJACK_ACTIONS as readonly string[]).includes(action))
    return { error: `no such action: ${String(action)}` };
  if (state.phase === 'done') return { error: 'the round is over' };
  if (!blackjackActions(state).includes(action as BlackjackAction))
    return { error: `${action} is not allowed now` };
  const s = draft(state);
  switch (action as BlackjackAction) {
    case 'insurance':
    case 'no-insurance':
      s.insurance = action === 'insurance' ? 'taken' : 'declined';
      peek(s);
      return s;
    case 'hit': {
      const h = s.hands[s.active]!;
      h.cards.push(draw(s));
      if (total(h.cards) >= 21) h.done = true;
      break;
    }
    case 'stand':
      s.hands[s.active]!.done = true;
      break;
    case 'double': {
      const h = s.hands[s.active]!;
      h.units = 2;
      h.cards.push(draw(s));
      h.done = true;
      break;
    }
    case 'split': {
      const h = s.hands[s.active]!;
      s.hands.splice(
        s.active,
        1,
        { cards: [h.cards[0]!], units: 1, split: true, done: false },
        { cards: [h.cards[1]!], units: 1, split: true, done: false },
      );
      break;
    }
  }
  advance(s);
  return s;
}

/** Whether `actBlackjack` refused. */
export function isBlackjackError(r: BlackjackState | BlackjackError): r is BlackjackError {
  return 'error' in r;
}

/**
 * Replays a round from its generator and the player's actions in order (a verifier's check);
 * throws on an action the round refuses.
 */
export function replayBlackjack(rng: Rng, actions: readonly string[]): BlackjackState {
  let state = dealBlackjack(rng);
  for (const action of actions) {
    const r = actBlackjack(state, action);
    if (isBlackjackError(r)) throw new Error(`action ${action} refused: ${r.error}`);
    state = r;
  }
  return state;
}

// ---------------------------------------------------------------------------------------------
// What the player sees, the result and the money
// ---------------------------------------------------------------------------------------------

export interface BlackjackHandView extends BlackjackHand {
  total: number;
  soft: boolean;
}

/**
 * What the player may see: while the round is open, the dealer's up card only and no shoe; once
 * it is over, everything (the hole card, the dealer's draws and the whole shoe, to verify).
 */
export interface BlackjackView {
  phase: BlackjackPhase;
  dealer: readonly Card[];
  /** Total of the dealer's visible cards. */
  dealerTotal: number;
  hands: readonly BlackjackHandView[];
  active: number;
  insurance: BlackjackInsurance;
  actions: BlackjackAction[];
  /** Revealed once the round is over. */
  shoe?: readonly Card[];
  next?: number;
}

export function blackjackView(state: BlackjackState): BlackjackView {
  const open = state.phase !== 'done';
  const dealer = open ? state.dealer.slice(0, 1) : state.dealer;
  const view: BlackjackView = {
    phase: state.phase,
    dealer,
    dealerTotal: total(dealer),
    hands: state.hands.map((h) => ({ ...h, ...blackjackTotal(h.cards) })),
    active: state.active,
    insurance: state.insurance,
    actions: blackjackActions(state),
  };
  if (!open) {
    view.shoe = state.shoe;
    view.next = state.next;
  }
  return view;
}

export interface BlackjackHandResult {
  cards: readonly Card[];
  total: number;
  soft: boolean;
  outcome: BlackjackOutcome;
  units: number;
  /** What the hand returns, its stake included, per unit of the original stake (a doubled win
   *  4, a blackjack 5/2, a loss 0). */
  multiplier: Multiplier;
}

export interface BlackjackResult {
  dealer: { cards: readonly Card[]; total: number; soft: boolean; blackjack: boolean };
  hands: BlackjackHandResult[];
  /** The insurance bet's fate: `won` pays 3 × the insurance stake back, `lost` nothing. */
  insurance: 'not-offered' | 'declined' | 'won' | 'lost';
  /** The hands' multipliers summed (insurance apart: its stake is rounded separately). */
  multiplier: Multiplier;
}

const ZERO: Multiplier = { num: 0n, den: 1n };

/** The settled round hand by hand, or null while it is open. */
export function blackjackResult(state: BlackjackState): BlackjackResult | null {
  if (state.phase !== 'done') return null;
  const d = blackjackTotal(state.dealer);
  const dealerBlackjack = isNatural(state.dealer);
  let halves = 0n;
  const hands = state.hands.map((h): BlackjackHandResult => {
    const { total: t, soft } = blackjackTotal(h.cards);
    const units = BigInt(h.units);
    let outcome: BlackjackOutcome;
    let m: bigint; // in halves of the original stake
    if (isBlackjackHand(state, h)) {
      outcome = dealerBlackjack ? 'push' : 'blackjack';
      m = dealerBlackjack ? 2n : 5n;
    } else if (t > 21) {
      outcome = 'bust';
      m = 0n;
    } else if (dealerBlackjack) {
      outcome = 'lose';
      m = 0n;
    } else if (d.total > 21 || t > d.total) {
      outcome = 'win';
      m = 4n * units;
    } else if (t === d.total) {
      outcome = 'push';
      m = 2n * units;
    } else {
      outcome = 'lose';
      m = 0n;
    }
    halves += m;
    return { cards: h.cards, total: t, soft, outcome, units: h.units, multiplier: fraction(m, 2n) };
  });
  const insurance =
    state.insurance === 'taken'
      ? dealerBlackjack
        ? 'won'
        : 'lost'
      : state.insurance === 'declined'
        ? 'declined'
        : 'not-offered';
  return {
    dealer: { cards: state.dealer, total: d.total, soft: d.soft, blackjack: dealerBlackjack },
    hands,
    insurance,
    multiplier: halves === 0n ? ZERO : fraction(halves, 2n),
  };
}

/**
 * Everything the round has put up, in units of the original stake: the hands' units plus 1/2 for
 * insurance. The server holds `blackjackStakeHeld(stake, state)` (this fraction of the stake, the
 * insurance half rounded down) and tops it up after a double, a split or insurance.
 */
export function blackjackStakeUnits(state: BlackjackState): Multiplier {
  let units = 0;
  for (const h of state.hands) units += h.units;
  return fraction(BigInt(units) * 2n + (state.insurance === 'taken' ? 1n : 0n), 2n);
}

/** The insurance stake on `stake`: half of it, rounded down to the minor unit. */
export function blackjackInsuranceStake(stake: bigint): bigint {
  return stake / 2n;
}

/** What the round has put up in minor units: `stake` × the hands' units, plus the insurance stake. */
export function blackjackStakeHeld(stake: bigint, state: BlackjackState): bigint {
  if (stake < 0n) throw new Error('a stake is not negative');
  let units = 0;
  for (const h of state.hands) units += h.units;
  return (
    stake * BigInt(units) + (state.insurance === 'taken' ? blackjackInsuranceStake(stake) : 0n)
  );
}

/**
 * What a settled round returns on an original stake of `stake` minor units, every stake included:
 * the hands' exact multiplier times the stake, rounded down to the minor unit (a blackjack on 5
 * returns 12), plus 3 × the insurance stake when insurance won. Throws while the round is open.
 */
export function blackjackPayout(stake: bigint, state: BlackjackState): bigint {
  const result = blackjackResult(state);
  if (!result) throw new Error('the round is still open');
  if (stake < 0n) throw new Error('a stake is not negative');
  const hands = (stake * result.multiplier.num) / result.multiplier.den;
  return hands + (result.insurance === 'won' ? 3n * blackjackInsuranceStake(stake) : 0n);
}
