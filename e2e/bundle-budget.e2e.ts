import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webDist } from './fixtures';
import { firstLoad, kb } from './first-load';
import english from '../apps/web/src/locales/en.json';

/**
 * The most JavaScript a visitor's first load of the home page may fetch (issue 19's budget):
 * React, the router, i18next, TanStack Query and the site frame, without zod (answers are checked
 * against their schemas only in development; the contracts' plain values live apart from them).
 */
const budgetKb = 170;

describe("the home page's first load", () => {
  it(`fetches at most ${budgetKb} KB gzip of JavaScript for a visitor`, () => {
    const manifest = path.join(webDist, '.vite/manifest.json');
    expect(existsSync(manifest), 'run `npm run build` first').toBe(true);
    const load = firstLoad(webDist);
    console.log(
      `first-load JS on home: ${kb(load.gzipBytes)} gzip (${kb(load.bytes)} raw) in ${load.files.length} files`,
    );
    expect(load.gzipBytes).toBeLessThanOrEqual(budgetKb * 1024);
  });

  it('preloads every chunk the entry imports, and no chart, carousel or sanitiser code', () => {
    const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    const entryLoad = firstLoad(webDist, []);
    const entry = html.match(/<script type="module"[^>]* src="\/([^"]+)"/)?.[1];
    expect(new Set([entry, ...preloaded])).toEqual(new Set(entryLoad.files.map((f) => f.file)));
    // The English catalogue is fetched as JSON, started by a preload link beside the entry's.
    expect(html).toMatch(
      /<link rel="preload" href="\/assets\/en-[\w-]+\.json" as="fetch" crossorigin/,
    );
    // Markers each library's code carries.
    for (const { file } of firstLoad(webDist).files) {
      const code = readFileSync(path.join(webDist, file), 'utf8');
      expect(code, file).not.toMatch(/recharts|swiper-slide|DOMPurify/);
      // zod's marker: its schemas stay out of the first load.
      expect(code, file).not.toContain('$ZodType');
      // No catalogue is bundled: English is a JSON file like every other language.
      expect(code, file).not.toContain(english.not_found.body);
    }
  });
});
