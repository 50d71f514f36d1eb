import type { Rng } from '../kernel/fairness';
import { checkRtpBps, choose, fraction } from './exact';
import type { Multiplier, ParamProblem } from './types';

/**
 * Mines: a 5 × 5 board (tiles 0–24, row by row) hides 1–24 mines. The player opens tiles one at a
 * time; a gem raises the multiplier, a mine ends the round with nothing; the player may cash out
 * after any gem. Opening the last gem cashes out by itself.
 *
 * Not an instant game: a round is a sequence of pure state transitions, state in → state out.
 * The server stores the state between steps (the mines stay on the server until the round ends:
 * send the player `minesView(state)`, never the state) and the verifier replays the whole round
 * from the seeds with `replayMines`.
 *
 * - `openMines(mineCount, rng, rtpBps)` places the mines by Fisher–Yates removal: the 25 tiles in
 *   ascending order, draw i (0 … m−1) takes the tile at index `rng.int(25 − i)` and removes it;
 *   the m tiles drawn are the mines. Every set of m tiles is equally likely. It draws nothing
 *   else: the whole board is fixed by the seeds before the first tile is opened.
 * - `revealTile(state, tile)` → a gem or a mine; refused (state unchanged) for a tile out of range,
 *   one already open, or a round that has ended.
 * - `cashOut(state)` → the multiplier after k gems, exactly
 *   (rtpBps / 10,000) × C(25, k) / C(25 − m, k); refused before the first gem or after the end.
 *
 * Surviving k picks has probability C(25 − m, k) / C(25, k), so every strategy "cash out after k
 * gems" returns exactly rtpBps / 10,000 (99 % at 9,900).
 */

export const MINES_ENGINE_ID = 'taya-mines@1';
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

export type MinesStatus = 'playing' | 'lost' | 'cashed';

/** A round's full state (secret while playing: it holds the mines). Plain JSON. */
export interface MinesState {
  mineCount: number;
  /** The mine tiles in draw order. */
  mines: number[];
  /** The tiles opened, in order: all gems, except the last one of a lost round. */
  revealed: number[];
  status: MinesStatus;
  /** The merchant's RTP when the round opened: every multiplier of the round uses it. */
  rtpBps: number;
}

/** What the player may see: the mines only once the round has ended. */
export interface MinesView {
  mineCount: number;
  revealed: number[];
  status: MinesStatus;
  /** Gems found so far. */
  gems: number;
  /** The multiplier a cash-out pays now (null before the first gem or after the end). */
  multiplier: Multiplier | null;
  /** What the next gem would make it (null when no safe tile is left or the round ended). */
  nextMultiplier: Multiplier | null;
  mines: number[] | null;
}

export type MinesRefusal = 'round-over' | 'bad-tile' | 'already-open' | 'no-gem-yet';

export type MinesStep<T> =
  ({ ok: true; state: MinesState } & T) | { ok: false; error: MinesRefusal };

export interface MinesParams {
  mines: number;
}

export function parseMines(
  params: unknown,
): { ok: true; params: MinesParams } | { ok: false; problems: ParamProblem[] } {
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<
    string,
    unknown
  >;
  const problems: ParamProblem[] = [];
  const { mines } = p;
  if (
    typeof mines !== 'number' ||
    !Number.isInteger(mines) ||
    mines < MINES_MIN ||
    mines > MINES_MAX
  )
    problems.push({ path: 'params.mines', message: 'a whole number of mines from 1 to 24' });
  for (const key of Object.keys(p))
    if (key !== 'mines') problems.push({ path: `params.${key}`, message: 'not a mines parameter' });
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, params: { mines: mines as number } };
}

function checkMineCount(m: number): void {
  if (!Number.isInteger(m) || m < MINES_MIN || m > MINES_MAX)
    throw new Error('mineCount must be a whole number from 1 to 24');
}

/** The multiplier after `gems` safe picks with m mines: (rtpBps / 10,000) · C(25,k) / C(25−m,k). */
export function minesMultiplier(mineCount: number, gems: number, rtpBps: number): Multiplier {
  checkMineCount(mineCount);
  const rtp = checkRtpBps(rtpBps);
  if (!Number.isInteger(gems) || gems < 0 || gems > MINES_TILES - mineCount)
    throw new Error('no such number of gems');
  return fraction(rtp * choose(MINES_TILES, gems), 10_000n * choose(MINES_TILES - mineCount, gems));
}

/** The most a round with m mines can pay: every gem found. */
export function minesMaxMultiplier(mineCount: number, rtpBps: number): Multiplier {
  return minesMultiplier(mineCount, MINES_TILES - mineCount, rtpBps);
}

/** Places the mines (m draws of Fisher–Yates removal) and opens the round. */
export function openMines(mineCount: number, rng: Rng, rtpBps: number): MinesState {
  checkMineCount(mineCount);
  checkRtpBps(rtpBps);
  const left = Array.from({ length: MINES_TILES }, (_, i) => i);
  const mines: number[] = [];
  for (let i = 0; i < mineCount; i++) mines.push(left.splice(rng.int(MINES_TILES - i), 1)[0]!);
  return { mineCount, mines, revealed: [], status: 'playing', rtpBps };
}

const gemsOf = (s: MinesState) => (s.status === 'lost' ? s.revealed.length - 1 : s.revealed.length);

/** Opens one tile. A mine ends the round (lost); the last gem cashes out by itself. */
export function revealTile(state: MinesState, tile: number): MinesStep<{ gem: boolean }> {
  if (state.status !== 'playing') return { ok: false, error: 'round-over' };
  if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES)
    return { ok: false, error: 'bad-tile' };
  if (state.revealed.includes(tile)) return { ok: false, error: 'already-open' };
  const revealed = [...state.revealed, tile];
  if (state.mines.includes(tile))
    return { ok: true, gem: false, state: { ...state, revealed, status: 'lost' } };
  const done = revealed.length === MINES_TILES - state.mineCount;
  return {
    ok: true,
    gem: true,
    state: { ...state, revealed, status: done ? 'cashed' : 'playing' },
  };
}

/** Cashes out after at least one gem. */
export function cashOut(state: MinesState): MinesStep<{ multiplier: Multiplier }> {
  if (state.status !== 'playing') return { ok: false, error: 'round-over' };
  if (state.revealed.length === 0) return { ok: false, error: 'no-gem-yet' };
  return {
    ok: true,
    state: { ...state, status: 'cashed' },
    multiplier: minesMultiplier(state.mineCount, state.revealed.length, state.rtpBps),
  };
}

/** What an ended round pays (0 when lost); null while it is still being played. */
export function minesResult(state: MinesState): Multiplier | null {
  if (state.status === 'playing') return null;
  if (state.status === 'lost') return { num: 0n, den: 1n };
  return minesMultiplier(state.mineCount, state.revealed.length, state.rtpBps);
}

export function minesView(state: MinesState): MinesView {
  const gems = gemsOf(state);
  const playing = state.status === 'playing';
  return {
    mineCount: state.mineCount,
    revealed: [...state.revealed],
    status: state.status,
    gems,
    multiplier: playing && gems > 0 ? minesMultiplier(state.mineCount, gems, state.rtpBps) : null,
    nextMultiplier:
      playing && gems < MINES_TILES - state.mineCount
        ? minesMultiplier(state.mineCount, gems + 1, state.rtpBps)
        : null,
    mines: playing ? null : [...state.mines],
  };
}

/** A round's moves as stored: a tile number to open, or 'cashout'. */
export type MinesMove = number | 'cashout';

/**
 * Replays a round from its seeds' generator and its moves, as the verifier does: the same mines,
 * the same end and the same multiplier. A refused move throws (a stored round never holds one).
 */
export function replayMines(
  mineCount: number,
  rng: Rng,
  rtpBps: number,
  moves: readonly MinesMove[],
): { state: MinesState; multiplier: Multiplier | null } {
  let state = openMines(mineCount, rng, rtpBps);
  for (const move of moves) {
    const step = move === 'cashout' ? cashOut(state) : revealTile(state, move);
    if (!step.ok) throw new Error(`move ${String(move)} refused: ${step.error}`);
    state = step.state;
  }
  return { state, multiplier: minesResult(state) };
}
