// `npm run dev`: the API with reload on change (port 8080) and Vite's dev server with hot
// module reload (port 5173, proxying API calls to 8080), and the operator console's (port 5174).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/console'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
console.log(
  'Taya dev: open http://localhost:5173 and the console at http://localhost:5174/console/ (API on http://localhost:8080)',
);
