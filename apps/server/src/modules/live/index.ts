import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { startPhaseLoop } from '../../platform/phase-loop';
import { liveOptionsFromEnv } from './config';
import { LiveFeed } from './feed';
import { LiveOps } from './ops';
import { registerLiveOpsRoutes } from './ops-routes';
import { registerLiveRoutes } from './routes';
import { LiveRunner } from './runner';
import { LiveService } from './service';

export { LiveRunner } from './runner';
export { LiveService, liveGameCode } from './service';
export { liveTablesSeed } from './seed';

export interface LiveServices {
  live: LiveService;
}

/**
 * Live tables (auto-dealer baccarat, dragon tiger, roulette, sic bo): shared timed rounds dealt
 * by the server from provably fair shoes or seeds, bets held and settled through the wagering
 * kernel, the lobby and a public feed.
 */
export const liveModule = defineModule<Services>()({
  name: 'live',
  build: ({ database, services }) => {
    const feed = new LiveFeed().share(services.bus, 'live-tables');
    const live = new LiveService(database.db, {
      play: services.play,
      system: services.system,
      games: services.games,
      identity: services.identity,
      wallet: services.wallet,
      feed,
      options: liveOptionsFromEnv(process.env),
    });
    return { services: { live }, feed, runner: new LiveRunner(live), ops: new LiveOps(live) };
  },
  routes: (app, { services, feed, ops }) => {
    registerLiveRoutes(app, { live: services.live, feed });
    registerLiveOpsRoutes(app, ops);
  },
  // Every table's rounds run while jobs are on, driven by one process (see phase-loop.ts).
  start: ({ runner, services }, { app, database }) => {
    const stop = startPhaseLoop({
      name: 'live-tables',
      tickMs: 500,
      stepper: runner,
      now: services.live.deps.options.now,
      lockUrl: database.jobs.kind === 'postgres' ? database.jobs.url : null,
      onError: (error) => app.log.error({ err: error }, 'live table loop'),
    });
    return stop;
  },
});
