import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { consoleLogin, newPage, screenshot } from './fixtures';
import { accountId, BrowserRun, createPromotion } from './steps';

const consoleViewports = {
  laptop: { width: 1366, height: 900 },
  small: { width: 1024, height: 768 },
} as const;

let run: BrowserRun;
beforeAll(async () => {
  run = await BrowserRun.start();
});
afterAll(() => run?.stop());

/** A 1×1 PNG. */
const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The demo member applies to `promotionId` with one uploaded image (as its calls would). */
async function memberApplies(promotionId: string, comment: string) {
  const member = { accountId: await accountId(run.taya), merchantCode: 'TYPH' };
  const { uploads, promotions } = run.taya.app.services;
  const [image] = await uploads.store(member, [samplePng]);
  await promotions.apply(member, promotionId, {
    requestId: randomUUID(),
    comment,
    imageIds: [image!.id],
  });
}

describe('console promotions', () => {
  it('lists promotions and reviews an application with its image', async () => {
    const id = await createPromotion(run.taya, {
      kind: 'application',
      category: 'bonus',
      title: { en: 'Screenshot bonus' },
      content: { en: 'Send a screenshot of your big win.' },
      budget: null,
      perMemberLimit: 1,
      rules: { kind: 'application', amount: '10', maxAmount: '20', turnoverMultipleTenths: 10 },
    });
    await memberApplies(id, 'My big win, see the picture');

    const page = (await newPage(run.browser, consoleViewports.laptop)).page;
    await consoleLogin(page, run.taya.url, 'content', '/promotions');
    await page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
    await page.getByTestId('promotions-table').getByText('Screenshot bonus').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-promotions-1366');
    await page.setViewportSize(consoleViewports.small);
    await screenshot(page, 'console-promotions-1024');

    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Applications' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Promotion applications' }).waitFor();
    const row = page.getByTestId('applications-table').getByTestId('table-row').first();
    await row.getByText('My big win, see the picture').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-promotion-applications-1024');
    await page.setViewportSize(consoleViewports.laptop);
    await screenshot(page, 'console-promotion-applications-1366');

    await row.click();
    const detail = page.getByTestId('application-detail');
    const image = detail.getByRole('img', { name: 'Image 1' });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, 'console-promotion-application-detail-1366');

    await detail.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog', { name: 'Approve this application?' });
    await confirm.getByLabel('Reason').fill('Screenshot checked');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await detail.getByText('Approved').waitFor();
    expect(await detail.getByText('10').count()).toBeGreaterThan(0);
  }, 90_000);
});
