// Cold start: from `npm start` (production build present, embedded database, an empty data
// directory) to the first answer on /healthz, beside a bare Fastify process as the reference.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const timeoutMs = 120_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers (any status) and returns the seconds since `startedAt`. */
async function firstAnswer(url: string, child: ChildProcess, startedAt: bigint): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
      return Number(process.hrtime.bigint() - startedAt) / 1e9;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
  });
}

async function timeStart(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<number> {
  let output = '';
  const startedAt = process.hrtime.bigint();
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    return await firstAnswer(`http://127.0.0.1:${port}/healthz`, child, startedAt);
  } catch (error) {
    console.log(output.slice(-2_000));
    throw error;
  } finally {
    await stop(child);
  }
}

/** `npm start` on a fresh, empty data directory: open, migrate, seed, build the app, listen. */
async function taya(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taya-cold-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  try {
    return await timeStart('npm', ['start'], env, port);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The reference: Node loads Fastify and answers one route, through the same `npm start` path. */
const bareFastify = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/healthz', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

async function bare(): Promise<number> {
  const port = await freePort();
  return timeStart(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', bareFastify],
    { ...process.env, PORT: String(port) },
    port,
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const seconds = (values: number[]) => values.map((v) => `${v.toFixed(2)} s`).join(', ');

async function main() {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    console.log('No production build: run `npm run build` first (npm start would build it).');
    return;
  }
  console.log(`cold start to the first answer on /healthz, ${runs} runs each`);
  const reference: number[] = [];
  const measured: number[] = [];
  for (let i = 0; i < runs; i++) {
    reference.push(await bare());
    measured.push(await taya());
  }
  console.log(
    `  bare Fastify (node --import tsx): median ${median(reference).toFixed(2)} s (${seconds(reference)})`,
  );
  console.log(
    `  npm start, embedded database, empty data dir: median ${median(measured).toFixed(2)} s (${seconds(measured)})`,
  );
  console.log(`  aim: ≤ 5 s: ${median(measured) <= 5 ? 'met' : 'not met'}`);
}

await main();
