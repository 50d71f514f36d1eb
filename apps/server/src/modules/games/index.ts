import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { registerGameOpsRoutes } from './ops-routes';
import { registerGameRoutes } from './routes';
import { SeamlessWallet } from './seamless';
import { registerSeamlessRoutes } from './seamless-routes';
import { Rankings } from './rankings';
import { GamesService } from './service';
import { TayaDemo, TayaSlotServer, tayaVendorCode } from './taya-slot';

export { GamesService, maskName } from './service';
export { houseEntries } from './house-entries';
export { seedCatalog, seedHouseArt } from './seed';
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
  build: ({ database, config, services }) => {
    const rankings = new Rankings(database.db, services.betStream);
    // A bet settled here: hot games and the winner boards catch up on their next read.
    services.play.onSettled(async () => rankings.markDirty());
    const games = new GamesService(database.db, services.system, rankings);
    games.shareChanges(services.bus);
    // Every bet through the kernel is refused while gaming is off for its merchant, its player
    // or its game.
    services.play.guardBets(
      (tx, bet) => games.ops.checkBet(tx, bet),
      (tx, list) => games.ops.checkBets(tx, list),
    );
    const seamless = new SeamlessWallet(
      database.db,
      services.system,
      services.wallet,
      config.vendorSecrets,
      (merchantCode) => games.catalog(merchantCode),
      // A settled round's valid bet counts toward the member's withdrawal turnover.
      (accountId, validBet, tx, merchant) =>
        services.cashier.recordTurnover(accountId, validBet, tx, merchant),
      services.jackpot,
    );
    // The in-house slot runs in process on the wagering kernel: no HTTP, no signing.
    const tayaSlot = new TayaSlotServer({
      db: database.db,
      sessions: seamless,
      play: services.play,
      merchant: (code) => services.system.merchantFor(code, undefined),
      game: async (merchantCode, gameId) => (await games.catalog(merchantCode)).byId.get(gameId),
      jackpot: services.jackpot,
      jackpotOf: (roundId, playerId, language) =>
        services.jackpot.hitOf(tayaVendorCode, roundId, playerId, language),
    });
    return { services: { games, seamless, tayaSlot }, rankings };
  },
  jobs: ({ rankings }) => [
    {
      // The rankings rollup follows the settled-bet stream; reads also bring it up to date.
      name: 'games.rankings',
      cron: '* * * * *',
      run: async () => ({ records: await rankings.advance() }),
    },
  ],
  routes: async (app, { services }, { database, services: all }) => {
    await registerSeamlessRoutes(app, services.seamless);
    registerGameRoutes(app, {
      games: services.games,
      slot: services.tayaSlot,
      demo: new TayaDemo(database.db, services.tayaSlot),
      identity: all.identity,
    });
    registerGameOpsRoutes(app, {
      games: services.games,
      seamless: services.seamless,
      identity: all.identity,
    });
  },
});
