import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken, startSession, storageKeys } from '../lib/session';
import { statusWithFlags } from '../testing/auth-status';
import { calls, fail, installFakeApi, ok } from '../testing/fake-api';
import { identityRoutes, loginValueFixture, memberInfoFixture } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';
import { systemStatusFixture } from '../testing/system-status-fixture';

const agentType = 1;
const memberType = 0;

/** The identity calls an agent account answers: its details carry a nickname. */
function agentRoutes(overrides: Parameters<typeof identityRoutes>[0] = {}) {
  return identityRoutes({
    'GET /wps/member/info': () =>
      ok(memberInfoFixture({ account: 'agent007', nickname: 'Ace Agent', type: agentType })),
    ...overrides,
  });
}

async function agentLoginForm() {
  const panel = await screen.findByTestId('agent-login');
  return {
    panel,
    username: within(panel).getByRole('textbox', { name: 'Username' }),
    password: within(panel).getByLabelText('Password'),
    submit: within(panel).getByRole('button', { name: 'Log in' }),
  };
}

describe('agent log-in (/agent)', () => {
  it('logs an agent in with portal "agent" and lands in the centre with nickname and clock', async () => {
    const { requests } = installFakeApi(
      statusWithFlags([]),
      agentRoutes({
        'POST /wps/session/login': () =>
          ok(
            loginValueFixture({
              token: 'token-agent',
              userName: 'agent007',
              customerType: agentType,
            }),
          ),
      }),
    );
    const user = userEvent.setup();
    renderApp('/agent');
    const form = await agentLoginForm();

    await user.type(form.username, ' agent007 ');
    await user.type(form.password, 'secret123');
    await user.click(form.submit);

    // The first sealed call of a file waits for the fake server's RSA key to be generated.
    await waitFor(() => expect(window.location.pathname).toBe('/agentHome'), { timeout: 10_000 });
    expect(getToken()).toBe('token-agent');
    const login = calls(requests, 'POST', '/wps/session/login').at(-1);
    expect(login?.sealed).toBe(true);
    expect(login?.body).toMatchObject({
      username: 'agent007',
      password: 'secret123',
      type: 'username',
      portal: 'agent',
    });

    const header = await screen.findByTestId('agent-centre-header');
    await waitFor(() =>
      expect(within(header).getByTestId('agent-nickname').textContent).toBe('Ace Agent'),
    );
    const clock = within(header).getByTestId('zone-clock');
    expect(within(clock).getByTestId('zone-clock-offset').textContent).toBe('GMT+08:00');
    expect(within(clock).getByTestId('zone-clock-time').textContent).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    const welcome = screen.getByTestId('agent-welcome');
    expect(within(welcome).getByRole('heading', { level: 1, name: 'Agent centre' })).toBeTruthy();
    expect(welcome.textContent).toContain('Welcome, Ace Agent');
  });

  it('refuses a member account with the non-agent message, and stays on /agent', async () => {
    installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'POST /wps/session/login': () =>
          fail(403, 'non_agent_login', { message: 'Non-agents cannot log in' }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/agent');
    const form = await agentLoginForm();
    await user.type(form.username, 'alice88');
    await user.type(form.password, 'secret123');
    await user.click(form.submit);

    const alert = await within(form.panel).findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe('Non-agents cannot log in');
    expect(window.location.pathname).toBe('/agent');
    expect(getToken()).toBeNull();
  });

  it('reveals the captcha when a failure flags it', async () => {
    installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'POST /wps/session/login': () => fail(401, 'login.failed', { value: { captcha: true } }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/agent');
    const form = await agentLoginForm();
    expect(within(form.panel).queryByRole('textbox', { name: 'Captcha' })).toBeNull();
    await user.type(form.username, 'agent007');
    await user.type(form.password, 'wrong-one');
    await user.click(form.submit);

    expect(
      await within(form.panel).findByRole('textbox', { name: 'Captcha' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await within(form.panel).findByRole('img', { name: 'Captcha image' })).toBeTruthy();
    expect(within(form.panel).getByRole('alert').textContent).toBe(
      'Incorrect username or password',
    );
  });

  it('opens the forced password change over /agent when the password expired', async () => {
    installFakeApi(
      statusWithFlags([]),
      agentRoutes({
        'POST /wps/session/login': () =>
          ok(loginValueFixture({ customerType: agentType, passwordExpired: true })),
        'PUT /wps/member/password': () => ok({ done: true }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/agent');
    const form = await agentLoginForm();
    await user.type(form.username, 'agent007');
    await user.type(form.password, 'oldpass11');
    await user.click(form.submit);

    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Change your password' },
      { timeout: 10_000 },
    );
    expect(window.location.pathname).toBe('/agent');
    await user.type(within(dialog).getByLabelText('Current password'), 'oldpass11');
    await user.type(within(dialog).getByLabelText('New password'), 'newpass22');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'newpass22');
    await user.click(within(dialog).getByRole('button', { name: 'Save new password' }));

    await waitFor(() => expect(window.location.pathname).toBe('/agentHome'));
    expect(window.sessionStorage.getItem(storageKeys.passwordChange)).toBeNull();
  });

  it('offers a logged-in agent the way into the centre instead of the form', async () => {
    installFakeApi(statusWithFlags([]), agentRoutes());
    startSession('token-agent', agentType);
    const user = userEvent.setup();
    renderApp('/agent');
    const panel = await screen.findByTestId('agent-login');
    expect(within(panel).queryByRole('textbox', { name: 'Username' })).toBeNull();
    await user.click(within(panel).getByRole('link', { name: 'Go to agent centre' }));
    expect(window.location.pathname).toBe('/agentHome');
  });
});

describe('agent centre (/agentHome)', () => {
  it('ticks the merchant clock every second in the merchant time zone', async () => {
    installFakeApi(statusWithFlags([]), agentRoutes());
    startSession('token-agent', agentType);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-02T04:05:06Z'));
    try {
      renderApp('/agentHome');
      const header = await screen.findByTestId('agent-centre-header');
      const time = within(header).getByTestId('zone-clock-time');
      expect(time.textContent).toBe('2026-03-02 12:05:06');
      expect(within(header).getByTestId('zone-clock-offset').textContent).toBe('GMT+08:00');

      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(time.textContent).toBe('2026-03-02 12:05:07');
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(time.textContent).toBe('2026-03-02 12:06:07');
      // The welcome panel shows the same clock.
      const welcome = screen.getByTestId('agent-welcome');
      expect(within(welcome).getByTestId('zone-clock-time').textContent).toBe(
        '2026-03-02 12:06:07',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the offset of the merchant's own zone (Myanmar: GMT+06:30)", async () => {
    const base = systemStatusFixture();
    installFakeApi(
      systemStatusFixture({ merchant: { ...base.merchant, timeZone: 'Asia/Yangon' } }),
      agentRoutes(),
    );
    startSession('token-agent', agentType);
    renderApp('/agentHome');
    const header = await screen.findByTestId('agent-centre-header');
    expect(within(header).getByTestId('zone-clock-offset').textContent).toBe('GMT+06:30');
  });

  it('leaves out the pages the merchant turns off: no dividend record without dividends', async () => {
    const base = statusWithFlags([]);
    const status = {
      ...base,
      info: {
        ...base.info,
        whitelabel: base.info.whitelabel.map((node) =>
          node.modId === 'AGENT'
            ? {
                ...node,
                childrenNodes: node.childrenNodes.map((child) =>
                  child.modId === 'DIVIDEND' ? { ...child, enabled: '0' as const } : child,
                ),
              }
            : node,
        ),
      },
    };
    installFakeApi(status, agentRoutes());
    startSession('token-agent', agentType);
    renderApp('/agentHome/agentDividendRecordCopy2');
    const nav = await screen.findByRole('navigation', { name: 'Agent centre menu' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).not.toContain('/agentHome/agentDividendRecordCopy2');
    expect(hrefs).toContain('/agentHome/agentDailyWages2');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });

  it('lists every agent-centre page, each at /agentHome/<name>', async () => {
    installFakeApi(statusWithFlags([]), agentRoutes());
    startSession('token-agent', agentType);
    const user = userEvent.setup();
    renderApp('/agentHome');
    const nav = await screen.findByRole('navigation', { name: 'Agent centre menu' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/agentHome',
      '/agentHome/agentAnnouncement',
      '/agentHome/agentTeamOverview',
      '/agentHome/registerCenter',
      '/agentHome/downlineManagmentView',
      '/agentHome/personalHistoryCopy',
      '/agentHome/palStatementsAgentCopy',
      '/agentHome/agentRevenueReport',
      '/agentHome/agentDownlineTransactionDetailsCopy',
      '/agentHome/agentDividendRecordCopy2',
      '/agentHome/agentDailyWages2',
      '/agentHome/agentHourSalary',
      '/agentHome/agentRealtimeSalary',
      '/agentHome/deposit',
      '/agentHome/withdraw',
      '/agentHome/messages',
      '/agentHome/customerService',
    ]);
    expect(within(nav).getByRole('link', { name: 'Welcome' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await user.click(within(nav).getByRole('link', { name: 'Platform messages' }));
    expect(window.location.pathname).toBe('/agentHome/messages');
    const page = await screen.findByTestId('agent-page-messages');
    expect(within(page).getByRole('heading', { level: 1, name: 'Platform messages' })).toBeTruthy();
    expect(
      within(nav).getByRole('link', { name: 'Platform messages' }).getAttribute('aria-current'),
    ).toBe('page');
    // The header stays: the centre is one layout around its pages.
    expect(screen.getByTestId('agent-centre-header')).toBeTruthy();
  });

  it('opens the customer-service channel from its page', async () => {
    installFakeApi(statusWithFlags([]), agentRoutes());
    startSession('token-agent', agentType);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    renderApp('/agentHome/customerService');
    const page = await screen.findByTestId('agent-page-customerService');
    expect(within(page).getByRole('heading', { level: 1, name: 'Customer service' })).toBeTruthy();
    await user.click(within(page).getByTestId('customer-service-button'));
    expect(open).toHaveBeenCalledWith(
      'https://chat.example.test/taya',
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('sends a member session from an agent-centre page to /agent', async () => {
    installFakeApi(statusWithFlags([]), identityRoutes());
    startSession('token-alice', memberType);
    renderApp('/agentHome/agentTeamOverview');
    await screen.findByRole('heading', { level: 1, name: 'Agent back office' });
    expect(window.location.pathname).toBe('/agent');
    expect(screen.queryByTestId('agent-centre-layout')).toBeNull();
  });

  it('sends a guest from an agent-centre page to /agent', async () => {
    installFakeApi(statusWithFlags([]), identityRoutes());
    renderApp('/agentHome/deposit');
    await screen.findByRole('heading', { level: 1, name: 'Agent back office' });
    expect(window.location.pathname).toBe('/agent');
  });

  it('says an unknown agent-centre page is not found, inside the centre', async () => {
    installFakeApi(statusWithFlags([]), agentRoutes());
    startSession('token-agent', agentType);
    renderApp('/agentHome/noSuchPage');
    const layout = await screen.findByTestId('agent-centre-layout');
    expect(await within(layout).findByTestId('not-found')).toBeTruthy();
  });

  it('signs out after a confirmation and returns to /agent', async () => {
    const { requests } = installFakeApi(statusWithFlags([]), agentRoutes());
    startSession('token-agent', agentType);
    const user = userEvent.setup();
    renderApp('/agentHome/agentTeamOverview');
    const header = await screen.findByTestId('agent-centre-header');

    await user.click(within(header).getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    // Cancelling keeps the session.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getToken()).toBe('token-agent');

    await user.click(within(header).getByRole('button', { name: 'Sign out' }));
    const again = await screen.findByRole('dialog', { name: 'Sign out?' });
    await user.click(within(again).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(window.location.pathname).toBe('/agent'));
    expect(getToken()).toBeNull();
    expect(calls(requests, 'DELETE', '/wps/session/logout')).toHaveLength(1);
    const form = await agentLoginForm();
    expect(form.username).toBeTruthy();
  });
});
