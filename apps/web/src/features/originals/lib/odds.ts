/**
 * The figures the dice and limbo forms show, kept consistent whichever one the player edits. All
 * in integers: percentages and multipliers in hundredths (49.50 % → 4950, 2.00× → 200), the RTP
 * in basis points ("99.00" → 9900), amounts in minor units. The server's engine decides the
 * round; these only say what a bet would pay, the way the engine does (multiplier = RTP ÷ chance,
 * payout rounded down to the minor unit).
 */

import { parseAmount } from '@taya/contracts';
import { multiplierText as engineMultiplierText } from '@taya/games';

export type DiceDirection = 'under' | 'over';

/** Dice win chance bounds, in hundredths of a percent (0.01 % to 98.00 %). */
export const diceChanceRange = { min: 1, max: 9800 } as const;
/** Limbo target bounds, in hundredths (1.01× to 1,000,000×). */
export const limboTargetRange = { min: 101, max: 100_000_000 } as const;

/** "99.00" → 9900; null for anything but a percentage with up to two decimals. */
export function parseHundredths(text: string): number | null {
  const value = parseAmount(text.trim(), 2);
  return value === null || value > 99_999_999_999n ? null : Number(value);
}

/** 4950 → "49.50": the engines' own reading of a two-decimal parameter. */
export { hundredthsText } from '@taya/games';

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** Dice: the chance of a target in a direction (under 49.50 → 49.50 %; over 49.50 → 50.50 %). */
export function diceChance(target: number, direction: DiceDirection): number {
  return direction === 'under' ? target : 10_000 - target;
}

/** Dice: the target that gives a chance in a direction (the inverse of `diceChance`). */
export function diceTarget(chance: number, direction: DiceDirection): number {
  return direction === 'under' ? chance : 10_000 - chance;
}

/** Dice: a target moved into the range whose chance is allowed. */
export function clampDiceTarget(target: number, direction: DiceDirection): number {
  const chance = clamp(diceChance(target, direction), diceChanceRange.min, diceChanceRange.max);
  return diceTarget(chance, direction);
}

/** Dice: the multiplier of a chance, in ten-thousandths rounded down (4950 at 99 % → 20000). */
export function diceMultiplier(chance: number, rtpBps: number): bigint {
  return (BigInt(rtpBps) * 10_000n) / BigInt(chance);
}

/**
 * Dice: the chance a wanted multiplier (ten-thousandths) needs: the largest whose multiplier is
 * at least the one asked for, kept in the allowed range.
 */
export function diceChanceFor(multiplier: bigint, rtpBps: number): number {
  if (multiplier <= 0n) return diceChanceRange.max;
  const chance = Number((BigInt(rtpBps) * 10_000n) / multiplier);
  return clamp(chance, diceChanceRange.min, diceChanceRange.max);
}

/** The multiplier (ten-thousandths) that pays `payout` on `stake`, rounded down. */
export function multiplierOfPayout(payout: bigint, stake: bigint): bigint {
  return (payout * 10_000n) / stake;
}

/** What a dice stake pays on a win: floor(stake × RTP ÷ chance). */
export function dicePayout(stake: bigint, chance: number, rtpBps: number): bigint {
  return (stake * BigInt(rtpBps)) / BigInt(chance);
}

/** Limbo: the win chance of a target (hundredths of a percent, rounded down): RTP ÷ target. */
export function limboChance(target: number, rtpBps: number): number {
  return Math.floor((rtpBps * 100) / target);
}

/** Limbo: the target a wanted chance gives, rounded to the allowed range. */
export function limboTargetFor(chance: number, rtpBps: number): number {
  if (chance <= 0) return limboTargetRange.max;
  return clamp(Math.round((rtpBps * 100) / chance), limboTargetRange.min, limboTargetRange.max);
}

/** What a limbo stake pays on a win: floor(stake × target). */
export function limboPayout(stake: bigint, target: number): bigint {
  return (stake * BigInt(target)) / 100n;
}

/** A multiplier in ten-thousandths as text with two decimals, rounded down (20000 → "2.00"). */
export function multiplierText(tenThousandths: bigint): string {
  return engineMultiplierText({ num: tenThousandths, den: 10_000n }, 2);
}

/** "2.00" (or "2", "2.5", "2.0000") → ten-thousandths; null if not a positive multiplier. */
export function parseMultiplier(text: string): bigint | null {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,4}))?\s*$/.exec(text);
  if (!m) return null;
  const value = BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
  return value > 0n ? value : null;
}
