import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotteryGame, LotteryIssue } from '@taya/contracts';
import type { RunningServer } from '../apps/server/src/server';
import { seriousViolations } from './axe';
import { screenshot } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, logIn, minor } from './steps';

let run: BrowserRun;
let taya: RunningServer;

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  await demoPlayer(taya, 'e2e-lottery-fund');
  // The schedule job's work at once, rather than at the next minute: the games' issues exist.
  await taya.app.services.lottery.scheduleDue();
});
afterAll(() => run?.stop());

/** An API answer's envelope, read with the page's own session (as the web app calls). */
async function call<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; success: boolean; errorCode?: string; message?: string; value: T }> {
  const token = await page.evaluate(() => sessionStorage.getItem('taya.token'));
  const response = await fetch(`${taya.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      device: 'WEB',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, ...(await response.json()) };
}

/** "00:42" → 42. */
function seconds(text: string): number {
  const [m, s] = text.trim().split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

async function openIssueId(page: Page): Promise<string> {
  const text = await page.getByTestId('open-issue').innerText();
  const match = /Issue (\S+)/.exec(text);
  if (!match) throw new Error(`no issue in ${JSON.stringify(text)}`);
  return match[1]!;
}

describe('lottery (fast e-lottery, 1 minute)', () => {
  it(
    'bets big, sees betting close, the result arrive and the exact payout; a late bet is refused',
    { timeout: 300_000 },
    async () => {
      const page = await run.open('desktop', { theme: 'dark' });
      await logIn(page, taya.url, { balance: '500.00' });

      // The hall: the fast e-lottery family with its three games, each with its open issue.
      await page.goto(`${taya.url}/elott`);
      const card = page.getByTestId('lottery-card-ELOTT_1M');
      await card.getByRole('timer').waitFor();
      expect(await card.innerText()).toContain('Draws every 1 min');
      expect(await page.getByTestId('lottery-family-ELOTT').innerText()).toContain(
        'E-lottery 5 minutes',
      );
      await screenshot(page, 'lottery-hall-desktop-dark');
      expect(await seriousViolations(page), 'lottery hall').toEqual([]);
      await card.getByRole('link', { name: 'Play E-lottery 1 minute' }).click();
      await page.waitForURL(/\/lottery\?gameCode=ELOTT_1M$/);

      // An issue with time enough to bet: otherwise the next one.
      const timer = page.getByTestId('countdown').getByRole('timer');
      await timer.waitFor();
      if (seconds(await timer.innerText()) < 20) {
        const first = await openIssueId(page);
        await expect.poll(() => openIssueId(page), { timeout: 80_000 }).not.toBe(first);
        await timer.waitFor();
      }
      const issueId = await openIssueId(page);
      const before = minor(await page.getByTestId('site-header').innerText());
      expect(before).toBe(500_00n);

      // Big on the sum, 10.00 × 1.
      await page.getByRole('tab', { name: 'Sum big/small' }).click();
      await page.getByLabel('Stake per unit').fill('10.00');
      await page.getByLabel('Multiplier').fill('1');
      const board = page.getByTestId('board-SUM_BS');
      await board.getByRole('button', { name: 'Big', exact: true }).click();
      await board.getByRole('button', { name: 'Add to slip (1)' }).click();
      const slip = page.getByTestId('bet-slip');
      expect(await slip.getByTestId('slip-total').innerText()).toContain('10.00');
      await screenshot(page, 'lottery-game-slip-desktop-dark');
      await slip.getByRole('button', { name: 'Place bets' }).click();
      await slip
        .getByText(`Your bets are placed on issue ${issueId} (total ₱\u00a010.00).`, {
          exact: false,
        })
        .waitFor();
      await expect
        .poll(async () => minor(await page.getByTestId('site-header').innerText()))
        .toBe(before - 10_00n);

      // Another bet waits on the slip while the countdown runs out: then betting is closed.
      await board.getByRole('button', { name: 'Big', exact: true }).click();
      await board.getByRole('button', { name: 'Add to slip (1)' }).click();
      await page.getByTestId('countdown').getByText('Betting closed').waitFor({ timeout: 100_000 });
      expect(await slip.getByRole('button', { name: 'Place bets' }).isDisabled()).toBe(true);
      expect(await slip.getByTestId('slip-closed').innerText()).toBe(
        'Betting on this issue has closed: wait for the next one.',
      );
      await screenshot(page, 'lottery-game-closed-desktop-dark');

      // A bet for the closed issue is refused in plain words and takes nothing.
      const late = await call(page, 'POST', '/lotto/bets', {
        gameCode: 'ELOTT_1M',
        issueId,
        requestId: 'e2e-lottery-late-bet',
        bets: [{ type: 'SUM_BS', selection: ['big'], unitStake: '10.00', units: 1 }],
      });
      expect(late.status).toBe(409);
      expect(late.errorCode).toBe('lottery_closed');
      expect(late.message).toBe('Betting on this draw has closed; bet on the next one');

      // The result arrives: the last result strip shows the issue's five digits.
      const last = page.getByTestId('last-result');
      await expect
        .poll(() => last.innerText(), { timeout: 60_000 })
        .toContain(`Last result (${issueId})`);
      const history = await call<{ list: LotteryIssue[] }>(
        page,
        'GET',
        `/lgw/vn/numeros/opened/game?gameCode=ELOTT_1M&pageSize=5`,
      );
      const drawn = history.value.list.find((issue) => issue.issueId === issueId);
      expect(drawn?.result?.kind).toBe('ELOTT');
      const digits = drawn!.result!.kind === 'ELOTT' ? drawn!.result!.digits : [];
      expect(await last.getByLabel(digits.join(' ')).count()).toBe(1);

      // The exact payout: big wins on a sum of 23 or more, paying the game's ratio (stake in).
      const menu = await call<{ games: LotteryGame[] }>(page, 'GET', '/lgw/vn/games/game_menu');
      const ratio = menu.value.games
        .find((game) => game.gameCode === 'ELOTT_1M')!
        .betTypes.find((type) => type.code === 'SUM_BS')!.pays.win!;
      const won = digits.reduce((sum, d) => sum + d, 0) >= 23;
      const payout = won ? (10_00n * BigInt(ratio.num)) / BigInt(ratio.den) : 0n;
      await expect
        .poll(async () => minor(await page.getByTestId('site-header').innerText()), {
          timeout: 30_000,
        })
        .toBe(before - 10_00n + payout);

      await page.getByRole('tab', { name: 'My bets' }).click();
      const status = page.getByTestId('bet-status').first();
      await expect.poll(() => status.innerText(), { timeout: 20_000 }).toBe(won ? 'Won' : 'Lost');
      expect(await page.getByTestId('bet-payout').first().innerText()).toContain(
        `${payout / 100n}.${String(payout % 100n).padStart(2, '0')}`,
      );
      await screenshot(page, 'lottery-my-bets-desktop-dark');

      // Anyone can verify the result from its revealed seed, in the browser.
      await page.goto(`${taya.url}/lotteryVerify?gameCode=ELOTT_1M&issue=${issueId}`);
      await expect
        .poll(() => page.getByTestId('verify-verdict').innerText(), { timeout: 15_000 })
        .toBe('Verified: the seed matches the commitment and gives exactly the published result.');
      await screenshot(page, 'lottery-verify-desktop-dark');
      expect(await seriousViolations(page), 'verify page').toEqual([]);
    },
  );

  it('reads well on a phone in Burmese', { timeout: 60_000 }, async () => {
    const page = await run.open('phone', { theme: 'dark', language: 'MY' });
    await logIn(page, taya.url, { anyLanguage: true });
    await page.goto(`${taya.url}/lottery?gameCode=ELOTT_1M`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('my');
    await page.getByTestId('lottery-game').waitFor();
    await page.getByTestId('board-SUM_BS').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'lottery-game-phone-my-dark');
    await page.getByTestId('bet-slip').scrollIntoViewIfNeeded();
    await screenshot(page, 'lottery-slip-phone-my-dark');
    await page.goto(`${taya.url}/elott`);
    await page.getByTestId('lottery-card-ELOTT_1M').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'lottery-hall-phone-my-dark');
    await page.goto(`${taya.url}/lotteryResults?gameCode=ELOTT_1M`);
    await page.getByTestId('result-history').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'lottery-results-phone-my-dark');
    // The Vietnamese northern draw's lô board: the 00–99 grid fits a phone.
    await page.goto(`${taya.url}/vnLottery?gameCode=VN_NORTH`);
    await page.getByTestId('board-LO2').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'lottery-vn-board-phone-my-dark');
    expect(await seriousViolations(page), 'lottery hall (MY)').toEqual([]);
  });
});
