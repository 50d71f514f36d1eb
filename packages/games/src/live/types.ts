import type { Multiplier } from '../originals/types';

/**
 * A live table's rules: its bet spots, what each pays for a round's outcome and its exact return.
 * Pure and browser-safe. The server holds each bet's stakes through the wagering kernel, draws
 * or deals the round's outcome once for the whole table and pays every bet with `pay`; the
 * browser's verifier and the pages use the same code.
 *
 * Spot ids are short lowercase strings (`banker`, `tie`, `straight:17`, `total:4`): what a bet
 * names on the wire, what the table's limits and exposure are kept by.
 */
export interface TableRules<Outcome> {
  /** Name and version, stored with every round (`taya-baccarat@1`). */
  readonly id: string;
  /** Every spot the table offers, in board order. */
  readonly spots: readonly string[];
  /** What a stake on `spot` pays for `outcome`, stake included (0 when it loses; the stake
   *  itself when it pushes), in minor units rounded down. */
  pay(spot: string, amount: bigint, outcome: Outcome): bigint;
  /** The most a spot can pay per unit staked, stake included (max-win and exposure checks). */
  maxMultiplier(spot: string): Multiplier;
}

/** One spot's stake in a bet. */
export interface SpotStake {
  spot: string;
  amount: bigint;
}

/** Pays every spot of a bet; the bet's payout is their sum. Throws on a spot the table lacks. */
export function payBet<O>(rules: TableRules<O>, stakes: readonly SpotStake[], outcome: O): bigint {
  let total = 0n;
  for (const { spot, amount } of stakes) {
    if (!rules.spots.includes(spot)) throw new Error(`no spot ${spot} at ${rules.id}`);
    if (amount <= 0n) throw new Error('a stake is above zero');
    total += rules.pay(spot, amount, outcome);
  }
  return total;
}
