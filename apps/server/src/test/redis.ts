import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './nodes';

/** Debian's `redis-server` (package redis-server), which the multi-node tests start for themselves. */
export const redisServerPath = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
export const hasRedisServer = existsSync(redisServerPath);

export interface TestRedis {
  url: string;
  port: number;
  /** Stops it (kill) and waits for the process to end. */
  stop(): Promise<void>;
}

/**
 * A Redis of the test's own on a free loopback port, keeping nothing on disk, so that tests never
 * share one (nor touch a Redis the machine runs for something else).
 */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    redisServerPath,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start in 10 s')), 10_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code})`));
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString('utf8').includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
