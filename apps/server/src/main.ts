import { ConfigError, loadConfig, type Config } from './platform/config';
import { describeForLog } from './platform/http';
import { startServer } from './server';

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
