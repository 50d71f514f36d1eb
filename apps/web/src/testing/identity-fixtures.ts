import {
  loginValueSchema,
  memberInfoSchema,
  walletBalanceSchema,
  type LoginValue,
  type MemberInfo,
  type WalletBalance,
} from '@taya/contracts';
import { ok, type FakeRoutes } from './fake-api';

/** A 1×1 transparent PNG, as the captcha call sends it (base64, no data: prefix). */
export const captchaPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function loginValueFixture(overrides: Partial<LoginValue> = {}): LoginValue {
  return loginValueSchema.parse({
    token: 'token-alice',
    id: 'acc-1',
    userName: 'alice88',
    customerType: 0,
    firstTimeLogin: false,
    passwordExpired: false,
    ...overrides,
  });
}

export function memberInfoFixture(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return memberInfoSchema.parse({
    id: 'acc-1',
    account: 'alice88',
    nickname: null,
    type: 0,
    regDate: Date.UTC(2026, 0, 15),
    mobile: null,
    clubLabel: null,
    icon: null,
    ...overrides,
  });
}

/** The header's balance answer: ₱ 1,234.50 in the main wallet unless told otherwise. */
export function walletBalanceFixture(overrides: Partial<WalletBalance> = {}): WalletBalance {
  return walletBalanceSchema.parse({
    sumBalance: '1234.50',
    currency: 'TLB',
    currencySymbol: '₱',
    balance: [{ accountTypeId: 2, availBalance: overrides.sumBalance ?? '1234.50' }],
    ...overrides,
  });
}

/** The bonus page's answer, read by the header for its bonus balance: ₱ 100.00 unless told. */
export function memberBonusesFixture(bonusBalance = '100.00') {
  return { list: [], bonusBalance, turnoverRemaining: '0.00', currency: 'TLB' };
}

/**
 * What every identity test needs answered: the captcha image, the member's details, log-out and
 * the header's balance and bonus balance.
 * Tests add or replace routes for the call they are about.
 */
export function identityRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /wps/captcha': () => ok(captchaPng),
    'GET /wps/member/info': () => ok(memberInfoFixture()),
    'DELETE /wps/session/logout': () => ok({ done: true }),
    'GET /wps/v2/wallets/balance': () => ok(walletBalanceFixture()),
    // The side menu's app download codes carry a one-time sign-in ticket.
    'POST /wps/session/ticket': () => ok({ ticket: 'ticket-fixture', expiresInSeconds: 300 }),
    'GET /wps/member/bonuses': () => ok(memberBonusesFixture()),
    ...overrides,
  };
}
