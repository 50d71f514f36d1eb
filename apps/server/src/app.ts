import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from './platform/config';
import type { Database } from './platform/db';
import { createHttpApp } from './platform/fastify';
import { registerHealthRoutes } from './platform/health';
import { installModules, type ModuleContext } from './platform/module';
export { startDeferredJobs } from './platform/module';
import { buildPlatformServices } from './platform/services';
import { serveWebApp } from './platform/web-app';
import type { Services } from './services';
import { agentsModule } from './modules/agents';
import { cashierModule } from './modules/cashier';
import { contentModule } from './modules/content';
import { gamesModule } from './modules/games';
import { identityModule } from './modules/identity';
import { jackpotModule } from './modules/jackpot';
import { playModule } from './modules/play';
import { lotteryModule } from './modules/lottery';
import { missionsModule } from './modules/missions';
import { operatorsModule } from './modules/operators';
import { originalsModule } from './modules/originals';
import { liveModule } from './modules/live';
import { cockfightModule } from './modules/cockfight';
import { sportsbookModule } from './modules/sportsbook';
import { playersModule } from './modules/players';
import { pointsModule } from './modules/points';
import { reportsModule } from './modules/reports';
import { promotionsModule, redEnvelopesModule, referralModule } from './modules/promotions';
import { supportModule } from './modules/support';
import { systemModule } from './modules/system';
import { uploadsModule } from './modules/uploads';
import { vipModule } from './modules/vip';
import { walletModule } from './modules/wallet';

export type { RouteEntry } from './platform/fastify';
export type { Services } from './services';

/**
 * The modules in build order: each may use, while it builds, the services of those above it
 * (later ones only from closures that run after start-up).
 */
export const modules = [
  systemModule,
  vipModule,
  identityModule,
  walletModule,
  uploadsModule,
  cashierModule,
  jackpotModule,
  playModule,
  gamesModule,
  contentModule,
  supportModule,
  agentsModule,
  promotionsModule,
  redEnvelopesModule,
  referralModule,
  pointsModule,
  missionsModule,
  lotteryModule,
  originalsModule,
  liveModule,
  cockfightModule,
  sportsbookModule,
  operatorsModule,
  playersModule,
  reportsModule,
];

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Leaves the job queue to `startDeferredJobs` (the server starts it once it listens). */
  deferJobs?: boolean;
}

/** Builds the whole API (and the web app when it is built) without listening. Tests call this. */
export async function buildApp({
  config,
  database,
  logStream,
  deferJobs = false,
}: BuildOptions): Promise<FastifyInstance> {
  const app = await createHttpApp(config, logStream);
  const platform = buildPlatformServices(app, config, database);
  const services = { ...platform } as Services;
  app.decorate('services', services);
  const ctx: ModuleContext<Services> = {
    app,
    config,
    database,
    production: config.env === 'production',
    services,
  };
  if (database.kind === 'pglite') {
    // PostgreSQL's autovacuum keeps planner statistics fresh; the embedded database has none.
    platform.jobs.define({
      name: 'platform.analyze',
      cron: '17 * * * *',
      run: async () => {
        await database.db.execute(sql`analyze`);
        return { analyzed: true };
      },
    });
  }
  registerHealthRoutes(app, { database, jobs: platform.jobs, jobsEnabled: config.jobs });
  await installModules(ctx, platform.jobs, modules, { deferJobs });
  await serveWebApp(app, config);
  return app;
}
