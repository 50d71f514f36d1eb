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
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/**
 * A new embedded database spends most of its first start in `initdb` and the committed
 * migrations, which come out the same every time. The build does that work once and keeps the
 * resulting data directory as a tarball; a server that finds its data directory empty unpacks it
 * instead, then migrates as always (which finds nothing left to apply). The tarball's name carries
 * a hash of the PGlite version and every migration file, so a new migration or PGlite never
 * unpacks a stale one: without a matching tarball the server starts from `initdb` as before.
 *
 * The server unpacks it itself (`restoreTemplate`), not through PGlite's `loadDataDir`: that one
 * writes each of the ~1,500 files through the embedded file system, several system calls a file,
 * and creating files is the slow part of a start on a plain disk. Here each file is one
 * `writeFile`, several at once, and `npm start` begins it before it loads the rest of the server.
 * This module imports nothing heavy for that reason (PGlite only inside `buildTemplate`).
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

interface TarEntry {
  name: string;
  kind: 'file' | 'dir';
  data: Uint8Array;
}

const tarText = (block: Buffer, from: number, length: number) => {
  const end = block.indexOf(0, from);
  return block.toString('latin1', from, end === -1 || end > from + length ? from + length : end);
};

/**
 * The entries of a ustar archive as PGlite writes them (regular files and directories, names
 * relative to the data directory); null for anything else (a link, a long name's extension
 * header), which is then left to PGlite's own loader.
 */
export function readTar(tar: Buffer): TarEntry[] | null {
  const entries: TarEntry[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const name = tarText(header, 0, 100);
    const prefix = tarText(header, 345, 131);
    const size = parseInt(tarText(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    if (prefix !== '' || Number.isNaN(size)) return null;
    const kind = type === '0' || type === '\0' ? 'file' : type === '5' ? 'dir' : null;
    const relative = path.posix.normalize(`./${name}`);
    if (!kind || relative.startsWith('..') || path.posix.isAbsolute(relative)) return null;
    entries.push({ name: relative, kind, data: tar.subarray(at + 512, at + 512 + size) });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** Files written at once while unpacking (each a create, a write and a close). */
const parallelWrites = 8;

/**
 * Unpacks the matching tarball into an empty data directory; false when there is none or it holds
 * something other than files and directories (then PGlite unpacks it, or runs `initdb`).
 * `PG_VERSION` is written last: a start that stops halfway leaves a directory that still counts as
 * empty, and the next start unpacks it again over what is there.
 */
export async function restoreTemplate(dataDir: string): Promise<boolean> {
  const file = templateFile();
  if (!existsSync(file)) return false;
  const entries = readTar(await promisify(gunzip)(await readFile(file)));
  if (!entries) return false;
  const version = entries.find((e) => e.name === 'PG_VERSION' && e.kind === 'file');
  if (!version) return false;
  const dirs = new Set<string>([dataDir]);
  for (const entry of entries) {
    const target = path.join(dataDir, entry.name);
    const dir = entry.kind === 'dir' ? target : path.dirname(target);
    if (!dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      dirs.add(dir);
    }
  }
  const files = entries.filter((e) => e.kind === 'file' && e !== version);
  let next = 0;
  const writer = async () => {
    for (let entry = files[next++]; entry; entry = files[next++]) {
      await writeFile(path.join(dataDir, entry.name), entry.data);
    }
  };
  await Promise.all(Array.from({ length: parallelWrites }, writer));
  await writeFile(path.join(dataDir, version.name), version.data);
  return true;
}

const preparing = new Map<string, Promise<void>>();

/**
 * Gets an embedded data directory ready to open: made if missing, and an empty one filled from
 * the template when there is one. Started once per directory: `npm start` calls it before it
 * loads the server, and `openDatabase` waits for that same run.
 */
export function prepareDataDir(dataDir: string): Promise<void> {
  const key = path.resolve(dataDir);
  let run = preparing.get(key);
  if (!run) {
    run = (async () => {
      await mkdir(key, { recursive: true });
      if (isEmptyDataDir(key)) await restoreTemplate(key);
    })();
    preparing.set(key, run);
    // Another open of the same directory later (a test's second server) looks at it again.
    void run.then(
      () => preparing.delete(key),
      () => preparing.delete(key),
    );
  }
  return run;
}

/** Makes the tarball unless it exists, and removes those of older migrations. */
export async function buildTemplate(): Promise<{ file: string; built: boolean }> {
  const file = templateFile();
  if (existsSync(file)) return { file, built: false };
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
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
