import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { accounts } from '../apps/server/src/modules/identity/schema';
import { promotions } from '../apps/server/src/modules/promotions/schema';
import { loadConfig } from '../apps/server/src/platform/config';
import { startServer, type RunningServer } from '../apps/server/src/server';
import { issueOperatorSession } from '../apps/server/src/test/operators';
import type { OperatorRole } from '@taya/contracts';
import {
  demoOperatorPassword,
  demoOperatorTotpSecret,
} from '../apps/server/src/modules/operators/seed';
import { totpOf } from '../apps/server/src/modules/operators/totp';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const screenshotDir = path.join(repoRoot, 'test-results/screenshots');
export const webDist = path.join(repoRoot, 'apps/web/dist');

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/** Debian's Chromium, never a downloaded browser. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`${executablePath} is missing: apt-get install chromium`);
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Contexts opened while a test runs (not in a `beforeAll`): the setup file closes them when the
 * test ends, so that pages left open (each polling and holding its session stream) do not slow
 * the tests after it on a two-core machine.
 */
let openedInTest: BrowserContext[] | undefined;

export function trackTestPages(): void {
  openedInTest = [];
}

export async function closeTestPages(): Promise<void> {
  const contexts = openedInTest ?? [];
  openedInTest = undefined;
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
}

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
  storage: Record<string, string> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  openedInTest?.push(context);
  if (Object.keys(storage).length > 0) {
    await context.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) window.localStorage.setItem(k, v);
    }, storage);
  }
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * The whole platform in this process, on a free port, on an embedded database of its own: a copy
 * of the one `global-setup.ts` migrated and seeded (the file's data starts as a new platform's).
 * `env` adds settings, e.g. TRUST_PROXY so that a test's X-Forwarded-For header plays another
 * address.
 */
export async function startTaya(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('The web app is not built: npm run build');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'taya-e2e-'));
  cpSync(inject('tayaTemplateDir'), dataDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    // The sportsbook's simulated matches only where a test asks for them (sports.e2e.ts).
    SPORTS_FEED: 'off',
    ...env,
  });
  const taya = await startServer(config);
  // The demo red-envelope rain falls at lunch and in the evening, Manila time: over another
  // test's page it would make that test depend on the hour. The red-envelope test makes its own.
  await taya.database.db
    .update(promotions)
    .set({ enabled: false })
    .where(eq(promotions.kind, 'red_envelope'));
  return taya;
}

/** The demo accounts have logged in before, so no first-log-in password change stands in the way. */
export async function markLoggedInBefore(
  taya: RunningServer,
  usernames: string[] = ['demo_member'],
): Promise<void> {
  await taya.database.db
    .update(accounts)
    .set({ loginCount: 1 })
    .where(inArray(accounts.usernameKey, usernames));
}

/** A bearer token for an operator of `merchantCode`, as the operator console would hold. */
export async function operatorToken(
  taya: RunningServer,
  merchantCode: string,
  subjectId = 'operator-e2e',
): Promise<string> {
  // A real operator (admin of this merchant), as the operators module makes after a log-in.
  return issueOperatorSession(taya.app, taya.database, {
    subjectId,
    role: 'admin',
    merchants: [merchantCode],
    merchantCode,
  });
}

/** Fills the open log-in popup with a username and the demo password, and submits it. */
export async function submitLoginPopup(page: Page, username = 'demo_member'): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username', { exact: true }).fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('Demo#2026');
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** The same in any language: the popup's fields found by their autocomplete roles. */
export async function submitLoginPopupInAnyLanguage(
  page: Page,
  username = 'demo_member',
): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[autocomplete="username"]').fill(username);
  await dialog.locator('input[autocomplete="current-password"]').fill('Demo#2026');
  await dialog.locator('button[type="submit"]').click();
}

/** Logs demo_member in through /login and waits for the balance in the header. */
export async function logInAsDemoMember(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await submitLoginPopup(page);
  await page.getByTestId('site-header').getByText('0.00').first().waitFor();
}

// ---- the operator console (/console) ----

/** The demo operator of each role (development seed, every merchant, enrolled). */
export const demoOperatorOf: Record<OperatorRole, string> = {
  admin: 'demo_admin',
  finance: 'demo_finance',
  risk: 'demo_risk',
  support: 'demo_support',
  content: 'demo_content',
  lottery: 'demo_lottery',
  read_only: 'demo_readonly',
};

/** The last time step whose code each operator used: the server takes a code only once. */
const usedSteps = new Map<string, number>();

/** The console's session token in a tab's storage (apps/console/src/lib/session.ts). */
const consoleTokenKey = 'taya.console.token';
/** Console sessions already opened in this run, by platform address and operator. */
const consoleTokens = new Map<string, string>();

/**
 * A fresh authenticator code for a demo operator, as the app on a phone would show it. The server
 * accepts one step either side and each step once per operator, so a second log-in in the same
 * 30 seconds takes the next step's code, and a third waits for the clock.
 */
export async function demoOperatorCode(username: string): Promise<string> {
  const totp = totpOf(demoOperatorTotpSecret, username);
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / 30);
    const last = usedSteps.get(username) ?? -Infinity;
    const step = [now, now + 1].find((s) => s > last);
    if (step !== undefined) {
      usedSteps.set(username, step);
      return totp.generate({ timestamp: step * 30_000 });
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/**
 * Logs a demo operator of `role` into the console through its log-in page (username, password
 * and a computed authenticator code) and waits for the console's top bar. `baseUrl` is the
 * platform's (`taya.url`); `next` is the console path to land on (default its start page).
 * Console e2e tests start from here: `await consoleLogin(page, run.taya.url, 'finance')`.
 */
export async function consoleLogin(
  page: Page,
  baseUrl: string,
  role: OperatorRole,
  next = '/',
): Promise<void> {
  const username = demoOperatorOf[role];
  const key = `${baseUrl}|${username}`;
  const token = consoleTokens.get(key);
  if (token !== undefined) {
    // The operator's session from an earlier log-in in this run, in this tab's storage: a new
    // log-in in the same 30 seconds would wait for the next authenticator code.
    await page.goto(`${baseUrl}/console/login`);
    await page.evaluate(([k, t]) => sessionStorage.setItem(k!, t!), [
      consoleTokenKey,
      token,
    ] as const);
    await page.goto(`${baseUrl}/console${next === '/' ? '' : next}`);
    const operator = page.getByTestId('topbar-operator').getByText(username);
    const login = page.getByRole('button', { name: 'Log in', exact: true });
    await operator.or(login).first().waitFor();
    if (await operator.isVisible()) return;
    consoleTokens.delete(key); // ended since: log in again
  }
  await page.goto(`${baseUrl}/console/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(demoOperatorPassword);
  await page
    .getByLabel('Authenticator code', { exact: true })
    .fill(await demoOperatorCode(username));
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByTestId('topbar-operator').getByText(username).waitFor();
  const held = await page.evaluate((k) => sessionStorage.getItem(k), consoleTokenKey);
  if (held) consoleTokens.set(key, held);
}

/**
 * A logged-in page keeps the session event stream open for good (`/wps/session/events`), so
 * Playwright's `networkidle` never comes. `gotoSettled` opens a page and waits until no other
 * request has been in flight for `quietMs`.
 */
const longLived = /\/(wps|ops)\/session\/events(\?|$)/;
const inFlightOf = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page): Set<unknown> {
  let inFlight = inFlightOf.get(page);
  if (inFlight) return inFlight;
  const requests = new Set<unknown>();
  inFlight = requests;
  inFlightOf.set(page, requests);
  page.on('request', (request) => {
    if (!longLived.test(request.url())) requests.add(request);
  });
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
  return requests;
}

export async function networkSettled(page: Page, quietMs = 500, timeoutMs = 30_000) {
  const inFlight = trackRequests(page);
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`requests still in flight after ${timeoutMs} ms`);
}

export async function gotoSettled(page: Page, url: string): Promise<void> {
  trackRequests(page);
  await page.goto(url);
  await networkSettled(page);
}
