import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken, startSession, storageKeys } from '../lib/session';
import { fail, installFakeApi, ok, type RecordedRequest } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import {
  captchaPng,
  identityRoutes,
  loginValueFixture,
  memberInfoFixture,
} from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

function lastCall(requests: RecordedRequest[], method: string, path: string) {
  return requests.filter((request) => request.method === method && request.path === path).at(-1);
}

async function openLogin() {
  const dialog = await screen.findByRole('dialog', { name: 'Log in' });
  return {
    dialog,
    username: within(dialog).getByRole('textbox', { name: 'Username' }),
    password: within(dialog).getByLabelText('Password'),
    submit: within(dialog).getByRole('button', { name: 'Log in' }),
  };
}

describe('log-in popup', () => {
  it('logs in: seals the body, stores the token, closes and shows the account name', async () => {
    const { requests } = installFakeApi(
      statusWithFlags([]),
      identityRoutes({ 'POST /wps/session/login': () => ok(loginValueFixture()) }),
    );
    const user = userEvent.setup();
    renderApp('/login');
    const form = await openLogin();

    await user.type(form.username, '  alice88 ');
    await user.type(form.password, 'secret123');
    await user.click(form.submit);

    // The first sealed call of a file waits for the fake server's RSA key to be generated.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 10_000 });
    expect(getToken()).toBe('token-alice');
    expect(window.sessionStorage.getItem(storageKeys.customerType)).toBe('0');
    expect(window.location.pathname).toBe('/');
    await waitFor(() => expect(screen.getByTestId('account-name').textContent).toBe('alice88'));
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();

    const login = lastCall(requests, 'POST', '/wps/session/login');
    expect(login?.sealed).toBe(true);
    expect(login?.body).toMatchObject({
      username: 'alice88',
      password: 'secret123',
      type: 'username',
      portal: 'member',
    });
    expect(lastCall(requests, 'GET', '/wps/member/info')?.headers.get('Authorization')).toBe(
      'Bearer token-alice',
    );
  });

  it('says the username or password is wrong, and stays logged out', async () => {
    installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'POST /wps/session/login': () =>
          fail(401, 'login.failed', { message: 'Incorrect username or password' }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/login');
    const form = await openLogin();
    await user.type(form.username, 'alice88');
    await user.type(form.password, 'wrong-one');
    await user.click(form.submit);

    const alert = await within(form.dialog).findByRole('alert');
    expect(alert.textContent).toBe('Incorrect username or password');
    expect(getToken()).toBeNull();
    expect(within(form.dialog).queryByRole('textbox', { name: 'Captcha' })).toBeNull();
  });

  it('shows the captcha field and image once a failure flags it, and sends the answer', async () => {
    let attempts = 0;
    const { requests } = installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'POST /wps/session/login': () => {
          attempts += 1;
          return attempts === 1
            ? fail(401, 'login.failed', { value: { captcha: true } })
            : ok(loginValueFixture());
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/login');
    const form = await openLogin();
    expect(within(form.dialog).queryByRole('img', { name: 'Captcha image' })).toBeNull();

    await user.type(form.username, 'alice88');
    await user.type(form.password, 'wrong-one');
    await user.click(form.submit);

    const image = await within(form.dialog).findByRole('img', { name: 'Captcha image' });
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${captchaPng}`);
    const captcha = within(form.dialog).getByRole('textbox', { name: 'Captcha' });
    expect(within(form.dialog).getByRole('alert').textContent).toBe(
      'Incorrect username or password',
    );

    // Submitting without an answer is stopped on the client.
    await user.clear(form.password);
    await user.type(form.password, 'secret123');
    await user.click(form.submit);
    expect(
      within(form.dialog).getByRole('textbox', {
        name: 'Captcha',
        description: 'Please enter the captcha',
      }),
    ).toBeTruthy();
    expect(attempts).toBe(1);

    await user.type(captcha, 'AB12');
    await user.click(form.submit);
    await waitFor(() => expect(getToken()).toBe('token-alice'));
    expect(lastCall(requests, 'POST', '/wps/session/login')?.body).toMatchObject({
      captcha: 'AB12',
    });
  });

  it('keeps the captcha showing for the rest of the session', async () => {
    window.sessionStorage.setItem(storageKeys.loginCaptcha, '1');
    installFakeApi(statusWithFlags([]), identityRoutes());
    renderApp('/login');
    const form = await openLogin();
    expect(await within(form.dialog).findByRole('img', { name: 'Captcha image' })).toBeTruthy();
  });

  it('links to forgot password, register and the terms, with the 18+ note', async () => {
    installFakeApi(statusWithFlags(['MOBILEVERCODELOGIN3']), identityRoutes());
    const user = userEvent.setup();
    renderApp('/login');
    const { dialog } = await openLogin();

    expect(within(dialog).getByRole('link', { name: 'Register now' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(
      within(dialog).getByRole('link', { name: 'Terms and conditions' }).getAttribute('href'),
    ).toBe('/help#term');
    expect(dialog.textContent).toContain('Players must be 18 or older.');
    // Free play is off for this merchant.
    expect(within(dialog).queryByRole('button', { name: 'Play for free' })).toBeNull();

    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['By username', 'By SMS code']);

    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const forgot = await screen.findByRole('dialog', { name: 'Forgot password' });
    expect(
      within(forgot)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['By e-mail', 'By mobile number']);
    await user.click(within(forgot).getByRole('button', { name: 'Back to log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });

  it('remembers the last username for a day when asked, and forgets it when unticked', async () => {
    installFakeApi(
      statusWithFlags([]),
      identityRoutes({ 'POST /wps/session/login': () => ok(loginValueFixture()) }),
    );
    const user = userEvent.setup();
    const first = renderApp('/login');
    const form = await openLogin();
    await user.type(form.username, 'alice88');
    await user.type(form.password, 'secret123');
    await user.click(within(form.dialog).getByRole('checkbox', { name: 'Remember me' }));
    await user.click(form.submit);
    await waitFor(() => expect(getToken()).toBe('token-alice'));
    expect(document.cookie).toContain('taya_last_user=alice88');

    // A new visit, logged out.
    first.unmount();
    window.sessionStorage.clear();
    renderApp('/login');
    const again = await openLogin();
    expect((again.username as HTMLInputElement).value).toBe('alice88');
    const remember = within(again.dialog).getByRole('checkbox', { name: 'Remember me' });
    expect((remember as HTMLInputElement).checked).toBe(true);
    await user.click(remember);
    expect(document.cookie).not.toContain('taya_last_user');
  });

  it('logs in by SMS code without forcing a password change', async () => {
    const { requests } = installFakeApi(
      statusWithFlags(['MOBILEVERCODELOGIN3', 'PWDEXPFORCECHANGE3']),
      identityRoutes({
        'POST /wps/verification/sms/noLogin': () => ok({ expiredMinutes: 1 }),
        'POST /wps/session/login': () => ok(loginValueFixture({ firstTimeLogin: true })),
      }),
    );
    const user = userEvent.setup();
    renderApp('/login');
    const { dialog } = await openLogin();
    await user.click(within(dialog).getByRole('tab', { name: 'By SMS code' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Mobile number' }), '09171234567');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(lastCall(requests, 'POST', '/wps/verification/sms/noLogin')?.body).toEqual({
        mobileNum: '09171234567',
        countryDialingCode: '+63',
      }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'SMS code' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(getToken()).toBe('token-alice'));
    expect(lastCall(requests, 'POST', '/wps/session/login')?.body).toMatchObject({
      username: '09171234567',
      password: '123456',
      type: 'sms',
      countryDialingCode: '+63',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('free play', () => {
  it('logs in as a trial player; the header shows Trial and offers a real account', async () => {
    const { requests } = installFakeApi(
      statusWithFlags(['FREEPLAY3']),
      identityRoutes({
        'POST /wps/session/login/freeplay': () =>
          ok(loginValueFixture({ token: 'token-trial', userName: 'trial_ab12', customerType: 4 })),
        'GET /wps/member/info': () => ok(memberInfoFixture({ account: 'trial_ab12', type: 4 })),
      }),
    );
    const user = userEvent.setup();
    renderApp('/login');
    const { dialog } = await openLogin();
    await user.click(within(dialog).getByRole('button', { name: 'Play for free' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToken()).toBe('token-trial');
    expect(window.location.pathname).toBe('/');
    expect((await screen.findByTestId('trial-badge')).textContent).toBe('Trial');
    expect(screen.getByRole('link', { name: 'Register a real account' }).getAttribute('href')).toBe(
      '/register',
    );
    await waitFor(() => expect(screen.getByTestId('account-name').textContent).toBe('trial_ab12'));
    expect(lastCall(requests, 'POST', '/wps/session/login/freeplay')?.body).toMatchObject({
      platform: 'W',
    });
  });
});

describe('forced password change', () => {
  it('opens after a log-in with an expired password, with no way to close it', async () => {
    const { requests } = installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'POST /wps/session/login': () => ok(loginValueFixture({ passwordExpired: true })),
        'PUT /wps/member/password': () => ok({ done: true }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/login');
    const form = await openLogin();
    await user.type(form.username, 'alice88');
    await user.type(form.password, 'oldpass11');
    await user.click(form.submit);

    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    expect(getToken()).toBe('token-alice');
    expect(window.location.pathname).toBe('/');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Change your password' })).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Current password'), 'oldpass11');
    await user.type(within(dialog).getByLabelText('New password'), 'newpass22');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'newpass22');
    await user.click(within(dialog).getByRole('button', { name: 'Save new password' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const change = lastCall(requests, 'PUT', '/wps/member/password');
    expect(change?.sealed).toBe(true);
    expect(change?.body).toEqual({
      oldPassword: 'oldpass11',
      newPassword: 'newpass22',
      confirmNewPassword: 'newpass22',
    });
    expect(window.sessionStorage.getItem(storageKeys.passwordChange)).toBeNull();
  });

  it('also opens on a first log-in when the merchant enforces it', async () => {
    installFakeApi(
      statusWithFlags(['PWDEXPFORCECHANGE3']),
      identityRoutes({
        'POST /wps/session/login': () => ok(loginValueFixture({ firstTimeLogin: true })),
      }),
    );
    const user = userEvent.setup();
    renderApp('/login');
    const form = await openLogin();
    await user.type(form.username, 'alice88');
    await user.type(form.password, 'secret123');
    await user.click(form.submit);
    expect(await screen.findByRole('dialog', { name: 'Change your password' })).toBeTruthy();
  });
});

describe('header account menu', () => {
  it('signs out after a confirmation: server logout, token gone, home', async () => {
    const { requests } = installFakeApi(statusWithFlags([]), identityRoutes());
    startSession('token-alice', 0);
    const user = userEvent.setup();
    renderApp('/promotions');

    const account = await screen.findByRole('button', { name: 'Account menu: alice88' });
    expect(screen.queryByTestId('vip-label')).toBeNull();
    await user.click(account);
    expect(screen.getByRole('link', { name: 'Member centre' }).getAttribute('href')).toBe(
      '/member',
    );
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    const confirm = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(getToken()).toBe('token-alice');
    await user.click(within(confirm).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(getToken()).toBeNull());
    expect(lastCall(requests, 'DELETE', '/wps/session/logout')?.headers.get('Authorization')).toBe(
      'Bearer token-alice',
    );
    expect(window.location.pathname).toBe('/');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the session when the sign-out is cancelled', async () => {
    const { requests } = installFakeApi(statusWithFlags([]), identityRoutes());
    startSession('token-alice', 0);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Account menu: alice88' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getToken()).toBe('token-alice');
    expect(lastCall(requests, 'DELETE', '/wps/session/logout')).toBeUndefined();
  });

  it('shows the VIP label only when the account has one', async () => {
    installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'GET /wps/member/info': () => ok(memberInfoFixture({ clubLabel: { labelName: 'VIP 3' } })),
      }),
    );
    startSession('token-alice', 0);
    renderApp('/');
    expect((await screen.findByTestId('vip-label')).textContent).toBe('VIP 3');
  });

  it('opens the change-password popup from the account menu', async () => {
    installFakeApi(statusWithFlags([]), identityRoutes());
    startSession('token-alice', 0);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Account menu: alice88' }));
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.type(within(dialog).getByLabelText('New password'), 'short');
    await user.tab();
    expect(
      within(dialog).getByLabelText('New password').getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(dialog.textContent).toContain('Use 8 to 20 characters combining letters and digits.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
