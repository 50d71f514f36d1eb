import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, startDeferredJobs } from '../app';
import { testConfig } from '../test/harness';
import { migrationsFolder, openDatabase, type Database } from './db';
import { buildTemplate, isEmptyDataDir, readTar } from './db-template';
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

/** A ustar header: the name, the size in octal and the type flag, as PGlite's archive has them. */
function tarHeader(name: string, type: string, size = 0): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 'latin1');
  block.write(size.toString(8).padStart(11, '0'), 124, 'latin1');
  block.write(type, 156, 'latin1');
  return block;
}

describe('the template unpacker', () => {
  it('reads files and directories, and leaves links and paths outside the directory alone', () => {
    const content = Buffer.alloc(512);
    content.write('abc');
    const archive = Buffer.concat([
      tarHeader('/base', '5'),
      tarHeader('/base/1', '0', 3),
      content,
      Buffer.alloc(1024),
    ]);
    expect(readTar(archive)).toEqual([
      { name: 'base', kind: 'dir', data: Buffer.alloc(0) },
      { name: 'base/1', kind: 'file', data: Buffer.from('abc') },
    ]);
    expect(readTar(Buffer.concat([tarHeader('/link', '2'), Buffer.alloc(1024)]))).toBeNull();
    expect(readTar(Buffer.concat([tarHeader('../out', '0'), Buffer.alloc(1024)]))).toBeNull();
  });

  it('unpacks again over a start that stopped before PG_VERSION was written', async () => {
    await buildTemplate();
    const dataDir = emptyDir();
    writeFileSync(path.join(dataDir, 'postgresql.conf'), 'half written');
    expect(isEmptyDataDir(dataDir)).toBe(true);
    const database = await openDatabase({ dataDir });
    open.push(database);
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { applied: number }[] };
    expect(rows[0]?.applied).toBe(journal.entries.length);
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
