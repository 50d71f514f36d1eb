import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leavePageFor } from '../features/cashier/lib/leave-page';
import { startSession } from '../lib/session';
import {
  calls,
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
    outstanding: '0.00',
    resolution: null,
    confirmDeadline: null,
    proofIds: [],
    createdAt: '2026-03-01T04:00:00.000Z',
    ...overrides,
  };
}

const uploadIds = [
  '0b7e1c9a-5d2f-4c3b-9a8e-1f2d3c4b5a61',
  '0b7e1c9a-5d2f-4c3b-9a8e-1f2d3c4b5a62',
  '0b7e1c9a-5d2f-4c3b-9a8e-1f2d3c4b5a63',
];

/** The upload call as the server answers it: one id per `files` part, in order. */
function uploadRoute(request: RecordedRequest) {
  const files = (request.body as FormData).getAll('files') as File[];
  return ok(
    files.map((file, index) => ({ id: uploadIds[index], contentType: file.type, size: file.size })),
  );
}

function image(name: string, type = 'image/png', size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}

/**
 * jsdom has no object URLs; previews only need a distinct URL per file, and the test checks that
 * each one made is revoked again.
 */
function stubObjectUrls() {
  const created: string[] = [];
  const revoked: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (file: File) => {
      const url = `blob:taya/${created.length + 1}-${file.name}`;
      created.push(url);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    writable: true,
    value: (url: string) => revoked.push(url),
  });
  return { created, revoked };
}

function cashierRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return identityRoutes({
    'GET /wps/cashier/channels': () => ok([bankChannel, onlineChannel]),
    'GET /wps/cashier/deposits': () => ok([]),
    'GET /wps/cashier/payout-accounts': () => ok([payoutAccount]),
    'GET /wps/cashier/withdraw-info': () => ok(withdrawInfo()),
    'GET /wps/cashier/withdrawals': () => ok([]),
    'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true, wallets: [] }),
    'POST /wps/member/uploads': uploadRoute,
    ...overrides,
  });
}

function setup(url: string, routes: FakeRoutes = cashierRoutes()) {
  const api = installFakeApi(statusWithFlags([]), routes);
  startSession('token-alice', 0);
  // A file picker's `accept` is only a hint (a person can choose "All files"), so the test does
  // not let it filter: the app's own check must refuse.
  const user = userEvent.setup({ applyAccept: false });
  renderApp(url);
  return { ...api, user };
}

let objectUrls: ReturnType<typeof stubObjectUrls>;

beforeEach(() => {
  vi.mocked(leavePageFor).mockClear();
  objectUrls = stubObjectUrls();
});

describe('member centre tabs (SPEC §2)', () => {
  it('opens on deposit and switches tabs through ?tab=', async () => {
    const { user } = setup('/member');
    const tabs = await screen.findByRole('tablist', { name: 'Member centre' });
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names).toEqual([
      'My account',
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
    ]);
    expect(within(tabs).getByRole('tab', { name: 'Deposit' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.click(within(tabs).getByRole('tab', { name: 'Withdraw' }));
    expect(window.location.search).toBe('?tab=withdraw');
    expect(await screen.findByTestId('withdraw-info')).toBeTruthy();
  });

  it('says honestly that other member pages are not built', async () => {
    setup('/member?tab=transferUpline');
    expect(await screen.findByTestId('not-built')).toBeTruthy();
    expect(screen.getByText('Transfer to upline')).toBeTruthy();
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
        'POST /wps/cashier/deposits': (request) => {
          const body = request.body as { amount: string; receiptIds: string[] };
          return ok({
            id: 'd1',
            channelCode: 'BANK1',
            amount: body.amount,
            status: 'pending',
            createdAt: '2026-03-01T04:00:00.000Z',
            payUrl: null,
            receiptIds: body.receiptIds,
          });
        },
      }),
    );
    const details = await screen.findByTestId('receiving-details');
    expect(details.textContent).toContain('BDO Unibank');
    expect(details.textContent).toContain('Taya Gaming Inc');
    expect(details.textContent).toContain('0012 3456 7890');
    expect(details.textContent).toContain('An operator checks the transfer');
    expect(within(details).getByRole('button', { name: 'Copy Account number' })).toBeTruthy();
    expect(screen.getByText('Minimum ₱ 100.00, maximum ₱ 50,000.00')).toBeTruthy();

    await user.click(within(details).getByRole('button', { name: 'Copy Account number' }));
    expect(await navigator.clipboard.readText()).toBe('0012 3456 7890');

    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('The amount must be from ₱ 100.00 to ₱ 50,000.00')).toBeTruthy();
    expect(calls(requests, 'POST', '/wps/cashier/deposits')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1500.50');
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(
      await screen.findByText('Attach at least one photo of your transfer receipt'),
    ).toBeTruthy();
    expect(calls(requests, 'POST', '/wps/member/uploads')).toHaveLength(0);
    expect(calls(requests, 'POST', '/wps/cashier/deposits')).toHaveLength(0);
    expect(amount.getAttribute('aria-invalid')).toBeNull();

    const receipts = screen.getByRole('group', { name: 'Transfer receipt' });
    await user.upload(within(receipts).getByLabelText('Add images'), image('receipt.png'));
    const preview = within(receipts).getByRole('img', { name: 'Image 1' });
    expect(preview.getAttribute('src')).toBe('blob:taya/1-receipt.png');
    expect(screen.queryByText('Attach at least one photo of your transfer receipt')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText(/Your deposit of ₱ 1,500.50 is recorded/)).toBeTruthy();
    const upload = calls(requests, 'POST', '/wps/member/uploads');
    expect(upload).toHaveLength(1);
    const parts = (upload[0]?.body as FormData).getAll('files') as File[];
    expect(parts.map((file) => [file.name, file.type])).toEqual([['receipt.png', 'image/png']]);
    const deposit = calls(requests, 'POST', '/wps/cashier/deposits');
    expect(deposit[0]?.body).toEqual({
      channelCode: 'BANK1',
      amount: '1500.50',
      receiptIds: [uploadIds[0]],
    });
    // The images went up first, then the deposit named them.
    expect(requests.indexOf(upload[0]!)).toBeLessThan(requests.indexOf(deposit[0]!));
    expect(leavePageFor).not.toHaveBeenCalled();
    // The recorded deposit clears the form; its preview URL is given back.
    expect(within(receipts).queryByRole('img')).toBeNull();
    expect(objectUrls.revoked).toEqual(objectUrls.created);
  });

  it('refuses a file that is not a png or jpg, or over 5 MB, before any request', async () => {
    const { requests, user } = setup('/member?tab=depositv2');
    const receipts = await screen.findByRole('group', { name: 'Transfer receipt' });
    const input = () => within(receipts).getByLabelText('Add images');

    await user.upload(input(), image('statement.pdf', 'application/pdf'));
    expect(await within(receipts).findByRole('alert')).toBeTruthy();
    expect(within(receipts).getByText('Only PNG or JPG images can be uploaded')).toBeTruthy();
    expect(within(receipts).queryByRole('img')).toBeNull();

    await user.upload(input(), image('huge.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1));
    expect(within(receipts).getByText('An image may be at most 5 MB')).toBeTruthy();
    expect(within(receipts).queryByRole('img')).toBeNull();

    // Exactly 5 MB is still fine; a fourth image is one too many.
    await user.upload(input(), [
      image('a.png'),
      image('b.jpg', 'image/jpeg', 5 * 1024 * 1024),
      image('c.png'),
      image('d.png'),
    ]);
    expect(within(receipts).getByText('You can attach at most 3 images')).toBeTruthy();
    expect(within(receipts).getAllByRole('img')).toHaveLength(3);
    expect(within(receipts).queryByLabelText('Add images')).toBeNull();

    await user.click(within(receipts).getByRole('button', { name: 'Remove image 2' }));
    expect(within(receipts).getAllByRole('img')).toHaveLength(2);
    expect(objectUrls.revoked).toContain('blob:taya/2-b.jpg');
    expect(within(receipts).getByLabelText('Add images')).toBeTruthy();

    expect(calls(requests, 'POST', '/wps/member/uploads')).toHaveLength(0);
    expect(calls(requests, 'POST', '/wps/cashier/deposits')).toHaveLength(0);
  });

  it('shows why the server refused an image and sends no deposit', async () => {
    const { requests, user } = setup(
      '/member?tab=depositv2',
      cashierRoutes({
        'POST /wps/member/uploads': () =>
          fail(415, 'upload_not_image', { message: 'Only PNG or JPG images can be uploaded' }),
      }),
    );
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '500');
    const receipts = screen.getByRole('group', { name: 'Transfer receipt' });
    await user.upload(within(receipts).getByLabelText('Add images'), image('renamed.png'));
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(
      await within(receipts).findByText('Only PNG or JPG images can be uploaded'),
    ).toBeTruthy();
    expect(calls(requests, 'POST', '/wps/member/uploads')).toHaveLength(1);
    expect(calls(requests, 'POST', '/wps/cashier/deposits')).toHaveLength(0);
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
            receiptIds: [],
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
    await user.upload(screen.getByLabelText('Add images'), image('receipt.png'));
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
              receiptIds: [],
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
    expect(note.textContent).toBe('You still need to wager ₱\u00a0850.50 before you can withdraw.');
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
        'Your withdrawal of ₱ 300.00 is submitted and waiting for review.',
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

  it('not received needs a proof image, uploaded before the confirmation', async () => {
    const { requests, user } = setup(
      '/member?tab=withdraw',
      cashierRoutes({
        'GET /wps/cashier/withdrawals': () => ok([withdrawal({ confirmation: 'awaiting' })]),
        'POST /wps/cashier/withdrawals/w1/confirm': (request) =>
          ok(
            withdrawal({
              confirmation: 'not_received',
              outstanding: '500.00',
              proofIds: (request.body as { proofIds: string[] }).proofIds,
            }),
          ),
      }),
    );
    const row = await screen.findByTestId('withdrawal-w1');
    await user.click(within(row).getByRole('button', { name: 'Not received' }));
    const report = within(row).getByRole('form', { name: 'Not received' });
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    expect(
      await within(report).findByText(
        'Attach at least one image that shows the money did not arrive',
      ),
    ).toBeTruthy();
    expect(calls(requests, 'POST', '/wps/cashier/withdrawals/w1/confirm')).toHaveLength(0);

    const proofs = within(report).getByRole('group', { name: 'Proof images' });
    await user.upload(within(proofs).getByLabelText('Add images'), [
      image('statement.jpg', 'image/jpeg'),
      image('chat.png'),
    ]);
    expect(within(proofs).getAllByRole('img')).toHaveLength(2);
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(calls(requests, 'POST', '/wps/cashier/withdrawals/w1/confirm')[0]?.body).toEqual({
        result: 'not_received',
        proofIds: [uploadIds[0], uploadIds[1]],
      }),
    );
    const upload = calls(requests, 'POST', '/wps/member/uploads');
    expect(upload).toHaveLength(1);
    expect(((upload[0]?.body as FormData).getAll('files') as File[]).map((f) => f.name)).toEqual([
      'statement.jpg',
      'chat.png',
    ]);
  });

  it('partly received may carry proof images', async () => {
    const { requests, user } = setup(
      '/member?tab=withdraw',
      cashierRoutes({
        'GET /wps/cashier/withdrawals': () => ok([withdrawal({ confirmation: 'awaiting' })]),
        'POST /wps/cashier/withdrawals/w1/confirm': () =>
          ok(withdrawal({ confirmation: 'partial', receivedAmount: '300.00' })),
      }),
    );
    const row = await screen.findByTestId('withdrawal-w1');
    await user.click(within(row).getByRole('button', { name: 'Partly received' }));
    await user.type(within(row).getByRole('textbox', { name: 'Amount received' }), '300');
    const proofs = within(row).getByRole('group', { name: 'Proof images' });
    await user.upload(within(proofs).getByLabelText('Add images'), image('statement.png'));
    await user.click(within(row).getByRole('button', { name: 'Confirm amount' }));
    await waitFor(() =>
      expect(calls(requests, 'POST', '/wps/cashier/withdrawals/w1/confirm')[0]?.body).toEqual({
        result: 'partial',
        receivedAmount: '300',
        proofIds: [uploadIds[0]],
      }),
    );
  });

  it('shows what is outstanding while a report is under review, then how it was settled', async () => {
    setup(
      '/member?tab=withdraw',
      cashierRoutes({
        'GET /wps/cashier/withdrawals': () =>
          ok([
            withdrawal({
              id: 'w4',
              confirmation: 'partial',
              receivedAmount: '300.00',
              outstanding: '200.00',
              proofIds: [uploadIds[0]],
            }),
            withdrawal({ id: 'w5', confirmation: 'not_received', resolution: 'returned' }),
            withdrawal({ id: 'w6', confirmation: 'not_received', resolution: 'paid' }),
          ]),
      }),
    );
    const disputed = await screen.findByTestId('withdrawal-w4');
    expect(within(disputed).getByText('Partly received')).toBeTruthy();
    expect(within(disputed).getByText('Under review')).toBeTruthy();
    expect(within(disputed).getByText('Received ₱ 300.00')).toBeTruthy();
    expect(within(disputed).getByTestId('withdrawal-outstanding').textContent).toBe(
      'Outstanding: ₱\u00a0200.00 not yet confirmed as received',
    );
    expect(within(disputed).getByText('Proof images attached: 1')).toBeTruthy();

    const returned = screen.getByTestId('withdrawal-w5');
    expect(within(returned).getByText('Settled: returned')).toBeTruthy();
    expect(within(returned).queryByTestId('withdrawal-outstanding')).toBeNull();
    expect(returned.textContent).toContain('returned to your main wallet');
    expect(within(screen.getByTestId('withdrawal-w6')).getByText('Settled: paid')).toBeTruthy();
  });
});

describe('account record', () => {
  const rows = [
    {
      id: 't1',
      time: '2026-03-01T04:00:00.000Z',
      type: 'deposit',
      wallet: 'main',
      accountTypeId: 2,
      amount: '1500.50',
      balanceAfter: '2735.00',
      reference: 'd1',
    },
    {
      id: 't2',
      time: '2026-03-01T05:00:00.000Z',
      type: 'withdrawal_hold',
      wallet: 'main',
      accountTypeId: 2,
      amount: '-300.00',
      balanceAfter: '2435.00',
      reference: 'w9',
    },
    {
      id: 't3',
      time: '2026-03-01T05:00:00.000Z',
      type: 'withdrawal',
      wallet: 'withdrawal_hold',
      accountTypeId: null,
      amount: '-300.00',
      balanceAfter: '0.00',
      reference: 'w9',
    },
  ];

  it('names the game wallet of a vendor row and offers every type in the filter', async () => {
    setup(
      '/member?tab=transactionHistory',
      cashierRoutes({
        'GET /wps/relay/GCS_merchantWallet': () =>
          ok({
            isSingle: false,
            wallets: [
              { accountTypeId: 101, vendorCode: 'PG', name: 'PG Soft', maintenance: false },
            ],
          }),
        'GET /wps/member/transactions': () =>
          ok({
            list: [
              {
                id: 't9',
                time: '2026-03-01T06:00:00.000Z',
                type: 'vendor_transfer',
                wallet: 'vendor',
                accountTypeId: 101,
                amount: '250.00',
                balanceAfter: '250.00',
                reference: null,
              },
              {
                id: 't10',
                time: '2026-03-01T06:00:00.000Z',
                type: 'vendor_transfer',
                wallet: 'main',
                accountTypeId: 2,
                amount: '-250.00',
                balanceAfter: '750.00',
                reference: null,
              },
              {
                id: 't11',
                time: '2026-03-01T05:30:00.000Z',
                type: 'withdrawal_received',
                wallet: 'withdrawal_sent',
                accountTypeId: null,
                amount: '-300.00',
                balanceAfter: '0.00',
                reference: 'w9',
              },
            ],
            page: 1,
            size: 20,
            hasMore: false,
          }),
      }),
    );
    const list = await screen.findByTestId('transaction-list');
    const [vendor, main, received] = within(list).getAllByTestId('transaction-row');
    await waitFor(() =>
      expect(within(vendor!).getByTestId('transaction-wallet').textContent).toBe('PG Soft'),
    );
    expect(vendor?.textContent).toContain('Game wallet transfer');
    expect(within(vendor!).getByText('+₱ 250.00').className).toContain('is-credit');
    expect(within(main!).getByTestId('transaction-wallet').textContent).toBe('Main wallet');
    expect(within(main!).getByText('-₱ 250.00').className).toContain('is-debit');
    expect(main?.textContent).toContain('750.00');
    // A withdrawal's later step is progress of money that already left: no sign, no colour.
    expect(within(received!).getByTestId('transaction-wallet').textContent).toBe(
      'Withdrawal in transit',
    );
    expect(within(received!).getByText('₱ 300.00').className).toContain('is-progress');
    expect(received?.textContent).not.toContain('-₱ 300.00');

    const types = within(screen.getByRole('combobox', { name: 'Type' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(types).toEqual([
      'All types',
      'Deposit',
      'Withdrawal requested',
      'Withdrawal paid out',
      'Withdrawal received',
      'Withdrawal returned',
      'Agent transfer',
      'Game wallet transfer',
      'Game wallet transfer reversed',
      'Game bet',
      'Game win',
      'Bet refunded',
      'Jackpot win',
      'Promotion bonus',
      'Rebate',
      'Mission reward',
      'Bonus released to cash',
      'Points reward',
      'Points converted to cash',
      'Agent commission',
    ]);
  });

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
    expect(shown).toHaveLength(3);
    expect(shown[0]?.textContent).toContain('Deposit');
    const credit = within(shown[0]!).getByText('+₱ 1,500.50');
    expect(credit.className).toContain('is-credit');
    expect(within(shown[0]!).getByTestId('transaction-wallet').textContent).toBe('Main wallet');
    expect(within(shown[1]!).getByText('-₱ 300.00').className).toContain('is-debit');
    expect(shown[1]?.textContent).toContain('Withdrawal requested');
    expect(shown[1]?.textContent).toContain('2,435.00');
    // The operator paid it out: progress of the same money, from the wallet that held it.
    expect(within(shown[2]!).getByText('₱ 300.00').className).toContain('is-progress');
    expect(shown[2]?.textContent).toContain('Withdrawal paid out');
    expect(within(shown[2]!).getByTestId('transaction-wallet').textContent).toBe(
      'Withdrawal pending',
    );

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

  it('names every entry type, and a type it does not know by a generic name, never the code', async () => {
    const row = (id: string, type: string, amount: string) => ({
      id,
      time: '2026-03-01T07:00:00.000Z',
      type,
      wallet: 'main',
      accountTypeId: 2,
      amount,
      balanceAfter: '100.00',
      reference: id,
    });
    setup(
      '/member?tab=transactionHistory',
      cashierRoutes({
        'GET /wps/member/transactions': () =>
          ok({
            list: [
              row('l1', 'lottery_bet', '-10.00'),
              row('l2', 'lottery_settle', '19.70'),
              row('l3', 'lottery_chase_refund', '10.00'),
              row('x1', 'bonus_test', '1.00'),
            ],
            page: 1,
            size: 20,
            hasMore: false,
          }),
      }),
    );
    const list = await screen.findByTestId('transaction-list');
    const names = within(list)
      .getAllByTestId('transaction-row')
      .map((shown) => shown.querySelector('.record-type')?.textContent);
    expect(names).toEqual([
      'Lottery bet',
      'Lottery payout',
      'Lottery chase refunded',
      'Other transaction',
    ]);
    expect(list.textContent).not.toMatch(/bonus.test|lottery_/);
  });
});
