import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { OriginalsDemo } from './demo';
import { OriginalsOps } from './ops';
import { registerOriginalsOpsRoutes } from './ops-routes';
import { registerOriginalsRoutes } from './routes';
import { OriginalsService } from './service';

export { OriginalsService } from './service';
export { originalsLimitsSeed, originalsScratchLimitsSeed } from './seed';

export interface OriginalServices {
  originals: OriginalsService;
}

/**
 * The house originals (dice, limbo, …): per-member seed pairs of the fairness kit, bets held and
 * settled through the wagering kernel, history, and free play with play money.
 */
export const originalsModule = defineModule<Services>()({
  name: 'originals',
  build: ({ database, services }) => {
    const originals = new OriginalsService(database.db, {
      system: services.system,
      games: services.games,
      play: services.play,
    });
    return {
      services: { originals },
      demo: new OriginalsDemo(database.db, originals),
      ops: new OriginalsOps(database.db, services.system),
    };
  },
  routes: (app, { services, demo, ops }) => {
    registerOriginalsRoutes(app, { originals: services.originals, demo });
    registerOriginalsOpsRoutes(app, ops);
  },
});
