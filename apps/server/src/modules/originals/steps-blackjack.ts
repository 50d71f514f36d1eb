import { originalGames, type BlackjackMove, type OriginalAction } from '@taya/contracts';
import {
  actBlackjack,
  BLACKJACK_ENGINE_ID,
  BLACKJACK_RTP_TEXT,
  blackjackInsuranceStake,
  blackjackResult,
  blackjackView,
  dealBlackjack,
  isBlackjackError,
  multiplierText,
  type BlackjackState,
  type Multiplier,
} from '@taya/games';
import type { Hidden, StakePart, StepEngine } from './steps-engines';
import { noParams } from './steps-params';

/**
 * Which hand a stake of the round rides on: the first bet and every split's new stake on a hand,
 * each double on the hand it doubled, insurance on none. Hands are numbered as the engine orders
 * them; a split puts the new hand right after the one split, so later hands move up one.
 */
export interface BlackjackPartRef {
  part: string;
  hand: number | null;
}

/** A blackjack round as the server keeps it between moves. */
export interface BlackjackHidden {
  bj: BlackjackState;
  parts: BlackjackPartRef[];
  /** The moves in order: with the seeds they replay the round (`replayBlackjack`). */
  moves: BlackjackMove[];
}

const asHidden = (h: Hidden) => h as unknown as BlackjackHidden;
const plain = (h: BlackjackHidden): Hidden => ({ ...h });

/** The stakes' new refs after a move the engine accepted on the hand `active` was playing. */
export function partsAfter(
  parts: readonly BlackjackPartRef[],
  move: BlackjackMove,
  active: number,
): BlackjackPartRef[] {
  const n = parts.length;
  switch (move) {
    case 'double':
      return [...parts, { part: `double-${n}`, hand: active }];
    case 'split':
      return [
        ...parts.map((p) => (p.hand !== null && p.hand > active ? { ...p, hand: p.hand + 1 } : p)),
        { part: `split-${n}`, hand: active + 1 },
      ];
    case 'insurance':
      return [...parts, { part: 'insurance', hand: null }];
    default:
      return [...parts];
  }
}

/**
 * Each stake of the round in minor units and, once it is over, what it returns: a hand's stake
 * returns its hand's multiplier per unit (a win 2, a push 1, a blackjack 5/2 rounded down, a loss
 * 0 — a doubled hand's two stakes alike), insurance 3 × its stake when the dealer has blackjack.
 * Their sum is `blackjackPayout` exactly: only a lone first hand can be a blackjack.
 */
export function blackjackParts(h: BlackjackHidden, stake: bigint): StakePart[] {
  const result = blackjackResult(h.bj);
  return h.parts.flatMap((ref): StakePart[] => {
    if (ref.hand === null) {
      const insurance = blackjackInsuranceStake(stake);
      if (insurance === 0n) return [];
      const payout = result ? (result.insurance === 'won' ? 3n * insurance : 0n) : null;
      return [{ part: ref.part, stake: insurance, payout }];
    }
    const hand = result?.hands[ref.hand];
    const payout = hand
      ? (stake * hand.multiplier.num) / (hand.multiplier.den * BigInt(hand.units))
      : null;
    return [{ part: ref.part, stake, payout }];
  });
}

/** The round's return per original stake: the hands', plus 3/2 for a won insurance. */
function blackjackMultiplier(state: BlackjackState): Multiplier | null {
  const result = blackjackResult(state);
  if (!result) return null;
  const m = result.multiplier;
  return result.insurance === 'won' ? { num: m.num * 2n + 3n * m.den, den: m.den * 2n } : m;
}

/** Blackjack's view as JSON: while open the up card only, once over the whole shoe and result. */
function blackjackOutcome(h: BlackjackHidden): Record<string, unknown> {
  const view = blackjackView(h.bj);
  const result = blackjackResult(h.bj);
  return {
    ...view,
    moves: h.moves,
    ...(result
      ? {
          result: {
            dealer: result.dealer,
            insurance: result.insurance,
            hands: result.hands.map((r) => ({
              ...r,
              multiplier: multiplierText(r.multiplier),
            })),
          },
        }
      : {}),
  };
}

const refused = (path: string, message: string) => ({
  ok: false as const,
  problems: [{ path, message }],
});

/**
 * Blackjack played in steps: a fresh six-deck shoe each round, shuffled from the member's seed
 * pair at the round's nonce; a double, a split or insurance holds one more stake (a kernel bet of
 * its own on the same round). An abandoned round is finished by standing every hand left (and
 * declining insurance); its stakes are all settled then.
 */
export const blackjack: StepEngine = {
  game: 'blackjack',
  gameCode: originalGames.blackjack,
  id: BLACKJACK_ENGINE_ID,
  parse: noParams,
  // Basic strategy's return, by simulation (`npm run bench:blackjack-rtp`).
  rtp: () => BLACKJACK_RTP_TEXT,
  // Four doubled hands all won: 16 returned on 8 put up, 8 × the stake above what is put up.
  firstMax: () => ({ num: 9n, den: 1n }),
  open: (_params, rng) =>
    plain({ bj: dealBlackjack(rng), parts: [{ part: 'bet', hand: 0 }], moves: [] }),
  view: (h) => blackjackOutcome(asHidden(h)),
  act(h, action: OriginalAction) {
    if (action.type !== 'play') return refused('action.type', 'play');
    const { bj, parts, moves } = asHidden(h);
    const next = actBlackjack(bj, action.move);
    if (isBlackjackError(next)) return refused('action.move', next.error);
    return {
      ok: true,
      hidden: plain({
        bj: next,
        parts: partsAfter(parts, action.move, bj.active),
        moves: [...moves, action.move],
      }),
    };
  },
  result: (h) => blackjackMultiplier(asHidden(h).bj),
  current: () => null,
  finish(h) {
    let { bj, moves } = asHidden(h);
    for (let guard = 0; bj.phase !== 'done' && guard < 16; guard++) {
      const move: BlackjackMove = bj.phase === 'insurance' ? 'no-insurance' : 'stand';
      const next = actBlackjack(bj, move);
      if (isBlackjackError(next)) return null;
      bj = next;
      moves = [...moves, move];
    }
    return bj.phase === 'done' ? plain({ ...asHidden(h), bj, moves }) : null;
  },
  outcome: (h) => blackjackOutcome(asHidden(h)),
  cap: () => null,
  parts: (h, stake) => blackjackParts(asHidden(h), stake),
};
