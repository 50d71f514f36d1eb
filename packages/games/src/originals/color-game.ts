import type { Rng } from '../kernel/fairness';
import { fraction } from './exact';
import type { Multiplier, ParamProblem } from './types';

/**
 * The Colour Game (perya dice, GAMES.md §4.2): three dice, each with six colours; a bet names
 * one colour and pays 1:1, 2:1 or 3:1 when it shows on one, two or three dice, its stake returned
 * on top (so the multiplier is 2×, 3× or 4×); it loses when the colour does not show.
 *
 * A shared timed round on the server, so not an `InstantGame`: `drawColourGame(rng)` draws the
 * three dice (one `rng.int(6)` each, faces in `COLOUR_GAME_COLOURS` order) once per round, and
 * `settleColourGame(bets, outcome)` pays every bet of the round. Both are pure.
 *
 * RTP (exact, over the 216 equally likely outcomes): (75·2 + 15·3 + 1·4) / 216 = 199/216
 * = 92.1296 %, the figure GAMES.md gives (house edge 17/216 = 7.87 %). It is the traditional
 * table players know, the same for every merchant: it does not scale with a merchant's RTP.
 */

export const COLOR_GAME_ENGINE_ID = 'taya-color@1';
export const COLOUR_GAME_COLOURS = ['white', 'green', 'pink', 'blue', 'red', 'yellow'] as const;
export type Colour = (typeof COLOUR_GAME_COLOURS)[number];

export interface ColourGameOutcome extends Record<string, unknown> {
  dice: [Colour, Colour, Colour];
}

export interface ColourBet {
  colour: Colour;
  /** Stake in minor units. */
  amount: bigint;
}

export interface ColourSettlement {
  colour: Colour;
  amount: bigint;
  /** Dice showing the colour, 0–3. */
  matches: number;
  /** 0, 2, 3 or 4 (stake included). */
  multiplier: Multiplier;
  payout: bigint;
}

/** What a bet pays per unit staked (stake included) for 0–3 matching dice. */
export function colourMultiplier(matches: number): Multiplier {
  if (!Number.isInteger(matches) || matches < 0 || matches > 3)
    throw new Error('matches must be 0–3');
  return { num: matches === 0 ? 0n : BigInt(matches + 1), den: 1n };
}

/** The largest multiplier a colour bet can pay (three of a kind). */
export const COLOUR_MAX_MULTIPLIER: Multiplier = { num: 4n, den: 1n };

/** Throws the three dice: one `rng.int(6)` each. */
export function drawColourGame(rng: Rng): ColourGameOutcome {
  const die = () => COLOUR_GAME_COLOURS[rng.int(6)]!;
  const a = die();
  const b = die();
  return { dice: [a, b, die()] };
}

/** Pays every bet of a round, in the order given. */
export function settleColourGame(
  bets: readonly ColourBet[],
  outcome: ColourGameOutcome,
): ColourSettlement[] {
  return bets.map(({ colour, amount }) => {
    if (!COLOUR_GAME_COLOURS.includes(colour)) throw new Error('no such colour');
    if (amount < 0n) throw new Error('a stake cannot be negative');
    const matches = outcome.dice.filter((d) => d === colour).length;
    const multiplier = colourMultiplier(matches);
    return { colour, amount, matches, multiplier, payout: amount * multiplier.num };
  });
}

/** The exact RTP of a colour bet, by enumerating the 216 outcomes (199/216). */
export function colourGameRtp(): Multiplier {
  let paid = 0n;
  for (let a = 0; a < 6; a++)
    for (let b = 0; b < 6; b++)
      for (let c = 0; c < 6; c++)
        paid += colourMultiplier([a, b, c].filter((d) => d === 0).length).num;
  return fraction(paid, 216n);
}

/** Checks a colour named by a bet (`bets[2].colour`). */
export function parseColour(
  value: unknown,
  path: string,
): { ok: true; colour: Colour } | { ok: false; problem: ParamProblem } {
  return typeof value === 'string' && (COLOUR_GAME_COLOURS as readonly string[]).includes(value)
    ? { ok: true, colour: value as Colour }
    : { ok: false, problem: { path, message: `one of ${COLOUR_GAME_COLOURS.join(', ')}` } };
}
