import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Winners } from '@taya/contracts';
import { calls, fail, installFakeApi, ok, type RecordedRequest } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const day: Winners = {
  period: 'day',
  from: '2026-11-23T16:00:00.000Z',
  to: '2026-11-24T16:00:00.000Z',
  timeZone: 'Asia/Manila',
  list: [
    {
      rank: 1,
      name: 'de*******nt',
      gameName: 'Taya Fortune',
      nodeId: 'TYPH-TAYA-FORTUNE',
      amount: '12345.50',
      currency: 'TLB',
      time: '2026-11-24T02:15:00.000Z',
    },
    {
      rank: 2,
      name: 'de*******er',
      gameName: 'Taya Fortune',
      nodeId: 'TYPH-TAYA-FORTUNE',
      amount: '250.00',
      currency: 'TLB',
      time: '2026-11-24T01:00:00.000Z',
    },
  ],
};

function setup(boards: Partial<Record<Winners['period'], Winners | 'error'>>) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes({
      'GET /wps/winners': (request: RecordedRequest) => {
        const period = (request.query.get('period') ?? 'day') as Winners['period'];
        const board = boards[period];
        if (board === 'error') return fail(500, 'internal_error');
        return ok(board ?? { ...day, period, list: [] });
      },
    }),
  );
  const user = userEvent.setup();
  renderApp('/winners');
  return { ...api, user };
}

describe('winners leaderboard (/winners)', () => {
  it("lists the day's biggest wins with rank, masked name, game, amount and time", async () => {
    const { requests } = setup({ day });
    const rows = await screen.findAllByTestId('winners-page-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Rank 1');
    expect(rows[0]!.textContent).toContain('de*******nt');
    expect(rows[0]!.textContent).toContain('Taya Fortune');
    expect(rows[0]!.textContent).toContain('₱\u00a012,345.50');
    expect(within(rows[0]!).getByText(/2026/).getAttribute('datetime')).toBe(
      '2026-11-24T02:15:00.000Z',
    );
    expect(rows[1]!.textContent).toContain('₱\u00a0250.00');
    const sent = calls(requests, 'GET', '/wps/winners')[0]!;
    expect(sent.query.get('period')).toBe('day');
    expect(sent.query.get('limit')).toBe('20');
    expect(screen.getByRole('tab', { name: 'Today' }).getAttribute('aria-selected')).toBe('true');
    expect(document.title).toContain('Big winners');
  });

  it('switches to the week and month, and says when a period has no wins', async () => {
    const week: Winners = {
      ...day,
      period: 'week',
      list: [{ ...day.list[0]!, amount: '99000.00', name: 'ab***yz' }],
    };
    const { requests, user } = setup({ day: { ...day, list: [] }, week });
    expect((await screen.findByTestId('winners-page-empty')).textContent).toContain(
      'No wins yet today.',
    );
    await user.click(screen.getByRole('tab', { name: 'This week' }));
    const rows = await screen.findAllByTestId('winners-page-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('ab***yz');
    expect(rows[0]!.textContent).toContain('₱\u00a099,000.00');
    expect(window.location.search).toBe('?tab=week');
    await user.click(screen.getByRole('tab', { name: 'This month' }));
    expect((await screen.findByTestId('winners-page-empty')).textContent).toContain(
      'No wins yet this month.',
    );
    expect(calls(requests, 'GET', '/wps/winners').map((r) => r.query.get('period'))).toEqual([
      'day',
      'week',
      'month',
    ]);
  });

  it('offers a retry when the board cannot be loaded', async () => {
    const { user, requests } = setup({ day: 'error' });
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain('The winners could not be loaded.');
    await user.click(within(problem).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls(requests, 'GET', '/wps/winners')).toHaveLength(2));
  });

  it('is linked from the side menu', async () => {
    setup({ day });
    await screen.findAllByTestId('winners-page-row');
    const links = screen.getAllByRole('link', { name: 'Big winners' });
    expect(links.some((link) => link.getAttribute('href') === '/winners')).toBe(true);
  });
});
