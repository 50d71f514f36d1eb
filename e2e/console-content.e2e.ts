import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { feedback } from '../apps/server/src/modules/content/schema';
import { seriousViolations } from './axe';
import { consoleLogin, markLoggedInBefore, networkSettled, newPage, screenshot } from './fixtures';
import { BrowserRun, accountId, expectNoSidewaysScroll, logIn } from './steps';

const consoleViewports = {
  laptop: { width: 1366, height: 900 },
  small: { width: 1024, height: 768 },
} as const;

/** A 1×1 PNG, as an operator's banner picture. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const screens = [
  ['notices', 'Notices'],
  ['announcements', 'Announcements'],
  ['banners', 'Banners'],
  ['popups', 'Popups'],
  ['help', 'Help centre'],
  ['articles', 'Blog & news'],
  ['messages', 'Messages'],
  ['feedback', 'Feedback'],
] as const;

let run: BrowserRun;
let memberId: string;
beforeAll(async () => {
  run = await BrowserRun.start();
  await markLoggedInBefore(run.taya);
  memberId = await accountId(run.taya);
}, 60_000);
afterAll(() => run?.stop());

async function consolePage(size: keyof typeof consoleViewports): Promise<Page> {
  const { page } = await newPage(run.browser, consoleViewports[size]);
  return page;
}

/** Checks the screen: no serious accessibility faults, nothing sideways, a picture of it. */
async function look(page: Page, name: string): Promise<void> {
  await networkSettled(page);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, name);
}

async function confirmWithReason(page: Page, button: string, reason: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Reason/).fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The titles in the player's notice bell, read afresh. */
async function bellTitles(player: Page): Promise<string> {
  await player.reload();
  await player.getByTestId('notice-bell').first().click();
  const popup = player.getByTestId('notice-popup');
  await popup.waitFor();
  await popup.getByText('Welcome to Taya').waitFor();
  const text = await popup.innerText();
  await player.keyboard.press('Escape');
  return text;
}

describe('console: content', () => {
  it('publishes a notice the player sees, and unpublishes it', async () => {
    const player = await run.open('desktop');
    await logIn(player, run.taya.url);

    const page = await consolePage('laptop');
    await consoleLogin(page, run.taya.url, 'content', '/content/notices');
    await page.getByRole('heading', { level: 1, name: 'Notices' }).waitFor();
    await page.getByTestId('notices-table').getByText('Welcome to Taya').waitFor();
    await look(page, 'console-content-notices-1366');

    await page.getByRole('button', { name: 'New notice' }).click();
    const form = page.getByTestId('notice-form');
    await form.getByLabel('Title (EN)').fill('Maintenance on Sunday 02:00');
    await form.getByLabel('Text (EN)').fill('Games pause for 30 minutes while we upgrade.');
    await form.getByRole('tab', { name: 'TY' }).click();
    await form.getByLabel('Title (TY)').fill('Maintenance sa Linggo 02:00');
    await form.getByLabel('Reason').fill('Planned upgrade notice');
    await look(page, 'console-content-notice-form-1366');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page
      .getByTestId('notices-table')
      .getByTestId('table-row')
      .filter({ hasText: 'Maintenance on Sunday 02:00' });
    await row.getByText('Live').waitFor();
    await row.getByText('EN, TY').waitFor();

    await expect
      .poll(() => bellTitles(player), { timeout: 15_000 })
      .toContain('Maintenance on Sunday 02:00');
    await screenshot(player, 'console-content-player-notice');

    await row.getByRole('button', { name: /^Unpublish/ }).click();
    await confirmWithReason(page, 'Unpublish', 'Upgrade moved to next week');
    await row.getByText('Unpublished').waitFor();
    await expect
      .poll(() => bellTitles(player), { timeout: 15_000 })
      .not.toContain('Maintenance on Sunday 02:00');
  }, 120_000);

  it('adds a banner with an uploaded picture and its preview', async () => {
    const page = await consolePage('laptop');
    await consoleLogin(page, run.taya.url, 'admin', '/content/banners');
    await page.getByRole('heading', { level: 1, name: 'Banners' }).waitFor();
    await page.getByRole('button', { name: 'New banner' }).click();
    const form = page.getByTestId('announcement-form');
    await form.getByTestId('image-upload').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await form.getByTestId('image-preview').waitFor();
    await form.getByLabel('Title (EN)').fill('Weekend reload bonus');
    await form.getByLabel('Text (EN)').fill('Deposit on Saturday and get 10% more.');
    await form.getByLabel('Reason').fill('Weekend campaign');
    await look(page, 'console-content-banner-form-1366');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page
      .getByTestId('banners-table')
      .getByTestId('table-row')
      .filter({ hasText: 'Weekend reload bonus' });
    await row.waitFor();
    const src = await row.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/wps\/content\/images\//);
    const image = await page.request.get(`${run.taya.url}${src}`);
    expect(image.headers()['content-type']).toBe('image/png');
    await look(page, 'console-content-banners-1366');
  }, 90_000);

  it('replies to a member’s feedback, and the member reads the reply', async () => {
    await run.taya.database.db.insert(feedback).values({
      id: randomUUID(),
      merchantCode: 'TYPH',
      accountId: memberId,
      sender: 'demo_member',
      type: 2,
      content: 'My withdrawal has not arrived after two hours of waiting.',
      ip: '203.0.113.9',
    });
    const page = await consolePage('laptop');
    await consoleLogin(page, run.taya.url, 'content', '/content/feedback?replied=no');
    const row = page.getByTestId('feedback-table').getByTestId('table-row').first();
    await row.getByText('My withdrawal has not arrived').waitFor();
    await look(page, 'console-content-feedback-1366');
    await row.click();
    const panel = page.getByTestId('feedback-panel');
    await panel.getByLabel('Reply', { exact: true }).fill('It was paid at 10:42 to your e-wallet.');
    await panel.getByLabel('Reason').fill('Answer the member');
    await look(page, 'console-content-feedback-reply-1366');
    await panel.getByRole('button', { name: 'Send reply' }).click();
    await panel.getByText('Reply sent').waitFor();

    const player = await run.open('desktop');
    await logIn(player, run.taya.url);
    await player.goto(`${run.taya.url}/member?tab=messageV2`);
    const message = player.getByTestId('message-row').first();
    await message.getByText('About your feedback').click();
    await message.getByText('It was paid at 10:42 to your e-wallet.').waitFor();
    await screenshot(player, 'console-content-player-reply');
  }, 90_000);

  it('sends a message to a VIP rank, and a member at that rank reads it', async () => {
    await run.taya.database.db.execute(
      sql`insert into vip_progress (account_id, merchant_code, rank_level)
        values (${memberId}, 'TYPH', 3)
        on conflict (account_id) do update set rank_level = 3`,
    );
    const page = await consolePage('laptop');
    await consoleLogin(page, run.taya.url, 'content', '/content/messages');
    await page.getByRole('button', { name: 'Send a message' }).click();
    const form = page.getByTestId('message-form');
    await form.getByLabel('Members at VIP ranks').check();
    await form.getByLabel('VIP 3').check();
    await form.getByLabel('Title (EN)').fill('A gift for VIP 3');
    await form.getByLabel('Text (EN)').fill('Your VIP 3 reload waits in Promotions.');
    await form.getByLabel('Reason').fill('VIP 3 campaign');
    await look(page, 'console-content-message-vip-1366');
    await form.getByRole('button', { name: 'Send' }).click();
    await form.waitFor({ state: 'detached' });
    await page
      .getByTestId('messages-table')
      .getByTestId('table-row')
      .filter({ hasText: 'A gift for VIP 3' })
      .getByText('VIP: 3')
      .waitFor();

    const player = await run.open('phone');
    await logIn(player, run.taya.url);
    await player.goto(`${run.taya.url}/member?tab=messageV2`);
    const message = player.getByTestId('message-row').filter({ hasText: 'A gift for VIP 3' });
    await message.getByText('A gift for VIP 3').click();
    await message.getByText('Your VIP 3 reload waits in Promotions.').waitFor();
    await screenshot(player, 'console-content-player-vip-message');
  }, 90_000);

  it('shows every content screen at both console sizes', async () => {
    for (const size of ['laptop', 'small'] as const) {
      const page = await consolePage(size);
      await consoleLogin(page, run.taya.url, 'admin', '/content/notices');
      for (const [path, title] of screens) {
        await page.goto(`${run.taya.url}/console/content/${path}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page
          .getByTestId(`${path}-table`)
          .getByTestId('table-row')
          .first()
          .or(page.getByTestId(`${path}-table`).getByText(/No .* (match|yet)/))
          .first()
          .waitFor();
        await look(page, `console-content-${path}-${size === 'laptop' ? 1366 : 1024}`);
      }
      // A form, opened at the small size too.
      if (size === 'small') {
        await page.goto(`${run.taya.url}/console/content/messages`);
        await page.getByRole('button', { name: 'Send a message' }).click();
        await look(page, 'console-content-message-form-1024');
      }
    }
  }, 180_000);
});
