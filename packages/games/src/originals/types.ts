import type { Rng } from '../kernel/fairness';

/**
 * A multiplier as an exact fraction: a payout is `floor(stake × num / den)` minor units, so no
 * float ever touches money. `{ num: 0n, den: 1n }` is a loss.
 */
export interface Multiplier {
  num: bigint;
  den: bigint;
}

/** A parameter an engine refused: where (`params.target`) and why, for a 400 naming the field. */
export interface ParamProblem {
  path: string;
  message: string;
}

/**
 * An instant original (dice, limbo, plinko, keno, colour game …): one bet, one draw from the
 * fairness kit, settled at once. Pure and browser-safe: the server runs `play` with the player's
 * seed pair and holds/settles the stake through the wagering kernel; the browser's verifier runs
 * the same `play` with the revealed seeds and must get the same outcome and multiplier.
 *
 * `rtpBps` is the merchant's return to player in basis points (9,900 = 99 %; never below 9,500):
 * the engine scales its pay table with it, so the RTP shown is the RTP played.
 */
export interface InstantGame<Params, Outcome extends Record<string, unknown>> {
  /** Name and version, stored with every round (`taya-dice@1`). */
  readonly id: string;
  /** Parses and checks the bet's parameters. */
  parse(params: unknown): { ok: true; params: Params } | { ok: false; problems: ParamProblem[] };
  /** The largest multiplier these parameters can pay (for the max-profit check before a bet). */
  maxMultiplier(params: Params, rtpBps: number): Multiplier;
  /** Draws the outcome and what it pays. */
  play(params: Params, rng: Rng, rtpBps: number): { outcome: Outcome; multiplier: Multiplier };
  /** The exact return to player of these parameters, as a fraction (enumerated, not simulated). */
  rtp(params: Params, rtpBps: number): Multiplier;
}

/** The payout of a stake at a multiplier, rounded down to the minor unit. */
export function payoutAt(stake: bigint, m: Multiplier): bigint {
  if (stake < 0n || m.num < 0n || m.den <= 0n)
    throw new Error('a payout needs a stake and a multiplier');
  return (stake * m.num) / m.den;
}

/** A multiplier as a decimal with `digits` places, rounded down ("2.0000"). */
export function multiplierText(m: Multiplier, digits = 4): string {
  const scale = 10n ** BigInt(digits);
  const v = (m.num * scale) / m.den;
  const whole = v / scale;
  const frac = (v % scale).toString().padStart(digits, '0');
  return digits > 0 ? `${whole}.${frac}` : whole.toString();
}
