import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../lib/session';
import { accountRules, fieldRule, statusWithFlags } from '../testing/auth-status';
import { calls, fail, installFakeApi, ok } from '../testing/fake-api';
import { identityRoutes, loginValueFixture } from '../testing/identity-fixtures';
import { description } from '../testing/described-by';
import { renderApp } from '../testing/render-app';

const mobileRules = { ...accountRules, mobileNum: fieldRule(10, 11, 6) };

describe('register popup: tabs', () => {
  it('offers both tabs with mobile first when both flags are on', async () => {
    installFakeApi(statusWithFlags(['USERNAMEREG3', 'MOBILENUMREG3'], mobileRules));
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['By username', 'By mobile number']);
    expect(within(dialog).getByRole('tab', { selected: true }).textContent).toBe(
      'By mobile number',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Mobile number' })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Username' })).toBeNull();
    // No MOBILENUMPASSREG3: the mobile tab asks for no password.
    expect(within(dialog).queryByLabelText('Password')).toBeNull();

    // Arrow keys move between tabs (ARIA tabs pattern).
    within(dialog).getByRole('tab', { name: 'By mobile number' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    const username = within(dialog).getByRole('tab', { name: 'By username' });
    expect(username.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(username);
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toBeTruthy();
    expect(within(dialog).getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(username.id);
  });

  it('shows only the username form when only USERNAMEREG3 is on', async () => {
    installFakeApi(statusWithFlags(['USERNAMEREG3']));
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    expect(within(dialog).queryByRole('tablist')).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Mobile number' })).toBeNull();
  });

  it('shows only the mobile form, with the second password pair, per the flags', async () => {
    installFakeApi(statusWithFlags(['MOBILENUMREG3', 'MOBILENUMPASSREG3'], mobileRules));
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    expect(within(dialog).queryByRole('tablist')).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Username' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Mobile number' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Password')).toBeTruthy();
    expect(within(dialog).getByLabelText('Confirm password')).toBeTruthy();
    // No REGMOBVERF3: no SMS code.
    expect(within(dialog).queryByRole('textbox', { name: 'SMS code' })).toBeNull();
  });

  it('says so when registration is closed', async () => {
    installFakeApi(statusWithFlags([]));
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    expect(dialog.textContent).toContain('Registration is closed right now.');
    expect(within(dialog).queryByRole('button', { name: 'Sign up' })).toBeNull();
  });
});

describe('register popup: validation', () => {
  it('explains the username pattern, the password length and a confirmation mismatch', async () => {
    const { requests } = installFakeApi(statusWithFlags(['USERNAMEREG3']), identityRoutes());
    const user = userEvent.setup();
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    const username = within(dialog).getByRole('textbox', { name: 'Username' });
    const password = within(dialog).getByLabelText('Password');
    const confirm = within(dialog).getByLabelText('Confirm password');

    await user.type(username, '1alice');
    await user.tab();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(description(username)).toBe(
      'Use 6 to 16 characters: start with a letter, then letters and digits only.',
    );

    await user.type(password, 'ab12');
    await user.tab();
    expect(description(password)).toBe('Use 8 to 20 characters combining letters and digits.');

    await user.type(confirm, 'ab13');
    await user.tab();
    expect(description(confirm)).toBe('The two passwords entered are inconsistent');

    // Live: fixing the username clears its message as it is typed.
    await user.clear(username);
    await user.type(username, 'alice88');
    expect(username.getAttribute('aria-invalid')).toBeNull();
    expect(description(username)).toBe('');

    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Please check the highlighted fields.',
    );
    expect(calls(requests, 'PUT', '/wps/member/register')).toHaveLength(0);
  });

  it('uses one number when the minimum equals the maximum', async () => {
    installFakeApi(
      statusWithFlags(['USERNAMEREG3'], {
        ...accountRules,
        paymentPassword: fieldRule(6, 6, 6),
      }),
    );
    const user = userEvent.setup();
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    const payment = within(dialog).getByLabelText('Payment password');
    await user.type(payment, '12a');
    await user.tab();
    expect(description(payment)).toBe('Use exactly 6 characters, digits only.');
  });

  it('shows the server’s username_taken under the username and sends the referral code', async () => {
    const { requests } = installFakeApi(
      statusWithFlags(['USERNAMEREG3']),
      identityRoutes({
        'PUT /wps/member/register': () =>
          fail(409, 'username_taken', {
            fields: [{ path: 'username', code: 'taken', message: 'Already registered' }],
          }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/register?referralCode=REF42');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    const username = within(dialog).getByRole('textbox', { name: 'Username' });
    await user.type(username, 'alice88');
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(description(username)).toBe('This username is already registered'));
    expect(username.getAttribute('aria-invalid')).toBe('true');
    const [register] = calls(requests, 'PUT', '/wps/member/register');
    expect(register?.sealed).toBe(true);
    expect(register?.body).toMatchObject({
      username: 'alice88',
      password: 'secret123',
      confirmPassword: 'secret123',
      referralCode: 'REF42',
      registerMethod: 'WEB',
    });
    expect(getToken()).toBeNull();

    // Editing the name clears the server's message.
    await user.type(username, 'x');
    expect(description(username)).toBe('');
  });

  it('registers, logs the new member in and goes home', async () => {
    installFakeApi(
      statusWithFlags(['USERNAMEREG3']),
      identityRoutes({
        'PUT /wps/member/register': () => ok(loginValueFixture({ firstTimeLogin: true }), 201),
      }),
    );
    const user = userEvent.setup();
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'alice88');
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToken()).toBe('token-alice');
    expect(window.location.pathname).toBe('/');
    await waitFor(() => expect(screen.getByTestId('account-name').textContent).toBe('alice88'));
  });

  it('checks a filled affiliate code first and stops when it is not valid', async () => {
    const { requests } = installFakeApi(
      statusWithFlags(['USERNAMEREG3'], {
        ...accountRules,
        affiliateCode: fieldRule(4, 16, 14, { required: false }),
      }),
      identityRoutes({ 'GET /wps/agent/affiliate': () => ok(false) }),
    );
    const user = userEvent.setup();
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'alice88');
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'secret123');
    const affiliate = within(dialog).getByRole('textbox', { name: 'Affiliate code' });
    await user.type(affiliate, 'NOPE1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(description(affiliate)).toBe('Invalid invitation code'));
    const [check] = calls(requests, 'GET', '/wps/agent/affiliate');
    expect(check?.query.get('code')).toBe('NOPE1');
    expect(calls(requests, 'PUT', '/wps/member/register')).toHaveLength(0);
  });
});

describe('register popup: SMS code', () => {
  it('needs a valid mobile first, then counts down 60 s × expiredMinutes with the button disabled', async () => {
    const { requests } = installFakeApi(
      statusWithFlags(['MOBILENUMREG3', 'REGMOBVERF3'], mobileRules),
      identityRoutes({
        'POST /wps/verification/sms/register': () => ok({ expiredMinutes: 1 }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    const mobile = within(dialog).getByRole('textbox', { name: 'Mobile number' });
    const send = within(dialog).getByRole('button', { name: 'Send code' }) as HTMLButtonElement;

    await user.click(send);
    expect(description(mobile)).toBe('Please enter your mobile number');
    expect(calls(requests, 'POST', '/wps/verification/sms/register')).toHaveLength(0);

    await user.type(mobile, '09171234567');
    expect(description(mobile)).toBe('');

    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    try {
      fireEvent.click(send);
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(calls(requests, 'POST', '/wps/verification/sms/register')[0]?.body).toEqual({
        mobileNo: '09171234567',
        countryDialingCode: '+63',
      });
      expect(send.disabled).toBe(true);
      expect(send.textContent).toBe('Send again in 60 s');

      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(send.textContent).toBe('Send again in 59 s');

      // A click while the countdown runs sends nothing.
      fireEvent.click(send);
      await act(() => vi.advanceTimersByTimeAsync(58_000));
      expect(send.textContent).toBe('Send again in 1 s');
      expect(send.disabled).toBe(true);

      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(send.textContent).toBe('Send again');
      expect(send.disabled).toBe(false);
      expect(calls(requests, 'POST', '/wps/verification/sms/register')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('registers by mobile with the code; the username is the mobile number', async () => {
    const { requests } = installFakeApi(
      statusWithFlags(['MOBILENUMREG3', 'REGMOBVERF3'], mobileRules),
      identityRoutes({
        'POST /wps/verification/sms/register': () => ok({ expiredMinutes: 2 }),
        'PUT /wps/member/register/mobile': () =>
          fail(409, 'mobile_taken', {
            fields: [{ path: 'mobileNum', code: 'taken', message: 'Already registered' }],
          }),
      }),
    );
    const user = userEvent.setup();
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    const mobile = within(dialog).getByRole('textbox', { name: 'Mobile number' });
    await user.type(mobile, '09171234567');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByRole('button', { name: 'Send again in 120 s' })).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'SMS code' }), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    await waitFor(() =>
      expect(description(mobile)).toBe('This mobile number is already registered'),
    );
    expect(calls(requests, 'PUT', '/wps/member/register/mobile')[0]?.body).toMatchObject({
      username: '09171234567',
      mobileNum: '09171234567',
      countryDialingCode: '+63',
      verificationCode: '654321',
      password: '',
      confirmPassword: '',
    });
  });
});
