import type { Rng } from '../kernel/fairness';
import { hundredthsOf, hundredthsText, readParams } from './decimal';
import type { InstantGame, Multiplier } from './types';

/** Rolls are 0.00–100.00: 10,001 equally likely hundredths. */
export const diceOutcomes = 10_001;
/** The win chance a bet may choose, in hundredths of a percent (0.01 % to 98.00 %). */
export const diceChance = { min: 1, max: 9_800 } as const;

export interface DiceParams {
  /** The target in hundredths (49.50 → 4950). */
  target: number;
  direction: 'under' | 'over';
}

export interface DiceOutcome extends Record<string, unknown> {
  /** The roll, two decimals ("37.12"). */
  roll: string;
  win: boolean;
}

/**
 * The rolls that win, which is also the win chance in hundredths of a percent: "under T" wins
 * on 0 … T − 1 (T rolls), "over T" on T + 1 … 10,000 (10,000 − T rolls).
 */
export function diceWinningRolls(p: DiceParams): number {
  return p.direction === 'under' ? p.target : 10_000 - p.target;
}

/** The payout of a win: (RTP %) ÷ (win chance %) = rtpBps ÷ chance in hundredths of a percent. */
function diceMultiplier(p: DiceParams, rtpBps: number): Multiplier {
  return { num: BigInt(rtpBps), den: BigInt(diceWinningRolls(p)) };
}

/**
 * Dice (Stake's): a roll of 0.00–100.00, `rng.int(10001)` hundredths; the player wins under or
 * over a target with a win chance of 0.01–98.00 % and is paid (RTP ÷ win chance)× the stake. The
 * exact return of every bet is rtpBps ÷ 10,001 (9,900 → 98.99 %), whatever the target.
 */
export const dice: InstantGame<DiceParams, DiceOutcome> = {
  id: 'taya-dice@1',

  parse(params) {
    const read = readParams(params, {
      target: { pattern: /^\d{1,3}(\.\d{1,2})?$/, message: 'a number such as 49.50' },
      direction: { pattern: /^(under|over)$/, message: 'under or over' },
    });
    if (!read.ok) return read;
    const target = hundredthsOf(read.values.target);
    if (target === null || target > 10_000)
      return {
        ok: false,
        problems: [{ path: 'params.target', message: 'a target from 0.00 to 100.00' }],
      };
    const p: DiceParams = { target, direction: read.values.direction as DiceParams['direction'] };
    const chance = diceWinningRolls(p);
    if (chance < diceChance.min || chance > diceChance.max)
      return {
        ok: false,
        problems: [
          {
            path: 'params.target',
            message:
              p.direction === 'under'
                ? 'roll under a target from 0.01 to 98.00 (a win chance of 0.01 to 98.00 %)'
                : 'roll over a target from 2.00 to 99.99 (a win chance of 0.01 to 98.00 %)',
          },
        ],
      };
    return { ok: true, params: p };
  },

  maxMultiplier: diceMultiplier,

  play(p, rng: Rng, rtpBps) {
    const roll = rng.int(diceOutcomes);
    const win = p.direction === 'under' ? roll < p.target : roll > p.target;
    return {
      outcome: { roll: hundredthsText(roll), win },
      multiplier: win ? diceMultiplier(p, rtpBps) : { num: 0n, den: 1n },
    };
  },

  rtp(p, rtpBps) {
    // P(win) × multiplier = (rolls ÷ 10,001) × (rtpBps ÷ rolls): basis points and hundredths of
    // a percent are the same unit, so this is rtpBps ÷ 10,001 (9,900 → 98.99 %).
    const rolls = BigInt(diceWinningRolls(p));
    return { num: rolls * BigInt(rtpBps), den: BigInt(diceOutcomes) * rolls };
  },
};
