import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { operatorRolePermissions, type OperatorMe, type OperatorRole } from '@taya/contracts';
import { createQueryClient } from '../lib/query-client';
import { setToken } from '../lib/session';
import { fakeApi } from '../testing/fake-api';
import { App } from './app';

function operatorOf(role: OperatorRole, merchants: string[] | null = ['PH1']): OperatorMe {
  return {
    id: 'op-1',
    username: `demo_${role}`,
    role,
    permissions: [...operatorRolePermissions[role]],
    merchants,
    merchantCode: merchants?.[0] ?? 'TYPH',
    sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  };
}

const auditPage = {
  rows: [
    {
      id: 'a1',
      seq: 7,
      at: '2026-11-27T01:02:03.000Z',
      actorId: 'op-1',
      actorUsername: 'demo_admin',
      actorRole: 'admin',
      merchantCode: 'PH1',
      address: '127.0.0.1',
      action: 'players.freeze',
      targetType: 'player',
      targetId: 'p-9',
      before: { frozen: false },
      after: { frozen: true },
      reason: 'chargeback',
      prevHash: '0'.repeat(64),
      hash: 'f'.repeat(64),
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
};

function renderAt(path: string) {
  window.history.replaceState(null, '', `/console${path}`);
  return render(<App queryClient={createQueryClient()} />);
}

describe('the console shell', () => {
  it('sends a visitor without a session to the log-in page', async () => {
    fakeApi({});
    renderAt('/audit');
    await screen.findByRole('heading', { name: 'Operator log-in' });
    expect(window.location.search).toBe(`?next=${encodeURIComponent('/audit')}`);
  });

  it('shows in the nav only what the role may read', async () => {
    setToken('t');
    fakeApi({ 'GET /ops/session/me': { value: operatorOf('finance') } });
    renderAt('/');
    await screen.findByRole('heading', { name: 'Welcome, demo_finance' });
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull();
    // One merchant: nothing to switch to.
    expect(screen.queryByRole('button', { name: 'Switch' })).toBeNull();
  });

  it('refuses a page the role may not open', async () => {
    setToken('t');
    fakeApi({ 'GET /ops/session/me': { value: operatorOf('content') } });
    renderAt('/audit');
    await screen.findByRole('heading', { name: 'Not available to your role' });
  });

  it('lists the audit log from URL filters and opens a row’s before and after', async () => {
    setToken('t');
    const calls = fakeApi({
      'GET /ops/session/me': { value: operatorOf('risk', ['PH1', 'MM1']) },
      'GET /ops/audit': { value: auditPage },
    });
    renderAt('/audit?action=players.freeze&page=1');
    const row = await screen.findByRole('row', { name: /players\.freeze/ });
    const auditCall = calls.find((c) => c.url.pathname === '/ops/audit')!;
    expect(auditCall.url.searchParams.get('action')).toBe('players.freeze');
    expect(auditCall.url.searchParams.get('pageSize')).toBe('50');
    expect(screen.getByRole('button', { name: 'Switch' })).toBeTruthy();
    await userEvent.click(row);
    const detail = await screen.findByTestId('audit-detail');
    expect(within(detail).getByLabelText('Before').textContent).toContain('"frozen": false');
    expect(within(detail).getByLabelText('After').textContent).toContain('"frozen": true');
  });

  it('returns to the log-in page, saying the session ended, when the server refuses the token', async () => {
    setToken('t');
    fakeApi({ 'GET /ops/session/me': { status: 401, errorCode: 'login.not.session' } });
    renderAt('/audit');
    await screen.findByRole('heading', { name: 'Operator log-in' });
    expect(screen.getByTestId('login-notice').textContent).toContain('Your session ended');
  });

  it('shows the field errors of the log-in form before anything is sent', async () => {
    const calls = fakeApi({});
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText('Username'), 'demo_admin');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.type(screen.getByLabelText('Authenticator code'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Six digits');
    expect(calls).toHaveLength(0);
  });
});
