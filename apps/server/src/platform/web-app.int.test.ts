import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { isApiPath } from './http';

/** A hashed bundle big enough to be worth compressing, as the build writes it and its encodings. */
const bundleSource = `export const words = ${JSON.stringify('taya '.repeat(2000))};\n`;

/**
 * A built web app in miniature: the shell, the worker, the manifest and hashed bundles, one with
 * the .br and .gz files the build writes beside it.
 */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'taya-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'icons'));
  const shell =
    '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest" /></head>' +
    '<body><div id="root"></div><noscript>' +
    'Taya needs JavaScript. '.repeat(60) +
    '</noscript></body></html>';
  writeFileSync(path.join(dir, 'index.html'), shell);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(shell));
  writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(shell));
  writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Taya' }));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  const tile = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"/>';
  mkdirSync(path.join(dir, 'art', 'games', 'v1'), { recursive: true });
  writeFileSync(path.join(dir, 'art', 'games', 'v1', 'dice.svg'), tile);
  writeFileSync(path.join(dir, 'art', 'loose.svg'), tile);
  const bundle = path.join(dir, 'assets', 'words-def456.js');
  writeFileSync(bundle, bundleSource);
  writeFileSync(`${bundle}.br`, brotliCompressSync(bundleSource));
  writeFileSync(`${bundle}.gz`, gzipSync(bundleSource));
  return dir;
}

/** The operator console's build in miniature: its own shell and a hashed, precompressed bundle. */
const consoleBundle = `export const console = ${JSON.stringify('ops '.repeat(2000))};\n`;
function fakeConsoleBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'taya-console-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const shell =
    '<!doctype html><html><head><title>Taya Console</title></head><body>' +
    '<div id="console-root"></div>' +
    '<script type="module" src="/console/assets/index-c0ffee.js"></script>' +
    '<!-- the operator console -->'.repeat(60) +
    '</body></html>';
  writeFileSync(path.join(dir, 'index.html'), shell);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(shell));
  writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(shell));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const bundle = path.join(dir, 'assets', 'index-c0ffee.js');
  writeFileSync(bundle, consoleBundle);
  writeFileSync(`${bundle}.br`, brotliCompressSync(consoleBundle));
  writeFileSync(`${bundle}.gz`, gzipSync(consoleBundle));
  return dir;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: fakeWebBuild(), CONSOLE_DIST: fakeConsoleBuild() } });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

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

  it('caches art in a versioned folder for good, and revalidates other art', async () => {
    const tile = await get('/art/games/v1/dice.svg');
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(tile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const loose = await get('/art/loose.svg');
    expect(loose.statusCode).toBe(200);
    expect(loose.headers['cache-control']).toBe('no-cache');
  });
});

describe('unknown paths', () => {
  it('answer 404 in the envelope for API calls, probes, the API description and missing files', async () => {
    const paths = [
      '/wps/no-such-call',
      '/lgw/nothing',
      '/lotto/nothing',
      '/ops/nothing',
      '/dev/nothing',
      '/taya-games/nothing',
      '/play/nothing',
      '/ws/nothing',
      '/wallet-api/nothing',
      '/sandbox/nothing',
      '/healthz/deep',
      '/livez',
      '/metrics',
      '/openapi.json/x',
      '/docs/nothing/here',
      '/foo.js',
      '/assets/index-missing.js',
      '/favicon.ico',
      '/wp-login.php',
      '/.env',
      '/lottery/app.css?v=1',
    ];
    for (const url of paths) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ success: false, errorCode: 'not_found' });
    }
  });

  it('give the web app’s shell for its own client-side routes', async () => {
    for (const url of [
      '/',
      '/lottery',
      '/agent/team',
      '/member?tab=depositv2',
      '/blog/welcome-offer',
      '/download/android',
      '/reset-password?token=abc',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('refuse other methods on a page path with the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/lottery' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'not_found' });
  });

  it('treat every registered API route’s path as an API path', () => {
    const outside = t.app.routeTable.filter((r) => !isApiPath(r.url)).map((r) => r.url);
    expect(outside).toEqual([]);
  });
});

describe('compressed answers', () => {
  it("sends a bundle's prebuilt brotli file to a client that accepts brotli", async () => {
    const res = await get('/assets/words-def456.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(bundleSource.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(bundleSource);
  });

  it('sends the gzip file to a client that accepts only gzip, and the plain file to others', async () => {
    const gzipped = await get('/assets/words-def456.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(bundleSource);

    const plain = await get('/assets/words-def456.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundleSource);
  });

  it('compresses a JSON answer for a client that accepts brotli', async () => {
    const res = await get('/wps/system/status', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBe('br');
    const body: unknown = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(body).toMatchObject({ success: true });
  });

  it('leaves a tiny answer uncompressed', async () => {
    const res = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('addEventListener');
  });

  it('serves the page shell compressed and never cached for long', async () => {
    const res = await get('/promotions', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  it('sends the shell file itself with no long-lived caching', async () => {
    const res = await get('/index.html', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('the operator console under /console', () => {
  it('gives the console’s shell, not the web app’s, for its pages', async () => {
    for (const url of [
      '/console',
      '/console/',
      '/console/audit',
      '/console/enrol?token=abc',
      '/console/players/42',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="console-root">');
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('serves its hashed bundles for good, precompressed', async () => {
    const res = await get('/console/assets/index-c0ffee.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(consoleBundle);
  });

  it('serves its other files revalidated, and the shell compressed', async () => {
    const icon = await get('/console/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const shell = await get('/console/sessions', { 'accept-encoding': 'gzip' });
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(shell.rawPayload).toString()).toContain('console-root');
  });

  it('answers a missing console file and other methods with the envelope’s 404', async () => {
    for (const url of ['/console/assets/index-missing.js', '/console/nothing.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, errorCode: 'not_found' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/console/audit' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ success: false, errorCode: 'not_found' });
  });

  it('leaves paths that only start like it to the web app', async () => {
    const res = await get('/consoles');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });
});
