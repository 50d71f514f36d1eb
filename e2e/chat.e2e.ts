import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../apps/server/src/modules/identity/schema';
import type { RunningServer } from '../apps/server/src/server';
import {
  launchBrowser,
  logInAsDemoMember,
  markLoggedInBefore,
  newPage,
  operatorToken,
  screenshot,
  startTaya,
  viewports,
} from './fixtures';

let browser: Browser;
let taya: RunningServer;
let operator: string;

beforeAll(async () => {
  browser = await launchBrowser();
  taya = await startTaya();
  await markLoggedInBefore(taya);
  operator = await operatorToken(taya, 'TYPH');
});
afterAll(async () => {
  await browser?.close();
  await taya?.stop();
});

/** The operator's side (the console's desk comes later: its API now). */
async function ops(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await taya.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${operator}` },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

/** The newest open chat whose last message is this text. */
async function chatWith(text: string): Promise<{ id: string; accountId: string | null }> {
  let found: { id: string; accountId: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const { list } = (await ops('GET', '/ops/support/chats?merchantCode=TYPH')) as {
          list: { id: string; accountId: string | null; lastMessage: { body: string } | null }[];
        };
        found = list.find((chat) => chat.lastMessage?.body === text);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The chat launcher: an icon in the header on a phone, the float button on wider screens. */
function chatLauncher(page: Page) {
  const phone = (page.viewportSize()?.width ?? 0) <= 768;
  return page.getByTestId(phone ? 'chat-header' : 'chat-float');
}

/** Opens the chat from its launcher, picks the deposit topic and sends a message. */
async function openChatAndSend(page: Page, text: string) {
  await chatLauncher(page).click();
  const popup = page.getByRole('dialog', { name: 'Live chat' });
  await popup.getByRole('button', { name: 'Deposit' }).click();
  await popup.getByTestId('chat-empty').waitFor();
  await expect.poll(() => popup.getByTestId('chat-status').innerText()).toContain('Connected');
  const box = popup.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect
    .poll(() => popup.getByTestId('chat-message').first().getAttribute('data-state'))
    .toBe('sent');
  return popup;
}

describe('live chat in the browser', () => {
  it('a visitor on a phone asks for help and sees the answer without reloading', async () => {
    const { context, page } = await newPage(browser, viewports.phone, { 'taya.theme': 'light' });
    try {
      await page.goto(taya.url);
      // On a phone the chat opens from the header, and nothing floats over the page's buttons
      // (the hot games' More, record ids).
      const launcher = page.getByTestId('chat-header');
      await launcher.waitFor();
      const header = (await page.getByTestId('site-header').boundingBox())!;
      const box = (await launcher.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(header.y);
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
      expect(await page.getByTestId('chat-float').count()).toBe(0);
      const more = page.getByTestId('home-hot').getByRole('link', { name: /More/ }).first();
      await more.scrollIntoViewIfNeeded();
      const at = (await more.boundingBox())!;
      // What the browser finds at the More button's centre is the button itself.
      expect(
        await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? '',
          { x: at.x + at.width / 2, y: at.y + at.height / 2 },
        ),
      ).toMatch(/More/);
      await screenshot(page, 'home-hot-phone-chat-header');

      const text = 'Hello, I need help with a deposit';
      const popup = await openChatAndSend(page, text);
      // Full screen on a phone.
      const size = (await popup.boundingBox())!;
      expect(Math.round(size.width)).toBe(viewports.phone.width);
      expect(Math.round(size.height)).toBe(viewports.phone.height);

      const chat = await chatWith(text);
      expect(chat.accountId).toBeNull();
      await ops('POST', `/ops/support/chats/${chat.id}/messages`, {
        body: 'Hi! Which payment method did you use?',
      });
      const answer = popup
        .getByTestId('chat-message')
        .filter({ hasText: 'Hi! Which payment method did you use?' });
      await answer.waitFor({ timeout: 10_000 });
      expect(await answer.getAttribute('data-role')).toBe('operator');
      await screenshot(page, 'chat-phone-en');

      // Reopening continues the same chat.
      await popup.getByRole('button', { name: 'Close' }).click();
      await chatLauncher(page).click();
      const again = page.getByRole('dialog', { name: 'Live chat' });
      await again.getByText('Hi! Which payment method did you use?').waitFor();
      expect(await again.getByTestId('chat-message').count()).toBe(2);

      // The chat page shows the same chat from its address, on the page without a side menu.
      const saved = await page.evaluate(() => window.sessionStorage.getItem('taya.chat'));
      const { session, key } = JSON.parse(saved!) as { session: string; key: string };
      expect(session).toBe(chat.id);
      await page.goto(`${taya.url}/chat?session=${session}&key=${encodeURIComponent(key)}`);
      const chatPage = page.getByTestId('chat-page');
      await chatPage.getByText('Hi! Which payment method did you use?').waitFor();
      expect(await chatPage.getByTestId('chat-message').count()).toBe(2);
      expect(await page.getByTestId('game-layout').count()).toBe(1);
      await screenshot(page, 'chat-page-phone-en');
    } finally {
      await context.close();
    }
  });

  it('a member on a desktop chats as themselves in a 440 by 750 popup', async () => {
    const { context, page } = await newPage(browser, viewports.desktop, { 'taya.theme': 'dark' });
    try {
      await logInAsDemoMember(page, taya.url);

      const text = 'My deposit has not arrived yet';
      const popup = await openChatAndSend(page, text);
      const size = (await popup.boundingBox())!;
      expect(Math.round(size.width)).toBe(440);
      expect(Math.round(size.height)).toBe(750);

      const chat = await chatWith(text);
      const [member] = await taya.database.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.usernameKey, 'demo_member'));
      expect(chat.accountId).toBe(member!.id);
      await ops('POST', `/ops/support/chats/${chat.id}/messages`, {
        body: 'Let me check that for you, one moment.',
      });
      const answer = popup
        .getByTestId('chat-message')
        .filter({ hasText: 'Let me check that for you, one moment.' });
      await answer.waitFor({ timeout: 10_000 });
      expect(await answer.getAttribute('data-role')).toBe('operator');
      const mine = popup.getByTestId('chat-message').filter({ hasText: text });
      expect(await mine.getAttribute('data-role')).toBe('member');
      await screenshot(page, 'chat-desktop-en');
    } finally {
      await context.close();
    }
  });
});
