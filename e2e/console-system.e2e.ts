import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpOf } from '../apps/server/src/modules/operators/totp';
import { seriousViolations } from './axe';
import { consoleLogin, gotoSettled, networkSettled, newPage, screenshot } from './fixtures';
import { BrowserRun, expectNoSidewaysScroll } from './steps';

const consoleViewports = {
  laptop: { width: 1366, height: 900 },
  small: { width: 1024, height: 768 },
} as const;
const sizeName = { laptop: '1366', small: '1024' } as const;

let run: BrowserRun;
beforeAll(async () => {
  run = await BrowserRun.start();
}, 60_000);
afterAll(() => run?.stop());

async function consolePage(size: keyof typeof consoleViewports): Promise<Page> {
  const { page } = await newPage(run.browser, consoleViewports[size]);
  return page;
}

/** Checks the screen: no serious accessibility faults, nothing sideways, a picture of it. */
async function look(page: Page, name: string): Promise<void> {
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, name);
}

async function confirmWithReason(page: Page, button: string, reason: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

const password = 'Support#Desk2026';

describe('console: operators', () => {
  it('creates a support operator who enrols and logs in, and ends its session by disabling it', async () => {
    const admin = await consolePage('laptop');
    await consoleLogin(admin, run.taya.url, 'admin', '/system/operators');
    await admin.getByRole('heading', { level: 1, name: 'Operators' }).waitFor();
    await admin.getByTestId('operators-table').getByText('demo_admin').waitFor();
    await look(admin, 'console-operators-1366');

    await admin.getByRole('button', { name: 'New operator' }).click();
    const form = admin.getByRole('dialog');
    await form.getByLabel('Username').fill('e2e_support');
    await form.getByLabel('Role').selectOption('support');
    await form.getByLabel('Merchants').fill('TYPH');
    await form.getByLabel('Reason').fill('New support agent for the night shift');
    await look(admin, 'console-operator-create-1366');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    const link = admin.getByTestId('enrolment-link');
    await link.waitFor();
    const enrolUrl = await link.inputValue();
    expect(enrolUrl).toMatch(/\/console\/enrol\?token=[A-Za-z0-9_-]+$/);
    await admin.getByRole('dialog').getByRole('img').waitFor();
    await look(admin, 'console-operator-enrolment-1366');
    await admin.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await admin.getByTestId('operators-table').getByText('e2e_support').waitFor();

    // The new operator enrols on its own device: password and a first code.
    const support = await consolePage('small');
    await support.goto(enrolUrl);
    const secret = (await support.getByTestId('enrol-secret').textContent())!.trim();
    const totp = totpOf(secret, 'e2e_support');
    const step = Math.floor(Date.now() / 30_000);
    await support.getByLabel('New password').fill(password);
    await support.getByLabel('Repeat the password').fill(password);
    await support
      .getByLabel('Authenticator code')
      .fill(totp.generate({ timestamp: step * 30_000 }));
    await look(support, 'console-enrol-1024');
    await support.getByRole('button', { name: 'Finish set-up' }).click();
    await support.getByText('Account e2e_support is ready').waitFor();
    await support.getByRole('link', { name: 'Go to log-in' }).click();
    await support.getByLabel('Username', { exact: true }).fill('e2e_support');
    await support.getByLabel('Password', { exact: true }).fill(password);
    await support
      .getByLabel('Authenticator code', { exact: true })
      .fill(totp.generate({ timestamp: (step + 1) * 30_000 }));
    await support.getByRole('button', { name: 'Log in', exact: true }).click();
    await support.getByTestId('topbar-operator').getByText('e2e_support').waitFor();
    await networkSettled(support);

    // The admin disables it; its session ends at once.
    const row = admin
      .getByTestId('operators-table')
      .getByTestId('table-row')
      .filter({ hasText: 'e2e_support' });
    await row.getByRole('button', { name: 'Disable' }).click();
    await confirmWithReason(admin, 'Disable', 'Left the company this afternoon');
    await row.getByText('Disabled').waitFor();
    // Its open console hears it on the session's stream and drops to the log-in page, saying
    // why, without a reload or another call.
    await support
      .getByTestId('login-notice')
      .getByText(/Your session ended/)
      .waitFor();
    await look(admin, 'console-operators-disabled-1366');

    // Editing the row: role, merchants, allow-list with a reason.
    await row.getByRole('button', { name: 'Edit' }).click();
    await admin.getByRole('dialog').getByLabel('Address allow-list').fill('203.0.113.0/24');
    await admin.getByRole('dialog').getByLabel('Reason').fill('Office network only');
    await look(admin, 'console-operator-edit-1366');
    await admin.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await row.getByText('203.0.113.0/24').waitFor();

    const small = await consolePage('small');
    await consoleLogin(small, run.taya.url, 'admin', '/system/operators');
    await small.getByTestId('operators-table').getByText('e2e_support').waitFor();
    await look(small, 'console-operators-1024');
  }, 120_000);
});

describe('console: system', () => {
  it('switches maintenance on, which the player app shows, and off again', async () => {
    const admin = await consolePage('laptop');
    await consoleLogin(admin, run.taya.url, 'admin', '/system/maintenance');
    await admin.getByRole('heading', { level: 1, name: 'Maintenance' }).waitFor();
    await admin.getByTestId('maintenance-banner').getByText('The site is open.').waitFor();
    await look(admin, 'console-maintenance-1366');

    await admin.getByLabel('Maintenance on').check();
    await admin.getByLabel('Message to players').fill('Back at 02:00 after the upgrade.');
    await admin.getByLabel('Reason').fill('Database upgrade window');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin
      .getByTestId('maintenance-banner')
      .getByText(/Maintenance is on/)
      .waitFor();
    await look(admin, 'console-maintenance-on-1366');

    const player = await run.open('desktop');
    await player.goto(`${run.taya.url}/`);
    await player.getByTestId('maintenance-page').waitFor({ state: 'visible' });
    expect(await player.getByTestId('maintenance-page').innerText()).toContain(
      'Back at 02:00 after the upgrade.',
    );

    await admin.getByLabel('Maintenance on').uncheck();
    await admin.getByLabel('Reason').fill('Upgrade finished early');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByTestId('maintenance-banner').getByText('The site is open.').waitFor();
    await new Promise((r) => setTimeout(r, 1_200));
    await player.goto(`${run.taya.url}/`);
    await player.getByTestId('site-layout').waitFor({ state: 'visible' });
  }, 90_000);

  it('adds and removes a restriction, and shows every system screen at both sizes', async () => {
    const admin = await consolePage('laptop');
    await consoleLogin(admin, run.taya.url, 'admin', '/system/restrictions');
    await admin.getByRole('heading', { level: 1, name: 'Region & IP restrictions' }).waitFor();
    const form = admin.getByTestId('restriction-form');
    await form.getByLabel('Value').fill('198.51.100.0/24');
    await form.getByLabel('Note').fill('Scraper network');
    await form.getByLabel('Reason').fill('Scraping the odds pages');
    await form.getByRole('button', { name: 'Add' }).click();
    const row = admin.getByTestId('restrictions-table').getByTestId('table-row').first();
    await row.getByText('198.51.100.0/24').waitFor();
    await look(admin, 'console-restrictions-1366');
    await row.getByRole('button', { name: 'Remove' }).click();
    await confirmWithReason(admin, 'Remove', 'The network owner blocked the scraper');
    await admin.getByText('Nothing is restricted.').waitFor();

    for (const size of ['laptop', 'small'] as const) {
      const page = size === 'laptop' ? admin : await consolePage(size);
      if (size === 'small') await consoleLogin(page, run.taya.url, 'admin', '/system/modules');
      else await gotoSettled(page, `${run.taya.url}/console/system/modules`);
      await page.getByTestId('modules-table').getByTestId('table-row').first().waitFor();
      await look(page, `console-modules-${sizeName[size]}`);
      if (size === 'small') {
        await gotoSettled(page, `${run.taya.url}/console/system/maintenance`);
        await page.getByTestId('maintenance-banner').waitFor();
        await look(page, 'console-maintenance-1024');
        await gotoSettled(page, `${run.taya.url}/console/system/restrictions`);
        await page.getByText('Nothing is restricted.').waitFor();
        await look(page, 'console-restrictions-1024');
      }
    }

    // A module switched off and on again, each with a reason.
    const first = admin.getByTestId('modules-table').getByTestId('table-row').first();
    await first.getByRole('button', { name: /^Turn (off|on) / }).click();
    await look(admin, 'console-module-confirm-1366');
    const label = (await admin.getByRole('dialog').getByRole('button').last().textContent())!;
    await confirmWithReason(admin, label, 'Checking the module switch');
    await first.getByRole('button', { name: /^Turn (off|on) / }).click();
    const back = (await admin.getByRole('dialog').getByRole('button').last().textContent())!;
    expect(back).not.toBe(label);
    await confirmWithReason(admin, back, 'Back as it was before');
  }, 120_000);
});
