import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstAnswersPlan } from '../apps/web/src/app/first-answers';
import { launchBrowser, newPage, repoRoot, screenshot, viewports } from './fixtures';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let server: ChildProcess;
let baseUrl: string;
let browser: Browser;
let startupMs: number;

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  // The real start-up path, as `npm start` runs it, on an empty data directory.
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'taya-smoke-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseUrl}/wps/system/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 60_000) throw new Error('server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  startupMs = Date.now() - started;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
});

describe('smoke: a fresh server serves the site', () => {
  it('starts on an empty data dir within 60 s', () => {
    console.log(`start-up to first answer: ${startupMs} ms`);
    expect(startupMs).toBeLessThan(60_000);
  });

  it('renders the home layout after a successful status answer (desktop)', async () => {
    const { context, page } = await newPage(browser, viewports.desktop, { 'taya.theme': 'light' });
    const res = await page.goto(`${baseUrl}/`);
    expect(res?.status()).toBe(200);
    // A visitor's home comes with its first answers, the status among them (first-answers.ts).
    const status = await page.evaluate(
      () =>
        (
          JSON.parse(document.getElementById('first-answers')?.textContent ?? '{}') as {
            answers?: Record<string, unknown>;
          }
        ).answers?.['/wps/system/status'],
    );
    expect(status).toMatchObject({ success: true, value: { status: 0 } });
    for (const id of ['site-layout', 'site-header', 'side-menu', 'site-footer']) {
      await page.getByTestId(id).first().waitFor({ state: 'visible' });
    }
    await screenshot(page, 'home-desktop-en-light');
    await context.close();
  });

  it("renders a phone visitor's home from the page's own answers, the first banner with it", async () => {
    const { context, page } = await newPage(browser, viewports.phone, { 'taya.theme': 'light' });
    const fetched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/wps/')) fetched.push(`${url.pathname}${url.search}`);
    });
    const res = await page.goto(`${baseUrl}/`);
    const html = (await res?.text()) ?? '';
    // The shell shows the merchant's first home banner before any script runs.
    expect(html).toMatch(
      /<main class="site-main page-shell"[^]*<img class="home-banner-image" src="\/banners\/[^"]+"/,
    );
    await page.getByTestId('home-banners').waitFor({ state: 'visible' });
    await page.getByText('Big wins this week').waitFor();
    await page.getByRole('heading', { name: 'Hot games' }).waitFor();
    const planned = firstAnswersPlan.pages['/'];
    expect(fetched.filter((url) => (planned as readonly string[]).includes(url))).toEqual([]);
    await context.close();
  });

  it('renders on a phone, in dark theme', async () => {
    const { context, page } = await newPage(browser, viewports.phone, { 'taya.theme': 'dark' });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('site-layout').waitFor({ state: 'visible' });
    await page.getByTestId('site-header').waitFor({ state: 'visible' });
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await screenshot(page, 'home-phone-en-dark');
    await context.close();
  });

  it('renders in Burmese (Myanmar script) for the MM merchant', async () => {
    const { context, page } = await newPage(browser, viewports.phone, {
      'taya.merchant': 'TYMM',
      'taya.language': 'MY',
    });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('site-layout').waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('my');
    const text = await page.locator('body').innerText();
    expect(text).toMatch(/[\u1000-\u109F]/);
    await screenshot(page, 'home-phone-my');
    await context.close();
  });

  it('sends a guest on a guarded route to the login popup, and a non-agent to /agent', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl}/member`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('dialog').waitFor({ state: 'visible' });
    await page.goto(`${baseUrl}/agentHome`);
    await page.waitForURL(`${baseUrl}/agent`);
    await page.getByTestId('agent-layout').waitFor({ state: 'visible' });
    await context.close();
  });

  it('answers an unknown API path in the envelope and an unknown page with the app', async () => {
    const api = await fetch(`${baseUrl}/wps/nothing/here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false, errorCode: 'not_found' });
    const page = await fetch(`${baseUrl}/some/page`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});
