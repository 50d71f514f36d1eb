import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { trialAccountType } from '@taya/contracts';
import { startSession } from '../lib/session';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const merchantWallets = {
  isSingle: false,
  wallets: [
    { accountTypeId: 101, vendorCode: 'PG', name: 'PG Soft', maintenance: false },
    { accountTypeId: 102, vendorCode: 'JILI', name: 'JILI', maintenance: true },
  ],
};

/** The balance answer with these wallet balances (2 is the main wallet). */
function balances(byWallet: Record<number, string>) {
  const list = Object.entries(byWallet).map(([id, availBalance]) => ({
    accountTypeId: Number(id),
    availBalance,
  }));
  const cents = list.reduce((sum, item) => sum + Math.round(Number(item.availBalance) * 100), 0);
  return {
    sumBalance: (cents / 100).toFixed(2),
    currency: 'TLB',
    currencySymbol: '₱',
    balance: list,
  };
}

function walletRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return identityRoutes({
    'GET /wps/cashier/channels': () => ok([]),
    'GET /wps/cashier/deposits': () => ok([]),
    'GET /wps/relay/GCS_merchantWallet': () => ok(merchantWallets),
    'GET /wps/v2/wallets/balance': () => ok(balances({ 2: '1000.00', 101: '50.00', 102: '20.00' })),
    ...overrides,
  });
}

function setup(url: string, routes: FakeRoutes, customerType = 0) {
  const api = installFakeApi(statusWithFlags([]), routes);
  startSession('token-alice', customerType);
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

async function tabNames() {
  const tabs = await screen.findByRole('tablist', { name: 'Member centre' });
  return within(tabs)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
}

async function walletShows(accountTypeId: number, text: string) {
  await waitFor(() =>
    expect(screen.getByTestId(`wallet-${accountTypeId}`).textContent).toContain(text),
  );
}

describe('my wallet (transferFund)', () => {
  it('is offered only when the merchant has game wallets of its own', async () => {
    setup('/member', walletRoutes());
    await waitFor(async () =>
      expect(await tabNames()).toEqual([
        'My account',
        'My wallet',
        'Deposit',
        'Withdraw',
        'Betting record',
        'Account record',
        'Profit and loss',
        'Bonus details',
        'Reward centre',
        'Invite friends',
        'Missions',
        'Platform information',
        'VIP level',
      ]),
    );
  });

  it('is not offered at all to a single-wallet merchant', async () => {
    const { requests } = setup(
      '/member?tab=transferFund',
      walletRoutes({
        'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true, wallets: [] }),
      }),
    );
    expect(await screen.findByTestId('not-built')).toBeTruthy();
    const links = screen.getByRole('navigation', { name: 'Member centre' });
    expect(within(links).queryByRole('link', { name: 'My wallet' })).toBeNull();
    expect(screen.queryByTestId('my-wallet')).toBeNull();
    expect(calls(requests, 'POST', '/wps/relay/GCS_walletTransfer')).toHaveLength(0);
  });

  it('lists every wallet, transfers to a game wallet and shows the new balances', async () => {
    let current = balances({ 2: '1000.00', 101: '50.00', 102: '20.00' });
    const { requests, user } = setup(
      '/member?tab=transferFund',
      walletRoutes({
        'GET /wps/v2/wallets/balance': () => ok(current),
        'POST /wps/relay/GCS_walletTransfer': (request) => {
          const body = request.body as { amount: string };
          current = balances({ 2: '700.00', 101: '350.00', 102: '20.00' });
          return ok({
            id: 'x1',
            fromAccountTypeId: 2,
            toAccountTypeId: 101,
            amount: body.amount,
            status: 'completed',
            balance: current,
          });
        },
      }),
    );
    await walletShows(2, '1,000.00');
    expect(screen.getByTestId('wallet-2').textContent).toContain('Main wallet');
    await walletShows(101, 'PG Soft');
    await walletShows(101, '50.00');
    await walletShows(102, 'Under maintenance');

    const form = screen.getByTestId('wallet-transfer');
    const from = within(form).getByRole('combobox', { name: 'From' });
    const to = within(form).getByRole('combobox', { name: 'To' });
    expect((from as HTMLSelectElement).value).toBe('2');
    expect((to as HTMLSelectElement).value).toBe('101');
    const jili = within(to).getByRole('option', { name: /JILI/ }) as HTMLOptionElement;
    expect(jili.disabled).toBe(true);

    const amount = within(form).getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '1000.01');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(await within(form).findByText('Your balance is not enough')).toBeTruthy();
    expect(calls(requests, 'POST', '/wps/relay/GCS_walletTransfer')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    const result = await within(form).findByTestId('transfer-result');
    expect(result.textContent).toContain('Completed');
    expect(result.textContent).toContain('300.00 moved from Main wallet to PG Soft.');
    const sent = calls(requests, 'POST', '/wps/relay/GCS_walletTransfer')[0]?.body as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({ fromAccountTypeId: 2, toAccountTypeId: 101, amount: '300' });
    expect(sent.requestId).toMatch(uuidPattern);

    await walletShows(2, '700.00');
    await walletShows(101, '350.00');
    // The header's balance is the same query: it shows the total after the transfer.
    await waitFor(() =>
      expect(screen.getByTestId('balance-amount').textContent).toBe('₱\u00a01,070.00'),
    );
    expect((amount as HTMLInputElement).value).toBe('');
  });

  it('moves a whole game wallet back with "All" and says when the game wallet is slow', async () => {
    const { requests, user } = setup(
      '/member?tab=transferFund',
      walletRoutes({
        'POST /wps/relay/GCS_walletTransfer': (request) =>
          ok({
            id: 'x2',
            fromAccountTypeId: 101,
            toAccountTypeId: 2,
            amount: (request.body as { amount: string }).amount,
            status: 'pending',
            balance: balances({ 2: '1000.00', 101: '0.00', 102: '20.00' }),
          }),
      }),
    );
    await walletShows(101, '50.00');
    const form = screen.getByTestId('wallet-transfer');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'From' }), '101');
    const to = within(form).getByRole('combobox', { name: 'To' }) as HTMLSelectElement;
    expect(to.value).toBe('2');
    expect(within(to).getAllByRole('option')).toHaveLength(1);

    await user.click(within(form).getByRole('button', { name: 'All' }));
    const amount = within(form).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    expect(amount.value).toBe('50.00');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    const result = await within(form).findByTestId('transfer-result');
    expect(result.textContent).toContain('Pending');
    expect(result.textContent).toContain(
      'Waiting for the game wallet; the transfer of ₱\u00a050.00 will complete automatically.',
    );
    expect(calls(requests, 'POST', '/wps/relay/GCS_walletTransfer')[0]?.body).toMatchObject({
      fromAccountTypeId: 101,
      toAccountTypeId: 2,
      amount: '50.00',
    });
  });

  it('sends the same request id again when a transfer got no answer', async () => {
    let answered = 0;
    const { requests, user } = setup(
      '/member?tab=transferFund',
      walletRoutes({
        'POST /wps/relay/GCS_walletTransfer': () => {
          answered += 1;
          if (answered === 1) return fail(503, 'service_unavailable');
          if (answered === 2) return fail(400, 'insufficient_funds');
          return ok({
            id: 'x3',
            fromAccountTypeId: 2,
            toAccountTypeId: 101,
            amount: '10',
            status: 'completed',
            balance: balances({ 2: '990.00', 101: '60.00', 102: '20.00' }),
          });
        },
      }),
    );
    await walletShows(2, '1,000.00');
    const form = screen.getByTestId('wallet-transfer');
    await user.type(within(form).getByRole('textbox', { name: 'Amount' }), '10');
    const submit = within(form).getByRole('button', { name: 'Transfer' });
    await user.click(submit);
    expect(await within(form).findByText('The service is temporarily unavailable')).toBeTruthy();
    await user.click(submit);
    expect(await within(form).findByText('Your balance is not enough')).toBeTruthy();
    await user.click(submit);
    await within(form).findByTestId('transfer-result');

    const ids = calls(requests, 'POST', '/wps/relay/GCS_walletTransfer').map(
      (request) => (request.body as { requestId: string }).requestId,
    );
    expect(ids).toHaveLength(3);
    // No answer: the retry is the same request. A refusal is final: the next try is new.
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[1]);
  });

  it('recalls every game wallet to the main wallet', async () => {
    let current = balances({ 2: '1000.00', 101: '50.00', 102: '20.00' });
    const { requests, user } = setup(
      '/member?tab=transferFund',
      walletRoutes({
        'GET /wps/v2/wallets/balance': () => ok(current),
        'POST /wps/relay/GCS_walletReturn': () => {
          current = balances({ 2: '1050.00', 101: '0.00', 102: '20.00' });
          return ok({
            transfers: [
              {
                id: 'r1',
                fromAccountTypeId: 101,
                toAccountTypeId: 2,
                amount: '50.00',
                status: 'completed',
              },
            ],
            balance: current,
          });
        },
      }),
    );
    await walletShows(101, '50.00');
    await user.click(screen.getByRole('button', { name: 'Recall all to main wallet' }));
    expect(await screen.findByText('₱ 50.00 returned to your main wallet.')).toBeTruthy();
    expect(calls(requests, 'POST', '/wps/relay/GCS_walletReturn')[0]?.body).toEqual({});
    await walletShows(2, '1,050.00');
    await walletShows(101, '0.00');
  });
});

describe('transfer to upline (agents)', () => {
  const agentType = 1;
  const uplineRoutes = (overrides: FakeRoutes = {}) =>
    walletRoutes({
      'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true, wallets: [] }),
      'GET /wps/agent/transfers/info': () =>
        ok({ upline: { username: 'boss01' }, balance: '5000.00' }),
      ...overrides,
    });

  it('is offered to agents only', async () => {
    setup('/member', uplineRoutes(), agentType);
    await waitFor(async () =>
      expect(await tabNames()).toEqual([
        'My account',
        'Deposit',
        'Withdraw',
        'Transfer to upline',
        'Betting record',
        'Account record',
        'Profit and loss',
        'Bonus details',
        'Reward centre',
        'Missions',
        'Platform information',
        'VIP level',
      ]),
    );
  });

  it('is not offered to members', async () => {
    const { requests } = setup('/member?tab=transferUpline', uplineRoutes());
    expect(await screen.findByTestId('not-built')).toBeTruthy();
    expect(calls(requests, 'GET', '/wps/agent/transfers/info')).toHaveLength(0);
  });

  it("sends agents who open the members' invite tab to the register centre", async () => {
    setup('/member?tab=referral', uplineRoutes(), agentType);
    await waitFor(() => expect(window.location.pathname).toBe('/agentHome/registerCenter'));
  });

  it('sends the amount and payment password sealed', { timeout: 20_000 }, async () => {
    const { requests, user } = setup(
      '/member?tab=transferUpline',
      uplineRoutes({
        'POST /wps/agent/transfers/upline': (request) =>
          ok({
            id: 'a1',
            direction: 'upline',
            counterparty: 'boss01',
            amount: (request.body as { amount: string }).amount,
            createdAt: '2026-03-01T04:00:00.000Z',
            balance: '3800.00',
          }),
      }),
      agentType,
    );
    const panel = await screen.findByTestId('upline-transfer');
    await waitFor(() => expect(panel.textContent).toContain('boss01'));
    expect(panel.textContent).toContain('5,000.00');

    await user.type(within(panel).getByRole('textbox', { name: 'Amount' }), '1200');
    await user.type(within(panel).getByLabelText('Payment password'), '654321');
    await user.click(within(panel).getByRole('button', { name: 'Transfer to upline' }));
    expect(
      await within(panel).findByText('₱ 1,200.00 sent to boss01.', {}, { timeout: 10_000 }),
    ).toBeTruthy();

    const sent = calls(requests, 'POST', '/wps/agent/transfers/upline')[0];
    expect(sent?.sealed).toBe(true);
    const body = sent?.body as { requestId: string; amount: string; paymentPassword: string };
    expect(body).toEqual({ requestId: body.requestId, amount: '1200', paymentPassword: '654321' });
    expect(body.requestId).toMatch(uuidPattern);
    expect(JSON.stringify(sent?.headers.get('encryption'))).not.toContain('654321');
  });

  it('marks a wrong payment password and shows other refusals', { timeout: 20_000 }, async () => {
    let answer = 0;
    const { user } = setup(
      '/member?tab=transferUpline',
      uplineRoutes({
        'POST /wps/agent/transfers/upline': () => {
          answer += 1;
          if (answer === 1) {
            return fail(400, 'request_param_err', {
              fields: [{ path: 'paymentPassword', code: 'wrong', message: 'wrong' }],
            });
          }
          return fail(423, 'account_locked');
        },
      }),
      agentType,
    );
    const panel = await screen.findByTestId('upline-transfer');
    const password = await within(panel).findByLabelText('Payment password');
    await user.type(within(panel).getByRole('textbox', { name: 'Amount' }), '100');
    await user.type(password, '111111');
    await user.click(within(panel).getByRole('button', { name: 'Transfer to upline' }));
    expect(
      await within(panel).findByText(
        'The payment password is not correct',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect((password as HTMLInputElement).value).toBe('');

    await user.type(password, '222222');
    await user.click(within(panel).getByRole('button', { name: 'Transfer to upline' }));
    expect(
      await within(panel).findByText(
        'Too many failed attempts: this account is locked for a while',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });

  it('says so when the agent has no upline, and shows no form', async () => {
    setup(
      '/member?tab=transferUpline',
      uplineRoutes({
        'GET /wps/agent/transfers/info': () => ok({ upline: null, balance: '5000.00' }),
      }),
      agentType,
    );
    expect(await screen.findByTestId('no-upline')).toBeTruthy();
    expect(screen.getByText('You have no upline, so there is no one to transfer to.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Amount' })).toBeNull();
    expect(screen.queryByLabelText('Payment password')).toBeNull();
  });
});

describe('trial players (SPEC §4)', () => {
  for (const tab of ['transferFund', 'transferUpline', 'depositv2']) {
    it(`are asked for a real account on ?tab=${tab}`, async () => {
      const { requests } = setup(`/member?tab=${tab}`, walletRoutes(), trialAccountType);
      expect(await screen.findByTestId('trial-refusal')).toBeTruthy();
      expect(screen.getByText('Please register a real account to use this')).toBeTruthy();
      expect(calls(requests, 'GET', '/wps/relay/GCS_merchantWallet')).toHaveLength(0);
      expect(calls(requests, 'GET', '/wps/agent/transfers/info')).toHaveLength(0);
    });
  }
});
