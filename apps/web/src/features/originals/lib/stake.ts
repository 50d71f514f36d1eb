import { minorToDecimal, parseAmount } from '@taya/contracts';

/** A bet's limits in minor units, from the game's info (`minBet`, `maxBet`). */
export interface StakeLimits {
  min: bigint;
  max: bigint;
  /** Decimal places of the currency (from the limits' own text). */
  scale: number;
}

/** The number of decimals an amount is written with ("1.00" → 2). */
export function scaleOf(decimal: string): number {
  const dot = decimal.indexOf('.');
  return dot < 0 ? 0 : decimal.length - dot - 1;
}

export function stakeLimits(minBet: string, maxBet: string): StakeLimits {
  const scale = Math.max(scaleOf(minBet), scaleOf(maxBet), 2);
  return { min: parseAmount(minBet, scale) ?? 0n, max: parseAmount(maxBet, scale) ?? 0n, scale };
}

/** The stake typed in, in minor units; null when it is not an amount at the currency's scale. */
export function readStake(text: string, limits: StakeLimits): bigint | null {
  return parseAmount(text.trim(), limits.scale);
}

export function stakeText(minor: bigint, limits: StakeLimits): string {
  return minorToDecimal(minor, limits.scale);
}

const within = (v: bigint, { min, max }: StakeLimits) => (v < min ? min : v > max ? max : v);

/** The ½, ×2, min and max buttons: each lands inside the game's limits. */
export function adjustStake(
  current: bigint | null,
  how: 'half' | 'double' | 'min' | 'max',
  limits: StakeLimits,
): bigint {
  if (how === 'min') return limits.min;
  if (how === 'max') return limits.max;
  const base = current ?? limits.min;
  return within(how === 'half' ? base / 2n : base * 2n, limits);
}

/** Why a stake cannot be bet: not a number, under the minimum, over the maximum, or more than the balance. */
export function stakeProblem(
  stake: bigint | null,
  limits: StakeLimits,
  balance: bigint | null,
): 'invalid' | 'min' | 'max' | 'funds' | null {
  if (stake === null || stake <= 0n) return 'invalid';
  if (stake < limits.min) return 'min';
  if (stake > limits.max) return 'max';
  if (balance !== null && stake > balance) return 'funds';
  return null;
}
