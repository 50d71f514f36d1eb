import { createHmac } from 'node:crypto';
import { defineModule } from '../../platform/module';
import { startPhaseLoop } from '../../platform/phase-loop';
import type { Services } from '../../services';
import { FeedIngest } from './feed';
import { SportsOps } from './ops';
import { registerSportsOpsRoutes } from './ops-routes';
import { registerSportsbookRoutes } from './routes';
import { SandboxSportsFeed } from './sandbox-feed';
import { SportsbookService, SportsFeedBus } from './service';
import { SportsSettlement } from './settlement';

export { SportsbookService } from './service';
export { sportsbookSeed } from './seed';

export interface SportsbookServices {
  sportsbook: SportsbookService;
  sportsSettlement: SportsSettlement;
  sportsFeed: FeedIngest;
}

/**
 * The sportsbook (sports and e-sports): fixtures and markets from a feed (the sandbox's
 * simulated matches here) or a trader, tickets held through the wagering kernel and settled from
 * results, corrections resettled, and a public feed of fixtures changing.
 */
export const sportsbookModule = defineModule<Services>()({
  name: 'sportsbook',
  build: ({ database, services, config }) => {
    const bus = new SportsFeedBus().share(services.bus, 'sportsbook');
    const sportsbook = new SportsbookService(database.db, {
      play: services.play,
      system: services.system,
      games: services.games,
      wallet: services.wallet,
      bus,
      now: () => Date.now(),
    });
    const sportsSettlement = new SportsSettlement(sportsbook);
    const secret = createHmac('sha256', config.secretsKey).update('sports-sandbox').digest('hex');
    const sportsFeed = new FeedIngest(new SandboxSportsFeed(secret), sportsbook, sportsSettlement);
    return {
      services: { sportsbook, sportsSettlement, sportsFeed },
      bus,
      ops: new SportsOps(sportsbook, sportsSettlement, sportsFeed),
    };
  },
  routes: (app, { services, bus, ops }) => {
    registerSportsbookRoutes(app, { sportsbook: services.sportsbook, bus });
    registerSportsOpsRoutes(app, ops);
  },
  // The feed runs while jobs are on, in one process (see phase-loop.ts), unless SPORTS_FEED=off.
  start: ({ services }, { app, database, config }) =>
    config.sportsFeed === 'off'
      ? () => {}
      : startPhaseLoop({
          name: 'sports-feed',
          tickMs: 2_000,
          stepper: services.sportsFeed,
          now: () => Date.now(),
          lockUrl: database.jobs.kind === 'postgres' ? database.jobs.url : null,
          onError: (error) => app.log.error({ err: error }, 'sports feed'),
        }),
});
