import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db';
import { applySeeds } from '../platform/seed';
import { seedsFor } from '../db/seeds';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * A fresh PGlite takes seconds to boot and migrate; loading a dump of a migrated, seeded one takes
 * a fraction of that. Each test file starts from this template.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const pglite = new PGlite();
  const database = await openDatabase({ pglite });
  await database.migrate();
  await applySeeds(database.db, seedsFor({ seedDemo: true }));
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  const file = path.join(tmpdir(), `taya-pglite-template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}
