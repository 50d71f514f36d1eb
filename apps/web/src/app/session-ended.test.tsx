import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken, startSession } from '../lib/session';
import { fail, installFakeApi, ok } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { identityRoutes, walletBalanceFixture } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

/**
 * An operator who disables a player ends its sessions at once on the server. The logged-in app
 * keeps the session's event stream open (lib/session-events.ts) and drops to logged out the
 * moment it says `ended`; any call's 401 `user.or.token.invalid` does the same.
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

describe('the session event stream', () => {
  it('drops the page to logged out the moment the server says the session ended', async () => {
    installFakeApi(statusWithFlags([]), identityRoutes());
    const faked = globalThis.fetch;
    let push!: (text: string) => void;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    const opened: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.endsWith('/wps/session/events')) return faked(input, init);
      opened.push(new Headers(init?.headers).get('authorization') ?? '');
      return Promise.resolve(new Response(stream, { status: 200 }));
    });
    startSession('token-bob', 0);
    renderApp('/');
    const header = await screen.findByTestId('site-header');
    await screen.findByTestId('header-balance');
    await waitFor(() => expect(opened).toEqual(['Bearer token-bob']));
    push('event: ready\ndata: {"type":"ready"}\n\n');

    push('event: ended\ndata: {"type":"ended"}\n\n');
    await waitFor(() => expect(getToken()).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('header-balance')).toBeNull());
    expect(within(header).getByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});
