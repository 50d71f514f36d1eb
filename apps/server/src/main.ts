import { ConfigError, loadConfig, type Config } from './platform/config';
import { prepareDataDir } from './platform/db-template';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(78); // EX_CONFIG
  }
  throw err;
}

// A new embedded database's files are written while the rest of the server loads (its modules take
// a good part of a start); opening the database waits for the same run. Only the start-up's own
// modules are loaded before it.
if (!config.databaseUrl) void prepareDataDir(config.dataDir).catch(() => {});
const [{ startServer }, { describeForLog }] = await Promise.all([
  import('./server'),
  import('./platform/http'),
]);

try {
  const server = await startServer(config);
  server.app.log.info(
    { url: server.url, database: server.database.kind, env: config.env },
    'Taya is listening',
  );
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      server.app.log.error('shutdown took over 20 s; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    server
      .stop()
      .then(() => {
        server.app.log.info('stopped cleanly');
        process.exit(0);
      })
      .catch((err: unknown) => {
        server.app.log.error({ err: describeForLog(err) }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
} catch (err) {
  process.stderr.write(`Taya failed to start: ${JSON.stringify(describeForLog(err))}\n`);
  process.exit(1);
}
