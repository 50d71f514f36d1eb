// Lighthouse (mobile preset) on the home page as a visitor sees it, served by the platform on a
// fresh embedded database, with a bare static page on the same server as the reference.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(repoRoot, 'apps/web/dist');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The reference: a page with nothing to load, the smallest the server can send. */
const referenceFile = 'lighthouse-reference.html';
const referenceHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Reference page"><title>Reference</title></head>
<body><main><h1>Reference</h1><p>A static page with no script, style sheet or image.</p></main></body></html>
`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `npm start`'s server process (without its build check) on an empty data directory. */
async function startTaya(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready within 180 s');
}

interface Figures {
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** Audits below full marks, with their titles, for the report. */
  failing: string[];
}

async function audit(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // BENCH_SAVE=dir keeps each run's full report (JSON) for a closer look.
  if (process.env.BENCH_SAVE) {
    mkdirSync(process.env.BENCH_SAVE, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}-${Date.now()}.json`;
    writeFileSync(path.join(process.env.BENCH_SAVE, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable' &&
        a.scoreDisplayMode !== 'manual',
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    fcp: numeric('first-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failing,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function line(name: string, all: Figures[]): string {
  const m = (pick: (f: Figures) => number) => median(all.map(pick));
  return [
    `${name.padEnd(10)} performance ${m((f) => f.performance)}`,
    `accessibility ${m((f) => f.accessibility)}`,
    `LCP ${(m((f) => f.lcp) / 1000).toFixed(2)} s`,
    `FCP ${(m((f) => f.fcp) / 1000).toFixed(2)} s`,
    `TBT ${Math.round(m((f) => f.tbt))} ms`,
    `CLS ${m((f) => f.cls).toFixed(3)}`,
  ].join(', ');
}

async function main() {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.log('No production build: run `npm run build` first.');
    return;
  }
  if (!existsSync(chromePath)) {
    console.log(
      `No Chromium at ${chromePath} (Debian: apt-get install chromium, or set CHROME_PATH).`,
    );
    return;
  }
  const referencePath = path.join(webDist, referenceFile);
  writeFileSync(referencePath, referenceHtml);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taya-lighthouse-'));
  let server: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const taya = await startTaya(dataDir);
    server = taya.child;
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    console.log(
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, ${runs} runs a page (medians), ${taya.url}`,
    );
    const pages = [
      { name: 'home', url: `${taya.url}/` },
      { name: 'reference', url: `${taya.url}/${referenceFile}` },
    ];
    for (const page of pages) {
      const all: Figures[] = [];
      for (let i = 0; i < runs; i++) all.push(await audit(page.url, chrome.port));
      console.log(line(page.name, all));
      const failing = [...new Set(all.flatMap((f) => f.failing))];
      if (failing.length) console.log(`  below 90 in some run: ${failing.join(', ')}`);
    }
    console.log('aims on home: performance ≥ 90, accessibility ≥ 95');
  } finally {
    await chrome?.kill();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(referencePath, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
