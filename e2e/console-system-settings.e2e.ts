import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { consoleLogin, newPage, screenshot } from './fixtures';
import { BrowserRun, expectNoSidewaysScroll } from './steps';

const consoleViewports = {
  laptop: { width: 1366, height: 900 },
  small: { width: 1024, height: 768 },
} as const;

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

/** The public status the player app reads, as this browser gets it. */
const publicStatus = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/wps/system/status');
    const body = (await res.json()) as {
      value: { merchant: { countryName: string; timeZone: string } };
    };
    return body.value;
  });

describe('console: system settings', () => {
  it('edits a merchant and its domain routes', async () => {
    const admin = await consolePage('laptop');
    await consoleLogin(admin, run.taya.url, 'admin', '/system/merchants');
    await admin.getByRole('heading', { level: 1, name: 'Merchants & regions' }).waitFor();
    const table = admin.getByTestId('merchants-table');
    await table.getByText('Asia/Manila').waitFor();
    await table.getByText('Asia/Yangon').waitFor();
    await look(admin, 'console-merchants-1366');

    await admin.getByRole('button', { name: 'Edit merchant TYPH' }).click();
    const panel = admin.getByRole('dialog');
    const form = panel.getByTestId('merchant-form');
    await panel.getByText(/fixed once money exists/).waitFor();
    await panel.getByTestId('domain-routes-table').getByText('agent.taya.ph').waitFor();
    await look(admin, 'console-merchant-edit-1366');

    // A bad time zone is named under its input and nothing is sent.
    await form.getByLabel('Time zone').fill('Asia/Atlantis');
    await form.getByLabel('Reason', { exact: true }).fill('Regulator asked for the full name');
    await form.getByRole('button', { name: 'Save merchant' }).click();
    await form.getByText('An IANA time zone such as Asia/Manila').waitFor();
    await form.getByLabel('Time zone').fill('Asia/Manila');
    await form.getByLabel('Country name').fill('Republic of the Philippines');
    await form.getByRole('button', { name: 'Save merchant' }).click();
    await panel.waitFor({ state: 'detached' });
    await table.getByText('Republic of the Philippines (PH)').waitFor();
    expect((await publicStatus(admin)).merchant.countryName).toBe('Republic of the Philippines');

    // A domain route added, then removed with a reason.
    await admin.getByRole('button', { name: 'Edit merchant TYPH' }).click();
    const routes = admin.getByRole('dialog').getByTestId('domain-route-form');
    await routes.getByLabel('Domain').fill('play.taya.ph');
    await routes.getByLabel('Reason').fill('New mirror for the campaign');
    await routes.getByRole('button', { name: 'Add domain' }).click();
    const routeTable = admin.getByRole('dialog').getByTestId('domain-routes-table');
    await routeTable.getByText('play.taya.ph').waitFor();
    await admin.getByRole('button', { name: 'Remove play.taya.ph' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Remove play.taya.ph?' });
    await confirm.getByLabel('Reason').fill('The campaign ended today');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await routeTable.getByText('play.taya.ph').waitFor({ state: 'detached' });

    const small = await consolePage('small');
    await consoleLogin(small, run.taya.url, 'admin', '/system/merchants');
    await small.getByTestId('merchants-table').getByText('Asia/Yangon').waitFor();
    await look(small, 'console-merchants-1024');
    await small.getByRole('button', { name: 'Edit merchant TYMM' }).click();
    await small
      .getByRole('dialog')
      .getByTestId('domain-routes-table')
      .getByText('agent.taya.com.mm')
      .waitFor();
    await look(small, 'console-merchant-edit-1024');
  }, 120_000);

  it('turns a registration field on, which the player registration form follows', async () => {
    const player = await run.open('desktop');
    await player.goto(`${run.taya.url}/register`);
    const signUp = player.getByRole('dialog');
    await signUp.getByRole('tab', { name: 'By username' }).click();
    await signUp.getByLabel('Username', { exact: true }).waitFor();
    expect(await signUp.getByLabel('QQ number', { exact: true }).count()).toBe(0);

    const admin = await consolePage('laptop');
    await consoleLogin(admin, run.taya.url, 'admin', '/system/registration-rules');
    await admin.getByRole('heading', { level: 1, name: 'Registration rules' }).waitFor();
    const table = admin.getByTestId('field-rules-table');
    await table.getByText('Letter first, then letters and digits').first().waitFor();
    await look(admin, 'console-registration-rules-1366');

    await admin.getByRole('button', { name: 'Edit the rule of qqNum' }).click();
    const form = admin.getByRole('dialog').getByTestId('field-rule-form');
    await form.getByLabel('Shown to players').check();
    await form.getByLabel('Required').check();
    await form.getByLabel('Minimum length').fill('13');
    await form.getByLabel('Reason').fill('Players in the pilot asked for QQ');
    await form.getByRole('button', { name: 'Save rule' }).click();
    // 13 is above the maximum (12): refused under the field, nothing sent.
    await form.getByText('The minimum must not exceed the maximum').waitFor();
    await form.getByLabel('Minimum length').fill('6');
    await form.getByLabel('Maximum length').fill('31');
    await form.getByRole('button', { name: 'Save rule' }).click();
    await form.getByText('At most 30 for this field').waitFor();
    await form.getByLabel('Maximum length').fill('11');
    await look(admin, 'console-registration-rule-edit-1366');
    await form.getByRole('button', { name: 'Save rule' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    const row = table.getByTestId('table-row').filter({ hasText: 'qqNum' });
    await row.getByText('6–11').waitFor();
    await row.getByText('Required').waitFor();

    await player.goto(`${run.taya.url}/register`);
    await signUp.getByRole('tab', { name: 'By username' }).click();
    const qq = signUp.getByLabel('QQ number', { exact: true });
    await qq.waitFor({ state: 'visible' });
    await qq.fill('12345');
    await signUp.getByLabel('Username', { exact: true }).click();
    await expect.poll(() => qq.getAttribute('aria-invalid')).toBe('true');

    const small = await consolePage('small');
    await consoleLogin(small, run.taya.url, 'admin', '/system/registration-rules');
    await small.getByTestId('field-rules-table').getByText('qqNum').waitFor();
    await look(small, 'console-registration-rules-1024');
  }, 120_000);

  it('adds a licence link, which the player site’s footer shows', async () => {
    const admin = await consolePage('laptop');
    await consoleLogin(admin, run.taya.url, 'admin', '/system/resources');
    await admin.getByRole('heading', { level: 1, name: 'Resources & links' }).waitFor();
    await admin.getByTestId('resources-table').getByText('FACEBOOK_1').waitFor();
    await admin.getByTestId('desks-table').getByText('TELEGRAM').waitFor();
    await look(admin, 'console-resources-1366');

    await admin.getByRole('button', { name: 'Add resource' }).click();
    const form = admin.getByRole('dialog').getByTestId('resource-form');
    await form.getByLabel('Type').fill('LICENCE');
    await form.getByLabel('Label').fill('Licensed by the Gaming Authority, licence 2026-17.');
    await form.getByLabel('Address').fill('javascript:alert(1)');
    await form.getByLabel('Order').fill('40');
    await form.getByLabel('Reason').fill('Licence granted this month');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(/an https:\/\/ address/).waitFor();
    await form.getByLabel('Address').fill('https://regulator.example/licences/2026-17');
    await look(admin, 'console-resource-edit-1366');
    await form.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
    await admin.getByTestId('resources-table').getByText('LICENCE', { exact: true }).waitFor();

    const player = await run.open('desktop');
    await player.goto(`${run.taya.url}/`);
    const licence = player.getByTestId('footer-licence');
    await licence.waitFor();
    expect(await licence.innerText()).toContain('licence 2026-17');
    expect(await licence.getByRole('link').getAttribute('href')).toBe(
      'https://regulator.example/licences/2026-17',
    );

    const small = await consolePage('small');
    await consoleLogin(small, run.taya.url, 'admin', '/system/resources');
    await small.getByTestId('resources-table').getByText('LICENCE', { exact: true }).waitFor();
    await look(small, 'console-resources-1024');
  }, 180_000);
});
