import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../apps/server/src/modules/identity/schema';
import { agentContracts } from '../apps/server/src/modules/agents/schema';
import { windowAt } from '../apps/server/src/modules/agents/windows';
import type { RunningServer } from '../apps/server/src/server';
import { logInAsDemoMember, screenshot } from './fixtures';
import { BrowserRun, expectNoSidewaysScroll, fundMember, minor } from './steps';

let run: BrowserRun;
let taya: RunningServer;

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  // The demo accounts have logged in before (no first-log-in password change).
  await taya.database.db.update(accounts).set({ loginCount: 1 });
});
afterAll(() => run?.stop());

const open = (): Promise<Page> => run.open('phone', { theme: 'light' });

async function agentLogin(page: Page, username: string, password: string) {
  await page.goto(`${taya.url}/agent`);
  const form = page.getByTestId('agent-login-form');
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/agentHome$/);
}

/** Plays Taya Fortune for a member through the real launch, vendor and wallet calls. */
async function play(memberId: string, spins: number, bet: string): Promise<bigint> {
  const { app } = taya;
  const { token } = await app.services.sessions.issue({
    subjectId: memberId,
    role: 'member',
    merchantCode: 'TYPH',
  });
  const auth = { authorization: `Bearer ${token}` };
  const launch = await app.inject({
    method: 'GET',
    url: '/wps/game/launchGame?nodeId=TYPH-TAYA-FORTUNE&accountType=1',
    headers: auth,
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
  let staked = 0n;
  for (let i = 0; i < spins; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/taya-games/slot/spin',
      payload: { session, playerId: memberId, gameCode: 'TAYA_FORTUNE', bet },
    });
    expect(res.statusCode).toBe(200);
    staked += minor(bet);
  }
  return staked;
}

describe('the agent centre in the browser', () => {
  it('agent → new downline agent → daily contract accepted in another browser → bets → settlement → both see it', async () => {
    const { db } = taya.database;
    const { agents } = taya.app.services;
    const [master] = await db
      .select()
      .from(accounts)
      .where(eq(accounts.usernameKey, 'demo_master'));
    // The platform's own contract with the top agent: 2 % of the team's valid bet a day.
    await agents.grantTop('TYPH', 'operator:e2e', {
      agentId: master!.id,
      kind: 'daily',
      tiers: [{ rate: '2', minActiveMembers: 0, minPeriodBet: '0' }],
    });

    // The top agent logs in at /agent and opens a downline agent.
    const boss = await open();
    await agentLogin(boss, 'demo_master', 'Demo#2026');
    await boss.goto(`${taya.url}/agentHome/registerCenter`);
    const form = boss.getByTestId('agent-register-form');
    await form.getByRole('radio', { name: 'Agent' }).check();
    await form.getByLabel('Username', { exact: true }).fill('e2eagent1');
    await form.getByLabel('Password', { exact: true }).fill('Agent2026x');
    await form.getByRole('button', { name: 'Create account' }).click();
    await boss.getByTestId('agent-register-done').waitFor();
    await screenshot(boss, 'agent-register-phone-en');

    // … and offers it a daily salary of 1 %.
    await boss.goto(`${taya.url}/agentHome/downlineManagmentView`);
    const row = boss.locator('[data-testid="downline-row"][data-username="e2eagent1"]');
    await row.getByTestId('downline-offer').click();
    const offer = boss.getByTestId('contract-offer-dialog');
    await offer.getByTestId('contract-offer-kind').selectOption('daily');
    await offer.getByLabel('Rate (%)').fill('1');
    await screenshot(boss, 'agent-offer-phone-en');
    await offer.getByTestId('contract-offer-submit').click();
    await expect
      .poll(async () =>
        (await agents.contracts({ accountId: master!.id })).granted.map((c) => c.status),
      )
      .toEqual(['pending']);

    // The downline, in a browser of its own, accepts.
    const [sub] = await db.select().from(accounts).where(eq(accounts.usernameKey, 'e2eagent1'));
    await db.update(accounts).set({ loginCount: 1 }).where(eq(accounts.id, sub!.id));
    const downline = await open();
    await agentLogin(downline, 'e2eagent1', 'Agent2026x');
    await downline.goto(`${taya.url}/agentHome/downlineManagmentView`);
    const mine = downline.locator('[data-testid="contract-mine-row"][data-status="pending"]');
    await mine.getByTestId('contract-accept').click();
    await downline
      .locator('[data-testid="contract-mine-row"][data-status="active"]')
      .first()
      .waitFor();
    await screenshot(downline, 'agent-contract-accepted-phone-en');

    // The contracts have run since the start of the week (a contract pays for whole days).
    const day = windowAt('daily', 'Asia/Manila', new Date());
    await db
      .update(agentContracts)
      .set({ activeFrom: new Date(day.start.getTime() - 7 * 86_400_000) })
      .where(sql`${agentContracts.status} = 'active'`);

    // A member under the new agent plays: real spins through the seamless wallet.
    const member = await agents.createDownline(
      { accountId: sub!.id, merchantCode: 'TYPH' },
      { username: 'e2eplayer1', password: 'Player2026x', type: 0 },
    );
    await fundMember(taya, member.id, 1_000_00n, `e2e-fund:${member.id}`);
    const staked = await play(member.id, 12, '10.00');
    expect(staked).toBe(120_00n);

    // Settlement of today's window (what the job does once the day has ended).
    const settled = await agents.settle('TYPH', 'daily', day);
    // 2 % of 120.00 in all: 1 % to the downline, the rest to the top agent.
    expect(settled.paid).toBe(2_40n);

    // Both see their settlement with its inputs, and their income.
    await downline.goto(`${taya.url}/agentHome/agentDailyWages2`);
    const subRow = downline.getByTestId('settlement-row').first();
    await expect
      .poll(async () => minor(await subRow.getByTestId('settlement-payout').innerText()))
      .toBe(1_20n);
    await subRow.getByTestId('settlement-toggle').click();
    expect(minor(await subRow.getByTestId('settlement-valid-bet').innerText())).toBe(120_00n);
    await screenshot(downline, 'agent-daily-wages-phone-en');

    await boss.goto(`${taya.url}/agentHome/agentDailyWages2`);
    const bossRow = boss.getByTestId('settlement-row').first();
    await expect
      .poll(async () => minor(await bossRow.getByTestId('settlement-payout').innerText()))
      .toBe(1_20n);
    await bossRow.getByTestId('settlement-toggle').click();
    expect(minor(await bossRow.getByTestId('settlement-gross').innerText())).toBe(2_40n);
    expect(minor(await bossRow.getByTestId('settlement-below').innerText())).toBe(1_20n);

    await boss.goto(`${taya.url}/agentHome/agentRevenueReport`);
    await expect
      .poll(async () => minor(await boss.getByTestId('revenue-total').innerText()))
      .toBe(1_20n);
    await screenshot(boss, 'agent-revenue-phone-en');
  });

  it('reads well in Burmese on a dark desktop', async () => {
    // Today's figures into the daily team figures now (the job rolls each window up a minute
    // after it ends): the spins of the first test show in the chart.
    await taya.app.services.agents.rollupDue(new Date(Date.now() + 6 * 60_000));
    const page = await run.open('desktop', { theme: 'dark', language: 'MY' });
    await page.goto(`${taya.url}/agent`);
    const form = page.getByTestId('agent-login-form');
    await form.locator('input[autocomplete="username"]').fill('demo_master');
    await form.locator('input[autocomplete="current-password"]').fill('Demo#2026');
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(/\/agentHome$/);
    await page.goto(`${taya.url}/agentHome/agentTeamOverview`);
    await page.getByTestId('overview-tiles').waitFor();
    await page.getByTestId('overview-chart').waitFor();
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'agent-overview-desktop-dark-my');
    await page.goto(`${taya.url}/agentHome/downlineManagmentView`);
    await page.getByTestId('downline-list').waitFor();
    await screenshot(page, 'agent-downline-desktop-dark-my');
  });

  it('sends a member who tries the agent centre to /agent', async () => {
    const page = await open();
    await logInAsDemoMember(page, taya.url);
    await page.goto(`${taya.url}/agentHome/agentTeamOverview`);
    await page.waitForURL(/\/agent$/);
    await page.getByTestId('agent-login-form').waitFor();
  });
});
