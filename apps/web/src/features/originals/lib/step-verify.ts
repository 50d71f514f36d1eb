import type { StepGame } from '@taya/contracts';
import {
  blackjackPayout,
  blackjackResult,
  blackjackStakeHeld,
  deal,
  draw,
  fairRng,
  MINES_MAX,
  MINES_MIN,
  multiplierText,
  payoutAt,
  replayBlackjack,
  replayMines,
  seedCommitment,
  type BlackjackResult,
  type BlackjackState,
  type Card,
  type MinesMove,
  type MinesState,
  type Multiplier,
  type VideoPokerHand,
} from '@taya/games';

export interface StepVerifyInput {
  game: StepGame;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** Mines only: how many mines the round hid. */
  mineCount: number;
  /** The player's moves as the link carries them: "4,7,cashout" (mines), "10100" (holds). */
  moves: string;
  /** The merchant's rate in basis points (mines' multipliers use it; video poker's do not). */
  rtpBps: number;
  serverSeedHash: string | null;
  stake: bigint | null;
}

export interface PokerReplay {
  dealt: Card[];
  holds: boolean[];
  cards: Card[];
  hand: VideoPokerHand;
}

export interface BlackjackReplay {
  moves: string[];
  result: BlackjackResult;
}

export type MinesReplay = Pick<MinesState, 'mines' | 'revealed' | 'status'>;

export type StepVerifyResult =
  | {
      ok: true;
      commitment: string;
      hashMatches: boolean | null;
      multiplier: string;
      win: boolean;
      payout: bigint | null;
      mines: MinesReplay | null;
      poker: PokerReplay | null;
      blackjack: BlackjackReplay | null;
    }
  | { ok: false; problem: 'seed' | 'nonce' | 'params' | 'moves'; detail?: string };

const SEED = /^[0-9a-f]{64}$/;

/** Mines' moves from a link: tile numbers then, if the player chose it, "cashout". */
export function parseMinesMoves(text: string): MinesMove[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const moves: MinesMove[] = [];
  for (const part of parts) {
    if (part === 'cashout') moves.push('cashout');
    else if (/^\d{1,2}$/.test(part) && Number(part) < 25) moves.push(Number(part));
    else return null;
  }
  return moves;
}

/** Video poker's holds from a link: five 1s and 0s, left to right. */
export function parseHolds(text: string): boolean[] | null {
  const t = text.trim();
  return /^[01]{5}$/.test(t) ? [...t].map((c) => c === '1') : null;
}

/** A settled round's moves as the verify link carries them (empty for any other round). */
export function movesText(outcome: Record<string, unknown>): string {
  if (Array.isArray(outcome.moves)) return outcome.moves.join(',');
  if (Array.isArray(outcome.holds)) return outcome.holds.map((h) => (h ? '1' : '0')).join('');
  return '';
}

/**
 * A blackjack round's first stake from all it put up (the stake × the hands' units, plus half
 * the stake rounded down for insurance), or null when no stake puts up exactly that.
 */
export function firstStake(total: bigint, state: BlackjackState): bigint | null {
  const units = BigInt(state.hands.reduce((sum, h) => sum + h.units, 0));
  const guess = (total * 2n) / (units * 2n + (state.insurance === 'taken' ? 1n : 0n));
  for (const stake of [guess - 1n, guess, guess + 1n])
    if (stake > 0n && blackjackStakeHeld(stake, state) === total) return stake;
  return null;
}

/**
 * Replays a round played in steps here, with the engine the server ran: the seeds place the
 * same mines (or shuffle the same deck), then the player's own moves — the tiles opened and the
 * cash-out, or the cards held — give the same end, multiplier and payout.
 */
export function verifyStepRound(input: StepVerifyInput): StepVerifyResult {
  const serverSeed = input.serverSeed.trim().toLowerCase();
  if (!SEED.test(serverSeed)) return { ok: false, problem: 'seed' };
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) return { ok: false, problem: 'nonce' };
  const rng = fairRng(serverSeed, input.clientSeed, input.nonce);
  let multiplier: Multiplier;
  let mines: MinesReplay | null = null;
  let poker: PokerReplay | null = null;
  let blackjack: BlackjackReplay | null = null;
  let paid: bigint | null = null;
  if (input.game === 'blackjack') {
    const moves = input.moves.split(/[\s,]+/).filter(Boolean);
    try {
      const state = replayBlackjack(rng, moves);
      const result = blackjackResult(state);
      if (!result) return { ok: false, problem: 'moves', detail: 'the round is not over' };
      const m = result.multiplier;
      // What the hands return per stake, plus 3/2 for a won insurance (half the stake, 2 to 1).
      multiplier =
        result.insurance === 'won' ? { num: m.num * 2n + 3n * m.den, den: m.den * 2n } : m;
      blackjack = { moves, result };
      // The amount is everything the round put up: the first stake is the one that holds it.
      const first = input.stake === null ? null : firstStake(input.stake, state);
      paid = first === null ? null : blackjackPayout(first, state);
    } catch (error) {
      return { ok: false, problem: 'moves', detail: (error as Error).message };
    }
  } else if (input.game === 'mines') {
    const m = input.mineCount;
    if (!Number.isInteger(m) || m < MINES_MIN || m > MINES_MAX)
      return { ok: false, problem: 'params', detail: 'params.mines: 1–24' };
    const moves = parseMinesMoves(input.moves);
    if (!moves) return { ok: false, problem: 'moves' };
    try {
      const replay = replayMines(m, rng, input.rtpBps, moves);
      if (!replay.multiplier)
        return { ok: false, problem: 'moves', detail: 'the round is not over' };
      multiplier = replay.multiplier;
      const { state } = replay;
      mines = { mines: state.mines, revealed: state.revealed, status: state.status };
    } catch (error) {
      return { ok: false, problem: 'moves', detail: (error as Error).message };
    }
  } else {
    const holds = parseHolds(input.moves);
    if (!holds) return { ok: false, problem: 'moves' };
    const drawn = draw(deal(input.game, rng), holds);
    if (!drawn.ok) return { ok: false, problem: 'moves' };
    const s = drawn.state;
    multiplier = s.multiplier;
    poker = { dealt: [...s.dealt], holds: [...s.holds], cards: [...s.cards], hand: s.hand };
  }
  const commitment = seedCommitment(serverSeed);
  const hash = input.serverSeedHash?.trim().toLowerCase() || null;
  return {
    ok: true,
    commitment,
    hashMatches: hash === null ? null : hash === commitment,
    multiplier: multiplierText(multiplier),
    win: multiplier.num > 0n,
    payout:
      input.stake === null
        ? null
        : input.game === 'blackjack'
          ? paid
          : payoutAt(input.stake, multiplier),
    mines,
    poker,
    blackjack,
  };
}
