import type { Rng } from './fairness';

/** What a step pays one bet: its stake is closed with this payout (0 for a loss). */
export interface BetSettlement {
  betId: string;
  payout: bigint;
}

/**
 * A game engine: pure and browser-safe. It never touches money or storage; the wagering kernel
 * holds stakes, runs `step` and applies its settlements in one transaction, and the browser's
 * verifier replays the same code with the revealed seeds.
 */
export interface Engine<State, Bet, Action> {
  /** Name and version, stored with every round it runs (`taya-slot@1`). */
  readonly id: string;
  /** Refuses a bet the game does not offer (a reason), or accepts it (null). */
  validateBet(bet: Bet, state: State): string | null;
  /** A new round's state. */
  open(): State;
  /** Advances a round; the settlements close bets. */
  step(state: State, action: Action, rng: Rng): { state: State; settlements: BetSettlement[] };
  /** Whether the round is over (every bet settled). */
  closed(state: State): boolean;
}
