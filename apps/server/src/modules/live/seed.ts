import type { Seed } from '../../platform/seed';
import { liveTableLimits, liveTables } from './schema';

/** The tables every environment opens with, in lobby order. */
export const seededLiveTables = [
  { code: 'BAC-1', game: 'baccarat', variant: 'classic', name: 'Baccarat 1', sort: 1 },
  { code: 'BAC-2', game: 'baccarat', variant: 'no-commission', name: 'Super 6 Baccarat', sort: 2 },
  { code: 'DT-1', game: 'dragon-tiger', variant: null, name: 'Dragon Tiger', sort: 3 },
  { code: 'L9-1', game: 'lucky9', variant: null, name: 'Lucky 9', sort: 4 },
  { code: 'RO-1', game: 'roulette', variant: null, name: 'European Roulette', sort: 5 },
  { code: 'SB-1', game: 'sic-bo', variant: null, name: 'Sic Bo', sort: 6 },
] as const;

/**
 * The live tables, 20 s of betting each (15 s at dragon tiger), with their limits: pesos (TLB)
 * 10 to 50,000 on the main spots and 5,000 on the side spots; kyat 40 times those.
 */
export const liveTablesSeed: Seed = {
  name: 'live/tables@1',
  async run(tx) {
    for (const t of seededLiveTables) {
      await tx
        .insert(liveTables)
        .values({ ...t, bettingMs: t.game === 'dragon-tiger' ? 15_000 : 20_000 })
        .onConflictDoNothing();
      for (const [currency, scale] of [
        ['TLB', 100n],
        ['MMK', 4_000n],
      ] as const) {
        await tx
          .insert(liveTableLimits)
          .values({
            table: t.code,
            currency,
            minBet: 10n * scale,
            maxBet: 50_000n * scale,
            sideMaxBet: 5_000n * scale,
          })
          .onConflictDoNothing();
      }
    }
  },
};
