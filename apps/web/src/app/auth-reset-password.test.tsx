import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mustChangePassword, startSession } from '../lib/session';
import { fail, installFakeApi, ok, type RecordedRequest } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const token = 'k'.repeat(43);

function resetCall(requests: RecordedRequest[]) {
  return requests
    .filter((r) => r.method === 'POST' && r.path === '/wps/member/password/reset')
    .at(-1);
}

async function fillAndSubmit(password = 'newpass22', confirm = password) {
  const user = userEvent.setup();
  const page = await screen.findByTestId('reset-password');
  await user.type(await within(page).findByLabelText('New password'), password);
  await user.type(within(page).getByLabelText('Confirm new password'), confirm);
  await user.click(within(page).getByRole('button', { name: 'Save new password' }));
  return page;
}

describe('reset password page', () => {
  it('sets the new password with the link and leads to the log-in', async () => {
    const { requests } = installFakeApi(
      statusWithFlags([]),
      identityRoutes({ 'POST /wps/member/password/reset': () => ok({ done: true }) }),
    );
    renderApp(`/reset-password?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    const page = await fillAndSubmit();

    expect(
      await within(page).findByText(
        'Your password has been changed. Log in with your new password.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const call = resetCall(requests);
    expect(call?.sealed).toBe(true);
    expect(call?.body).toEqual({
      token,
      newPassword: 'newpass22',
      confirmNewPassword: 'newpass22',
    });
    const login = within(page).getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/login');
  });

  it('checks the rules and the confirmation before sending anything', async () => {
    const { requests } = installFakeApi(statusWithFlags([]), identityRoutes());
    renderApp(`/reset-password?token=${token}`);
    const page = await fillAndSubmit('newpass22', 'newpass23');
    expect(
      await within(page).findByText('The two passwords entered are inconsistent'),
    ).toBeTruthy();
    expect(resetCall(requests)).toBeUndefined();
  });

  it.each([
    ['expired', 'This link has expired. Ask for a new one from the log-in window.'],
    [
      'used',
      'This link was already used. If you did not change your password, ask for a new link.',
    ],
    ['unknown', 'This link is not valid. Ask for a new one from the log-in window.'],
  ])('says when the link is %s', async (reason, text) => {
    installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'POST /wps/member/password/reset': () =>
          fail(400, 'verification_code_invalid', { value: { reason } }),
      }),
    );
    renderApp(`/reset-password?token=${token}`);
    const page = await fillAndSubmit();
    const alert = await within(page).findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain(text);
    expect(within(alert).getByRole('link', { name: 'Go to log-in' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(within(page).queryByLabelText('New password')).toBeNull();
  });

  it('asks for the whole link when the address has no token', async () => {
    installFakeApi(statusWithFlags([]), identityRoutes());
    renderApp('/reset-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This link is incomplete.');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});

describe('a session the server holds to a password change', () => {
  it('opens the forced change when a call is refused with password_change_required', async () => {
    installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'GET /wps/v2/wallets/balance': () => fail(403, 'password_change_required'),
      }),
    );
    startSession('token-alice', 0);
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Change your password' })).toBeTruthy();
    expect(mustChangePassword()).toBe(true);
  });
});
