import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (`build.manifest: true`, `dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface FirstLoad {
  /** The JavaScript files a first visit to the page runs before it can show, in load order. */
  files: { file: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
}

/** The home page's own module: the router loads it on demand, so its chunk is a dynamic entry. */
export const homePageModule = 'src/app/routes/home-page.tsx';

/**
 * The JavaScript a visitor's first load of a page fetches: the entry chunk and everything it
 * imports statically (index.html's modulepreload set), plus the page's route chunk and its static
 * imports, which the router fetches at once for the address it starts at. Sizes are gzip level 9,
 * as the build's precompressed `.gz` files are.
 */
export function firstLoad(distDir: string, pageModules: string[] = [homePageModule]): FirstLoad {
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  for (const key of pageModules) {
    if (!manifest[key]) throw new Error(`${key} is not a chunk of its own in the manifest`);
  }

  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const key of [...entries, ...pageModules]) visit(key);

  const files = [...seen].map((key) => {
    const file = manifest[key]!.file;
    const content = readFileSync(path.join(distDir, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
