import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { accounts } from '../apps/server/src/modules/identity/schema';
import { promotions } from '../apps/server/src/modules/promotions/schema';
import type { RunningServer } from '../apps/server/src/server';
import { markLoggedInBefore, screenshot } from './fixtures';
import {
  accountId,
  BrowserRun,
  createPromotion,
  expectNoSidewaysScroll,
  logIn,
  minor,
} from './steps';

let run: BrowserRun;
let taya: RunningServer;
let promotionId: string;
const secondMember = 'envelopefan';

/** A window around the present moment in Manila time, clamped to the local day. */
function windowAroundNow() {
  const local = DateTime.now().setZone('Asia/Manila');
  const start = DateTime.max(local.minus({ minutes: 30 }), local.startOf('day'))!;
  const end = DateTime.min(local.plus({ minutes: 30 }), local.set({ hour: 23, minute: 59 }))!;
  return { start: start.toFormat('HH:mm'), end: end.toFormat('HH:mm') };
}

beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  const { db } = taya.database;
  // The demo rain (which startTaya stops) falls at lunch and in the evening; this test's own rain
  // is the one to see. An operator creates a red envelope whose window is open now.
  promotionId = await createPromotion(taya, {
    kind: 'red_envelope',
    category: 'red_envelope',
    title: { en: 'Lucky red envelopes', my: 'ကံကောင်း အနီရောင်စာအိတ်များ' },
    content: {
      en: 'Open one envelope per window for a bonus of 1 to 20.',
      my: 'အချိန်တစ်ခုလျှင် စာအိတ်တစ်အိတ်ဖွင့်ပြီး 1 မှ 20 အထိ ဘောနပ်စ် ရယူပါ။',
    },
    budget: '500.00',
    perMemberLimit: 10,
    rules: {
      kind: 'red_envelope',
      minAmount: '1.00',
      maxAmount: '20.00',
      windows: [windowAroundNow()],
      turnoverMultipleTenths: 10,
    },
  });

  // A second member, opened by the demo agent, for the phone in Burmese.
  const created = await taya.app.services.identity.createDownline(
    'TYPH',
    await accountId(taya, 'demo_agent'),
    { username: secondMember, password: 'abc12345', type: 0 },
  );
  // The demo password, so the shared log-in helper's password works for it too.
  const [demo] = await db.select().from(accounts).where(eq(accounts.usernameKey, 'demo_member'));
  await db
    .update(accounts)
    .set({ passwordHash: demo!.passwordHash })
    .where(eq(accounts.id, created.id));
  await markLoggedInBefore(taya, ['demo_member', secondMember]);
});
afterAll(() => run?.stop());

describe('red envelope rain in the browser', () => {
  it(
    'a logged-in member sees the rain, opens an envelope and finds exactly that bonus',
    { timeout: 120_000 },
    async () => {
      const page = await run.open('desktop', { theme: 'dark' });
      // The rain opens at once, over the closing log-in popup.
      await logIn(page, taya.url, { popupCloses: false });
      const rain = page.getByTestId('red-envelope-rain');
      await rain.waitFor();
      expect(await rain.getByRole('heading').innerText()).toBe('Lucky red envelopes');
      await page.waitForTimeout(1500); // let the envelopes fall into view for the picture
      await screenshot(page, 'red-envelope-rain-desktop-dark');

      const drops = rain.getByRole('button', { name: 'Open a red envelope' });
      expect(await drops.count()).toBeGreaterThan(5);
      // The envelopes keep falling, so a pointer aimed at one may miss: open one from the
      // keyboard, as a keyboard user would.
      await drops.nth(2).focus();
      await page.keyboard.press('Enter');
      const amountText = await rain.getByTestId('envelope-amount').innerText();
      const won = minor(amountText);
      expect(won >= 1_00n && won <= 20_00n).toBe(true);
      await screenshot(page, 'red-envelope-won-desktop-dark');

      // The server paid exactly what the envelope showed, once.
      const { db } = taya.database;
      const [promo] = await db.select().from(promotions).where(eq(promotions.id, promotionId));
      expect(promo!.spent).toBe(won);

      await rain.getByRole('button', { name: 'Close' }).last().click();
      await rain.waitFor({ state: 'detached' });

      // The bonus balance shows exactly that amount.
      await page.goto(`${taya.url}/member?tab=bonusDetails`);
      await expect
        .poll(async () => minor(await page.getByTestId('bonus-balance').innerText()))
        .toBe(won);

      // The red-envelope screen lists the window and the envelope opened.
      await page.goto(`${taya.url}/redEnvelope`);
      const grabs = page.getByTestId('envelope-grabs');
      await grabs.waitFor();
      expect(minor(await grabs.locator('tbody tr').first().innerText())).toBe(won);
      expect(await page.getByTestId('envelope-list').innerText()).toContain('Lucky red envelopes');
      // Opened already: the rain does not fall again in this window.
      expect(await page.getByTestId('red-envelope-rain').count()).toBe(0);
      await screenshot(page, 'red-envelope-page-desktop-dark');

      // Refer and earn: my invite link with its QR code.
      await page.goto(`${taya.url}/member?tab=referral`);
      const referral = page.getByTestId('referral-panel');
      await referral.waitFor();
      const link = await referral.getByTestId('referral-link').innerText();
      expect(link).toMatch(/\/register\?referralCode=[0-9A-F]{10}$/);
      expect(await referral.getByTestId('referral-qr').locator('svg').count()).toBe(1);
      await screenshot(page, 'referral-desktop-dark');
    },
  );

  it(
    'on a phone in Burmese, with less motion, the envelopes stand still and open',
    { timeout: 120_000 },
    async () => {
      const page = await run.open('phone', { theme: 'dark', language: 'MY' });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await logIn(page, taya.url, {
        username: secondMember,
        anyLanguage: true,
        popupCloses: false,
      });
      const rain = page.getByTestId('red-envelope-rain');
      await rain.waitFor();
      expect(await rain.getByRole('heading').innerText()).toBe('ကံကောင်း အနီရောင်စာအိတ်များ');
      expect(await rain.getByTestId('envelope-sky').getAttribute('class')).toBe(
        'envelope-sky is-still',
      );
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'red-envelope-rain-phone-dark-my');

      await rain.getByRole('button', { name: 'အနီရောင်စာအိတ် ဖွင့်ရန်' }).first().click();
      const won = minor(await rain.getByTestId('envelope-amount').innerText());
      expect(won >= 1_00n && won <= 20_00n).toBe(true);
      await screenshot(page, 'red-envelope-won-phone-dark-my');
      await rain.getByRole('link', { name: 'ကျွန်ုပ်၏ စာအိတ်များ' }).click();
      await page.waitForURL(/\/redEnvelope$/);
      const grabs = page.getByTestId('envelope-grabs');
      await grabs.waitFor();
      expect(minor(await grabs.locator('tbody tr').first().innerText())).toBe(won);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'red-envelope-page-phone-dark-my');

      await page.goto(`${taya.url}/member?tab=referral`);
      await page.getByTestId('referral-panel').waitFor();
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'referral-phone-dark-my');
    },
  );
});
