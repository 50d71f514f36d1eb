import { originalGames, type OriginalAction, type StepGame } from '@taya/contracts';
import {
  bestHold,
  cashOut,
  draw,
  deal,
  MINES_ENGINE_ID,
  MINES_TILES,
  minesMultiplier,
  minesResult,
  minesView,
  multiplierText,
  openMines,
  parseMines,
  payoutAt,
  revealTile,
  VIDEO_POKER_ENGINE_ID,
  VIDEO_POKER_PAYTABLES,
  videoPokerMaxMultiplier,
  videoPokerPublicView,
  type MinesState,
  type Multiplier,
  type ParamProblem,
  type Rng,
  type VideoPokerGame,
  type VideoPokerState,
} from '@taya/games';
import { AppError } from '../../platform/errors';
import { noParams } from './steps-params';
import { blackjack } from './steps-blackjack';

/** A round's hidden state between steps (plain JSON, kept in the kernel round's state). */
export type Hidden = Record<string, unknown>;

/**
 * A stake of a round, held as a kernel bet of its own: the first (`bet`), then any a step adds
 * (blackjack's doubles, splits and insurance), with what it returns once the round has ended.
 */
export interface StakePart {
  part: string;
  stake: bigint;
  /** What the stake returns, itself included; null while the round is open. */
  payout: bigint | null;
}

type Parsed =
  { ok: true; params: Record<string, unknown> } | { ok: false; problems: ParamProblem[] };
type Acted = { ok: true; hidden: Hidden } | { ok: false; problems: ParamProblem[] };

/**
 * A multi-step original as the server plays it: pure steps over a hidden state the server keeps
 * between requests (the engines of `@taya/games`, the same code the browser's verifier runs).
 */
export interface StepEngine {
  game: StepGame;
  gameCode: string;
  id: string;
  parse(params: unknown): Parsed;
  /** The exact return to player, percent with two decimals, rounded down. */
  rtp(rtpBps: number): string;
  /** The most the round's first step can pay: a bet is refused when even that wins too much. */
  firstMax(params: Record<string, unknown>, rtpBps: number): Multiplier;
  open(params: Record<string, unknown>, rng: Rng, rtpBps: number): Hidden;
  /** What the player may see while the round is open. */
  view(hidden: Hidden): Record<string, unknown>;
  act(hidden: Hidden, action: OriginalAction): Acted;
  /** What an ended round pays; null while it is open. */
  result(hidden: Hidden): Multiplier | null;
  /** What the round pays if it ended now by the player's choice (a cash-out), or null. */
  current(hidden: Hidden): Multiplier | null;
  /** The round finished by its rules when abandoned (recovery), or null to void it. */
  finish(hidden: Hidden): Hidden | null;
  /** An ended round's whole outcome, for the answer, history and the verifier. */
  outcome(hidden: Hidden): Record<string, unknown>;
  /**
   * The max-profit rule of a round in steps: once the next step could win more than the max
   * profit the round ends by itself (mines cash out), or null when nothing changes.
   */
  cap(hidden: Hidden, stake: bigint, maxProfit: bigint): Hidden | null;
  /** The round's stakes on a first stake of `stake` (one, unless a step puts up more). */
  parts(hidden: Hidden, stake: bigint): StakePart[];
}

/** The one stake of a round no step adds to: it returns the stake × the round's multiplier. */
function onePart(result: Multiplier | null, stake: bigint): StakePart[] {
  return [{ part: 'bet', stake, payout: result ? payoutAt(stake, result) : null }];
}

const problem = (path: string, message: string): Acted => ({
  ok: false,
  problems: [{ path, message }],
});

const refusals: Record<string, [string, string]> = {
  'round-over': ['round', 'this round has ended'],
  'bad-tile': ['action.tile', 'a tile from 0 to 24'],
  'already-open': ['action.tile', 'this tile is already open'],
  'no-gem-yet': ['action', 'open a tile before cashing out'],
};

/** The moves that replay a mines round: the tiles opened, then 'cashout' if the player chose it. */
export function minesMoves(s: MinesState): (number | 'cashout')[] {
  const allGems = s.revealed.length === MINES_TILES - s.mineCount;
  return s.status === 'cashed' && !allGems ? [...s.revealed, 'cashout'] : [...s.revealed];
}

/** The player's view of a mines round as JSON: multipliers as decimals ("1.1250"). */
function minesWireView(s: MinesState): Record<string, unknown> {
  const v = minesView(s);
  const text = (m: Multiplier | null) => (m ? multiplierText(m) : null);
  return { ...v, multiplier: text(v.multiplier), nextMultiplier: text(v.nextMultiplier) };
}

const mines: StepEngine = {
  game: 'mines',
  gameCode: originalGames.mines,
  id: MINES_ENGINE_ID,
  parse: (params) => parseMines(params) as Parsed,
  // Every way of playing returns exactly rtpBps / 10,000.
  rtp: (rtpBps) => multiplierText({ num: BigInt(rtpBps) * 100n, den: 10_000n }, 2),
  firstMax: (params, rtpBps) => minesMultiplier(params.mines as number, 1, rtpBps),
  open: (params, rng, rtpBps) => ({ ...openMines(params.mines as number, rng, rtpBps) }),
  view: (h) => minesWireView(h as unknown as MinesState),
  act(h, action) {
    const state = h as unknown as MinesState;
    if (action.type === 'draw') return problem('action.type', 'reveal or cashout');
    const step = action.type === 'reveal' ? revealTile(state, action.tile) : cashOut(state);
    if (!step.ok) return problem(...refusals[step.error]!);
    return { ok: true, hidden: { ...step.state } };
  },
  result: (h) => minesResult(h as unknown as MinesState),
  current: (h) => {
    const s = h as unknown as MinesState;
    return s.status === 'playing' && s.revealed.length > 0
      ? minesMultiplier(s.mineCount, s.revealed.length, s.rtpBps)
      : null;
  },
  finish(h) {
    const step = cashOut(h as unknown as MinesState);
    return step.ok ? { ...step.state } : null;
  },
  outcome: (h) => ({
    ...minesWireView(h as unknown as MinesState),
    moves: minesMoves(h as unknown as MinesState),
  }),
  cap(h, stake, maxProfit) {
    const s = h as unknown as MinesState;
    if (s.status !== 'playing' || s.revealed.length === 0) return null;
    const next = minesMultiplier(s.mineCount, s.revealed.length + 1, s.rtpBps);
    if ((stake * next.num) / next.den - stake <= maxProfit) return null;
    const step = cashOut(s);
    return step.ok ? { ...step.state } : null;
  },
  parts: (h, stake) => onePart(minesResult(h as unknown as MinesState), stake),
};

function videoPoker(game: VideoPokerGame & StepGame): StepEngine {
  const table = VIDEO_POKER_PAYTABLES[game];
  const vp = (h: Hidden) => h as unknown as VideoPokerState;
  return {
    game,
    gameCode: originalGames[game],
    id: VIDEO_POKER_ENGINE_ID,
    parse: noParams,
    // The pay table's exact return with optimal play (the merchant's rate does not apply).
    rtp: () => table.rtpPercent.slice(0, table.rtpPercent.indexOf('.') + 3),
    firstMax: () => videoPokerMaxMultiplier(game),
    open: (_params, rng) => ({ ...deal(game, rng) }),
    view: (h) => ({ ...videoPokerPublicView(vp(h)) }),
    act(h, action) {
      if (action.type !== 'draw') return problem('action.type', 'draw');
      const drawn = draw(vp(h), action.hold);
      if (!drawn.ok)
        return problem(
          drawn.problems[0]!.path === 'holds' ? 'action.hold' : 'round',
          drawn.problems[0]!.message,
        );
      return { ok: true, hidden: { ...drawn.state } };
    },
    result: (h) =>
      vp(h).phase === 'drawn' ? (vp(h) as { multiplier: Multiplier }).multiplier : null,
    current: () => null,
    finish(h) {
      const state = vp(h);
      if (state.phase !== 'dealt') return null;
      const drawn = draw(state, bestHold(game, state.cards).best.holds);
      return drawn.ok ? { ...drawn.state } : null;
    },
    outcome(h) {
      const s = vp(h);
      if (s.phase !== 'drawn') return { ...videoPokerPublicView(s) };
      return { game: s.game, dealt: s.dealt, holds: s.holds, cards: s.cards, hand: s.hand };
    },
    cap: () => null,
    parts(h, stake) {
      const s = vp(h);
      return onePart(
        s.phase === 'drawn' ? (s as { multiplier: Multiplier }).multiplier : null,
        stake,
      );
    },
  };
}

const stepEngines: Record<StepGame, StepEngine> = {
  mines,
  'jacks-or-better': videoPoker('jacks-or-better'),
  'deuces-wild': videoPoker('deuces-wild'),
  blackjack,
};

/** The multi-step original of a path segment, or a 404. */
export function stepEngineOf(game: string): StepEngine {
  const found = Object.hasOwn(stepEngines, game) ? stepEngines[game as StepGame] : undefined;
  if (!found) throw new AppError('not_found', 'No such game');
  return found;
}

/** Parses a round's parameters: a 400 naming `params.<field>` when refused. */
export function parseStepParams(engine: StepEngine, params: unknown): Record<string, unknown> {
  const parsed = engine.parse(params);
  if (!parsed.ok) throw paramError(parsed.problems);
  return parsed.params;
}

export function paramError(problems: ParamProblem[]): AppError {
  return new AppError(
    'request_param_err',
    `Invalid body: ${problems.map((p) => p.path).join(', ')}`,
    problems.map((p) => ({ path: p.path, code: 'invalid', message: p.message })),
  );
}
