import type { Engine } from '../kernel/engine';
import { evaluateSpin, payoutOf, randomStops } from './evaluate';
import type { SlotDefinition, SpinOutcome } from './types';

/** A slot round: one player's spin (instant: opened, stepped once, closed). */
export interface SlotState {
  spun: boolean;
  outcome: SpinOutcome | null;
}

export interface SlotBet {
  betId: string;
  /** The total bet, minor units, spread evenly over the lines. */
  amount: bigint;
}

export interface SlotAction {
  type: 'spin';
  bet: SlotBet;
}

/** The version stored with every round; bump it when what a seed draws changes. */
export const slotEngineVersion = 1;

/** A slot definition as an engine: a spin draws one uniform stop per reel. */
export function slotEngine(
  def: SlotDefinition,
  betOptions: readonly bigint[],
): Engine<SlotState, SlotBet, SlotAction> {
  return {
    id: `slot:${def.code}@${slotEngineVersion}`,
    validateBet(bet) {
      return betOptions.includes(bet.amount) ? null : 'Choose one of the offered bets';
    },
    open: () => ({ spun: false, outcome: null }),
    step(state, action, rng) {
      if (state.spun) throw new Error('this round is already spun');
      const outcome = evaluateSpin(
        def,
        randomStops(def, (n) => rng.int(n)),
      );
      return {
        state: { spun: true, outcome },
        settlements: [
          { betId: action.bet.betId, payout: payoutOf(def, outcome, action.bet.amount) },
        ],
      };
    },
    closed: (state) => state.spun,
  };
}
