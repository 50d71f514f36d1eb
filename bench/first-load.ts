// The home page's first load as a visitor: the JavaScript it needs (from the build's manifest)
// and the bytes that go over the wire for it, fetched from a running server.
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstLoad, kb } from '../e2e/first-load';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(repoRoot, 'apps/web/dist');
const baseUrl = process.env.BENCH_URL ?? 'http://127.0.0.1:8080';

/** The bytes of one answer as sent, not decoded, and its Content-Encoding. */
function wireSize(
  url: string,
  acceptEncoding: string,
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        else resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  if (!existsSync(path.join(webDist, '.vite/manifest.json'))) {
    console.log('No build manifest: run `npm run build` first.');
    return;
  }
  const load = firstLoad(webDist);
  console.log(`first-load JS on home (entry, its imports, the home page's chunk and its imports):`);
  for (const f of load.files)
    console.log(`  ${f.file.padEnd(48)} ${kb(f.gzipBytes).padStart(9)} gzip`);
  console.log(
    `  total: ${kb(load.gzipBytes)} gzip, ${kb(load.bytes)} raw, ${load.files.length} files`,
  );

  // The shell, its stylesheets and the same scripts, as the server sends them.
  let html: string;
  try {
    html = await fetch(baseUrl).then((res) => res.text());
  } catch {
    console.log(`\nNo server at ${baseUrl} (start one with \`npm start\`, or set BENCH_URL).`);
    return;
  }
  const styles = [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  const urls = ['/', ...styles, ...load.files.map((f) => `/${f.file}`)];
  console.log(
    `\nhome over the wire from ${baseUrl} (HTML, CSS and first-load JS, ${urls.length} files):`,
  );
  for (const acceptEncoding of ['br, gzip', 'gzip', 'identity']) {
    const sizes = await Promise.all(
      urls.map((url) => wireSize(new URL(url, baseUrl).href, acceptEncoding)),
    );
    const encodings = [...new Set(sizes.map((s) => s.encoding))].join('/');
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    console.log(
      `  Accept-Encoding: ${acceptEncoding.padEnd(9)} ${kb(total).padStart(10)} (${encodings})`,
    );
  }
}

await main();
