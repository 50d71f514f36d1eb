import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { hideBalanceStorageKey } from '../features/wallet/components/header-balance';
import { changeLanguage } from '../lib/i18n';
import { startSession } from '../lib/session';
import { installFakeApi, ok, type FakeReply, type RecordedRequest } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import {
  identityRoutes,
  loginValueFixture,
  memberBonusesFixture,
  memberInfoFixture,
  walletBalanceFixture,
} from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const balancePath = '/wps/v2/wallets/balance';

function balanceCalls(requests: RecordedRequest[]) {
  return requests.filter((request) => request.method === 'GET' && request.path === balancePath);
}

async function shownBalance(text: string, timeout = 1000) {
  await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toBe(text), {
    timeout,
  });
}

describe('header balance (SPEC §2, §9)', () => {
  it('shows the balance with its currency symbol, two decimals and thousands separators', async () => {
    const { requests } = installFakeApi(statusWithFlags([]), identityRoutes());
    startSession('token-alice', 0);
    renderApp('/');

    await shownBalance('₱\u00a01,234.50');
    const wallet = screen.getByTestId('header-balance');
    expect(within(wallet).getByRole('group', { name: 'Balance' })).toBeTruthy();
    expect(balanceCalls(requests)[0]?.headers.get('Authorization')).toBe('Bearer token-alice');
    expect(within(wallet).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(
      '/member?tab=depositv2',
    );
    expect(within(wallet).getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe(
      '/member?tab=withdraw',
    );
    // Beside the account menu, in the same header.
    expect(screen.getByTestId('site-header').contains(wallet)).toBe(true);
  });

  it('formats large amounts exactly from the decimal string as sent', async () => {
    installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'GET /wps/v2/wallets/balance': () =>
          ok(walletBalanceFixture({ sumBalance: '9007199254740993.55' })),
      }),
    );
    startSession('token-alice', 0);
    renderApp('/');
    await shownBalance('₱\u00a09,007,199,254,740,993.55');
  });

  it('shows the bonus balance under the cash, with the same symbol', async () => {
    const { requests } = installFakeApi(
      statusWithFlags([]),
      identityRoutes({ 'GET /wps/member/bonuses': () => ok(memberBonusesFixture('2500.5')) }),
    );
    startSession('token-alice', 0);
    renderApp('/');
    await shownBalance('₱\u00a01,234.50');
    const bonus = await screen.findByTestId('header-bonus');
    expect(bonus.textContent).toBe('Bonus ₱\u00a02,500.50');
    expect(
      requests
        .find((request) => request.path === '/wps/member/bonuses')
        ?.headers.get('Authorization'),
    ).toBe('Bearer token-alice');

    // Hiding hides both.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('bonus-amount').textContent).toBe('***');
  });

  it('writes the amounts in the player’s language', async () => {
    installFakeApi(statusWithFlags([]), identityRoutes());
    startSession('token-alice', 0);
    renderApp('/');
    await shownBalance('₱\u00a01,234.50');
    // Chosen as a player would (stored), so the merchant's default language cannot override it.
    await changeLanguage('MY');
    await shownBalance('၁,၂၃၄.၅၀\u00a0₱');
    expect((await screen.findByTestId('bonus-amount')).textContent).toBe('၁၀၀.၀၀\u00a0₱');
  });

  it('hides the amount behind *** and remembers the choice', async () => {
    installFakeApi(statusWithFlags([]), identityRoutes());
    startSession('token-alice', 0);
    const user = userEvent.setup();
    const first = renderApp('/');
    await shownBalance('₱\u00a01,234.50');

    const toggle = screen.getByRole('button', { name: 'Hide balance' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(screen.getByTestId('balance-amount').textContent).toBe('***');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem(hideBalanceStorageKey)).toBe('1');

    // A new visit keeps it hidden.
    first.unmount();
    renderApp('/');
    await shownBalance('***');
    const again = screen.getByRole('button', { name: 'Hide balance' });
    expect(again.getAttribute('aria-pressed')).toBe('true');
    await user.click(again);
    expect(screen.getByTestId('balance-amount').textContent).toBe('₱\u00a01,234.50');
    expect(window.localStorage.getItem(hideBalanceStorageKey)).toBeNull();
  });

  it('refetches on refresh, spinning until the new balance arrives', async () => {
    let answers = 0;
    let release: (reply: FakeReply) => void = () => undefined;
    const { requests } = installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'GET /wps/v2/wallets/balance': () => {
          answers += 1;
          if (answers === 1) return ok(walletBalanceFixture());
          return new Promise<FakeReply>((resolve) => {
            release = resolve;
          });
        },
      }),
    );
    startSession('token-alice', 0);
    const user = userEvent.setup();
    renderApp('/');
    await shownBalance('₱\u00a01,234.50');

    const refresh = screen.getByRole('button', { name: 'Refresh balance' });
    expect(refresh.getAttribute('aria-busy')).toBe('false');
    await user.click(refresh);
    await waitFor(() => expect(balanceCalls(requests)).toHaveLength(2));
    expect(refresh.getAttribute('aria-busy')).toBe('true');
    expect(refresh.querySelector('.is-spinning')).not.toBeNull();
    // Clicking again while it spins does not start a third call.
    await user.click(refresh);
    expect(balanceCalls(requests)).toHaveLength(2);

    release(ok(walletBalanceFixture({ sumBalance: '99' })));
    await shownBalance('₱\u00a099.00');
    expect(refresh.getAttribute('aria-busy')).toBe('false');
    expect(refresh.querySelector('.is-spinning')).toBeNull();
  });

  it('shows no balance to a trial player and never asks for it', async () => {
    const { requests } = installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'GET /wps/member/info': () => ok(memberInfoFixture({ account: 'trial_ab12', type: 4 })),
      }),
    );
    startSession('token-trial', 4);
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('account-name').textContent).toBe('trial_ab12'));
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh balance' })).toBeNull();
    expect(balanceCalls(requests)).toHaveLength(0);
  });

  it('shows no balance to guests', async () => {
    const { requests } = installFakeApi(statusWithFlags([]), identityRoutes());
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(balanceCalls(requests)).toHaveLength(0);
  });

  it('shows agents their balance too', async () => {
    installFakeApi(
      statusWithFlags([]),
      identityRoutes({ 'GET /wps/member/info': () => ok(memberInfoFixture({ type: 1 })) }),
    );
    startSession('token-agent', 1);
    renderApp('/');
    await shownBalance('₱\u00a01,234.50');
  });

  it('loads at log-in', { timeout: 20_000 }, async () => {
    const { requests } = installFakeApi(
      statusWithFlags([]),
      identityRoutes({ 'POST /wps/session/login': () => ok(loginValueFixture()) }),
    );
    const user = userEvent.setup();
    renderApp('/login');
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(login).getByRole('textbox', { name: 'Username' }), 'alice88');
    await user.type(within(login).getByLabelText('Password'), 'secret123');
    await user.click(within(login).getByRole('button', { name: 'Log in' }));
    // The first sealed call of a file waits for the fake server's RSA key to be generated.
    await shownBalance('₱\u00a01,234.50', 10_000);
    expect(balanceCalls(requests).at(-1)?.headers.get('Authorization')).toBe('Bearer token-alice');
  });

  it('goes at log-out, and the next account gets its own figure', async () => {
    let balance = '1234.50';
    const { requests } = installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'GET /wps/v2/wallets/balance': () => ok(walletBalanceFixture({ sumBalance: balance })),
      }),
    );
    startSession('token-alice', 0);
    const user = userEvent.setup();
    renderApp('/');
    await shownBalance('₱\u00a01,234.50');

    await user.click(screen.getByRole('button', { name: 'Account menu: alice88' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out?' });
    await user.click(within(confirm).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByTestId('header-balance')).toBeNull();

    balance = '5';
    const before = balanceCalls(requests).length;
    startSession('token-bob', 0);
    await shownBalance('₱\u00a05.00');
    expect(balanceCalls(requests).length).toBe(before + 1);
    expect(balanceCalls(requests).at(-1)?.headers.get('Authorization')).toBe('Bearer token-bob');
  });
});
