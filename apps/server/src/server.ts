import type { FastifyInstance } from 'fastify';
import { buildApp, startDeferredJobs } from './app';
import type { Config } from './platform/config';
import { openDatabase, type Database, type DatabaseOptions } from './platform/db';
import { serveMetrics } from './platform/metrics';
import { applySeeds } from './platform/seed';
import { seedsFor } from './db/seeds';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** Stops taking requests, lets in-flight ones finish, then closes the database. */
  stop(): Promise<void>;
}

export function databaseOptions(config: Config): DatabaseOptions {
  return config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir };
}

/**
 * Opens the database, migrates, seeds, builds the app and listens: everything `npm start` does.
 * The job queue starts right after the app listens (its set-up on the embedded database takes
 * seconds); until it runs, `/readyz` reports `jobs: failed`, and if it cannot start, the server
 * stops and this fails as before.
 */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(databaseOptions(config));
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    await applySeeds(database.db, seedsFor(config));
    app = await buildApp({ config, database, deferJobs: true });
    if (config.metrics) {
      const scrape = await serveMetrics(app.services.metrics, config.metrics);
      app.addHook('onClose', () => new Promise<void>((done) => scrape.close(() => done())));
    }
    await app.listen({ host: config.host, port: config.port });
    await startDeferredJobs(app);
  } catch (err) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const running = app;
  return {
    app: running,
    database,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await running.close();
      await database.close();
    },
  };
}
