import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LoginEntry, Profile, SecurityOverview } from '@taya/contracts';
import { startSession } from '../lib/session';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { fieldRule, statusWithFlags } from '../testing/auth-status';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `rc${i}-abcd-efgh`);
const otherSession = '7d4c2b1a-0e9f-4a8b-9c7d-6e5f4a3b2c1d';

function profile(overrides: Partial<Record<string, string | null>> = {}): Profile {
  return {
    fields: [
      {
        field: 'nickname',
        value: overrides.nickname ?? 'ally',
        lockedReason: null,
        rule: fieldRule(2, 12, 4, { required: false }),
      },
      {
        field: 'fullname',
        value: 'Alice Cruz',
        lockedReason: 'verified',
        rule: fieldRule(2, 40, 8),
      },
      {
        field: 'birthday',
        value: null,
        lockedReason: null,
        rule: fieldRule(10, 10, 11, { required: false }),
      },
    ],
  };
}

function overview(overrides: Partial<SecurityOverview> = {}): SecurityOverview {
  return {
    email: null,
    mobile: '91*****002',
    countryDialingCode: '+63',
    paymentPasswordSet: false,
    loginPasswordChangedAt: null,
    authenticator: { bound: false, boundAt: null, recoveryCodesLeft: 0 },
    ...overrides,
  };
}

function login(overrides: Partial<LoginEntry>): LoginEntry {
  return {
    id: 'b2f1c0d9-8e7f-4a6b-9c5d-4e3f2a1b0c9d',
    ip: '203.0.113.7',
    device: 'Chrome on Windows',
    createdAt: '2026-11-20T08:30:00.000Z',
    lastSeenAt: '2026-11-24T09:00:00.000Z',
    status: 'active',
    current: true,
    ...overrides,
  };
}

function securityRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return identityRoutes({
    'GET /wps/relay/GCS_merchantWallet': () => ok({ isSingle: true, wallets: [] }),
    'GET /wps/member/profile': () => ok(profile()),
    'GET /wps/member/security': () => ok(overview()),
    'GET /wps/member/logins': () => ok([login({})]),
    'GET /wps/member/security/changes': () => ok({ list: [], total: 0, hasMore: false }),
    ...overrides,
  });
}

function setup(routes: FakeRoutes = securityRoutes()) {
  const api = installFakeApi(statusWithFlags([]), routes);
  startSession('token-alice', 0);
  const user = userEvent.setup();
  renderApp('/member?tab=securityCenter');
  return { ...api, user };
}

describe('security centre (SPEC §2 securityCenter)', { timeout: 20_000 }, () => {
  it('checks a profile value against its rule before sending anything', async () => {
    const { user, requests } = setup();
    const card = await screen.findByTestId('security-profile');
    const nickname = await within(card).findByRole('textbox', { name: 'Nickname' });
    await user.clear(nickname);
    await user.type(nickname, 'ab!');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(
      within(card).getByRole('textbox', {
        name: 'Nickname',
        description: 'Use 2 to 12 characters: letters only or digits only.',
      }),
    ).toBeTruthy();
    expect(calls(requests, 'PUT', '/wps/member/profile')).toHaveLength(0);
  });

  it('shows a verified field read-only with its lock note', async () => {
    setup();
    const card = await screen.findByTestId('security-profile');
    const fullname = await within(card).findByRole('textbox', {
      name: 'Full name',
      description: 'Verified — contact customer service to change',
    });
    expect((fullname as HTMLInputElement).readOnly).toBe(true);
    expect((fullname as HTMLInputElement).value).toBe('Alice Cruz');
  });

  it('sends only the changed field and shows the server refusing a locked one', async () => {
    const { user, requests } = setup(
      securityRoutes({
        'PUT /wps/member/profile': () => fail(409, 'profile_field_locked'),
      }),
    );
    const card = await screen.findByTestId('security-profile');
    const nickname = await within(card).findByRole('textbox', { name: 'Nickname' });
    await user.clear(nickname);
    await user.type(nickname, 'alice');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    expect(
      await within(card).findByRole('textbox', {
        name: 'Nickname',
        description:
          'This detail is verified and can no longer be changed; please contact customer service',
      }),
    ).toBeTruthy();
    expect(calls(requests, 'PUT', '/wps/member/profile').map((r) => r.body)).toEqual([
      { nickname: 'alice' },
    ]);
  });

  it('binds an e-mail: a code to the address, then the bind call', async () => {
    let bound: string | null = null;
    const { user, requests } = setup(
      securityRoutes({
        'GET /wps/member/security': () => ok(overview({ email: bound })),
        'POST /wps/member/security/email/code': () =>
          ok({ expiredMinutes: 5, destination: 'ne*@example.com' }),
        'PUT /wps/member/security/email': () => {
          bound = 'ne*@example.com';
          return ok({ done: true });
        },
      }),
    );
    const contact = await screen.findByRole('region', { name: 'Contact details' });
    const row = within(contact).getByTestId('contact-email');
    expect(within(row).getByText('Not bound')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Bind E-mail' }));
    await user.type(within(row).getByRole('textbox', { name: 'E-mail' }), 'new@example.com');
    await user.click(within(row).getByRole('button', { name: 'Send code' }));
    expect(await within(row).findByRole('button', { name: /^Send again in \d+ s$/ })).toBeTruthy();
    expect(calls(requests, 'POST', '/wps/member/security/email/code')[0]?.body).toEqual({
      email: 'new@example.com',
    });

    await user.type(within(row).getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(within(row).getByRole('button', { name: 'Bind' }));
    await waitFor(() =>
      expect(calls(requests, 'PUT', '/wps/member/security/email')).toHaveLength(1),
    );
    expect(calls(requests, 'PUT', '/wps/member/security/email')[0]?.body).toEqual({
      email: 'new@example.com',
      verificationCode: '123456',
    });
    expect(await within(row).findByText('ne*@example.com')).toBeTruthy();
  });

  it('sets up the authenticator: key and QR code, then the recovery codes once', async () => {
    const { user, requests } = setup(
      securityRoutes({
        'POST /wps/member/security/authenticator/setup': () =>
          ok({
            secret,
            otpauthUri: `otpauth://totp/Taya:alice88?secret=${secret}&issuer=Taya`,
          }),
        'POST /wps/member/security/authenticator/bind': (request) =>
          (request.body as { code: string }).code === '123456'
            ? ok({ recoveryCodes })
            : fail(400, 'authenticator_code_invalid'),
      }),
    );
    const card = await screen.findByTestId('security-authenticator');
    await user.click(within(card).getByRole('button', { name: 'Set up' }));

    const key = await within(card).findByTestId('authenticator-secret');
    expect(key.textContent).toBe(secret);
    expect(within(card).getByTestId('authenticator-qr').querySelector('svg')).toBeTruthy();

    const code = within(card).getByRole('textbox', { name: 'Authenticator code' });
    await user.type(code, '000000');
    await user.click(within(card).getByRole('button', { name: 'Bind' }));
    expect(
      await within(card).findByRole('textbox', {
        name: 'Authenticator code',
        description: 'The authenticator code is wrong',
      }),
    ).toBeTruthy();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(card).getByRole('button', { name: 'Bind' }));
    const list = await within(card).findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(calls(requests, 'POST', '/wps/member/security/authenticator/bind').at(-1)?.body).toEqual(
      { code: '123456' },
    );
    await user.click(within(card).getByRole('button', { name: 'I have saved them' }));
    expect(within(card).queryByTestId('recovery-codes')).toBeNull();
  });

  it('logs out another device and refreshes the list', async () => {
    let revoked = false;
    const { user, requests } = setup(
      securityRoutes({
        'GET /wps/member/logins': () =>
          ok([
            login({}),
            login({
              id: otherSession,
              ip: '198.51.100.4',
              device: 'Safari on iPhone',
              current: false,
              status: revoked ? 'revoked' : 'active',
            }),
          ]),
        [`DELETE /wps/member/sessions/${otherSession}`]: () => {
          revoked = true;
          return ok({ done: true });
        },
      }),
    );
    const rows = await screen.findAllByTestId('login-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button', { name: 'Log out' })).toBeNull();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Log out' }));

    await waitFor(() =>
      expect(calls(requests, 'DELETE', `/wps/member/sessions/${otherSession}`)).toHaveLength(1),
    );
    await waitFor(() =>
      expect(within(screen.getAllByTestId('login-row')[1]!).getByText('Logged out')).toBeTruthy(),
    );
    expect(calls(requests, 'GET', '/wps/member/logins').length).toBeGreaterThanOrEqual(2);
    expect(
      within(screen.getAllByTestId('login-row')[1]!).queryByRole('button', { name: 'Log out' }),
    ).toBeNull();
  });

  it('sets the first payment password: six digits, sent sealed', async () => {
    const { user, requests } = setup(
      securityRoutes({
        'PUT /wps/member/security/payment-password': () => ok({ done: true }),
      }),
    );
    const row = await screen.findByTestId('payment-password');
    expect(within(row).getByText('Not set')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Set payment password' }));
    // Nothing else is asked for the first one.
    expect(within(row).queryByLabelText('Current payment password')).toBeNull();
    await user.type(within(row).getByLabelText('New payment password'), '12ab');
    await user.type(within(row).getByLabelText('Confirm payment password'), '12ab');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(within(row).getByLabelText('New payment password').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(calls(requests, 'PUT', '/wps/member/security/payment-password')).toHaveLength(0);

    await user.clear(within(row).getByLabelText('New payment password'));
    await user.type(within(row).getByLabelText('New payment password'), '246810');
    await user.clear(within(row).getByLabelText('Confirm payment password'));
    await user.type(within(row).getByLabelText('Confirm payment password'), '246810');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(calls(requests, 'PUT', '/wps/member/security/payment-password')).toHaveLength(1),
      { timeout: 10_000 },
    );
    const sent = calls(requests, 'PUT', '/wps/member/security/payment-password')[0];
    expect(sent?.sealed).toBe(true);
    expect(sent?.body).toEqual({
      newPaymentPassword: '246810',
      confirmNewPaymentPassword: '246810',
    });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('logs out every other device at once', async () => {
    const { user, requests } = setup(
      securityRoutes({
        'GET /wps/member/logins': () =>
          ok([login({}), login({ id: otherSession, current: false, device: 'Safari on iPhone' })]),
        'DELETE /wps/member/sessions': () => ok({ revoked: 1 }),
      }),
    );
    const card = await screen.findByTestId('security-logins');
    await within(card).findAllByTestId('login-row');
    await user.click(within(card).getByRole('button', { name: 'Log out all other devices' }));
    expect(await within(card).findByText('Other devices logged out: 1')).toBeTruthy();
    expect(calls(requests, 'DELETE', '/wps/member/sessions')).toHaveLength(1);
  });

  it('lists the change record a page at a time, values for details and none for secrets', async () => {
    const change = (id: string, kind: string, changes: unknown[]) => ({
      id,
      kind,
      changes,
      ip: '203.0.113.7',
      device: 'Chrome on Windows',
      createdAt: '2026-11-23T10:00:00.000Z',
    });
    const { user, requests } = setup(
      securityRoutes({
        'GET /wps/member/security/changes': (request) =>
          request.query.get('pageNo') === '2'
            ? ok({
                list: [
                  change('c3', 'payment_password', [
                    { field: 'paymentPassword', from: null, to: null },
                  ]),
                  change('c4', 'session_revoked', [
                    { field: 'session', from: '198.51.100.10', to: null },
                  ]),
                ],
                total: 4,
                hasMore: false,
              })
            : ok({
                list: [
                  change('c1', 'profile', [{ field: 'nickname', from: 'ally', to: 'alice' }]),
                  change('c2', 'email', [{ field: 'email', from: null, to: 'ne*@example.com' }]),
                ],
                total: 4,
                hasMore: true,
              }),
      }),
    );
    const card = await screen.findByTestId('security-changes');
    const rows = await within(card).findAllByTestId('change-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Profile updated');
    expect(rows[0]!.textContent).toContain('Nickname ally → alice');
    expect(rows[1]!.textContent).toContain('E-mail changed');

    await user.click(within(card).getByRole('button', { name: 'More' }));
    await waitFor(() => expect(within(card).getAllByTestId('change-row')).toHaveLength(4));
    const secret = within(card).getAllByTestId('change-row')[2]!;
    expect(secret.textContent).toContain('Payment password changed');
    // A secret's value is never shown: the title says it changed, and no details follow.
    expect(within(secret).queryByRole('list')).toBeNull();
    const revoked = within(card).getAllByTestId('change-row')[3]!;
    expect(within(revoked).getByRole('list').textContent).toBe('IP address 198.51.100.10');
    expect(within(card).queryByRole('button', { name: 'More' })).toBeNull();
    expect(
      calls(requests, 'GET', '/wps/member/security/changes').map((r) => r.query.get('pageNo')),
    ).toEqual(['1', '2']);
  });
});
