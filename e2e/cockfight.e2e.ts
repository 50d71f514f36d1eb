import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { consoleLogin, gotoSettled, newPage, screenshot as save } from './fixtures';
import {
  BrowserRun,
  accountId,
  demoPlayer,
  expectNoSidewaysScroll,
  fundMember,
  logIn,
  minor,
} from './steps';

let run: BrowserRun;
let agentId: string;

beforeAll(async () => {
  run = await BrowserRun.start();
  await demoPlayer(run.taya, 'e2e-cockfight-fund');
  agentId = await accountId(run.taya, 'demo_agent');
  await fundMember(run.taya, agentId, 2_000_00n, 'e2e-cockfight-agent');
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

const status = (page: Page) => page.getByTestId('sabong-status').getAttribute('data-status');
const balanceOf = async (page: Page) =>
  BigInt((await page.getByTestId('sabong-balance').getAttribute('data-amount'))!.replace('.', ''));

describe('cockfight in the browser', () => {
  it('a member bets Meron in Tagalog on a phone while an operator runs the fight to a result', async () => {
    const url = run.taya.url;
    // The operator, in the console: a new fight, betting opened.
    const { page: ops } = await newPage(run.browser, { width: 1366, height: 900 });
    await consoleLogin(ops, url, 'admin', '/games/cockfight');
    await ops.getByRole('heading', { level: 1, name: 'Cockfight' }).waitFor();
    const arena = ops.getByTestId('arena-SAB-1');
    await arena.getByLabel('Meron').fill('Red Hatch (Batangas)');
    await arena.getByLabel('Wala').fill('White Kelso (Cebu)');
    await arena.getByRole('button', { name: 'Create fight #1' }).click();
    await arena.getByTestId('fight-open').click();
    await expect
      .poll(() => arena.getByTestId('cockfight-live').getAttribute('data-status'))
      .toBe('open');

    // The member, on a phone, dark, in Tagalog: the fight open, no odds until both sides bet.
    const page = await run.open('phone', { theme: 'dark', language: 'TY' });
    await logIn(page, url, { anyLanguage: true });
    await gotoSettled(page, `${url}/cockfight`);
    await expect.poll(() => status(page)).toBe('open');
    await expect(page.getByTestId('sabong-odds-meron').getAttribute('data-odds')).resolves.toBe('');
    await expect(page.getByTestId('sabong-stream').getAttribute('data-state')).resolves.toBe(
      'offline',
    );
    await expect.poll(() => balanceOf(page)).toBe(500_00n);
    await page.getByTestId('sabong-amount').fill('100');
    await page.getByTestId('sabong-bet-meron').click();
    await page.getByTestId('sabong-notice').waitFor();
    await expect.poll(() => balanceOf(page)).toBe(400_00n);

    // Someone else bets Wala: the member's page moves the odds live (400 × 0.95 ÷ 100).
    const fight = Number(await page.getByTestId('sabong-fight').getAttribute('data-fight'));
    await run.taya.app.services.cockfight.bet(
      { accountId: agentId, merchantCode: 'TYPH' },
      'SAB-1',
      { requestId: 'e2e-cockfight-wala-1', fight, side: 'wala', amount: '300.00' },
    );
    await expect
      .poll(() => page.getByTestId('sabong-odds-meron').getAttribute('data-odds'))
      .toBe('380.00');
    await expect(page.getByTestId('sabong-odds-wala').getAttribute('data-odds')).resolves.toBe(
      '126.66',
    );
    await expect(page.getByTestId('sabong-pool-wala').getAttribute('data-amount')).resolves.toBe(
      '300.00',
    );
    await screenshot(page, 'cockfight-open-phone-ty-dark');
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);

    // The console shows the pools; last call, close (odds frozen), Meron wins.
    await expect.poll(() => arena.getByTestId('fight-boards-1').innerText()).toContain('380.00');
    await arena.getByTestId('fight-last-call').click();
    await expect.poll(() => status(page)).toBe('last-call');
    await arena.getByTestId('fight-close').click();
    await expect.poll(() => status(page)).toBe('closed');
    await expect(page.getByTestId('sabong-bet-meron').isDisabled()).resolves.toBe(true);
    await screenshot(ops, 'console-cockfight-closed-1366');
    await arena.getByTestId('fight-result-meron').click();
    const declare = ops.getByTestId('fight-declare');
    await declare.getByLabel('Reason').fill('Meron won clean in round two');
    await declare.getByRole('button', { name: 'Settle the fight' }).click();
    await declare.waitFor({ state: 'detached' });

    // The member sees the result, the trend board and the payout: 100 at 380.00 per 100.
    await expect.poll(() => status(page)).toBe('settled');
    await page.getByTestId('sabong-bead').first().waitFor();
    await expect(page.getByTestId('sabong-bead').first().getAttribute('data-result')).resolves.toBe(
      'meron',
    );
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe(780_00n);
    const row = page.getByTestId('sabong-mine-row').first();
    await expect.poll(() => row.getAttribute('data-payout')).toBe('380.00');
    await screenshot(page, 'cockfight-result-phone-ty-dark');
    await page.getByTestId('sabong-trend').scrollIntoViewIfNeeded();
    await save(page, 'cockfight-result-board-phone-ty-dark');
    // The betting record has the fight.
    const history = minor(await row.locator('span').nth(2).innerText());
    expect(history).toBe(100_00n);

    // The console lists the settled fight; the next one can be created.
    await arena.getByTestId('fight-row').first().waitFor();
    await expect(arena.getByTestId('fight-row').first().getAttribute('data-result')).resolves.toBe(
      'meron',
    );
    expect(await seriousViolations(ops)).toEqual([]);
    await screenshot(ops, 'console-cockfight-1366');

    // The arena's settings: a stream address (https only), with a reason.
    await arena.getByTestId('arena-settings').click();
    const edit = ops.getByTestId('arena-edit');
    await edit.getByLabel('Stream address (HLS)').fill('http://stream.example/sab-1/index.m3u8');
    await edit.getByLabel('Reason').fill('The arena stream is live now');
    await edit.getByRole('button', { name: 'Save settings' }).click();
    await edit.getByText('An https address, or empty').waitFor();
    await edit.getByLabel('Stream address (HLS)').fill('https://stream.example/sab-1/index.m3u8');
    expect(await seriousViolations(ops)).toEqual([]);
    await edit.getByRole('button', { name: 'Save settings' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => arena.innerText()).toContain('Stream set');
    const state = await (
      await fetch(`${url}/cockfight-arenas/SAB-1`, { headers: { merchant: 'TYPH' } })
    ).json();
    expect(state.value.streamUrl).toBe('https://stream.example/sab-1/index.m3u8');
    // Back to no stream, so the pages below show the offline panel.
    await arena.getByTestId('arena-settings').click();
    await edit.getByLabel('Stream address (HLS)').fill('');
    await edit.getByLabel('Reason').fill('The stream is down for the night');
    await edit.getByRole('button', { name: 'Save settings' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => arena.innerText()).toContain('No stream');
  });

  it('looks right on a desktop in Tagalog and dark, and on a phone in English and light', async () => {
    const url = run.taya.url;
    const page = await run.open('desktop', { theme: 'dark', language: 'TY' });
    await gotoSettled(page, `${url}/cockfight`);
    await page.getByTestId('sabong').waitFor();
    await page.getByTestId('sabong-trend').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'cockfight-desktop-ty-dark');
    const light = await run.open('phone', { theme: 'light', language: 'EN' });
    await gotoSettled(light, `${url}/cockfight`);
    await light.getByTestId('sabong').waitFor();
    await light.locator('.sabong-rules summary').click();
    await screenshot(light, 'cockfight-phone-en-light');
  });
});
