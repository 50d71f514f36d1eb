import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { promotions } from '../apps/server/src/modules/promotions/schema';
import type { RunningServer } from '../apps/server/src/server';
import { screenshot } from './fixtures';
import {
  addPayoutEwallet,
  BrowserRun,
  createPromotion,
  expectNoSidewaysScroll,
  openTayaSlot,
  readOutbox,
  spinSlot,
  withoutDepositTurnover,
} from './steps';

let run: BrowserRun;
let taya: RunningServer;
let promotionId: string;

/**
 * The flow on a fresh server: a new member deposits, claims the first-deposit bonus,
 * sees its balance and turnover, plays it through on the Taya slot, and only then withdraws.
 * The demo first-deposit bonus asks 5× a bonus as large as the deposit, more than a few spins
 * can wager; so this merchant's one first-deposit promotion here is a small one of the test's
 * own (10 % up to 100.00, wagered once), made through the operator API. Deposits themselves add
 * no turnover, so the bonus is all that stands between the member and a withdrawal.
 */
beforeAll(async () => {
  run = await BrowserRun.start();
  taya = run.taya;
  await withoutDepositTurnover(taya);
  await taya.database.db
    .update(promotions)
    .set({ enabled: false })
    .where(and(eq(promotions.merchantCode, 'TYPH'), eq(promotions.kind, 'deposit_first')));
  promotionId = await createPromotion(
    taya,
    {
      kind: 'deposit_first',
      category: 'deposit',
      title: { en: 'Welcome bonus 10%', my: 'ကြိုဆိုဘောနပ်စ် 10%' },
      content: {
        en: '<p>Get <strong>10%</strong> of your first deposit as a bonus.</p>',
        my: '<p>ပထမဆုံး ငွေသွင်းမှု၏ <strong>10%</strong> ကို ဘောနပ်စ်အဖြစ် ရယူပါ။</p>',
      },
      budget: '10000.00',
      perMemberLimit: 1,
      rules: {
        kind: 'deposit_first',
        percentBps: 1_000,
        cap: '100.00',
        minDeposit: '100.00',
        turnoverMultipleTenths: 10,
      },
      sort: 0,
    },
    'e2e-operator',
  );
});
afterAll(() => run?.stop());

async function register(page: Page, username: string) {
  const dialog = page.getByRole('dialog');
  await page.goto(`${taya.url}/register`);
  await dialog.getByRole('tab', { name: 'By username' }).click();
  await dialog.getByLabel('Username', { exact: true }).fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill('secret123');
  await dialog.getByLabel('Confirm password', { exact: true }).fill('secret123');
  await dialog.getByLabel('Payment password', { exact: true }).fill('135790');
  await dialog.getByLabel('Mobile number', { exact: true }).fill('09175550177');
  await page.getByRole('img', { name: 'Captcha image' }).waitFor({ state: 'visible' });
  const captchaId = (await page.context().cookies()).find((c) => c.name === 'taya_captcha')?.value;
  if (!captchaId) throw new Error('no captcha cookie');
  await dialog
    .getByLabel('Captcha', { exact: true })
    .fill(await readOutbox(taya, captchaId, 'captcha'));
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('button', { name: `Account menu: ${username}` }).waitFor();
}

async function deposit(page: Page, amount: string) {
  await page.goto(`${taya.url}/member?tab=depositv2`);
  await page.getByRole('radio', { name: /Online payment \(sandbox\)/ }).check();
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/member\?tab=depositv2.*paid=1/);
}

async function bonusDetails(page: Page) {
  await page.goto(`${taya.url}/member?tab=bonusDetails`);
  const row = page
    .getByTestId('bonus-list')
    .locator('li.promo-bonus')
    .filter({ hasText: 'Welcome bonus 10%' });
  await row.waitFor();
  return {
    row,
    remaining: async () => page.getByTestId('turnover-remaining').innerText(),
    progress: async () => row.getByTestId('bonus-progress').innerText(),
  };
}

describe('promotions in the browser', () => {
  it('new member → deposit → Claim → bonus and turnover → plays it through → withdraws', async () => {
    const page = await run.open('phone', { theme: 'dark' });
    await register(page, 'promo01');

    // Before any deposit the bonus asks for one.
    await page.goto(`${taya.url}/promotions`);
    const card = page.getByTestId(`promotion-${promotionId}`);
    await card.waitFor();
    expect(await card.innerText()).toContain('Make a deposit to qualify.');
    expect(await card.locator('[data-state]').getAttribute('data-state')).toBe('Join');
    await screenshot(page, 'promotions-join-phone-dark-en');

    await deposit(page, '1000');

    // The anchor opens the promotion: Claim, what it pays, and its rules in words.
    await page.goto(`${taya.url}/promotions#${promotionId}`);
    await card.getByTestId('promotion-detail').waitFor();
    await expect.poll(() => card.locator('[data-state]').getAttribute('data-state')).toBe('Claim');
    const text = await card.innerText();
    expect(text).toContain('You can claim ₱\u00a0100.00');
    expect(text).toContain('Bonus of 10% of your first deposit');
    expect(text).toContain('Largest bonus: ₱\u00a0100.00');
    expect(text).toContain('Wager the bonus 1× before withdrawing');
    // The reward centre's red badge counts it (with whatever else the demo merchant offers).
    await page.getByRole('button', { name: 'Account menu: promo01' }).click();
    const badge = page.getByTestId('reward-badge');
    await badge.waitFor();
    const waiting = Number(await badge.innerText());
    expect(waiting).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'promotions-claim-phone-dark-en');
    await page.keyboard.press('Escape');

    // Before any claim, the terms: the bonus, the turnover it adds, the games that count, the
    // expiry, and what a withdrawal would wait for. Cancel claims nothing.
    await card.getByRole('button', { name: 'Claim', exact: true }).click();
    let terms = page.getByRole('dialog', { name: 'Before you claim' });
    await terms.waitFor();
    expect(await terms.getByTestId('terms-bonus').innerText()).toBe('₱\u00a0100.00');
    expect(await terms.getByTestId('terms-turnover').innerText()).toBe(
      '1× the bonus: ₱\u00a0100.00',
    );
    expect(await terms.getByTestId('terms-games').innerText()).toBe(
      'Valid bets on every game count in full.',
    );
    await expect
      .poll(() => terms.getByTestId('terms-withdrawal').innerText())
      .toBe(
        'Withdrawing any cash, your own deposits included, is blocked until the turnover is wagered. You will need to wager ₱\u00a0100.00 before you can withdraw.',
      );
    await screenshot(page, 'promotions-terms-phone-dark-en');
    await terms.getByRole('button', { name: 'Cancel' }).click();
    await terms.waitFor({ state: 'detached' });
    await page.reload();
    await card.getByTestId('promotion-detail').waitFor();
    expect(await card.locator('[data-state]').getAttribute('data-state')).toBe('Claim');

    // The same terms on a phone in Burmese and on a desktop in the dark.
    const session = await page.evaluate(() => sessionStorage.getItem('taya.token'));
    if (!session) throw new Error('no session');
    const termsIn = async (look: Page, name: string, amount: RegExp) => {
      await look.goto(`${taya.url}/promotions#${promotionId}`);
      const lookCard = look.getByTestId(`promotion-${promotionId}`);
      await lookCard.getByTestId('promotion-detail').waitFor();
      await lookCard.getByTestId(`promotion-action-${promotionId}`).click();
      const dialog = look.getByTestId('claim-terms');
      await dialog.waitFor();
      await expect.poll(() => dialog.getByTestId('terms-withdrawal').innerText()).toMatch(amount);
      await expectNoSidewaysScroll(look);
      await screenshot(look, name);
      return dialog;
    };
    const myTerms = await termsIn(
      await run.open('phone', { theme: 'light', language: 'MY' }, session),
      'promotions-terms-phone-my',
      // Burmese amounts are written in Myanmar digits.
      /₱\s?၁၀၀\.၀၀|၁၀၀\.၀၀\s?₱/,
    );
    expect(await myTerms.innerText()).toContain('မတောင်းခံမီ');
    await termsIn(
      await run.open('desktop', { theme: 'dark' }, session),
      'promotions-terms-desktop-dark-en',
      /₱\u00a0100\.00/,
    );

    await card.getByRole('button', { name: 'Claim', exact: true }).click();
    terms = page.getByTestId('claim-terms');
    await terms.getByTestId('terms-confirm').click();
    const result = page.getByTestId('claim-result');
    await result.waitFor();
    expect(await result.getByTestId('claim-amount').innerText()).toBe('₱\u00a0100.00');
    expect(await result.getByTestId('claim-turnover').innerText()).toBe(
      'Turnover added: ₱\u00a0100.00',
    );
    await screenshot(page, 'promotions-claimed-phone-dark-en');
    await result.getByRole('link', { name: 'See bonus details' }).click();

    // Bonus details: the balance and the requirement, nothing wagered yet.
    let details = await bonusDetails(page);
    expect(await page.getByTestId('bonus-balance').innerText()).toBe('₱\u00a0100.00');
    expect(await details.remaining()).toBe('₱\u00a0100.00');
    expect(await details.progress()).toBe('₱\u00a00.00 of ₱\u00a0100.00 wagered');
    // What is blocked and why: the bonus's turnover, none from deposits here.
    expect(await page.getByTestId('turnover-from-bonuses').innerText()).toBe('₱\u00a0100.00');
    expect(await page.getByTestId('turnover-from-deposits').innerText()).toBe('₱\u00a00.00');
    expect(await page.getByTestId('withdrawal-blocked').innerText()).toContain(
      'blocked until ₱\u00a0100.00 more is wagered',
    );
    await screenshot(page, 'bonus-details-phone-dark-en');

    // The reward centre lists it as received; nothing is left to claim.
    await page.goto(`${taya.url}/member?tab=rewardCenter`);
    const received = page.getByTestId('claims-list');
    await received.waitFor();
    expect(await received.innerText()).toContain('Welcome bonus 10%');
    // Claimed: it left the list of what can be claimed, and the badge went down by one.
    const claimable = page.getByTestId('claimable');
    await claimable.waitFor();
    await expect.poll(() => claimable.innerText()).not.toContain('Welcome bonus 10%');
    const tab = page.getByRole('tab', { name: /Reward centre/ });
    await expect
      .poll(async () => Number((await tab.getByTestId('reward-badge').allInnerTexts())[0] ?? 0))
      .toBe(waiting - 1);
    await screenshot(page, 'reward-centre-phone-dark-en');

    // A withdrawal waits for the turnover.
    await page.goto(`${taya.url}/member?tab=withdraw`);
    await page.getByTestId('turnover-note').waitFor();
    expect(await page.getByTestId('turnover-note').innerText()).toContain('100.00');

    // Half the turnover on the slot: the progress moves.
    await openTayaSlot(page, taya.url, '50.00');
    await spinSlot(page);
    details = await bonusDetails(page);
    await expect.poll(details.progress).toBe('₱\u00a050.00 of ₱\u00a0100.00 wagered');
    expect(await details.remaining()).toBe('₱\u00a050.00');
    expect(await details.row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');

    // Still blocked at half.
    await page.goto(`${taya.url}/member?tab=withdraw`);
    await page.getByTestId('turnover-note').waitFor();
    expect(await page.getByRole('button', { name: 'Withdraw now' }).isDisabled()).toBe(true);

    // The rest: complete, and nothing blocks a withdrawal.
    await openTayaSlot(page, taya.url, '50.00');
    await spinSlot(page);
    details = await bonusDetails(page);
    await expect.poll(details.progress).toBe('₱\u00a0100.00 of ₱\u00a0100.00 wagered');
    expect(await details.remaining()).toBe('₱\u00a00.00');
    // Wagered through: the bonus left the bonus balance for cash.
    expect(await details.row.innerText()).toContain('Moved to cash');
    expect(await page.getByTestId('bonus-balance').innerText()).toBe('₱\u00a00.00');
    await screenshot(page, 'bonus-details-complete-phone-dark-en');

    await page.goto(`${taya.url}/member?tab=withdraw`);
    await addPayoutEwallet(page, 'Promo Member', '0917 555 0177');
    expect(await page.getByTestId('turnover-note').count()).toBe(0);
    await page.getByLabel('Amount', { exact: true }).fill('100');
    await page.getByLabel('Payment password', { exact: true }).fill('135790');
    await page.getByRole('button', { name: 'Withdraw now' }).click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Under review');

    // The same pages on a desktop in the dark and on a phone in Burmese.
    const token = await page.evaluate(() => sessionStorage.getItem('taya.token'));
    if (!token) throw new Error('no session');
    const desktop = await run.open('desktop', { theme: 'dark' }, token);
    await desktop.goto(`${taya.url}/promotions#${promotionId}`);
    await desktop.getByTestId('promotion-detail').waitFor();
    await screenshot(desktop, 'promotions-desktop-dark-en');
    await desktop.goto(`${taya.url}/member?tab=bonusDetails`);
    await desktop.getByTestId('bonus-balance').waitFor();
    await screenshot(desktop, 'bonus-details-desktop-dark-en');
    await desktop.goto(`${taya.url}/member?tab=rewardCenter`);
    await desktop.getByTestId('claims-list').waitFor();
    await screenshot(desktop, 'reward-centre-desktop-dark-en');

    const burmese = await run.open('phone', { theme: 'light', language: 'MY' }, token);
    await burmese.goto(`${taya.url}/promotions#${promotionId}`);
    const myCard = burmese.getByTestId(`promotion-${promotionId}`);
    await myCard.getByTestId('promotion-detail').waitFor();
    expect(await myCard.innerText()).toContain('ကြိုဆိုဘောနပ်စ် 10%');
    await screenshot(burmese, 'promotions-phone-my');
    await burmese.goto(`${taya.url}/member?tab=bonusDetails`);
    await burmese.getByTestId('bonus-balance').waitFor();
    await screenshot(burmese, 'bonus-details-phone-my');
    const myDesktop = await run.open('desktop', { theme: 'dark', language: 'MY' }, token);
    await myDesktop.goto(`${taya.url}/member?tab=rewardCenter`);
    await myDesktop.getByTestId('claims-list').waitFor();
    await screenshot(myDesktop, 'reward-centre-desktop-dark-my');
  });

  it('shows a visitor Join, which opens the log-in popup', async () => {
    const page = await run.open('phone', { theme: 'light' });
    await page.goto(`${taya.url}/promotions`);
    const card = page.getByTestId(`promotion-${promotionId}`);
    await card.waitFor();
    expect(await card.innerText()).toContain('Log in to take part.');
    await card.getByTestId(`promotion-action-${promotionId}`).click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await screenshot(page, 'promotions-visitor-login-phone-en');
  });
});
