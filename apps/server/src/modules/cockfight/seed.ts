import type { Seed } from '../../platform/seed';
import { cockfightArenaLimits, cockfightArenas } from './schema';

/**
 * The arena every environment opens with (5 % commission, draw 8:1), its limits — pesos (TLB)
 * 20 to 50,000 on Meron and Wala per player and fight, 5,000 on Draw; kyat 40 times those — and
 * its catalogue entries (games' `games/taya-cockfight@1`, switched off).
 */
export const cockfightArenasSeed: Seed = {
  name: 'cockfight/arenas@1',
  async run(tx) {
    await tx
      .insert(cockfightArenas)
      .values({ code: 'SAB-1', name: 'Taya Sabong Arena', sort: 1 })
      .onConflictDoNothing();
    for (const [currency, scale] of [
      ['TLB', 100n],
      ['MMK', 4_000n],
    ] as const) {
      await tx
        .insert(cockfightArenaLimits)
        .values({
          arena: 'SAB-1',
          currency,
          minBet: 20n * scale,
          maxBet: 50_000n * scale,
          drawMaxBet: 5_000n * scale,
        })
        .onConflictDoNothing();
    }
  },
};
