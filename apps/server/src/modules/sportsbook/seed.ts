import type { Seed } from '../../platform/seed';
import { SANDBOX_LEAGUES } from './sandbox-feed';
import { sportsLeagues, sportsLimits } from './schema';

/**
 * The leagues of the sandbox feed (a trader's own fixtures go in them too) and the stake limits:
 * pesos (TLB) 10 to 50,000 per player and market, a ticket returning at most 1,000,000; kyat 40
 * times those.
 */
export const sportsbookSeed: Seed = {
  name: 'sportsbook/leagues-limits@1',
  async run(tx) {
    for (const { id, sport, name, country, sort } of SANDBOX_LEAGUES)
      await tx
        .insert(sportsLeagues)
        .values({ id, sport, name, country, sort })
        .onConflictDoNothing();
    for (const [currency, unit] of [
      ['TLB', 100n],
      ['MMK', 4_000n],
    ] as const) {
      await tx
        .insert(sportsLimits)
        .values({
          currency,
          minStake: 10n * unit,
          maxStake: 50_000n * unit,
          maxPayout: 1_000_000n * unit,
        })
        .onConflictDoNothing();
    }
  },
};
