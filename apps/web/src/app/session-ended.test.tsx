import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getToken, startSession } from '../lib/session';
import { fail, installFakeApi, ok } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { identityRoutes, walletBalanceFixture } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

/**
 * An operator who disables a player ends its sessions at once on the server. The web app holds
 * no socket for every page, so it learns it on its next call: the server answers 401
 * `user.or.token.invalid`, and the page drops to logged out right there.
 */
describe('a session ended by the server', () => {
  it('drops the page to logged out on the next call’s 401', async () => {
    let ended = false;
    installFakeApi(
      statusWithFlags([]),
      identityRoutes({
        'GET /wps/v2/wallets/balance': () =>
          ended ? fail(401, 'user.or.token.invalid') : ok(walletBalanceFixture()),
      }),
    );
    startSession('token-alice', 0);
    renderApp('/');
    const header = await screen.findByTestId('site-header');
    await screen.findByTestId('header-balance');
    expect(within(header).queryByRole('link', { name: 'Log in' })).toBeNull();

    ended = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh balance' }));

    await waitFor(() => expect(screen.queryByTestId('header-balance')).toBeNull());
    expect(getToken()).toBeNull();
    expect(within(header).getByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});
