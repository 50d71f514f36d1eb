import {
  minorToDecimal,
  type OriginalBetBody,
  type OriginalGame,
  type OriginalRound,
} from '@taya/contracts';
import { multiplierText, type Multiplier } from '@taya/games';
import type { BetRow, RoundRow } from '../play';

/** What a round of an original keeps in the kernel's state (recall shows it whole). */
export interface OriginalState extends Record<string, unknown> {
  game: OriginalGame;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  clientSeed: string;
  nonce: number;
  /** The payout multiplier as a decimal, and exactly (numerator / denominator). */
  multiplier: string;
  multiplierNum: string;
  multiplierDen: string;
  rtpBps: number;
}

export function originalState(input: {
  game: OriginalGame;
  params: OriginalBetBody['params'];
  outcome: Record<string, unknown>;
  clientSeed: string;
  nonce: number;
  multiplier: Multiplier;
  rtpBps: number;
}): OriginalState {
  return {
    game: input.game,
    params: input.params,
    outcome: input.outcome,
    clientSeed: input.clientSeed,
    nonce: input.nonce,
    multiplier: multiplierText(input.multiplier),
    multiplierNum: input.multiplier.num.toString(),
    multiplierDen: input.multiplier.den.toString(),
    rtpBps: input.rtpBps,
  };
}

/**
 * A settled round as the bet's answer and the history give it. The server seed is the round's
 * own column: empty until the pair that drew it is rotated.
 */
export function roundWire(round: RoundRow, bet: BetRow, scale: number): OriginalRound {
  const state = round.state as OriginalState;
  return {
    roundId: round.id,
    game: state.game,
    amount: minorToDecimal(bet.stake, scale),
    payout: minorToDecimal(bet.payout, scale),
    multiplier: state.multiplier,
    win: state.multiplierNum !== '0',
    outcome: state.outcome,
    params: state.params,
    seed: {
      serverSeedHash: round.seedCommitment ?? '',
      clientSeed: state.clientSeed,
      nonce: state.nonce,
      serverSeed: round.serverSeed,
    },
    engine: round.engine,
    at: (bet.settledAt ?? bet.placedAt).toISOString(),
  };
}
