import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const outputs = new WeakMap<ChildProcess, () => string>();

/** The last 16 KB a node started by `startNode` wrote (its log lines and errors). */
export function outputOf(child: ChildProcess): string {
  return outputs.get(child)?.() ?? '';
}

/** `npm start`'s server as its own process (a node of the platform) on a test's database; `env` adds settings. */
export async function startNode(
  url: string,
  port: number,
  env: Record<string, string> = {},
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
      RATE_LIMIT_PER_MINUTE: '1000000',
      SEAMLESS_RATE_LIMIT_PER_MINUTE: '1000000',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Read what it writes (a full pipe would stop it) and keep the end of it for a failing test.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-16_384);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  outputs.set(child, () => tail);
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/wps/system/status`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}
