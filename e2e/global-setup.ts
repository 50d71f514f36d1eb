import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../apps/server/src/platform/config';
import { startServer } from '../apps/server/src/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database migrated and seeded once, which each file's server starts from. */
    tayaTemplateDir: string;
  }
}

/**
 * Migrating and seeding an empty embedded database takes most of a server's start (about 5 s of
 * every file's). It is done once here: the platform starts on a new data directory, stops, and
 * each file's `startTaya` starts on a copy of it, as `npm start` starts again on its own data.
 * `smoke.e2e.ts` still starts a process on an empty directory.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'taya-e2e-template-'));
  const taya = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dir,
      WEB_DIST: path.join(tmpdir(), 'taya-e2e-no-web'),
    }),
  );
  await taya.stop();
  project.provide('tayaTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
