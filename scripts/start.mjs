// `npm start`: build the web app and the operator console (and the embedded database's template)
// if one is missing or older than its sources, then run the server
// (which migrates, seeds and serves the API, the web app and the console on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apps = ['apps/web', 'apps/console'].map((app) => ({
  builtIndex: path.join(root, app, 'dist/index.html'),
  sources: [
    `${app}/src`,
    `${app}/public`,
    `${app}/index.html`,
    `${app}/vite.config.ts`,
    `${app}/precompress.ts`,
    'packages/contracts/src',
  ],
}));

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce(
    (m, name) => Math.max(m, newestMtime(path.join(p, name))),
    s.mtimeMs,
  );
}

const builtAt = Math.min(
  ...apps.map(({ builtIndex }) => (existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0)),
);
const sourcesAt = Math.max(
  ...apps.flatMap(({ sources }) => sources.map((p) => newestMtime(path.join(root, p)))),
);
if (builtAt < sourcesAt) {
  console.log(builtAt === 0 ? 'Building the apps…' : 'Sources changed: rebuilding the apps…');
  // The root build: the web app, and the embedded database's migrated template that a new data
  // directory starts from (apps/server/src/platform/db-template.ts).
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
