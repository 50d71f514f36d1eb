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
import { colorOptionsFromEnv } from './color/config';
import { ColorFeed } from './color/feed';
import { registerColorRoutes } from './color/routes';
import { ColorRunner } from './color/runner';
import { ColorService } from './color/service';
import { startPhaseLoop } from '../../platform/phase-loop';
import { bingoOptionsFromEnv } from './bingo/config';
import { BingoFeed } from './bingo/feed';
import { registerBingoRoutes } from './bingo/routes';
import { BingoRunner } from './bingo/runner';
import { BingoService } from './bingo/service';
import { OriginalSteps } from './steps';
import { OriginalStepsDemo } from './steps-demo';
import { registerOriginalStepRoutes } from './steps-routes';

export { OriginalsService } from './service';
export { originalsLimitsSeed, originalsScratchLimitsSeed } from './seed';
export { CrashRunner } from './crash/runner';
export { CrashService } from './crash/service';
export { BingoRunner } from './bingo/runner';
export { BingoService } from './bingo/service';
export { ColorRunner } from './color/runner';
export { ColorService } from './color/service';

export interface OriginalServices {
  originals: OriginalsService;
  crash: CrashService;
  bingo: BingoService;
  color: ColorService;
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
    const feed = new CrashFeed().share(services.bus, 'crash');
    const crash = new CrashService(database.db, {
      play: services.play,
      identity: services.identity,
      wallet: services.wallet,
      originals,
      feed,
      options: crashOptionsFromEnv(process.env, config.seedDemo),
    });
    const bingoFeed = new BingoFeed().share(services.bus, 'bingo');
    const bingo = new BingoService(database.db, {
      play: services.play,
      identity: services.identity,
      wallet: services.wallet,
      originals,
      feed: bingoFeed,
      options: bingoOptionsFromEnv(process.env),
    });
    const colorFeed = new ColorFeed().share(services.bus, 'color-game');
    const color = new ColorService(database.db, {
      play: services.play,
      identity: services.identity,
      wallet: services.wallet,
      originals,
      feed: colorFeed,
      options: colorOptionsFromEnv(process.env),
    });
    const steps = new OriginalSteps(database.db, {
      originals,
      play: services.play,
      wallet: services.wallet,
    });
    return {
      services: { originals, crash, bingo, color },
      demo: new OriginalsDemo(database.db, originals),
      ops: new OriginalsOps(database.db, services.system),
      feed,
      runner: new CrashRunner(crash),
      crashSalt: new CrashSaltOps(crash),
      bingoFeed,
      bingoRunner: new BingoRunner(bingo),
      colorFeed,
      colorRunner: new ColorRunner(color),
      steps,
      stepsDemo: new OriginalStepsDemo(database.db, originals),
    };
  },
  routes: (
    app,
    { services, demo, ops, feed, bingoFeed, colorFeed, steps, stepsDemo, crashSalt },
  ) => {
    registerOriginalsRoutes(app, { originals: services.originals, demo, steps, stepsDemo });
    registerOriginalsOpsRoutes(app, ops);
    registerCrashRoutes(app, { crash: services.crash, feed });
    registerCrashOpsRoutes(app, crashSalt);
    registerBingoRoutes(app, { bingo: services.bingo, feed: bingoFeed });
    registerColorRoutes(app, { color: services.color, feed: colorFeed });
    registerOriginalStepRoutes(app, { steps, stepsDemo });
  },
  // Crash's and the Colour Game's rounds and bingo's games run while jobs are on, each driven by one process (see
  // phase-loop.ts).
  start: ({ runner, bingoRunner, colorRunner, services }, { app, database }) => {
    const lockUrl = database.jobs.kind === 'postgres' ? database.jobs.url : null;
    const stops = [
      startPhaseLoop({
        name: 'crash',
        stepper: runner,
        now: services.crash.deps.options.now,
        lockUrl,
        onError: (error) => app.log.error({ err: error }, 'crash round loop'),
      }),
      startPhaseLoop({
        name: 'bingo',
        // Its phases change only at the times its steps return: no need to look ten times a second.
        tickMs: 1_000,
        stepper: bingoRunner,
        now: services.bingo.deps.options.now,
        lockUrl,
        onError: (error) => app.log.error({ err: error }, 'bingo game loop'),
      }),
      startPhaseLoop({
        name: 'color-game',
        // Its phases change only at the times its steps return: no need to look ten times a second.
        tickMs: 1_000,
        stepper: colorRunner,
        now: services.color.deps.options.now,
        lockUrl,
        onError: (error) => app.log.error({ err: error }, 'colour game round loop'),
      }),
    ];
    return async () => {
      await Promise.all(stops.map((stop) => stop()));
    };
  },
});
