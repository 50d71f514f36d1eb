import type { Rng } from '../kernel/fairness';
import { addFractions, checkRtpBps, choose, fraction } from './exact';
import type { InstantGame, Multiplier, ParamProblem } from './types';

/**
 * Plinko: a ball falls through `rows` rows of pins (8–16); at each row it goes left or right with
 * one `rng.int(2)` (1 = right). The bucket is the number of rights (0 … rows), so bucket b comes
 * up with probability C(rows, b) / 2^rows, and every one of the 2^rows paths is equally likely.
 *
 * Pay tables (GAMES.md §9.2, Stake's) are kept in hundredths of a multiplier, listed from the
 * centre bucket outward and mirrored (odd rows: the two centre buckets share the first value).
 * They are the nominal 99 % tables; a merchant's RTP scales every cell by rtpBps / 9,900, as an
 * exact fraction, so `rtp()` is exactly the table's RTP × rtpBps / 9,900.
 *
 * 16 rows, high risk: the cell third from the edge is 26×, not the 27× of the verifier copy that
 * GAMES.md quotes. With 27 the cell's RTP would be 99.34 %, the only one of the 27 cells above
 * 99.2 %; with 26 it is 98.98 %, in line with the other 26 cells (98.9–99.2 %). Every other
 * published copy of Stake's 16-row high table found has 26 (1000, 130, 26, 9, 4, 2, 0.2 …), so
 * 27 is a transcription error.
 */

export type PlinkoRisk = 'low' | 'medium' | 'high';
export const PLINKO_RISKS: readonly PlinkoRisk[] = ['low', 'medium', 'high'];
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;

export interface PlinkoParams {
  rows: number;
  risk: PlinkoRisk;
}

export interface PlinkoOutcome extends Record<string, unknown> {
  /** One entry per row, top to bottom: 0 = left, 1 = right. */
  path: number[];
  /** The bucket the ball lands in: the number of rights, 0 (far left) … rows (far right). */
  bucket: number;
}

/** Hundredths of a multiplier, centre bucket outward, at the nominal 99 % (scaled by rtpBps). */
export const PLINKO_TABLES: Readonly<
  Record<number, Readonly<Record<PlinkoRisk, readonly number[]>>>
> = {
  8: {
    low: [50, 100, 110, 210, 560],
    medium: [40, 70, 130, 300, 1300],
    high: [20, 30, 150, 400, 2900],
  },
  9: {
    low: [70, 100, 160, 200, 560],
    medium: [50, 90, 170, 400, 1800],
    high: [20, 60, 200, 700, 4300],
  },
  10: {
    low: [50, 100, 110, 140, 300, 890],
    medium: [40, 60, 140, 200, 500, 2200],
    high: [20, 30, 90, 300, 1000, 7600],
  },
  11: {
    low: [70, 100, 130, 190, 300, 840],
    medium: [50, 70, 180, 300, 600, 2400],
    high: [20, 40, 140, 520, 1400, 12000],
  },
  12: {
    low: [50, 100, 110, 140, 160, 300, 1000],
    medium: [30, 60, 110, 200, 400, 1100, 3300],
    high: [20, 20, 70, 200, 810, 2400, 17000],
  },
  13: {
    low: [70, 90, 120, 190, 300, 400, 810],
    medium: [40, 70, 130, 300, 600, 1300, 4300],
    high: [20, 20, 100, 400, 1100, 3700, 26000],
  },
  14: {
    low: [50, 100, 110, 130, 140, 190, 400, 710],
    medium: [20, 50, 100, 190, 400, 700, 1500, 5800],
    high: [20, 20, 30, 190, 500, 1800, 5600, 42000],
  },
  15: {
    low: [70, 100, 110, 150, 200, 300, 800, 1500],
    medium: [30, 50, 130, 300, 500, 1100, 1800, 8800],
    high: [20, 20, 50, 300, 800, 2700, 8300, 62000],
  },
  16: {
    low: [50, 100, 110, 120, 140, 140, 200, 900, 1600],
    medium: [30, 50, 100, 150, 300, 500, 1000, 4100, 11000],
    high: [20, 20, 20, 200, 400, 900, 2600, 13000, 100000],
  },
};

/** The table's cell for a bucket: its distance from the centre (odd rows share the centre). */
function cellOf(rows: number, bucket: number): number {
  return Math.floor(Math.abs(2 * bucket - rows) / 2);
}

/** The multiplier bucket `bucket` pays, exact: hundredths × rtpBps / (100 × 9,900). */
export function plinkoMultiplier(params: PlinkoParams, bucket: number, rtpBps: number): Multiplier {
  const rtp = checkRtpBps(rtpBps);
  const table = PLINKO_TABLES[params.rows]?.[params.risk];
  if (!table || !Number.isInteger(bucket) || bucket < 0 || bucket > params.rows)
    throw new Error('no such plinko bucket');
  return fraction(BigInt(table[cellOf(params.rows, bucket)]!) * rtp, 990_000n);
}

/** Every bucket's multiplier, left to right (what the board shows under the pins). */
export function plinkoBuckets(params: PlinkoParams, rtpBps: number): Multiplier[] {
  return Array.from({ length: params.rows + 1 }, (_, b) => plinkoMultiplier(params, b, rtpBps));
}

export function parsePlinko(
  params: unknown,
): { ok: true; params: PlinkoParams } | { ok: false; problems: ParamProblem[] } {
  const problems: ParamProblem[] = [];
  const p = (typeof params === 'object' && params !== null ? params : {}) as Record<
    string,
    unknown
  >;
  const { rows, risk } = p;
  if (
    typeof rows !== 'number' ||
    !Number.isInteger(rows) ||
    rows < PLINKO_MIN_ROWS ||
    rows > PLINKO_MAX_ROWS
  )
    problems.push({ path: 'params.rows', message: 'a whole number of rows from 8 to 16' });
  if (typeof risk !== 'string' || !PLINKO_RISKS.includes(risk as PlinkoRisk))
    problems.push({ path: 'params.risk', message: 'low, medium or high' });
  for (const key of Object.keys(p))
    if (key !== 'rows' && key !== 'risk')
      problems.push({ path: `params.${key}`, message: 'not a plinko parameter' });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, params: { rows: rows as number, risk: risk as PlinkoRisk } };
}

/** Drops the ball: one `rng.int(2)` per row. */
export function dropBall(rows: number, rng: Rng): PlinkoOutcome {
  const path: number[] = [];
  for (let i = 0; i < rows; i++) path.push(rng.int(2));
  return { path, bucket: path.reduce((a, b) => a + b, 0) };
}

/** The exact RTP by binomial enumeration: Σ C(rows, b) × multiplier(b) / 2^rows. */
export function plinkoRtp(params: PlinkoParams, rtpBps: number): Multiplier {
  let sum: Multiplier = { num: 0n, den: 1n };
  for (let b = 0; b <= params.rows; b++) {
    const m = plinkoMultiplier(params, b, rtpBps);
    sum = addFractions(sum, fraction(m.num * choose(params.rows, b), m.den));
  }
  return fraction(sum.num, sum.den << BigInt(params.rows));
}

export const plinko: InstantGame<PlinkoParams, PlinkoOutcome> = {
  id: 'taya-plinko@1',
  parse: parsePlinko,
  maxMultiplier(params, rtpBps) {
    return plinkoMultiplier(params, 0, rtpBps);
  },
  play(params, rng, rtpBps) {
    checkRtpBps(rtpBps);
    const outcome = dropBall(params.rows, rng);
    return { outcome, multiplier: plinkoMultiplier(params, outcome.bucket, rtpBps) };
  },
  rtp: plinkoRtp,
};
