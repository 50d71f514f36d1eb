import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../apps/server/src/server';
import { seriousViolations } from './axe';
import {
  gotoSettled,
  launchBrowser,
  logInAsDemoMember,
  markLoggedInBefore,
  networkSettled,
  newPage,
  startTaya,
  viewports,
} from './fixtures';

let browser: Browser;
let taya: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  taya = await startTaya();
  await markLoggedInBefore(taya);
});
afterAll(async () => {
  await browser?.close();
  await taya?.stop();
});

describe('accessibility (axe-core: no serious or critical violations)', () => {
  for (const [size, viewport] of Object.entries(viewports)) {
    for (const theme of ['dark', 'light'] as const) {
      it(`home, log-in popup and member pages on a ${size} in the ${theme} theme`, async () => {
        const { context, page } = await newPage(browser, viewport, { 'taya.theme': theme });
        try {
          await page.goto(`${taya.url}/`);
          await page.getByTestId('site-header').waitFor();
          await page.getByTestId('lobby').first().waitFor();
          expect(await seriousViolations(page), 'home').toEqual([]);

          await page.goto(`${taya.url}/login`);
          await page.getByRole('dialog').getByLabel('Username', { exact: true }).waitFor();
          expect(await seriousViolations(page), 'log-in popup').toEqual([]);

          await logInAsDemoMember(page, taya.url);
          for (const tab of [
            'depositv2',
            'transactionHistory',
            'personalHistoryCopy',
            'messageV2',
          ]) {
            await gotoSettled(page, `${taya.url}/member?tab=${tab}`);
            await page.getByTestId('member-centre').waitFor();
            await networkSettled(page);
            expect(await seriousViolations(page), `member ${tab}`).toEqual([]);
          }
        } finally {
          await context.close();
        }
      });
    }
  }
});
