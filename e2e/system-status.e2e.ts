import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../apps/server/src/server';
import { launchBrowser, newPage, screenshot, startTaya, viewports } from './fixtures';

let taya: RunningServer;
let browser: Browser;

beforeAll(async () => {
  taya = await startTaya();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await taya?.stop();
});

describe('maintenance and region restriction', () => {
  it('shows the maintenance page while the seeded flag is on, and the site once it is off', async () => {
    const system = taya.app.services.system;
    await system.setMaintenance('e2e-operator', {
      merchantCode: 'TYPH',
      enabled: true,
      message: 'We are upgrading the cashier.',
    });
    for (const [name, viewport] of Object.entries(viewports)) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto(`${taya.url}/`);
      await page.getByTestId('maintenance-page').waitFor({ state: 'visible' });
      expect(await page.getByTestId('maintenance-page').innerText()).toContain(
        'We are upgrading the cashier.',
      );
      await page.getByTestId('customer-service-button').waitFor({ state: 'visible' });
      expect(await page.getByTestId('site-layout').count()).toBe(0);
      await screenshot(page, `maintenance-${name}`);
      await context.close();
    }
    await system.setMaintenance('e2e-operator', { merchantCode: 'TYPH', enabled: false });
    const { context, page } = await newPage(browser);
    await page.goto(`${taya.url}/`);
    await page.getByTestId('site-layout').waitFor({ state: 'visible' });
    await context.close();
  });

  it('shows the blocked page with the visitor IP for a restricted range', async () => {
    const system = taya.app.services.system;
    const r = await system.addRestriction('e2e-operator', {
      merchantCode: 'TYPH',
      kind: 'ip_range',
      value: '127.0.0.0/8',
    });
    try {
      for (const [name, viewport] of Object.entries(viewports)) {
        const { context, page } = await newPage(browser, viewport, { 'taya.theme': 'dark' });
        await page.goto(`${taya.url}/`);
        await page.getByTestId('blocked-page').waitFor({ state: 'visible' });
        expect(await page.getByTestId('blocked-ip').innerText()).toContain('127.0.0.1');
        await page.getByTestId('customer-service-button').waitFor({ state: 'visible' });
        await screenshot(page, `blocked-${name}-dark`);
        await context.close();
      }
    } finally {
      await system.removeRestriction(r.id);
    }
  });
});
