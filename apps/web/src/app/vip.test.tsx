import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../lib/session';
import { calls, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

function level(
  rank: number,
  validBet: string,
  deposits: string,
  extra: Record<string, unknown> = {},
) {
  return {
    rankLevel: rank,
    labelName: `VIP ${rank}`,
    validBetThreshold: validBet,
    depositThreshold: deposits,
    benefits: {
      rebateRateBps: 30 + rank * 10,
      rebateRatesBps: { RNG: 40 + rank * 10 },
      dailyWithdrawCount: rank === 2 ? null : 3 + rank,
      dailyWithdrawAmount: rank === 2 ? null : `${(rank + 1) * 50000}.00`,
      upgradeBonus: `${rank * 100}.00`,
    },
    ...extra,
  };
}

const levels = [
  level(0, '0.00', '0.00'),
  level(1, '10000.00', '2000.00'),
  level(2, '50000.00', '10000.00'),
];

function memberVip(overrides: Record<string, unknown> = {}) {
  return {
    hasVip: true,
    vipLabelName: 'VIP 1',
    vipRankLevel: 1,
    level: levels[1],
    nextLevel: levels[2],
    progress: {
      validBet: '12500.50',
      deposits: '10000.00',
      nextValidBet: '50000.00',
      nextDeposits: '10000.00',
      validBetPercent: 25,
      depositsPercent: 100,
    },
    benefits: levels[1]!.benefits,
    ...overrides,
  };
}

function vipRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return identityRoutes({
    'GET /wps/cashier/channels': () => ok([]),
    'GET /wps/cashier/deposits': () => ok([]),
    'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true, wallets: [] }),
    'GET /wps/vip/levels': () => ok({ currency: 'TLB', levels }),
    'GET /wps/member/vip': () => ok(memberVip()),
    ...overrides,
  });
}

function setup(url: string, routes: FakeRoutes) {
  const api = installFakeApi(statusWithFlags([]), routes);
  startSession('token-alice', 0);
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

describe('VIP level (member centre playerRank)', () => {
  it('shows the rank, exact progress toward the next one, and every level with its benefits', async () => {
    const { requests } = setup('/member?tab=playerRank', vipRoutes());
    const tabs = await screen.findByRole('tablist', { name: 'Member centre' });
    expect(within(tabs).getByRole('tab', { name: 'VIP level' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await waitFor(() => expect(screen.getByTestId('vip-current-label').textContent).toBe('VIP 1'));
    expect(screen.getByTestId('vip-progress').textContent).toContain('Next level: VIP 2');

    const bet = screen.getByTestId('vip-progress-bet');
    expect(bet.textContent).toContain('₱\u00a012,500.50 / ₱\u00a050,000.00');
    expect(bet.textContent).toContain('₱\u00a037,499.50 to go');
    expect(
      within(bet).getByRole('progressbar', { name: 'Valid bet' }).getAttribute('aria-valuenow'),
    ).toBe('25');
    const deposits = screen.getByTestId('vip-progress-deposits');
    expect(deposits.textContent).toContain('₱\u00a010,000.00 / ₱\u00a010,000.00');
    expect(deposits.textContent).toContain('Reached');

    const benefits = screen.getByTestId('vip-benefits');
    expect(benefits.textContent).toContain('0.40%');
    expect(benefits.textContent).toContain('Rebate on Slots');
    expect(benefits.textContent).toContain('0.50%');
    expect(benefits.textContent).toContain('100,000.00');

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const mine = screen.getByTestId('vip-level-1');
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(mine.textContent).toContain('10,000.00');
    expect(mine.textContent).toContain('2,000.00');
    expect(mine.textContent).toContain('100.00');
    // A rank without limits says so.
    expect(screen.getByTestId('vip-level-2').textContent).toContain('No limit');
    expect(calls(requests, 'GET', '/wps/member/vip')[0]?.query.get('language')).toBe('EN');
  });

  it('at the top level says so instead of a progress bar', async () => {
    setup(
      '/member?tab=playerRank',
      vipRoutes({
        'GET /wps/member/vip': () =>
          ok(
            memberVip({
              vipLabelName: 'VIP 2',
              vipRankLevel: 2,
              level: levels[2],
              nextLevel: null,
              progress: {
                validBet: '80000.00',
                deposits: '20000.00',
                nextValidBet: null,
                nextDeposits: null,
                validBetPercent: 100,
                depositsPercent: 100,
              },
              benefits: levels[2]!.benefits,
            }),
          ),
      }),
    );
    expect((await screen.findByTestId('vip-top')).textContent).toBe('You are at the top level.');
    expect(screen.queryByTestId('vip-progress')).toBeNull();
  });
});
