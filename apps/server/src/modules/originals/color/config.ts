import type { ColorOptions } from './service';

/**
 * The Colour Game's timings from the environment: COLOR_BETTING_MS (20,000: the 777pub bet
 * timer), COLOR_ROLLING_MS (4,000: the dice down the chute) and COLOR_RESULT_MS (4,000: the
 * result on show before the next round opens).
 */
export function colorOptionsFromEnv(env: NodeJS.ProcessEnv): ColorOptions {
  const int = (name: string, fallback: number, min: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`${name} must be a whole number ≥ ${min}`);
    return value;
  };
  return {
    bettingMs: int('COLOR_BETTING_MS', 20_000, 1_000),
    rollingMs: int('COLOR_ROLLING_MS', 4_000, 0),
    resultMs: int('COLOR_RESULT_MS', 4_000, 0),
    now: () => Date.now(),
  };
}
