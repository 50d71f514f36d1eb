import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * A new embedded database spends most of its first start in `initdb` and the committed
 * migrations, which come out the same every time. The build does that work once and keeps the
 * resulting data directory as a tarball; a server that finds its data directory empty unpacks it
 * instead, then migrates as always (which finds nothing left to apply). The tarball's name carries
 * a hash of the PGlite version and every migration file, so a new migration or PGlite never
 * unpacks a stale one: without a matching tarball the server starts from `initdb` as before.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../db/migrations',
);
export const templateDir = path.join(repoRoot, 'node_modules/.cache/taya');
const prefix = 'embedded-db-';

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string })
    .version;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(file) : [file];
    })
    .sort();
}

/** The tarball for this PGlite and these migrations. */
export function templateFile(): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const file of filesUnder(migrationsFolder)) {
    hash.update(`${path.relative(migrationsFolder, file)}\n`).update(readFileSync(file));
  }
  return path.join(templateDir, `${prefix}${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** Whether a data directory has never held a database (PostgreSQL writes PG_VERSION first). */
export function isEmptyDataDir(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'PG_VERSION'));
}

/** The matching tarball's bytes, or null when the build has not made one. */
export function readTemplate(): Blob | null {
  const file = templateFile();
  return existsSync(file) ? new Blob([readFileSync(file)]) : null;
}

/** Makes the tarball unless it exists, and removes those of older migrations. */
export async function buildTemplate(): Promise<{ file: string; built: boolean }> {
  const file = templateFile();
  if (existsSync(file)) return { file, built: false };
  const client = new PGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('gzip');
    mkdirSync(templateDir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  for (const name of readdirSync(templateDir)) {
    if (name.startsWith(prefix) && path.join(templateDir, name) !== file) {
      rmSync(path.join(templateDir, name), { force: true });
    }
  }
  return { file, built: true };
}
