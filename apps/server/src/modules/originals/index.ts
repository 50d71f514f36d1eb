import { defineModule } from '../../platform/module';
import type { Services } from '../../services';
import { OriginalsDemo } from './demo';
import { OriginalsOps } from './ops';
import { registerOriginalsOpsRoutes } from './ops-routes';
import { registerOriginalsRoutes } from './routes';
import { OriginalsService } from './service';
import { crashOptionsFromEnv } from './crash/config';
import { CrashFeed } from './crash/feed';
import { registerCrashOpsRoutes } from './crash/ops-routes';
import { registerCrashRoutes } from './crash/routes';
import { CrashSaltOps } from './crash/salt-ops';
import { CrashRunner } from './crash/runner';
import { CrashService } from './crash/service';
import { startPhaseLoop } from './phase-loop';
import { OriginalSteps } from './steps';
import { OriginalStepsDemo } from './steps-demo';
import { registerOriginalStepRoutes } from './steps-routes';

export { OriginalsService } from './service';
export { originalsLimitsSeed, originalsScratchLimitsSeed } from './seed';
export { CrashRunner } from './crash/runner';
export { CrashService } from './crash/service';

export interface OriginalServices {
  originals: OriginalsService;
  crash: CrashService;
}

/**
 * The house originals (dice, limbo, …): per-member seed pairs of the fairness kit, bets held and
 * settled through the wagering kernel, history, and free play with play money.
 */
export const originalsModule = defineModule<Services>()({
  name: 'originals',
  build: ({ database, services, config }) => {
    const originals = new OriginalsService(database.db, {
      system: services.system,
      games: services.games,
      play: services.play,
    });
    const feed = new CrashFeed();
    const crash = new CrashService(database.db, {
      play: services.play,
      identity: services.identity,
      wallet: services.wallet,
      originals,
      feed,
      options: crashOptionsFromEnv(process.env, config.seedDemo),
    });
    const steps = new OriginalSteps(database.db, {
      originals,
      play: services.play,
      wallet: services.wallet,
    });
    return {
      services: { originals, crash },
      demo: new OriginalsDemo(database.db, originals),
      ops: new OriginalsOps(database.db, services.system),
      feed,
      runner: new CrashRunner(crash),
      crashSalt: new CrashSaltOps(crash),
      steps,
      stepsDemo: new OriginalStepsDemo(database.db, originals),
    };
  },
  routes: (app, { services, demo, ops, feed, steps, stepsDemo, crashSalt }) => {
    registerOriginalsRoutes(app, { originals: services.originals, demo, steps, stepsDemo });
    registerOriginalsOpsRoutes(app, ops);
    registerCrashRoutes(app, { crash: services.crash, feed });
    registerCrashOpsRoutes(app, crashSalt);
    registerOriginalStepRoutes(app, { steps, stepsDemo });
  },
  // Crash's rounds run while jobs are on, driven by one process (see phase-loop.ts).
  start: ({ runner, services }, { app, database }) =>
    startPhaseLoop({
      name: 'crash',
      stepper: runner,
      now: services.crash.deps.options.now,
      lockUrl: database.jobs.kind === 'postgres' ? database.jobs.url : null,
      onError: (error) => app.log.error({ err: error }, 'crash round loop'),
    }),
});
