import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');

/**
 * `npm start`'s server as its own process on a test's database, like `startNode`, with more
 * settings in `env` (vendor secrets, say). Resolves once it answers its status route.
 */
export async function startNodeWith(
  url: string,
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      JOBS: 'off',
      RATE_LIMIT_PER_MINUTE: '100000000',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/wps/system/status`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves when the process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}
