import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';

/** A built web app in miniature: the shell, the worker, the manifest and one hashed bundle. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'taya-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'icons'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest" /></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Taya' }));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  return dir;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: fakeWebBuild() } });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the installable web app', () => {
  it('serves the service worker as JavaScript that is always revalidated', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('addEventListener');
  });

  it('serves the manifest with its own content type', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toEqual({ name: 'Taya' });
  });

  it('lets the page load its manifest and register its worker from its own origin', async () => {
    const res = await get('/download/ios?language=EN');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    // Neither manifest-src nor worker-src is narrowed, so both fall back to these.
    expect(directives.has('manifest-src')).toBe(false);
    expect(directives.has('worker-src')).toBe(false);
    expect(directives.get('default-src')).toContain("'self'");
    expect(directives.get('script-src')).toContain("'self'");
  });

  it('caches hashed bundles for good', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
