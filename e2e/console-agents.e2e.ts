import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../apps/server/src/modules/identity/schema';
import { agentContracts } from '../apps/server/src/modules/agents/schema';
import { windowAt } from '../apps/server/src/modules/agents/windows';
import { betRecords } from '../apps/server/src/modules/play/schema';
import type { RunningServer } from '../apps/server/src/server';
import { seriousViolations } from './axe';
import { consoleLogin, markLoggedInBefore, newPage, screenshot } from './fixtures';
import { BrowserRun, expectNoSidewaysScroll, fundMember, minor } from './steps';

const laptop = { width: 1366, height: 900 };
const small = { width: 1024, height: 768 };

let run: BrowserRun;
let taya: RunningServer;
let operator: Page;

beforeAll(async () => {
  // No settlement job: the operator's "Run settlement" is what settles.
  run = await BrowserRun.start({ JOBS: 'off' });
  taya = run.taya;
  await markLoggedInBefore(taya, ['demo_member', 'demo_agent', 'demo_master']);
  operator = (await newPage(run.browser, laptop)).page;
}, 60_000);
afterAll(async () => {
  await operator?.context().close();
  await run?.stop();
});

/** Both sizes of a console screen: no sideways scroll, no serious axe finding, a picture. */
async function look(name: string): Promise<void> {
  for (const [size, viewport] of [
    ['1366', laptop],
    ['1024', small],
  ] as const) {
    await operator.setViewportSize(viewport);
    await expectNoSidewaysScroll(operator);
    expect(await seriousViolations(operator)).toEqual([]);
    await screenshot(operator, `console-${name}-${size}`);
  }
  await operator.setViewportSize(laptop);
}

async function confirmWithReason(button: string, reason: string, shot?: string): Promise<void> {
  const dialog = operator.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  if (shot) await look(shot);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function agentLogin(page: Page, username: string) {
  await page.goto(`${taya.url}/agent`);
  const form = page.getByTestId('agent-login-form');
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill('Demo#2026');
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/agentHome$/);
}

const idOf = async (username: string) => {
  const [row] = await taya.database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.usernameKey, username));
  return row!.id;
};

/** Plays Taya Fortune for a member through the real launch, vendor and wallet calls. */
async function play(memberId: string, spins: number, bet: string): Promise<void> {
  const { app } = taya;
  const { token } = await app.services.sessions.issue({
    subjectId: memberId,
    role: 'member',
    merchantCode: 'TYPH',
  });
  const launch = await app.inject({
    method: 'GET',
    url: '/wps/game/launchGame?nodeId=TYPH-TAYA-FORTUNE&accountType=1',
    headers: { authorization: `Bearer ${token}` },
  });
  const launchToken = new URL(launch.json().value.content.game_url, 'http://x').searchParams.get(
    'token',
  );
  const opened = await app.inject({
    method: 'POST',
    url: '/taya-games/slot/open',
    payload: { token: launchToken },
  });
  const session = opened.json().value.session as string;
  for (let i = 0; i < spins; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/taya-games/slot/spin',
      payload: { session, playerId: memberId, gameCode: 'TAYA_FORTUNE', bet },
    });
    expect(res.statusCode).toBe(200);
  }
}

/** The balance the upline's downline screen shows for one direct downline. */
async function downlineBalance(page: Page, username: string): Promise<bigint> {
  await page.goto(`${taya.url}/agentHome/downlineManagmentView`);
  const row = page.locator(`[data-testid="downline-row"][data-username="${username}"]`);
  const balance = row.locator('.bet-figures > div').filter({ hasText: 'Balance' }).locator('dd');
  return minor(await balance.innerText());
}

describe('the console agents', () => {
  it('operator grants a daily salary → the agent offers it below → accepted → settled → paid', async () => {
    const { db } = taya.database;
    const masterId = await idOf('demo_master');

    // The tree: the top agent, opened to its downline.
    await consoleLogin(operator, taya.url, 'admin', '/agents');
    await operator.getByRole('heading', { level: 1, name: 'Agent tree' }).waitFor();
    const tree = operator.getByTestId('agents-tree');
    await tree.locator('[data-testid="agent-node"][data-username="demo_master"]').waitFor();
    await operator.getByRole('button', { name: "Open demo_master's downline" }).click();
    await tree.locator('[data-testid="agent-node"][data-username="demo_agent"]').waitFor();
    await operator.getByRole('button', { name: "Open demo_agent's downline" }).click();
    await tree.locator('[data-testid="agent-node"][data-username="demo_member"]').waitFor();
    await look('agents-tree');

    // Its page: the seeded daily salary (2 %) is ended, and a new one of 3 % granted.
    await tree.getByText('demo_master', { exact: true }).click();
    await operator.getByRole('heading', { level: 1, name: 'demo_master' }).waitFor();
    const mine = operator.getByTestId('contracts-mine');
    const dailyRow = mine.getByTestId('table-row').filter({ hasText: 'Daily salary' });
    await dailyRow.getByText('2 % from 0 active').waitFor();
    await look('agent');
    await dailyRow.getByRole('button', { name: 'End contract' }).click();
    await confirmWithReason('End contract', 'Terms renegotiated for the new season', 'agent-end');
    await expect.poll(() => dailyRow.count()).toBe(0);

    await operator.getByRole('button', { name: 'Grant contract' }).click();
    const form = operator.getByTestId('grant-form');
    await form.getByLabel('Kind').selectOption('daily');
    await form.getByLabel('Rate (%)').fill('3.5.1');
    await form.getByLabel('Reason').fill('New season terms');
    await form.getByRole('button', { name: 'Grant contract' }).click();
    // The contract's own schema refuses a malformed rate before anything is sent.
    await form.getByText('a percentage such as 0.6 or 35').waitFor();
    await form.getByLabel('Rate (%)').fill('3');
    await look('agent-grant');
    await form.getByRole('button', { name: 'Grant contract' }).click();
    await form.waitFor({ state: 'detached' });
    await dailyRow.getByText('3 % from 0 active').waitFor();
    await dailyRow.getByText('Operator').waitFor();

    // Pause and resume: the badge follows.
    await operator.getByRole('button', { name: 'Pause settlement' }).click();
    await confirmWithReason('Pause settlement', 'Checking a complaint', 'agent-pause');
    await operator
      .getByTestId('agent-pause')
      .getByText(/Checking a complaint/)
      .waitFor();
    await look('agent-paused');
    await operator.getByRole('button', { name: 'Resume settlement' }).click();
    await confirmWithReason('Resume settlement', 'Complaint closed');
    await operator.getByTestId('agent-settlement-state').getByText('Settling').waitFor();

    // The top agent, in the player app's agent back office, offers demo_agent 1 % a day.
    const boss = await run.open('phone', { theme: 'light' });
    await agentLogin(boss, 'demo_master');
    await boss.goto(`${taya.url}/agentHome/downlineManagmentView`);
    const row = boss.locator('[data-testid="downline-row"][data-username="demo_agent"]');
    await row.getByTestId('downline-offer').click();
    const offer = boss.getByTestId('contract-offer-dialog');
    await offer.getByTestId('contract-offer-kind').selectOption('daily');
    await offer.getByLabel('Rate (%)').fill('1');
    await offer.getByTestId('contract-offer-submit').click();
    await expect
      .poll(async () =>
        (await taya.app.services.agents.contracts({ accountId: masterId }, 'daily')).granted.map(
          (c) => c.status,
        ),
      )
      .toEqual(['pending']);
    const before = await downlineBalance(boss, 'demo_agent');

    // demo_agent, in a browser of its own, accepts.
    const downline = await run.open('phone', { theme: 'light' });
    await agentLogin(downline, 'demo_agent');
    await downline.goto(`${taya.url}/agentHome/downlineManagmentView`);
    await downline
      .locator('[data-testid="contract-mine-row"][data-status="pending"]')
      .getByTestId('contract-accept')
      .click();
    await downline
      .locator('[data-testid="contract-mine-row"][data-status="active"]')
      .first()
      .waitFor();

    // The console shows the offer accepted under demo_master.
    await operator.reload();
    await operator
      .getByTestId('contracts-granted')
      .getByTestId('table-row')
      .filter({ hasText: 'demo_agent' })
      .getByText('Active', { exact: true })
      .waitFor();

    // demo_member (under demo_agent) plays 120.00 yesterday, when both daily contracts ran.
    const memberId = await idOf('demo_member');
    await fundMember(taya, memberId, 1_000_00n, `e2e-agents-fund:${memberId}`);
    await play(memberId, 12, '10.00');
    const today = windowAt('daily', 'Asia/Manila', new Date());
    const yesterday = new Date(today.start.getTime() - 12 * 3_600_000);
    await db
      .update(betRecords)
      .set({ placedAt: yesterday, settledAt: yesterday })
      .where(eq(betRecords.accountId, memberId));
    await db
      .update(agentContracts)
      .set({ activeFrom: new Date(today.start.getTime() - 86_400_000) })
      .where(and(eq(agentContracts.status, 'active'), eq(agentContracts.kind, 'daily')));

    // The operator runs the settlement from the console.
    await operator.goto(`${taya.url}/console/agents/settlements`);
    await operator.getByRole('heading', { level: 1, name: 'Agent settlements' }).waitFor();
    await operator.getByRole('button', { name: 'Run settlement' }).click();
    await confirmWithReason('Run settlement', 'Settling yesterday before the report', 'settle');
    await operator
      .getByTestId('settlements-notice')
      .getByText(/windows? settled, [\d.,]+ paid/)
      .waitFor();
    const settled = operator.getByTestId('settlements-table').getByTestId('table-row');
    await settled.filter({ hasText: 'demo_agent' }).first().waitFor();
    await look('agent-settlements');

    // Filtered in the URL: demo_agent's 1 % of 120.00, and demo_master's 3 % less that.
    const daily = async (username: string) => {
      await operator.getByLabel('Agent id').fill(await idOf(username));
      await operator.getByLabel('Kind').selectOption('daily');
      await operator.getByRole('button', { name: 'Apply' }).click();
      await operator.waitForURL(/agentId=.*kind=daily|kind=daily.*agentId=/);
      // The table keeps the last filter's rows until the new ones come.
      await expect
        .poll(async () => [
          await settled.count(),
          await settled.filter({ hasText: username }).count(),
        ])
        .toEqual([1, 1]);
      const figure = async (name: string) =>
        minor(await settled.getByTestId(`settlement-${name}`).innerText());
      return {
        validBet: await figure('valid-bet'),
        gross: await figure('gross'),
        below: await figure('below'),
        payout: await figure('payout'),
      };
    };
    expect(await daily('demo_agent')).toEqual({
      validBet: 120_00n,
      gross: 1_20n,
      below: 0n,
      payout: 1_20n,
    });
    expect(await daily('demo_master')).toEqual({
      validBet: 120_00n,
      gross: 3_60n,
      below: 1_20n,
      payout: 2_40n,
    });
    await look('agent-settlements-filtered');
    await operator.goto(`${taya.url}/console/agents/${masterId}`);
    await operator
      .getByTestId('agent-settlements')
      .getByTestId('settlement-payout')
      .first()
      .waitFor();
    await look('agent-settled');

    // demo_agent sees its salary with its inputs, and its balance grew by it.
    await downline.goto(`${taya.url}/agentHome/agentDailyWages2`);
    const wage = downline.getByTestId('settlement-row').first();
    await expect
      .poll(async () => minor(await wage.getByTestId('settlement-payout').innerText()))
      .toBe(1_20n);
    await screenshot(downline, 'console-agents-downline-wages-phone-en');
    expect(await downlineBalance(boss, 'demo_agent')).toBe(before + 1_20n);
  }, 240_000);
});
