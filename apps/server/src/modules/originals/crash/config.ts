import type { CrashOptions } from './service';

/**
 * Crash's settings from the environment: CRASH_CHAIN_LENGTH (games per hash chain, 10,000 by
 * default), CRASH_SALT (a sandbox salt for every chain, for tests that replay rounds),
 * CRASH_BETTING_MS (7,000) and CRASH_PAUSE_MS (3,000). `sandboxSalt` (the platform seeds its
 * development data) gives each new chain a random sandbox salt; otherwise a chain waits for the
 * operator's block hash (chain.ts).
 */
export function crashOptionsFromEnv(env: NodeJS.ProcessEnv, sandboxSalt: boolean): CrashOptions {
  const int = (name: string, fallback: number, min: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`${name} must be a whole number ≥ ${min}`);
    return value;
  };
  const salt = env.CRASH_SALT?.trim();
  return {
    length: int('CRASH_CHAIN_LENGTH', 10_000, 1),
    sandboxSalt: sandboxSalt || Boolean(salt),
    ...(salt ? { salt } : {}),
    bettingMs: int('CRASH_BETTING_MS', 7_000, 1_000),
    pauseMs: int('CRASH_PAUSE_MS', 3_000, 0),
    now: () => Date.now(),
  };
}
