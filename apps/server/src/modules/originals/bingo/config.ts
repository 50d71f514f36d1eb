import type { BingoOptions } from './service';

/**
 * Bingo's settings from the environment: BINGO_BUY_MS (how long a game sells cards after the one
 * before has called its balls, 30,000 by default) and BINGO_CALL_MS (between balls, 1,500).
 */
export function bingoOptionsFromEnv(env: NodeJS.ProcessEnv): BingoOptions {
  const int = (name: string, fallback: number, min: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`${name} must be a whole number ≥ ${min}`);
    return value;
  };
  return {
    buyMs: int('BINGO_BUY_MS', 30_000, 1_000),
    callMs: int('BINGO_CALL_MS', 1_500, 50),
    now: () => Date.now(),
  };
}
