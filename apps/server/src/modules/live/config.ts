import type { LiveOptions } from './service';

/**
 * The live tables' timings from the environment: LIVE_RESULT_MS (5,000: the result on show
 * before the next round opens) and LIVE_SHUFFLE_MS (8,000: the pause while a new shoe is
 * shuffled). Each table's betting time is the table's own (the console sets it).
 */
export function liveOptionsFromEnv(env: NodeJS.ProcessEnv): LiveOptions {
  const int = (name: string, fallback: number, min: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`${name} must be a whole number ≥ ${min}`);
    return value;
  };
  return {
    resultMs: int('LIVE_RESULT_MS', 5_000, 0),
    shuffleMs: int('LIVE_SHUFFLE_MS', 8_000, 0),
    now: () => Date.now(),
  };
}
