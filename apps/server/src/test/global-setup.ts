import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db';
import { applySeeds } from '../platform/seed';
import { seedsFor } from '../db/seeds';
import { adminQuery, withDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** On PostgreSQL: the migrated, seeded database each file's database is created from. */
    postgresTemplate: string;
  }
}

/**
 * A fresh PGlite takes seconds to boot and migrate; loading a dump of a migrated, seeded one takes
 * a fraction of that. Each test file starts from this template.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('pgliteTemplate', '');
    // The same on PostgreSQL: one database migrated and seeded here, and each file's a copy of it
    // (`create database … template …`, a file copy on the server), not migrated again.
    const name = `taya_test_template_${process.pid}_${project.name.replace(/\W/g, '_')}`;
    await adminQuery(url, `drop database if exists ${name}`);
    await adminQuery(url, `create database ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name) });
    await database.migrate();
    await applySeeds(database.db, seedsFor({ seedDemo: true }));
    await database.close();
    project.provide('postgresTemplate', name);
    return async () => {
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    };
  }
  project.provide('postgresTemplate', '');
  const pglite = new PGlite();
  const database = await openDatabase({ pglite });
  await database.migrate();
  await applySeeds(database.db, seedsFor({ seedDemo: true }));
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  const file = path.join(tmpdir(), `taya-pglite-template-${process.pid}-${project.name}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}
