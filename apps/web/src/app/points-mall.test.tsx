import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { trialAccountType } from '@taya/contracts';
import { startSession } from '../lib/session';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const voucher = {
  id: 'TYPH-POINTS-VOUCHER',
  name: 'Cash voucher',
  names: { en: 'Cash voucher' },
  image: null,
  type: 'cash',
  requiredPoints: 1_000,
  amount: '100.00',
  quantity: 500,
  status: 'active',
};
const tshirt = {
  id: 'TYPH-POINTS-TSHIRT',
  name: 'Taya T-shirt',
  names: { en: 'Taya T-shirt' },
  image: '/images/tshirt.png',
  type: 'item',
  requiredPoints: 2_500,
  amount: null,
  quantity: 50,
  status: 'active',
};
const phone = {
  id: 'TYPH-POINTS-PHONE',
  name: 'Smartphone',
  names: { en: 'Smartphone' },
  image: null,
  type: 'item',
  requiredPoints: 1_500,
  amount: null,
  quantity: 0,
  status: 'sold_out',
};

function redemption(overrides: Record<string, unknown> = {}) {
  return {
    id: 'a3c1e5f0-1111-4222-8333-444455556666',
    rewardId: voucher.id,
    rewardName: 'Cash voucher',
    type: 'cash',
    quantity: 1,
    points: 1_000,
    amount: '100.00',
    redeemType: 'CASH',
    province: null,
    remarks: null,
    status: 'In Process',
    createdAt: '2026-11-20T08:00:00.000Z',
    decidedAt: null,
    decisionNote: null,
    ...overrides,
  };
}

const config = {
  ratios: [{ gameType: 'RNG', points: 1, validBet: '100.00' }],
  exchange: { points: 100, cash: '1.00' },
  minConvert: 100,
};

function mallRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return identityRoutes({
    'GET /wps/relay/MCS2_getPointReward': () => ok({ list: [voucher, tshirt, phone] }),
    'GET /wps/relay/MCS2_getPointBalance': () => ok({ accountTypeId: 9, balance: 2_000 }),
    'GET /wps/relay/MCS2_getPointConfig': () => ok(config),
    'GET /wps/relay/MCS2_getRedeemPointList': () =>
      ok({ list: [], page: 1, size: 10, hasMore: false }),
    'GET /wps/relay/ODSFE2_MemTransDet': () => ok({ list: [], page: 1, size: 20, hasMore: false }),
    ...overrides,
  });
}

function setup(url: string, routes: FakeRoutes, session: number | null = 0) {
  const api = installFakeApi(statusWithFlags([]), routes);
  if (session !== null) startSession('token-alice', session);
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

describe('points mall (/pointMall) for visitors', () => {
  it('shows the rewards with a log-in prompt instead of Redeem, and asks for no points', async () => {
    const { requests } = setup('/pointMall', mallRoutes(), null);
    const card = await screen.findByTestId(`reward-${voucher.id}`);
    expect(within(card).getByRole('heading', { name: 'Cash voucher' })).toBeTruthy();
    expect(card.textContent).toContain('1,000');
    expect(card.textContent).toContain('Worth ₱\u00a0100.00');
    expect(card.textContent).toContain('500 left');
    expect(within(card).getByRole('link', { name: 'Log in to redeem' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Redeem' })).toBeNull();
    expect(screen.getByTestId(`reward-${phone.id}`).textContent).toContain('Out of stock');
    expect(screen.getByTestId('points-guest').textContent).toContain(
      'Log in to see your points and redeem rewards.',
    );
    // The rewards are named in the player's language.
    expect(calls(requests, 'GET', '/wps/relay/MCS2_getPointReward')[0]?.query.get('language')).toBe(
      'en',
    );
    expect(calls(requests, 'GET', '/wps/relay/MCS2_getPointBalance')).toHaveLength(0);
    expect(screen.queryByRole('tablist', { name: 'Points mall' })).toBeNull();
  });

  it('asks a trial player for a real account', async () => {
    const { requests } = setup('/pointMall', mallRoutes(), trialAccountType);
    await screen.findByTestId(`reward-${voucher.id}`);
    const prompt = screen.getByTestId('points-guest');
    expect(within(prompt).getByRole('link', { name: 'Register a real account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Redeem' })).toBeNull();
    expect(calls(requests, 'GET', '/wps/relay/MCS2_getPointBalance')).toHaveLength(0);
  });
});

describe('points mall for members', () => {
  it('shows the balance and which rewards can be redeemed', async () => {
    setup('/pointMall', mallRoutes());
    await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('2,000'));
    const redeemVoucher = within(screen.getByTestId(`reward-${voucher.id}`)).getByRole('button', {
      name: 'Redeem',
    });
    expect((redeemVoucher as HTMLButtonElement).disabled).toBe(false);
    const shirt = screen.getByTestId(`reward-${tshirt.id}`);
    expect(
      (within(shirt).getByRole('button', { name: 'Redeem' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(shirt.textContent).toContain('You need 500 more points');
    expect(shirt.querySelector('img')?.getAttribute('src')).toBe('/images/tshirt.png');
    const sold = screen.getByTestId(`reward-${phone.id}`);
    expect(
      (within(sold).getByRole('button', { name: 'Redeem' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(sold.textContent).toContain('Out of stock');
  });

  it(
    'redeems with the payment password: a wrong one is refused clearly, the right one is In Process',
    { timeout: 20_000 },
    async () => {
      let balance = 2_000;
      let listed: unknown[] = [];
      const { requests, user } = setup(
        '/pointMall',
        mallRoutes({
          'GET /wps/relay/MCS2_getPointBalance': () => ok({ accountTypeId: 9, balance }),
          'GET /wps/relay/MCS2_getRedeemPointList': () =>
            ok({ list: listed, page: 1, size: 10, hasMore: false }),
          'POST /wps/relay/passwordCheck/MCS2_redeemPointReward': (request) => {
            const body = request.body as { password: string };
            if (body.password !== '246810') {
              return fail(400, 'request_param_err', {
                fields: [{ path: 'password', code: 'invalid', message: 'wrong' }],
              });
            }
            balance = 1_000;
            listed = [redemption()];
            return ok(listed[0], 201);
          },
        }),
      );
      await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('2,000'));
      await user.click(
        within(screen.getByTestId(`reward-${voucher.id}`)).getByRole('button', { name: 'Redeem' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Redeem Cash voucher' });
      // Nothing is sent without the password.
      await user.click(within(dialog).getByRole('button', { name: 'Redeem now' }));
      expect(within(dialog).getByText('Please enter your payment password')).toBeTruthy();
      expect(
        calls(requests, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward'),
      ).toHaveLength(0);

      await user.type(within(dialog).getByLabelText('Payment password'), '111111');
      await user.click(within(dialog).getByRole('button', { name: 'Redeem now' }));
      expect(
        await within(dialog).findByText(
          'The payment password is wrong. Check it and try again.',
          {},
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect((within(dialog).getByLabelText('Payment password') as HTMLInputElement).value).toBe(
        '',
      );

      await user.type(within(dialog).getByLabelText('Payment password'), '246810');
      await user.click(within(dialog).getByRole('button', { name: 'Redeem now' }));
      const result = await within(dialog).findByTestId('redeem-result', {}, { timeout: 10_000 });
      expect(result.textContent).toContain('You redeemed this reward for 1,000 points.');
      expect(within(result).getByText('In Process')).toBeTruthy();

      const sent = calls(requests, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward');
      expect(sent).toHaveLength(2);
      expect(sent[1]?.sealed).toBe(true);
      expect(sent[1]?.body).toEqual({
        rewardId: voucher.id,
        quantity: 1,
        redeemType: 'CASH',
        password: '246810',
      });
      await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('1,000'));

      await user.click(within(result).getByRole('button', { name: 'Exchange history' }));
      expect(window.location.search).toBe('?tab=history');
      const history = await screen.findByTestId('exchange-history');
      await waitFor(() => expect(within(history).getByText('In Process')).toBeTruthy());
      expect(history.textContent).toContain('Cash voucher × 1');
    },
  );

  it('redeems two of an item with delivery details, within the quantity it allows', async () => {
    const cap = { ...tshirt, id: 'TYPH-CAP', name: 'Taya cap', requiredPoints: 600, quantity: 5 };
    const { requests, user } = setup(
      '/pointMall',
      mallRoutes({
        'GET /wps/relay/MCS2_getPointReward': () => ok({ list: [cap] }),
        'POST /wps/relay/passwordCheck/MCS2_redeemPointReward': () =>
          ok(
            redemption({
              rewardId: cap.id,
              type: 'item',
              quantity: 2,
              points: 1_200,
              amount: null,
              redeemType: 'ITEM',
            }),
            201,
          ),
      }),
    );
    await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('2,000'));
    await user.click(
      within(screen.getByTestId('reward-TYPH-CAP')).getByRole('button', { name: 'Redeem' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Redeem Taya cap' });
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    // 2,000 points buy three caps at most.
    expect(within(dialog).getByText('From 1 to 3')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.type(within(dialog).getByLabelText('Payment password'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Redeem now' }));
    expect(within(dialog).getAllByText('From 1 to 3')).toHaveLength(2);
    expect(calls(requests, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward')).toHaveLength(
      0,
    );

    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(within(dialog).getByTestId('redeem-cost').textContent).toBe('1,200');
    await user.type(within(dialog).getByRole('textbox', { name: 'Province or region' }), 'Cebu');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Delivery details' }),
      '12 Mango St',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Redeem now' }));
    await within(dialog).findByTestId('redeem-result', {}, { timeout: 10_000 });
    expect(
      calls(requests, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward')[0]?.body,
    ).toEqual({
      rewardId: 'TYPH-CAP',
      quantity: 2,
      redeemType: 'ITEM',
      password: '246810',
      province: 'Cebu',
      remarks: '12 Mango St',
    });
  });

  it.each([
    [fail(423, 'account_locked'), 'Too many wrong payment passwords. Please try again later.'],
    [fail(409, 'insufficient_funds'), 'You do not have enough points for this.'],
    [fail(409, 'reward_out_of_stock'), 'This reward has just run out of stock.'],
  ])('says plainly why a redemption was refused (%#)', { timeout: 20_000 }, async (reply, text) => {
    const { user } = setup(
      '/pointMall',
      mallRoutes({ 'POST /wps/relay/passwordCheck/MCS2_redeemPointReward': () => reply }),
    );
    await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('2,000'));
    await user.click(
      within(screen.getByTestId(`reward-${voucher.id}`)).getByRole('button', { name: 'Redeem' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Redeem Cash voucher' });
    await user.type(within(dialog).getByLabelText('Payment password'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Redeem now' }));
    const alert = await within(dialog).findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe(text);
  });

  it('lists the exchange history with every state and the reason for a rejection', async () => {
    setup(
      '/pointMall?tab=history',
      mallRoutes({
        'GET /wps/relay/MCS2_getRedeemPointList': () =>
          ok({
            list: [
              redemption({ id: 'r1' }),
              redemption({
                id: 'r2',
                status: 'Approved',
                decidedAt: '2026-11-21T08:00:00.000Z',
              }),
              redemption({
                id: 'r3',
                rewardId: tshirt.id,
                rewardName: 'Taya T-shirt',
                type: 'item',
                points: 2_500,
                amount: null,
                status: 'Rejected',
                decidedAt: '2026-11-21T09:00:00.000Z',
                decisionNote: 'No delivery to this address',
              }),
            ],
            page: 1,
            size: 10,
            hasMore: false,
          }),
      }),
    );
    const history = await screen.findByTestId('exchange-history');
    expect(within(screen.getByTestId('redemption-r1')).getByText('In Process')).toBeTruthy();
    expect(within(screen.getByTestId('redemption-r2')).getByText('Approved')).toBeTruthy();
    const rejected = screen.getByTestId('redemption-r3');
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByTestId('redemption-reason').textContent).toBe(
      'Reason: No delivery to this address. Your points were returned.',
    );
    expect(rejected.textContent).toContain('2,500 points');
    expect(history.querySelectorAll('li')).toHaveLength(3);
  });

  it('shows the points detail: time, game type and points, only points movements asked', async () => {
    const { requests } = setup(
      '/pointMall?tab=detail',
      mallRoutes({
        'GET /wps/relay/ODSFE2_MemTransDet': () =>
          ok({
            list: [
              {
                username: 'alice88',
                txTimeInTimestamp: Date.UTC(2026, 10, 20, 9),
                amount: '-1000',
                remark: 'Cash voucher',
                txTypeId: 'point_redeem',
              },
              {
                username: 'alice88',
                txTimeInTimestamp: Date.UTC(2026, 10, 20, 8),
                amount: '1500',
                remark: 'RNG',
                txTypeId: 'point_earn',
              },
            ],
            page: 1,
            size: 20,
            hasMore: false,
          }),
      }),
    );
    const detail = await screen.findByTestId('points-detail');
    const rows = within(detail).getAllByTestId('points-detail-row');
    expect(rows[0]?.textContent).toContain('Redeemed');
    expect(rows[0]?.textContent).toContain('−1,000');
    expect(rows[1]?.textContent).toContain('Earned');
    expect(rows[1]?.textContent).toContain('+1,500');
    expect(rows[1]?.textContent).toContain('Slots');
    const asked = calls(requests, 'GET', '/wps/relay/ODSFE2_MemTransDet')[0];
    expect(asked?.query.get('txTypeIds')).toBe(
      'point_earn,point_redeem,point_refund,point_convert',
    );
    expect(asked?.query.get('subordinateName')).toBeNull();
  });

  it('converts points into cash in steps the rate allows, with the payment password', async () => {
    const { requests, user } = setup(
      '/pointMall',
      mallRoutes({
        'POST /wps/relay/passwordCheck/MCS2_convertPoint': (request) => {
          const body = request.body as { amount: number; requestId: string };
          return ok({
            requestId: body.requestId,
            points: body.amount,
            cash: '5.00',
            pointBalance: 1_500,
          });
        },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('2,000'));
    await user.click(screen.getByRole('button', { name: 'Convert to cash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convert points to cash' });
    expect(dialog.textContent).toContain('100 points = ₱\u00a01.00');
    const amount = within(dialog).getByRole('textbox', { name: 'Points to convert' });
    await user.type(amount, '50');
    await user.type(within(dialog).getByLabelText('Payment password'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Convert to cash' }));
    expect(within(dialog).getByText('At least 100 points at a time')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '3000');
    await user.click(within(dialog).getByRole('button', { name: 'Convert to cash' }));
    expect(within(dialog).getByText('You do not have enough points for this.')).toBeTruthy();
    expect(calls(requests, 'POST', '/wps/relay/passwordCheck/MCS2_convertPoint')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '500');
    expect(dialog.textContent).toContain('You get ₱\u00a05.00 in your main wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Convert to cash' }));
    const result = await within(dialog).findByTestId('convert-result', {}, { timeout: 10_000 });
    expect(result.textContent).toContain('500 points became ₱\u00a05.00 in your main wallet.');
    const sent = calls(requests, 'POST', '/wps/relay/passwordCheck/MCS2_convertPoint')[0];
    expect(sent?.sealed).toBe(true);
    expect(sent?.body).toMatchObject({ amount: 500, password: '246810' });
    expect((sent?.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
