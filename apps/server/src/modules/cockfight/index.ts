import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { CockfightOps } from './ops';
import { registerCockfightOpsRoutes } from './ops-routes';
import { registerCockfightRoutes } from './routes';
import { CockfightFeed, CockfightService } from './service';

export { CockfightService, arenaGameCode } from './service';
export { cockfightArenasSeed } from './seed';

export interface CockfightServices {
  cockfight: CockfightService;
}

/**
 * Cockfight (e-sabong): arenas whose fights operators run, pari-mutuel Meron/Wala pools per
 * merchant with live odds, Draw at a fixed ratio, bets held and settled through the wagering
 * kernel, and a public feed.
 */
export const cockfightModule = defineModule<Services>()({
  name: 'cockfight',
  build: ({ database, services }) => {
    const feed = new CockfightFeed().share(services.bus, 'cockfight');
    const cockfight = new CockfightService(database.db, {
      play: services.play,
      system: services.system,
      games: services.games,
      identity: services.identity,
      wallet: services.wallet,
      feed,
      now: () => Date.now(),
    });
    return { services: { cockfight }, feed, ops: new CockfightOps(cockfight) };
  },
  routes: (app, { services, feed, ops }) => {
    registerCockfightRoutes(app, { cockfight: services.cockfight, feed });
    registerCockfightOpsRoutes(app, ops);
  },
});
