import type { Seed } from '../../platform/seed';
import type { Tx } from '../../platform/db';
import { merchantCodes } from '../system';
import { gameVendors, games } from './schema';

/**
 * The in-house vendor, TAYA, and its first game, for every market: it needs no outside contract,
 * and its games speak the same seamless protocol as any vendor's.
 */
export const gamesBaseSeed: Seed = {
  name: 'games/taya@1',
  async run(tx) {
    for (const merchantCode of [merchantCodes.ph, merchantCodes.mm]) {
      await tx.insert(gameVendors).values({
        merchantCode,
        code: 'TAYA',
        gameType: 'RNG',
        displayName: 'Taya Games',
        walletMode: 'seamless',
        sort: 0,
      });
      await tx.insert(games).values({
        id: `${merchantCode}-TAYA-FORTUNE`,
        merchantCode,
        vendorCode: 'TAYA',
        gameCode: 'TAYA_FORTUNE',
        gameType: 'RNG',
        name: 'Taya Fortune',
        names: { en: 'Taya Fortune', ty: 'Taya Fortune', my: 'တာယာ ကံကောင်းခြင်း' },
        icon: null,
        isNew: true,
        sort: 0,
      });
    }
  },
};

/** Adds a vendor and its games to a merchant's catalog (other modules' seeds list theirs so). */
export async function seedCatalog(
  tx: Tx,
  vendor: typeof gameVendors.$inferInsert,
  rows: (typeof games.$inferInsert)[],
): Promise<void> {
  await tx.insert(gameVendors).values(vendor);
  await tx.insert(games).values(rows);
}
