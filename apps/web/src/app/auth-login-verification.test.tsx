import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken } from '../lib/session';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { identityRoutes, loginValueFixture } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const challengeId = '0f8e5a52-6a7c-4d1e-9a55-3f0c2b7d9e11';
const smsDestination = '+63 91*****002';
const emailDestination = 'de*****@example.com';
const rightCode = '482913';

/** A server that wants the new-address check on every password log-in. */
function verificationRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return identityRoutes({
    'POST /wps/session/login': () =>
      fail(403, 'login_verify_required', {
        message: 'Please complete verification first',
        value: {
          challengeId,
          methods: [
            { method: 'sms', destination: smsDestination },
            { method: 'email', destination: emailDestination },
          ],
        },
      }),
    'POST /wps/session/login/verification/code': (request) => {
      const { method } = request.body as { method: string };
      return ok({
        expiredMinutes: 1,
        destination: method === 'email' ? emailDestination : smsDestination,
      });
    },
    'POST /wps/session/login/verification': (request) =>
      (request.body as { verificationCode?: string }).verificationCode === rightCode
        ? ok(loginValueFixture())
        : fail(400, 'verification_code_invalid'),
    ...overrides,
  });
}

/** Logs in with a password and lands on the verification step. */
async function reachVerification(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/login');
  const login = await screen.findByRole('dialog', { name: 'Log in' });
  await user.type(within(login).getByRole('textbox', { name: 'Username' }), 'alice88');
  await user.type(within(login).getByLabelText('Password'), 'secret123');
  await user.click(within(login).getByRole('button', { name: 'Log in' }));
  // The first sealed call of a file waits for the fake server's RSA key to be generated.
  const dialog = await screen.findByRole(
    'dialog',
    { name: "Verify it's you" },
    { timeout: 10_000 },
  );
  return {
    dialog,
    // Looked up when used: an authenticator step has neither the code field nor the send button.
    get code() {
      return within(dialog).getByRole('textbox', { name: 'Verification code' });
    },
    get send() {
      return within(dialog).getByRole('button', { name: 'Send code' });
    },
    verify: within(dialog).getByRole('button', { name: 'Verify' }),
  };
}

describe('log-in from a new address (SPEC §4)', { timeout: 20_000 }, () => {
  it('asks to verify, offering each bound channel by its masked destination', async () => {
    installFakeApi(statusWithFlags([]), verificationRoutes());
    const user = userEvent.setup();
    const step = await reachVerification(user);

    expect(step.dialog.textContent).toContain(
      "We don't recognise this device or location — verify it's you.",
    );
    const group = within(step.dialog).getByRole('group', {
      name: 'Where should we send the code?',
    });
    const choices = within(group).getAllByRole('radio');
    expect(choices).toHaveLength(2);
    const sms = within(group).getByRole('radio', { name: `SMS to ${smsDestination}` });
    const email = within(group).getByRole('radio', { name: `E-mail to ${emailDestination}` });
    expect((sms as HTMLInputElement).checked).toBe(true);
    expect((email as HTMLInputElement).checked).toBe(false);
    expect(document.activeElement).toBe(sms);
    expect(getToken()).toBeNull();
  });

  it('sends the code to the chosen channel and counts down before another send', async () => {
    const { requests } = installFakeApi(statusWithFlags([]), verificationRoutes());
    const user = userEvent.setup();
    const step = await reachVerification(user);

    await user.click(step.send);
    const counting = await within(step.dialog).findByRole('button', {
      name: /^Send again in (59|60) s$/,
    });
    expect((counting as HTMLButtonElement).disabled).toBe(true);
    expect(step.dialog.textContent).toContain(`We sent a code to ${smsDestination}.`);
    const sent = calls(requests, 'POST', '/wps/session/login/verification/code');
    expect(sent).toHaveLength(1);
    // Asking for a code is not an E call: the body travels as plain JSON.
    expect(sent[0]?.sealed).toBe(false);
    expect(sent[0]?.headers.get('encryption')).toBeNull();
    expect(sent[0]?.body).toEqual({ challengeId, method: 'sms' });

    // The e-mail channel has its own countdown: waiting for the SMS does not block it (past the
    // one-request-a-second throttle of SPEC §9).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await user.click(within(step.dialog).getByRole('radio', { name: /^E-mail to/ }));
    await user.click(within(step.dialog).getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(calls(requests, 'POST', '/wps/session/login/verification/code')).toHaveLength(2),
    );
    expect(calls(requests, 'POST', '/wps/session/login/verification/code')[1]?.body).toEqual({
      challengeId,
      method: 'email',
    });
    expect(await within(step.dialog).findByText(`We sent a code to ${emailDestination}.`));
  });

  it('says a wrong code is wrong under the code field and stays on the step', async () => {
    const { requests } = installFakeApi(statusWithFlags([]), verificationRoutes());
    const user = userEvent.setup();
    const step = await reachVerification(user);
    await user.click(step.send);

    // Nothing goes out without a code.
    await user.click(step.verify);
    expect(
      within(step.dialog).getByRole('textbox', {
        name: 'Verification code',
        description: /^Please enter a valid verification code/,
      }),
    ).toBeTruthy();
    expect(calls(requests, 'POST', '/wps/session/login/verification')).toHaveLength(0);

    await user.type(step.code, '000000');
    await user.click(step.verify);
    expect(
      await within(step.dialog).findByRole('textbox', {
        name: 'Verification code',
        description: /^Invalid or expired verification code/,
      }),
    ).toBeTruthy();
    expect(within(step.dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: "Verify it's you" })).toBe(step.dialog);
    expect(getToken()).toBeNull();
  });

  it('logs in with the right code: sealed body, token stored, account name in the header', async () => {
    const { requests } = installFakeApi(statusWithFlags([]), verificationRoutes());
    const user = userEvent.setup();
    const step = await reachVerification(user);
    await user.click(step.send);
    await user.type(step.code, ` ${rightCode} `);
    await user.click(step.verify);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getToken()).toBe('token-alice');
    expect(window.location.pathname).toBe('/');
    await waitFor(() => expect(screen.getByTestId('account-name').textContent).toBe('alice88'));

    const verification = calls(requests, 'POST', '/wps/session/login/verification').at(-1);
    // An E call: sealed for the server's key, opened only by the (fake) server.
    expect(verification?.sealed).toBe(true);
    expect(verification?.headers.get('encryption')).toMatch(/^v1\./);
    expect(verification?.body).toEqual({
      challengeId,
      method: 'sms',
      verificationCode: rightCode,
    });
  });

  it('takes an authenticator code without sending anything', async () => {
    const totpCode = '123456';
    const { requests } = installFakeApi(
      statusWithFlags([]),
      verificationRoutes({
        'POST /wps/session/login': () =>
          fail(403, 'login_verify_required', {
            value: {
              challengeId,
              methods: [{ method: 'sms', destination: smsDestination }, { method: 'totp' }],
            },
          }),
        'POST /wps/session/login/verification': (request) =>
          (request.body as { verificationCode?: string }).verificationCode === totpCode
            ? ok(loginValueFixture())
            : fail(400, 'authenticator_code_invalid'),
      }),
    );
    const user = userEvent.setup();
    const step = await reachVerification(user);
    // Offered first: it needs nothing sent.
    expect(
      (within(step.dialog).getByRole('radio', { name: 'Authenticator app' }) as HTMLInputElement)
        .checked,
    ).toBe(true);

    const code = within(step.dialog).getByRole('textbox', {
      name: 'Authenticator code',
      description: 'A recovery code also works.',
    });
    expect(within(step.dialog).queryByRole('button', { name: 'Send code' })).toBeNull();
    await user.type(code, '000000');
    await user.click(step.verify);
    expect(
      await within(step.dialog).findByRole('textbox', {
        name: 'Authenticator code',
        description: /^The authenticator code is wrong/,
      }),
    ).toBeTruthy();

    await user.clear(code);
    await user.type(code, totpCode);
    await user.click(step.verify);
    await waitFor(() => expect(getToken()).toBe('token-alice'));
    expect(calls(requests, 'POST', '/wps/session/login/verification/code')).toHaveLength(0);
    expect(calls(requests, 'POST', '/wps/session/login/verification').at(-1)?.body).toEqual({
      challengeId,
      method: 'totp',
      verificationCode: totpCode,
    });
  });

  it('goes back to the password form, keeping the username', async () => {
    installFakeApi(statusWithFlags([]), verificationRoutes());
    const user = userEvent.setup();
    const step = await reachVerification(user);
    await user.click(within(step.dialog).getByRole('button', { name: 'Back to log in' }));

    const login = await screen.findByRole('dialog', { name: 'Log in' });
    const username = within(login).getByRole('textbox', { name: 'Username' });
    expect((username as HTMLInputElement).value).toBe('alice88');
    expect(document.activeElement).toBe(username);
    expect(within(login).queryByRole('alert')).toBeNull();
  });

  it('sends the player back to log in again when the challenge has expired', async () => {
    installFakeApi(
      statusWithFlags([]),
      verificationRoutes({
        'POST /wps/session/login/verification/code': () =>
          fail(400, 'verification_code_invalid', {
            message: 'This verification has expired; log in again',
          }),
      }),
    );
    const user = userEvent.setup();
    const step = await reachVerification(user);
    await user.click(step.send);

    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByRole('alert').textContent).toBe(
      'This verification has expired. Please log in again.',
    );
  });

  it('shows the rate limit when codes were asked for too often', async () => {
    installFakeApi(
      statusWithFlags([]),
      verificationRoutes({
        'POST /wps/session/login/verification/code': () => fail(429, 'TOO_MANY_REQUESTS'),
      }),
    );
    const user = userEvent.setup();
    const step = await reachVerification(user);
    await user.click(step.send);
    expect(
      await within(step.dialog).findByRole('textbox', {
        name: 'Verification code',
        description: /^Too many requests, please try again later/,
      }),
    ).toBeTruthy();
    expect(within(step.dialog).getByRole('button', { name: 'Send code' })).toBeTruthy();
  });
});
