import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, startDeferredJobs } from '../app';
import { testConfig } from '../test/harness';
import { migrationsFolder, openDatabase, type Database } from './db';
import { buildTemplate, isEmptyDataDir } from './db-template';
import { applySeeds } from './seed';
import { seedVersions } from './seed-schema';

const journal = JSON.parse(
  readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };

const open: Database[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const database of open.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function emptyDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'taya-start-up-'));
  dirs.push(dir);
  return dir;
}

describe('start-up of the embedded database', () => {
  it('opens an empty data directory from the migrated template, before migrating', async () => {
    await buildTemplate();
    const dataDir = emptyDir();
    expect(isEmptyDataDir(dataDir)).toBe(true);
    const database = await openDatabase({ dataDir });
    open.push(database);
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { applied: number }[] };
    expect(rows[0]?.applied).toBe(journal.entries.length);
    // Migrating afterwards finds nothing to do, and the database is a normal one from then on.
    await database.migrate();
    expect(isEmptyDataDir(dataDir)).toBe(false);
  }, 120_000);

  it('applies the due seeds in one transaction: a failing seed leaves none applied', async () => {
    await buildTemplate();
    const database = await openDatabase({ dataDir: emptyDir() });
    open.push(database);
    const seeds = [
      { name: 'test/first@1', run: async () => {} },
      {
        name: 'test/failing@1',
        run: async () => {
          throw new Error('seed failed');
        },
      },
    ];
    await expect(applySeeds(database.db, seeds)).rejects.toThrow('seed failed');
    const names = (await database.db.select().from(seedVersions)).map((row) => row.name);
    expect(names).not.toContain('test/first@1');
    expect(await applySeeds(database.db, seeds.slice(0, 1))).toEqual(['test/first@1']);
  }, 120_000);
});

describe('start-up of the job queue', () => {
  it('waits for startDeferredJobs when the app is built with deferJobs', async () => {
    await buildTemplate();
    const database = await openDatabase({ dataDir: emptyDir() });
    open.push(database);
    await database.migrate();
    const app = await buildApp({ config: testConfig({ JOBS: 'on' }), database, deferJobs: true });
    try {
      await app.ready();
      expect(app.services.jobs.running).toBe(false);
      const early = await app.inject({ method: 'GET', url: '/readyz' });
      expect(early.json()).toMatchObject({ value: { checks: { jobs: 'failed' } } });
      await startDeferredJobs(app);
      expect(app.services.jobs.running).toBe(true);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 120_000);
});
