import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { cashierSettings } from '../apps/server/src/modules/cashier/schema';
import { accounts } from '../apps/server/src/modules/identity/schema';
import type { RunningServer } from '../apps/server/src/server';
import {
  launchBrowser,
  markLoggedInBefore,
  newPage,
  operatorToken,
  startTaya,
  submitLoginPopup,
  submitLoginPopupInAnyLanguage,
  viewports,
} from './fixtures';

/** The theme and the language a page opens in, as the site remembers them. */
export interface Look {
  theme?: 'light' | 'dark';
  language?: string;
}

/** One test file's browser and platform, and the pages it opens: `stop` closes them all. */
export class BrowserRun {
  private readonly contexts: BrowserContext[] = [];

  private constructor(
    readonly browser: Browser,
    readonly taya: RunningServer,
  ) {}

  /** Chromium and the whole platform on an empty database (see `startTaya`). */
  static async start(env: Record<string, string> = {}): Promise<BrowserRun> {
    const browser = await launchBrowser();
    try {
      return new BrowserRun(browser, await startTaya(env));
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  /**
   * A new page at a phone's or a desktop's size, in `look`; with `token`, already in that
   * member's session (as the tab that logged in holds it).
   */
  async open(size: keyof typeof viewports, look: Look = {}, token?: string): Promise<Page> {
    const storage: Record<string, string> = {};
    if (look.theme) storage['taya.theme'] = look.theme;
    if (look.language) storage['taya.language'] = look.language;
    const { context, page } = await newPage(this.browser, viewports[size], storage);
    this.contexts.push(context);
    if (token) {
      await context.addInitScript((session) => {
        sessionStorage.setItem('taya.token', session);
        sessionStorage.setItem('taya.customerType', '0');
      }, token);
    }
    return page;
  }

  async stop(): Promise<void> {
    for (const context of this.contexts) await context.close().catch(() => undefined);
    await this.browser.close();
    await this.taya.stop();
  }
}

/**
 * The newest message the sandbox providers "sent" to `destination` (an SMS, an e-mail, or a
 * captcha's answer by its id), from the development outbox; waits up to five seconds for it.
 */
export async function readOutbox(
  taya: RunningServer,
  destination: string,
  channel: 'sms' | 'email' | 'captcha',
): Promise<string> {
  const url = `${taya.url}/dev/outbox?channel=${channel}&destination=${encodeURIComponent(destination)}`;
  for (let i = 0; i < 50; i++) {
    const body = (await (await fetch(url)).json()) as { value: { body: string }[] };
    if (body.value[0]) return body.value[0].body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing in the outbox for ${destination}`);
}

/** The zero of each decimal digit block an amount may be written in (Arabic-Indic to Khmer). */
const digitZeros = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50, 0x0ed0, 0x1040, 0x17e0];

/** An amount as the page writes it in the player's language, in ASCII digits and separators. */
export function asciiDigits(text: string): string {
  return text
    .replace(/\p{Nd}/gu, (digit) => {
      const code = digit.codePointAt(0)!;
      const zero = digitZeros.find((z) => code >= z && code <= z + 9);
      return zero === undefined ? digit : String(code - zero);
    })
    .replaceAll('\u066b', '.')
    .replaceAll('\u066c', ',');
}

/** "₱ 1,234.50", "₱ ၁၈.၇၈" or "-12.00" → minor units, exactly. */
export function minor(written: string): bigint {
  const text = asciiDigits(written);
  const match = /(-?)[^\d-]*([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  const value = BigInt(match[2]!.replaceAll(',', '') + match[3]!);
  return match[1] === '-' ? -value : value;
}

/** The page fits its width: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The id of the account `username`. */
export async function accountId(taya: RunningServer, username = 'demo_member'): Promise<string> {
  const [account] = await taya.database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.usernameKey, username));
  if (!account) throw new Error(`no account ${username}`);
  return account.id;
}

/** Credits a member's main wallet of TYPH with `amount`, as a credited deposit would leave it. */
export async function fundMember(
  taya: RunningServer,
  memberId: string,
  amount: bigint,
  idempotencyKey: string,
): Promise<void> {
  const { wallet } = taya.app.services;
  const clearing = await wallet.ledger.account({
    merchantCode: 'TYPH',
    currency: 'TLB',
    ownerId: null,
    kind: 'payment_clearing',
    subKind: 'e2e',
    allowNegative: true,
  });
  await wallet.ledger.post({
    merchantCode: 'TYPH',
    idempotencyKey,
    type: 'deposit',
    actor: 'e2e',
    postings: [
      { accountId: clearing, amount: -amount },
      { accountId: await wallet.cashAccount('TYPH', memberId), amount },
    ],
  });
}

/**
 * demo_member ready to play: it has logged in before (no first-log-in password change) and has
 * 500.00 in its main wallet, as a credited deposit would leave it. Its account id.
 */
export async function demoPlayer(taya: RunningServer, fundingKey: string): Promise<string> {
  await markLoggedInBefore(taya);
  const memberId = await accountId(taya);
  await fundMember(taya, memberId, 500_00n, fundingKey);
  return memberId;
}

/** Deposits ask for no turnover at TYPH: a flow about money in and out, or about a bonus's own. */
export async function withoutDepositTurnover(taya: RunningServer): Promise<void> {
  await taya.database.db
    .update(cashierSettings)
    .set({ turnoverMultipleTenths: 0 })
    .where(eq(cashierSettings.merchantCode, 'TYPH'));
}

/**
 * Logs a member in through /login: by the popup's English labels, or with `anyLanguage` by its
 * fields' autocomplete roles. Then waits for the popup to close (unless `popupCloses` is false:
 * another dialog may open at once) and, with `balance`, for the header to show it.
 */
export async function logIn(
  page: Page,
  url: string,
  {
    username = 'demo_member',
    anyLanguage = false,
    popupCloses = true,
    balance,
  }: { username?: string; anyLanguage?: boolean; popupCloses?: boolean; balance?: string } = {},
): Promise<void> {
  await page.goto(`${url}/login`);
  if (anyLanguage) await submitLoginPopupInAnyLanguage(page, username);
  else await submitLoginPopup(page, username);
  if (popupCloses) await page.getByRole('dialog').waitFor({ state: 'hidden' });
  if (balance !== undefined) {
    await expect.poll(() => page.getByTestId('site-header').innerText()).toContain(balance);
  }
}

/**
 * Launches the Taya slot from the home page's hot games, as a member does (a launch gives the
 * one-time game token), and picks the stake `bet` when given.
 */
export async function openTayaSlot(page: Page, url: string, bet?: string): Promise<void> {
  await page.goto(`${url}/`);
  await page
    .getByTestId('home-hot')
    .getByRole('button', { name: 'Play Taya Fortune' })
    .first()
    .click();
  await page.waitForURL(/\/seamless\?vendor=TAYA&game=TAYA_FORTUNE$/);
  await page.getByTestId('slot-machine').waitFor();
  if (bet !== undefined) await page.getByTestId('slot-bet').selectOption(bet);
}

/**
 * One spin of the open slot at its stake: once it can spin, and until the round is settled (the
 * spin button comes back then; the reels take their time, a busy machine longer).
 */
export async function spinSlot(page: Page, timeout = 10_000): Promise<void> {
  const button = page.getByTestId('slot-spin');
  await expect.poll(() => button.isEnabled(), { timeout }).toBe(true);
  await button.click();
  await expect.poll(() => button.isEnabled(), { timeout }).toBe(true);
}

/** Adds a GCash e-wallet as a payout account on the withdrawal tab, in English. */
export async function addPayoutEwallet(
  page: Page,
  accountName: string,
  accountNumber: string,
): Promise<void> {
  await page.getByRole('button', { name: 'Add payout account' }).click();
  const add = page.getByRole('dialog', { name: 'Add payout account' });
  await add.getByLabel('Account type').selectOption('ewallet');
  await add.getByLabel('E-wallet name').fill('GCash');
  await add.getByLabel('Account name').fill(accountName);
  await add.getByLabel('Account number').fill(accountNumber);
  await add.getByRole('button', { name: 'Save' }).click();
  await add.waitFor({ state: 'hidden' });
}

/**
 * An operator API call for TYPH with a bearer token, as the operator console makes it: the
 * answer's status and its envelope's value.
 */
export async function operatorCall<T>(
  taya: RunningServer,
  method: 'GET' | 'POST',
  path: string,
  { body, subjectId }: { body?: unknown; subjectId?: string } = {},
): Promise<{ status: number; value: T }> {
  const token = await operatorToken(taya, 'TYPH', subjectId);
  const response = await fetch(`${taya.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { value: T };
  return { status: response.status, value: envelope.value };
}

/**
 * Creates a promotion of TYPH through the operator API, running since an hour ago with no end,
 * for every member, enabled, with a reason; `promotion` gives the rest. Its id.
 */
export async function createPromotion(
  taya: RunningServer,
  promotion: Record<string, unknown>,
  subjectId?: string,
): Promise<string> {
  const created = await operatorCall<{ id: string }>(taya, 'POST', '/ops/promotions', {
    subjectId,
    body: {
      merchantCode: 'TYPH',
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      endsAt: null,
      audience: { vipLevels: null, newMembersOnly: false },
      enabled: true,
      reason: 'Set up for the test',
      ...promotion,
    },
  });
  expect(created.status).toBe(200);
  return created.value.id;
}
