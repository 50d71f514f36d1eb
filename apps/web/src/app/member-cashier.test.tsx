import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leavePageFor } from '../features/cashier/lib/leave-page';
import { startSession } from '../lib/session';
import {
  fail,
  installFakeApi,
  ok,
  type FakeRoutes,
  type RecordedRequest,
} from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

vi.mock('../features/cashier/lib/leave-page', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  leavePageFor: vi.fn(),
}));

const bankChannel = {
  code: 'BANK1',
  kind: 'bank_transfer',
  name: 'BDO bank transfer',
  minAmount: '100',
  maxAmount: '50000',
  receiving: {
    bank: 'BDO Unibank',
    accountName: 'Taya Gaming Inc',
    accountNumber: '0012 3456 7890',
  },
};
const onlineChannel = {
  code: 'GCASH',
  kind: 'online',
  name: 'GCash',
  minAmount: '200',
  maxAmount: '20000',
  receiving: {},
};

const payoutAccount = {
  id: '6f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
  kind: 'ewallet',
  provider: 'GCash',
  accountName: 'Alice Cruz',
  accountNumber: '****1234',
};

function withdrawInfo(overrides: Record<string, unknown> = {}) {
  return {
    minAmount: '100',
    maxAmount: '10000',
    dailyCount: 3,
    usedToday: 1,
    turnoverRemaining: '0',
    balance: '1234.50',
    ...overrides,
  };
}

function withdrawal(overrides: Record<string, unknown> = {}) {
  return {
    id: 'w1',
    amount: '500.00',
    status: 'approved',
    confirmation: null,
    receivedAmount: null,
    confirmDeadline: null,
    createdAt: '2026-03-01T04:00:00.000Z',
    ...overrides,
  };
}

function cashierRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return identityRoutes({
    'GET /wps/cashier/channels': () => ok([bankChannel, onlineChannel]),
    'GET /wps/cashier/deposits': () => ok([]),
    'GET /wps/cashier/payout-accounts': () => ok([payoutAccount]),
    'GET /wps/cashier/withdraw-info': () => ok(withdrawInfo()),
    'GET /wps/cashier/withdrawals': () => ok([]),
    ...overrides,
  });
}

function calls(requests: RecordedRequest[], method: string, path: string) {
  return requests.filter((request) => request.method === method && request.path === path);
}

function setup(url: string, routes: FakeRoutes = cashierRoutes()) {
  const api = installFakeApi(statusWithFlags([]), routes);
  startSession('token-alice', 0);
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

beforeEach(() => {
  vi.mocked(leavePageFor).mockClear();
});

describe('member centre tabs (SPEC §2)', () => {
  it('opens on deposit and switches tabs through ?tab=', async () => {
    const { user } = setup('/member');
    const tabs = await screen.findByRole('tablist', { name: 'Member centre' });
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names).toEqual(['Deposit', 'Withdraw', 'Account record']);
    expect(within(tabs).getByRole('tab', { name: 'Deposit' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.click(within(tabs).getByRole('tab', { name: 'Withdraw' }));
    expect(window.location.search).toBe('?tab=withdraw');
    expect(await screen.findByTestId('withdraw-info')).toBeTruthy();
  });

  it('says honestly that other member pages are not built', async () => {
    setup('/member?tab=securityCenter');
    expect(await screen.findByTestId('not-built')).toBeTruthy();
    expect(screen.getByText('My account')).toBeTruthy();
    const links = screen.getByRole('navigation', { name: 'Member centre' });
    expect(within(links).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(
      '/member?tab=depositv2',
    );
  });
});

describe('deposit', () => {
  it('shows the receiving bank account with copy buttons, then records a bank deposit', async () => {
    const { requests, user } = setup(
      '/member?tab=depositv2',
      cashierRoutes({
        'POST /wps/cashier/deposits': (request) =>
          ok({
            id: 'd1',
            channelCode: 'BANK1',
            amount: (request.body as { amount: string }).amount,
            status: 'pending',
            createdAt: '2026-03-01T04:00:00.000Z',
            payUrl: null,
          }),
      }),
    );
    const details = await screen.findByTestId('receiving-details');
    expect(details.textContent).toContain('BDO Unibank');
    expect(details.textContent).toContain('Taya Gaming Inc');
    expect(details.textContent).toContain('0012 3456 7890');
    expect(details.textContent).toContain('An operator checks the transfer');
    expect(within(details).getByRole('button', { name: 'Copy Account number' })).toBeTruthy();
    expect(screen.getByText('Minimum 100.00, maximum 50,000.00')).toBeTruthy();

    await user.click(within(details).getByRole('button', { name: 'Copy Account number' }));
    expect(await navigator.clipboard.readText()).toBe('0012 3456 7890');

    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('The amount must be from 100.00 to 50,000.00')).toBeTruthy();
    expect(calls(requests, 'POST', '/wps/cashier/deposits')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1500.50');
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText(/Your deposit of 1,500.50 is recorded/)).toBeTruthy();
    expect(calls(requests, 'POST', '/wps/cashier/deposits')[0]?.body).toEqual({
      channelCode: 'BANK1',
      amount: '1500.50',
    });
    expect(leavePageFor).not.toHaveBeenCalled();
  });

  it('creates an online deposit and sends the tab to its pay page', async () => {
    const { requests, user } = setup(
      '/member?tab=depositv2',
      cashierRoutes({
        'POST /wps/cashier/deposits': () =>
          ok({
            id: 'd2',
            channelCode: 'GCASH',
            amount: '500',
            status: 'pending',
            createdAt: '2026-03-01T04:00:00.000Z',
            payUrl: '/sandbox/pay/d2',
          }),
      }),
    );
    await user.click(await screen.findByRole('radio', { name: /GCash/ }));
    expect(screen.queryByTestId('receiving-details')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '500');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    const payPage = new URL('/sandbox/pay/d2', window.location.href).href;
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith(payPage));
    expect(calls(requests, 'POST', '/wps/cashier/deposits')[0]?.body).toEqual({
      channelCode: 'GCASH',
      amount: '500',
    });
    expect(screen.getByTestId('pay-link').getAttribute('href')).toBe(payPage);
  });

  it('shows the server range error under the amount', async () => {
    const { user } = setup(
      '/member',
      cashierRoutes({
        'POST /wps/cashier/deposits': () =>
          fail(400, 'request_param_err', {
            fields: [{ path: 'amount', code: 'range', message: 'out of range' }],
          }),
      }),
    );
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '49999');
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
  });

  it('after paying, says so, refreshes the balance and lists the deposit', async () => {
    const { requests } = setup(
      '/member?tab=depositv2&deposit=d2&paid=1',
      cashierRoutes({
        'GET /wps/cashier/deposits': () =>
          ok([
            {
              id: 'd2',
              channelCode: 'GCASH',
              amount: '500',
              status: 'credited',
              createdAt: '2026-03-01T04:00:00.000Z',
              payUrl: null,
            },
          ]),
      }),
    );
    expect(await screen.findByTestId('deposit-paid')).toBeTruthy();
    const list = await screen.findByTestId('deposit-list');
    expect(list.textContent).toContain('500.00');
    expect(list.textContent).toContain('GCash');
    expect(within(list).getByText('Credited')).toBeTruthy();
    await waitFor(() =>
      expect(calls(requests, 'GET', '/wps/v2/wallets/balance').length).toBeGreaterThan(0),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(window.location.search).toBe('?tab=depositv2');
    expect(screen.queryByTestId('deposit-paid')).toBeNull();
  });
});

describe('withdraw', () => {
  it('explains owed turnover and keeps the withdraw button disabled', async () => {
    const { requests, user } = setup(
      '/member?tab=withdraw',
      cashierRoutes({
        'GET /wps/cashier/withdraw-info': () => ok(withdrawInfo({ turnoverRemaining: '850.5' })),
      }),
    );
    const note = await screen.findByTestId('turnover-note');
    expect(note.textContent).toBe('You still need to wager 850.50 before you can withdraw.');
    const info = screen.getByTestId('withdraw-info');
    expect(info.textContent).toContain('1,234.50');
    expect(info.textContent).toContain('1 of 3');
    const submit = screen.getByRole('button', { name: 'Withdraw now' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.click(submit);
    expect(calls(requests, 'POST', '/wps/cashier/withdrawals')).toHaveLength(0);
  });

  it('sends the withdrawal sealed and lists it', { timeout: 20_000 }, async () => {
    let listed: unknown[] = [];
    const { requests, user } = setup(
      '/member?tab=withdraw',
      cashierRoutes({
        'GET /wps/cashier/withdrawals': () => ok(listed),
        'POST /wps/cashier/withdrawals': () => {
          listed = [withdrawal({ id: 'w9', amount: '300.00', status: 'pending' })];
          return ok(listed[0]);
        },
      }),
    );
    const accounts = await screen.findByTestId('payout-accounts');
    expect(
      await within(accounts).findByRole('radio', { name: /GCash · \*\*\*\*1234/ }),
    ).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '300');
    await user.type(screen.getByLabelText('Payment password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Withdraw now' }));

    expect(
      await screen.findByText(
        'Your withdrawal of 300.00 is submitted and waiting for review.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const sent = calls(requests, 'POST', '/wps/cashier/withdrawals')[0];
    expect(sent?.sealed).toBe(true);
    expect(sent?.body).toEqual({
      payoutAccountId: payoutAccount.id,
      amount: '300',
      paymentPassword: '123456',
    });
    expect(JSON.stringify(sent?.headers.get('encryption'))).not.toContain('123456');
    const list = await screen.findByTestId('withdrawal-list');
    await waitFor(() => expect(within(list).getByText('Under review')).toBeTruthy());
  });

  it('adds a payout account', async () => {
    const added = {
      ...payoutAccount,
      id: '7f1c2b9e-3a4d-4e5f-8a9b-0c1d2e3f4a5c',
      kind: 'bank',
      provider: 'BDO',
      accountNumber: '****7890',
    };
    let list = [payoutAccount];
    const { requests, user } = setup(
      '/member?tab=withdraw',
      cashierRoutes({
        'GET /wps/cashier/payout-accounts': () => ok(list),
        'POST /wps/cashier/payout-accounts': () => {
          list = [payoutAccount, added];
          return ok(added);
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add payout account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payout account' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Account type' }),
      'bank',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Bank name' }), 'BDO');
    await user.type(within(dialog).getByRole('textbox', { name: 'Account name' }), 'Alice Cruz');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Account number' }),
      '0012 3456 7890',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(requests, 'POST', '/wps/cashier/payout-accounts')[0]?.body).toEqual({
      kind: 'bank',
      provider: 'BDO',
      accountName: 'Alice Cruz',
      accountNumber: '0012 3456 7890',
    });
    const radio = await screen.findByRole('radio', { name: /BDO · \*\*\*\*7890/ });
    expect((radio as HTMLInputElement).checked).toBe(true);
  });

  it('confirms receipt: received, and partly received with the amount', async () => {
    const deadline = '2026-03-01T06:00:00.000Z';
    const { requests, user } = setup(
      '/member?tab=withdraw',
      cashierRoutes({
        'GET /wps/cashier/withdrawals': () =>
          ok([
            withdrawal({ id: 'w1', confirmation: 'awaiting', confirmDeadline: deadline }),
            withdrawal({ id: 'w2', confirmation: 'awaiting', confirmDeadline: deadline }),
            withdrawal({ id: 'w3', confirmation: 'received' }),
          ]),
        'POST /wps/cashier/withdrawals/w1/confirm': () =>
          ok(withdrawal({ id: 'w1', confirmation: 'received' })),
        'POST /wps/cashier/withdrawals/w2/confirm': () =>
          ok(withdrawal({ id: 'w2', confirmation: 'partial', receivedAmount: '300.00' })),
      }),
    );
    const first = await screen.findByTestId('withdrawal-w1');
    expect(first.querySelector(`time[datetime="${deadline}"]`)).not.toBeNull();
    expect(within(first).getByText(/counts as received at/)).toBeTruthy();
    expect(within(screen.getByTestId('withdrawal-w3')).queryByRole('button')).toBeNull();

    await user.click(within(first).getByRole('button', { name: 'Received' }));
    await waitFor(() =>
      expect(calls(requests, 'POST', '/wps/cashier/withdrawals/w1/confirm')[0]?.body).toEqual({
        result: 'received',
      }),
    );

    const second = screen.getByTestId('withdrawal-w2');
    await user.click(within(second).getByRole('button', { name: 'Partly received' }));
    await user.type(within(second).getByRole('textbox', { name: 'Amount received' }), '300');
    await user.click(within(second).getByRole('button', { name: 'Confirm amount' }));
    await waitFor(() =>
      expect(calls(requests, 'POST', '/wps/cashier/withdrawals/w2/confirm')[0]?.body).toEqual({
        result: 'partial',
        receivedAmount: '300',
      }),
    );
    expect(within(second).getByRole('button', { name: 'Not received' })).toBeTruthy();
  });

  it('says not received', async () => {
    const { requests, user } = setup(
      '/member?tab=withdraw',
      cashierRoutes({
        'GET /wps/cashier/withdrawals': () => ok([withdrawal({ confirmation: 'awaiting' })]),
        'POST /wps/cashier/withdrawals/w1/confirm': () =>
          ok(withdrawal({ confirmation: 'not_received' })),
      }),
    );
    const row = await screen.findByTestId('withdrawal-w1');
    await user.click(within(row).getByRole('button', { name: 'Not received' }));
    await waitFor(() =>
      expect(calls(requests, 'POST', '/wps/cashier/withdrawals/w1/confirm')[0]?.body).toEqual({
        result: 'not_received',
      }),
    );
  });
});

describe('account record', () => {
  const rows = [
    {
      id: 't1',
      time: '2026-03-01T04:00:00.000Z',
      type: 'deposit',
      amount: '1500.50',
      balanceAfter: '2735.00',
      reference: 'd1',
    },
    {
      id: 't2',
      time: '2026-03-01T05:00:00.000Z',
      type: 'withdrawal_hold',
      amount: '-300.00',
      balanceAfter: '2435.00',
      reference: 'w9',
    },
  ];

  it('lists rows, filters by type and date preset, and pages with hasMore', async () => {
    const { requests, user } = setup(
      '/member?tab=transactionHistory',
      cashierRoutes({
        'GET /wps/member/transactions': (request) => {
          const type = request.query.get('type');
          const page = Number(request.query.get('page'));
          const list = type ? rows.filter((row) => row.type === type) : rows;
          return ok({ list, page, size: 20, hasMore: page === 1 && !type });
        },
      }),
    );
    const list = await screen.findByTestId('transaction-list');
    const shown = within(list).getAllByTestId('transaction-row');
    expect(shown).toHaveLength(2);
    expect(shown[0]?.textContent).toContain('Deposit');
    const credit = within(shown[0]!).getByText('+1,500.50');
    expect(credit.className).toContain('is-credit');
    expect(within(shown[1]!).getByText('-300.00').className).toContain('is-debit');
    expect(shown[1]?.textContent).toContain('Withdrawal (held)');
    expect(shown[1]?.textContent).toContain('2,435.00');

    const txCalls = () => calls(requests, 'GET', '/wps/member/transactions');
    expect(txCalls()[0]?.query.get('type')).toBeNull();
    expect(txCalls()[0]?.query.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(txCalls().at(-1)?.query.get('page')).toBe('2'));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'withdrawal_hold');
    await waitFor(() => expect(txCalls().at(-1)?.query.get('type')).toBe('withdrawal_hold'));
    expect(txCalls().at(-1)?.query.get('page')).toBe('1');
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(1));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'last7');
    await waitFor(() => expect(txCalls().at(-1)?.query.get('from')).not.toBeNull());
    const from = new Date(txCalls().at(-1)!.query.get('from')!);
    const to = new Date(txCalls().at(-1)!.query.get('to')!);
    expect(Math.round((to.getTime() - from.getTime()) / 86_400_000)).toBe(7);
    expect(txCalls().at(-1)?.query.get('type')).toBe('withdrawal_hold');
  });
});
