import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotteryIssue } from '@taya/contracts';
import { VN_NORTH, VN_NORTH_LAYOUT, settleBet, type LotteryResult } from '@taya/games';
import type { RunningServer } from '../apps/server/src/server';
import { seriousViolations } from './axe';
import { consoleLogin, newPage, screenshot } from './fixtures';
import { BrowserRun, demoPlayer, expectNoSidewaysScroll, logIn, minor } from './steps';

const laptop = { width: 1366, height: 900 };
const small = { width: 1024, height: 768 };

/** The northern draw's sheet: 27 numbers, 27 ending the special and the first prize. */
const northResult = {
  kind: 'VN',
  prizes: {
    special: ['12327'],
    first: ['45127'],
    second: ['30418', '77256'],
    third: ['10293', '58814', '60035', '91172', '23360', '47701'],
    fourth: ['1840', '5521', '9063', '3319'],
    fifth: ['2208', '6645', '0194', '7730', '4452', '8816'],
    sixth: ['531', '906', '248'],
    seventh: ['14', '63', '80', '39'],
  },
} as const satisfies LotteryResult;

const prizeLabels: Record<string, string> = {
  special: 'Special prize',
  first: 'First prize',
  second: 'Second prize',
  third: 'Third prize',
  fourth: 'Fourth prize',
  fifth: 'Fifth prize',
  sixth: 'Sixth prize',
  seventh: 'Seventh prize',
};

let run: BrowserRun;
let taya: RunningServer;

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  await demoPlayer(taya, 'e2e-console-lottery-fund');
  await taya.app.services.lottery.scheduleDue();
}, 60_000);
afterAll(() => run?.stop());

/** Both console sizes: no sideways scroll, no serious axe finding, a picture of each. */
async function look(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['1366', laptop],
    ['1024', small],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page), name).toEqual([]);
    await screenshot(page, `console-lottery-${name}-${size}`);
  }
  await page.setViewportSize(laptop);
}

/** The issue's row in the console's list, opened in its side panel. */
async function openIssue(page: Page, issueId: string): Promise<void> {
  const row = page
    .getByTestId('issues-table')
    .getByTestId('table-row')
    .filter({ hasText: issueId });
  await row.first().click();
  await page.getByTestId('issue-detail').waitFor();
}

describe('console: lottery results', () => {
  it(
    'two operators enter and confirm a VN result: the issue and the member bet settle',
    { timeout: 240_000 },
    async () => {
      // The member bets 10.00 on lô 27 of the open northern issue, in the player app.
      const member = await run.open('desktop');
      await logIn(member, taya.url, { balance: '500.00' });
      await member.goto(`${taya.url}/vnLottery?gameCode=VN_NORTH`);
      const board = member.getByTestId('board-LO2');
      await board.waitFor();
      const issueText = await member.getByTestId('open-issue').innerText();
      const issueId = /Issue (\S+)/.exec(issueText)?.[1];
      expect(issueId, issueText).toBeTruthy();
      await member.getByLabel('Stake per unit').fill('10.00');
      await member.getByLabel('Multiplier').fill('1');
      await board.getByRole('button', { name: '27', exact: true }).click();
      await board.getByRole('button', { name: 'Add to slip (1)' }).click();
      const slip = member.getByTestId('bet-slip');
      await slip.getByRole('button', { name: 'Place bets' }).click();
      await slip.getByText(`Your bets are placed on issue ${issueId}`, { exact: false }).waitFor();
      await expect
        .poll(async () => minor(await member.getByTestId('site-header').innerText()))
        .toBe(490_00n);

      // Betting closes now (the draw stays ahead, so no feed or demo draw comes first).
      await taya.database.db.execute(sql`
        update lottery_issues set closes_at = now() - interval '1 second',
          draw_at = now() + interval '30 minutes'
        where game_code = 'VN_NORTH' and issue_id = ${issueId!}`);

      // Operator A (lottery role) finds the closed issue and types the result from the sheet.
      const clerk = (await newPage(run.browser, laptop)).page;
      await consoleLogin(clerk, taya.url, 'lottery', '/lottery?gameCode=VN_NORTH&status=closed');
      await clerk.getByRole('heading', { level: 1, name: 'Lottery issues' }).waitFor();
      await clerk.getByTestId('issues-table').getByText(issueId!).waitFor();
      await look(clerk, 'issues');

      await openIssue(clerk, issueId!);
      expect(await clerk.getByTestId('issue-status').innerText()).toBe('Closed');
      await look(clerk, 'issue-closed');

      // Cancel explains the refunds (and is left unconfirmed here).
      await clerk.getByRole('button', { name: 'Cancel issue' }).click();
      const cancelDialog = clerk.getByRole('dialog', { name: 'Cancel this issue?' });
      expect(await cancelDialog.innerText()).toContain('its 1 bet is refunded');
      await look(clerk, 'cancel-dialog');
      await cancelDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await cancelDialog.waitFor({ state: 'detached' });

      await clerk.getByRole('button', { name: 'Enter result' }).click();
      const form = clerk.getByTestId('result-form');
      await form.waitFor();
      // A short number is refused under its prize, before anything is sent.
      await form.getByLabel('Special prize, number 1').fill('123');
      await form.getByRole('button', { name: 'Enter result' }).click();
      await form.getByText('Each number is 5 digits.').first().waitFor();
      for (const tier of VN_NORTH_LAYOUT) {
        const numbers = northResult.prizes[tier.tier as keyof typeof northResult.prizes];
        for (const [i, n] of numbers.entries())
          await form.getByLabel(`${prizeLabels[tier.tier]}, number ${i + 1}`).fill(n);
      }
      await form.getByLabel('Reason').fill('Official XSMB result sheet');
      await look(clerk, 'result-form');
      await form.getByRole('button', { name: 'Enter result' }).click();
      await clerk.getByTestId('pending-entry').waitFor();
      expect(await clerk.getByTestId('issue-status').innerText()).toBe(
        'Result pending confirmation',
      );
      // The one who entered it cannot confirm it.
      const selfConfirm = clerk.getByRole('button', { name: 'Confirm result' });
      expect(await selfConfirm.isDisabled()).toBe(true);
      expect(await clerk.getByTestId('same-operator').innerText()).toBe(
        'You entered this result: a different operator must confirm it.',
      );
      expect(await clerk.getByTestId('pending-entry').innerText()).toContain(
        'Entered by demo_lottery',
      );
      await look(clerk, 'pending-own');

      // Operator B (admin) confirms it: the issue is drawn and settled at once.
      const checker = (await newPage(run.browser, laptop)).page;
      await consoleLogin(checker, taya.url, 'admin', '/lottery?gameCode=VN_NORTH&status=closed');
      await checker.getByTestId('issues-table').getByText(issueId!).waitFor();
      expect(
        await checker
          .getByTestId('issues-table')
          .getByTestId('table-row')
          .filter({ hasText: issueId! })
          .getByTestId('issue-row-status')
          .innerText(),
      ).toBe('Result pending confirmation');
      await openIssue(checker, issueId!);
      expect(await checker.getByTestId('pending-entry').innerText()).toContain(
        'Reason: Official XSMB result sheet',
      );
      await look(checker, 'pending-other');
      await checker.getByRole('button', { name: 'Confirm result' }).click();
      const confirmDialog = checker.getByRole('dialog', { name: 'Confirm this result?' });
      await confirmDialog.getByLabel('Reason').fill('Checked against the official sheet');
      await look(checker, 'confirm-dialog');
      await confirmDialog.getByRole('button', { name: 'Confirm result' }).click();
      await confirmDialog.waitFor({ state: 'detached' });
      await checker.getByTestId('lottery-notice').getByText(`Issue ${issueId} is drawn`).waitFor();
      await expect.poll(() => checker.getByTestId('issue-status').innerText()).toBe('Settled');
      expect(await checker.getByTestId('issue-result').innerText()).toContain('12327');
      await look(checker, 'issue-settled');

      await checker.getByRole('button', { name: 'Close' }).click();
      await checker.goto(`${taya.url}/console/lottery?gameCode=VN_NORTH&status=settled`);
      const settledRow = checker
        .getByTestId('issues-table')
        .getByTestId('table-row')
        .filter({ hasText: issueId! });
      await settledRow.getByText('Settled').waitFor();
      await look(checker, 'issues-settled');

      // The member's bet is settled with the rules' payout: 27 ends two prizes.
      const payout = settleBet(
        VN_NORTH,
        { type: 'LO2', selection: ['27'], unitStake: 10_00n, units: 1 },
        northResult,
      ).payout;
      expect(payout).toBeGreaterThan(0n);
      await member.reload();
      await member.getByTestId('board-LO2').waitFor();
      await expect
        .poll(async () => minor(await member.getByTestId('site-header').innerText()), {
          timeout: 20_000,
        })
        .toBe(490_00n + payout);
      await member.getByRole('tab', { name: 'My bets' }).click();
      const status = member.getByTestId('bet-status').first();
      await expect.poll(() => status.innerText(), { timeout: 20_000 }).toBe('Won');
      await screenshot(member, 'console-lottery-member-bets-desktop');

      const history = await fetch(
        `${taya.url}/lgw/vn/numeros/opened/game?gameCode=VN_NORTH&pageSize=5`,
        { headers: { merchant: 'TYPH' } },
      );
      const drawn = ((await history.json()) as { value: { list: LotteryIssue[] } }).value.list.find(
        (issue) => issue.issueId === issueId,
      );
      expect(drawn).toMatchObject({ status: 'settled', resultSource: 'operator' });

      // Both operators' reasons are in the audit log.
      const { rows } = (await taya.database.db.execute(sql`
        select action, actor_username, reason from audit_log
        where action in ('lottery.result.enter', 'lottery.result.confirm') order by seq`)) as {
        rows: { action: string; actor_username: string; reason: string }[];
      };
      expect(rows).toEqual([
        {
          action: 'lottery.result.enter',
          actor_username: 'demo_lottery',
          reason: 'Official XSMB result sheet',
        },
        {
          action: 'lottery.result.confirm',
          actor_username: 'demo_admin',
          reason: 'Checked against the official sheet',
        },
      ]);
    },
  );
});
