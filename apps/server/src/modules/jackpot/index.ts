import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { maskName } from '../games';
import { JackpotOps } from './ops';
import { registerJackpotOpsRoutes } from './ops-routes';
import { registerJackpotRoutes } from './routes';
import { JackpotService } from './service';

export { JackpotService } from './service';

export interface JackpotServices {
  jackpot: JackpotService;
}

/** Progressive jackpot pools: a share of each qualifying bet, hits paid through the ledger. */
export const jackpotModule = defineModule<Services>()({
  name: 'jackpot',
  build: ({ database, services }) => ({
    services: {
      jackpot: new JackpotService(
        database.db,
        services.system,
        services.wallet,
        (ids) => services.identity.usernames(ids),
        maskName,
        (merchantCode, codes) => services.games.vendorNames(merchantCode, codes),
      ),
    },
  }),
  routes: (app, { services }, { database, services: all }) => {
    registerJackpotRoutes(app, services.jackpot);
    registerJackpotOpsRoutes(app, new JackpotOps(database.db, all.system, services.jackpot));
  },
  jobs: ({ services }) => [
    {
      name: 'jackpot.pay-hits',
      cron: '* * * * *',
      run: async () => ({ paid: await services.jackpot.payPending() }),
    },
  ],
  // The pools' first seeds, from the house, once per database (later starts move nothing).
  onReady: ({ services }) => services.jackpot.seedPools(),
});
