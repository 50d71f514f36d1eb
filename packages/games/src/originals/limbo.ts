import type { Rng } from '../kernel/fairness';
import { hundredthsOf, hundredthsText, readParams } from './decimal';
import type { InstantGame, Multiplier } from './types';

/** The draw: k uniform in 0 … 10^8 − 1. */
export const limboDraws = 100_000_000;
/** Targets in hundredths: 1.01× to 1,000,000.00×. */
export const limboTarget = { min: 101, max: 100_000_000 } as const;

export interface LimboParams {
  /** The target multiplier in hundredths (2.00× → 200). */
  target: number;
}

export interface LimboOutcome extends Record<string, unknown> {
  /** The drawn multiplier, two decimals ("1.87"). */
  result: string;
  win: boolean;
}

/**
 * The drawn multiplier in hundredths for draw k: max(1.00, floor(rtpBps · 10^6 ÷ (k + 1))) —
 * Stake's `1e8 ÷ (floor(f · 1e8) + 1) · 0.99` in integers (with 9,900 bps).
 */
export function limboResult(k: number, rtpBps: number): bigint {
  const r = (BigInt(rtpBps) * 1_000_000n) / BigInt(k + 1);
  return r < 100n ? 100n : r;
}

/**
 * Limbo: a multiplier is drawn with P(result ≥ t) ≈ RTP ÷ t; the player names a target and wins
 * exactly target × the stake when the result reaches it. The draws that reach t are
 * k + 1 ≤ floor(rtpBps · 10^6 ÷ t), so the exact return is floor(rtpBps · 10^6 ÷ t) · t ÷ 10^10.
 */
export const limbo: InstantGame<LimboParams, LimboOutcome> = {
  id: 'taya-limbo@1',

  parse(params) {
    const read = readParams(params, {
      target: { pattern: /^\d{1,7}(\.\d{1,2})?$/, message: 'a multiplier such as 2.00' },
    });
    if (!read.ok) return read;
    const target = hundredthsOf(read.values.target);
    if (target === null || target < limboTarget.min || target > limboTarget.max)
      return {
        ok: false,
        problems: [{ path: 'params.target', message: 'a target from 1.01 to 1000000.00' }],
      };
    return { ok: true, params: { target } };
  },

  maxMultiplier(p): Multiplier {
    return { num: BigInt(p.target), den: 100n };
  },

  play(p, rng: Rng, rtpBps) {
    const result = limboResult(rng.int(limboDraws), rtpBps);
    const win = result >= BigInt(p.target);
    return {
      outcome: { result: hundredthsText(result), win },
      multiplier: win ? { num: BigInt(p.target), den: 100n } : { num: 0n, den: 1n },
    };
  },

  rtp(p, rtpBps) {
    const t = BigInt(p.target);
    let wins = (BigInt(rtpBps) * 1_000_000n) / t;
    if (wins > BigInt(limboDraws)) wins = BigInt(limboDraws);
    // P(win) = wins ÷ 10^8, paying t ÷ 100.
    return { num: wins * t, den: BigInt(limboDraws) * 100n };
  },
};
