import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOperatorSession } from '../apps/server/src/test/operators';
import { seriousViolations } from './axe';
import { consoleLogin, gotoSettled, newPage, screenshot as save } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, logIn } from './steps';

let run: BrowserRun;
let trader: string;

beforeAll(async () => {
  run = await BrowserRun.start({ SPORTS_FEED: 'sandbox' });
  await demoPlayer(run.taya, 'e2e-sports-fund');
  // Fixtures are every merchant's: a trader over every merchant.
  trader = await issueOperatorSession(run.taya.app, run.taya.database, {
    subjectId: 'operator-e2e-trader',
    role: 'admin',
    merchants: null,
  });
});
afterAll(() => run?.stop());

async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(400);
  await save(page, name);
}

async function trade<T>(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<T> {
  const response = await fetch(`${run.taya.url}/ops/sportsbook${path}`, {
    method,
    headers: { authorization: `Bearer ${trader}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; value: T; message?: string };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.value;
}

/** A trader's football fixture kicking off in an hour, with a 1X2, a handicap and a total. */
async function fixture(home: string, away: string) {
  const created = await trade<{ id: string }>('POST', '/fixtures', {
    sport: 'football',
    league: 'sbx-vfl',
    home,
    away,
    startsAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  await trade('POST', `/fixtures/${created.id}/markets`, {
    kind: '1x2',
    period: 'ft',
    odds: { home: '2.10', draw: '3.30', away: '3.60' },
    main: true,
  });
  await trade('POST', `/fixtures/${created.id}/markets`, {
    kind: 'ah',
    period: 'ft',
    line: '-0.75',
    odds: { home: '1.95', away: '1.90' },
    main: true,
  });
  const full = await trade<{ markets: { id: string; kind: string }[] }>(
    'POST',
    `/fixtures/${created.id}/markets`,
    { kind: 'ou', period: 'ft', line: '2.5', odds: { over: '1.88', under: '1.97' }, main: true },
  );
  const of = (kind: string) => full.markets.find((m) => m.kind === kind)!.id;
  return { id: created.id, x12: of('1x2'), ah: of('ah'), ou: of('ou') };
}

describe('the sportsbook in the browser', () => {
  it('a member builds a 3-leg parlay in Tagalog on a phone; one leg is voided and the payout recomputed', async () => {
    const url = run.taya.url;
    const a = await fixture('Cebu Sharks', 'Iloilo Hawks');
    const b = await fixture('Bohol Reefs', 'Tacloban Waves');
    const c = await fixture('Bacolod Tigers', 'Dumaguete Stars');

    const page = await run.open('phone', { theme: 'dark', language: 'TY' });
    await logIn(page, url, { anyLanguage: true });
    // The game centre: simulated matches labelled, the trader's fixtures among them.
    await gotoSettled(page, `${url}/sports`);
    await page.getByTestId('sports-simulated').first().waitFor();
    await screenshot(page, 'sports-centre-phone-ty-dark');
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);

    // Three legs from three match pages: A home, B home −0.75, C over 2.5.
    for (const [f, market, selection] of [
      [a, a.x12, 'home'],
      [b, b.ah, 'home'],
      [c, c.ou, 'over'],
    ] as const) {
      await gotoSettled(page, `${url}/sports/match/${encodeURIComponent(f.id)}`);
      await page.getByTestId(`odds-${market}-${selection}`).first().click();
    }
    await screenshot(page, 'sports-match-phone-ty-dark');
    await page.getByTestId('slip-open').click();
    const slip = page.getByTestId('bet-slip');
    await slip.getByTestId('slip-parlay').click();
    await slip.getByTestId('slip-stake').fill('100');
    // 2.10 × 1.95 × 1.88 = 7.698: the slip shows what 100 returns.
    await expect.poll(() => slip.innerText()).toContain('769.86');
    await screenshot(page, 'sports-slip-phone-ty-dark');
    expect(await seriousViolations(page)).toEqual([]);
    await slip.getByTestId('slip-place').click();
    await expect
      .poll(() => page.getByTestId('site-header').innerText(), { timeout: 10_000 })
      .toContain('400');

    // The trader voids B's handicap (the kick-off moved), results A 2-0 and C 2-1.
    await trade('POST', `/markets/${encodeURIComponent(b.ah)}/void`, {
      reason: 'kick-off moved beyond 48 hours',
    });
    await trade('POST', `/fixtures/${encodeURIComponent(a.id)}/result`, {
      scores: { ft: { home: 2, away: 0 } },
    });
    await trade('POST', `/fixtures/${encodeURIComponent(c.id)}/result`, {
      scores: { ft: { home: 2, away: 1 } },
    });

    // My bets: won, the voided leg counted at 1 — 100 × 2.10 × 1.88 = 394.80.
    await gotoSettled(page, `${url}/sports/my-bets`);
    await page.getByTestId('my-bets-settled').click();
    const ticket = page.locator('[data-testid^="ticket-"][data-status]').first();
    await expect
      .poll(() => ticket.getByTestId('ticket-payout').innerText(), { timeout: 15_000 })
      .toContain('394.80');
    await expect(ticket.getAttribute('data-status')).resolves.toBe('won');
    await expect(
      ticket
        .getByTestId('ticket-leg')
        .evaluateAll((legs) => legs.map((l) => l.getAttribute('data-outcome'))),
    ).resolves.toEqual(['win', 'void', 'win']);
    await expect
      .poll(() => page.getByTestId('site-header').innerText(), { timeout: 10_000 })
      .toContain('794.80');
    await screenshot(page, 'sports-my-bets-phone-ty-dark');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('looks right on a desktop in Tagalog and dark: the centre, a match and e-sports; the console’s trading page', async () => {
    const url = run.taya.url;
    const page = await run.open('desktop', { theme: 'dark', language: 'TY' });
    await logIn(page, url, { anyLanguage: true });
    await gotoSettled(page, `${url}/sports`);
    await page.getByTestId('sports-simulated').first().waitFor();
    await screenshot(page, 'sports-centre-desktop-ty-dark');
    await expectNoSidewaysScroll(page);
    await gotoSettled(page, `${url}/esports`);
    await page.getByTestId('sports-simulated').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'esports-centre-desktop-ty-dark');
    const light = await run.open('phone', { theme: 'light', language: 'EN' });
    await gotoSettled(light, `${url}/esports`);
    await light.getByTestId('sports-simulated').first().waitFor();
    await screenshot(light, 'esports-centre-phone-en-light');

    const { page: ops } = await newPage(run.browser, { width: 1366, height: 900 });
    await consoleLogin(ops, url, 'admin', '/games/sportsbook');
    await ops.getByTestId('sportsbook-page').waitFor();
    await ops.locator('[data-testid^="fixture-"]').first().waitFor();
    expect(await seriousViolations(ops)).toEqual([]);
    await screenshot(ops, 'console-sportsbook-1366');
  });

  it('a match and my bets on a desktop, e-sports on a phone, in Tagalog and dark', async () => {
    const url = run.taya.url;
    const page = await run.open('desktop', { theme: 'dark', language: 'TY' });
    await logIn(page, url, { anyLanguage: true });
    // A simulated match's page, with all its markets.
    await gotoSettled(page, `${url}/sports`);
    await page.locator('[data-testid^="fixture-more-"]').first().click();
    await page.locator('[data-testid^="market-"]').first().waitFor();
    await screenshot(page, 'sports-match-desktop-ty-dark');
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    // The parlay settled by the first test, each leg with its outcome.
    await gotoSettled(page, `${url}/sports/my-bets`);
    await page.getByTestId('my-bets-settled').click();
    await page.locator('[data-testid^="ticket-"][data-status]').first().waitFor();
    await screenshot(page, 'sports-my-bets-desktop-ty-dark');

    const phone = await run.open('phone', { theme: 'dark', language: 'TY' });
    await gotoSettled(phone, `${url}/esports`);
    await phone.getByTestId('sports-simulated').first().waitFor();
    await screenshot(phone, 'esports-centre-phone-ty-dark');
    await expectNoSidewaysScroll(phone);
    await phone.locator('[data-testid^="fixture-more-"]').first().click();
    await phone.locator('[data-testid^="market-"]').first().waitFor();
    await screenshot(phone, 'esports-match-phone-ty-dark');
    await expectNoSidewaysScroll(phone);
  });
});
