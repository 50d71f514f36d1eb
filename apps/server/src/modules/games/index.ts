import { randomBytes } from 'node:crypto';
import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerGameRoutes } from './routes';
import { SeamlessWallet } from './seamless';
import { SeamlessClient } from './seamless-client';
import { registerSeamlessRoutes } from './seamless-routes';
import { GamesService } from './service';
import { TayaDemo, TayaSlotServer, tayaVendorCode } from './taya-slot';

export { GamesService, maskName, type SettledBetRecord } from './service';
export { seedCatalog } from './seed';
export { SeamlessWallet } from './seamless';
export { TayaSlotServer, tayaVendorCode } from './taya-slot';

export interface GamesServices {
  games: GamesService;
  seamless: SeamlessWallet;
  tayaSlot: TayaSlotServer;
}

/** The catalog and lobby, launch, the vendor-facing seamless wallet, bet records and TAYA's slot. */
export const gamesModule = defineModule<Services>()({
  name: 'games',
  build: ({ app, database, config, services }) => {
    const games = new GamesService(database.db, services.system);
    // The in-house vendor signs with a secret of this process: it calls from inside it.
    const tayaSecret = randomBytes(32).toString('hex');
    const seamless = new SeamlessWallet(
      database.db,
      services.system,
      services.wallet,
      { ...config.vendorSecrets, [tayaVendorCode]: tayaSecret },
      (merchantCode) => games.catalog(merchantCode),
      // A settled round's valid bet counts toward the member's withdrawal turnover.
      (accountId, validBet, tx) => services.cashier.recordTurnover(accountId, validBet, tx),
      services.jackpot,
    );
    const tayaSlot = new TayaSlotServer(
      database.db,
      new SeamlessClient(app, tayaVendorCode, tayaSecret),
      (roundId, playerId, language) =>
        services.jackpot.hitOf(tayaVendorCode, roundId, playerId, language),
    );
    return { services: { games, seamless, tayaSlot } };
  },
  routes: async (app, { services }, { database, services: all }) => {
    await registerSeamlessRoutes(app, services.seamless);
    registerGameRoutes(app, {
      games: services.games,
      slot: services.tayaSlot,
      demo: new TayaDemo(database.db, services.tayaSlot),
      identity: all.identity,
    });
  },
  jobs: ({ services }) => [
    {
      name: 'taya.settle-rounds',
      cron: '* * * * *',
      run: async () => ({ settled: await services.tayaSlot.settleStranded() }),
    },
  ],
});
