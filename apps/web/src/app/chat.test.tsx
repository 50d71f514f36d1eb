import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, SystemStatusValue } from '@taya/contracts';
import { statusWithFlags } from '../testing/auth-status';
import { calls, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const modelsPath = '/wps/relay/CBS_modelList';
const launchPath = '/wps/relay/CBS_launchChat';
const messagesPath = '/wps/support/chat/messages';
const session = '6f1c1b9e-6a53-4a77-9a1e-1f0d0b1c2d3e';
const key = 'k3y-0123456789abcdefghijklmnop';

/** A stand-in for the browser's WebSocket: records what is sent, and lets a test play the server. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  readonly sent: unknown[] = [];

  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000, reason = '') {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason }));
  }

  /** The server accepts the connection and sends the history. */
  accept(messages: ChatMessage[] = []) {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
    this.receive({ type: 'history', status: 'open', messages });
  }

  receive(frame: object) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(frame) }));
  }
}

const names = {
  deposit: { en: 'Deposit', ty: 'Deposito', my: 'ငွေသွင်းခြင်း' },
  withdrawal: { en: 'Withdrawal', ty: 'Pag-withdraw', my: 'ငွေထုတ်ခြင်း' },
};

function statusWith(resources: SystemStatusValue['info']['resources']): SystemStatusValue {
  const status = statusWithFlags(['USERNAMEREG3']);
  return { ...status, info: { ...status.info, resources } };
}

const liveChat = { resourceType: 'LIVECHAT', labelNameEn: 'Live chat', url: '/chat' };
const telegram = { resourceType: 'TELEGRAM_2', labelNameEn: 'Telegram', url: 'https://t.me/taya' };

function message(seq: number, role: ChatMessage['role'], body: string): ChatMessage {
  return {
    id: `m-${seq}`,
    seq,
    role,
    body,
    createdAt: new Date(Date.UTC(2026, 10, 24, 8, seq)).toISOString(),
  };
}

function setup(resources = [telegram, liveChat], routes: FakeRoutes = {}) {
  const api = installFakeApi(
    statusWith(resources),
    identityRoutes({
      [`GET ${modelsPath}`]: () =>
        ok({
          list: [
            { id: 'deposit', name: names.deposit },
            { id: 'withdrawal', name: names.withdrawal },
          ],
        }),
      [`POST ${launchPath}`]: () => ok({ chatUrl: `/chat?session=${session}&key=${key}` }),
      [`GET ${messagesPath}`]: () => ok({ status: 'open', messages: [], hasMore: false }),
      ...routes,
    }),
  );
  return { ...api, user: userEvent.setup() };
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const lastSocket = () => FakeSocket.instances.at(-1)!;

describe('live chat', () => {
  it('hides the float button when no chat resource is configured', async () => {
    setup([telegram]);
    renderApp('/');
    await screen.findByTestId('site-footer');
    // The status has loaded (the footer's social link is there), and still no chat button.
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /Telegram/ }).length).toBeGreaterThan(0),
    );
    expect(screen.queryByTestId('chat-float')).toBeNull();
  });

  it('picks a topic, launches the chat and talks over the socket', async () => {
    const { requests, user } = setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open live chat' }));
    const popup = await screen.findByRole('dialog', { name: 'Live chat' });
    await user.click(await within(popup).findByRole('button', { name: 'Withdrawal' }));

    await waitFor(() => expect(calls(requests, 'POST', launchPath)).toHaveLength(1));
    expect(calls(requests, 'POST', launchPath)[0]!.body).toEqual({ modelId: 'withdrawal' });
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = lastSocket();
    const url = new URL(socket.url);
    expect(url.pathname).toBe('/ws/chat');
    expect(url.searchParams.get('session')).toBe(session);
    expect(url.searchParams.get('key')).toBe(key);
    expect(JSON.parse(window.sessionStorage.getItem('taya.chat')!)).toMatchObject({ session, key });
    expect(within(popup).getByTestId('chat-status').textContent).toContain('Connecting');

    act(() => socket.accept());
    expect(await within(popup).findByText(/No messages yet/)).toBeTruthy();
    expect(within(popup).getByTestId('chat-status').textContent).toContain('Connected');
    const list = within(popup).getByTestId('chat-messages');
    expect(list.getAttribute('aria-live')).toBe('polite');

    const box = within(popup).getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Where is my withdrawal?');
    expect(within(popup).getByTestId('chat-counter').textContent).toContain('23/1000');
    await user.keyboard('{Enter}');
    expect(socket.sent).toHaveLength(1);
    const frame = socket.sent[0] as { type: string; body: string; clientId: string };
    expect(frame).toMatchObject({ type: 'message', body: 'Where is my withdrawal?' });
    expect((box as HTMLTextAreaElement).value).toBe('');
    const pending = await within(list).findByText('Where is my withdrawal?');
    expect(pending.closest('li')!.getAttribute('data-state')).toBe('sending');
    expect(pending.closest('li')!.className).toContain('is-own');

    act(() =>
      socket.receive({
        type: 'ack',
        clientId: frame.clientId,
        message: message(1, 'visitor', 'Where is my withdrawal?'),
      }),
    );
    await waitFor(() =>
      expect(
        within(list).getByText('Where is my withdrawal?').closest('li')!.getAttribute('data-state'),
      ).toBe('sent'),
    );
    act(() =>
      socket.receive({
        type: 'message',
        message: message(2, 'operator', '<b>It is on its way</b>'),
      }),
    );
    const answer = await within(list).findByText('<b>It is on its way</b>');
    expect(answer.closest('li')!.className).not.toContain('is-own');
    expect(within(answer.closest('li')!).getByText('Support')).toBeTruthy();
    expect(within(list).getAllByTestId('chat-message')).toHaveLength(2);
    expect(list.querySelector('b')).toBeNull();
  });

  it('shows a chat from its address over HTTP while the socket cannot connect', async () => {
    const { requests } = setup([liveChat], {
      [`GET ${messagesPath}`]: () =>
        ok({
          status: 'open',
          messages: [
            message(1, 'member', 'Hello, I need help with a deposit'),
            message(2, 'operator', 'Sure, which method?'),
          ],
          hasMore: false,
        }),
    });
    renderApp(`/chat?session=${session}&key=${key}`);
    const page = await screen.findByTestId('chat-page');
    expect(within(page).getByRole('heading', { name: 'Live chat' })).toBeTruthy();
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
    act(() => lastSocket().close(1006));

    expect(await within(page).findByText('Hello, I need help with a deposit')).toBeTruthy();
    expect(within(page).getByText('Sure, which method?')).toBeTruthy();
    expect(within(page).getByTestId('chat-status').textContent).toContain('Offline');
    const history = calls(requests, 'GET', messagesPath)[0]!;
    expect(history.query.get('session')).toBe(session);
    expect(history.query.get('key')).toBe(key);
    expect(history.query.has('afterSeq')).toBe(false);
    expect(calls(requests, 'POST', launchPath)).toHaveLength(0);
    // The game-style page: no side menu, and no float button over the chat itself.
    expect(screen.getByTestId('game-layout')).toBeTruthy();
    expect(screen.queryByTestId('chat-float')).toBeNull();
  });

  it('reconnects after a drop and catches up on what came in between', async () => {
    const { requests } = setup([liveChat], {
      [`GET ${messagesPath}`]: (request) =>
        ok({
          status: 'open',
          messages:
            request.query.get('afterSeq') === '1'
              ? [message(2, 'operator', 'Are you still there?')]
              : [],
          hasMore: false,
        }),
    });
    renderApp(`/chat?session=${session}&key=${key}`);
    const page = await screen.findByTestId('chat-page');
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    act(() => FakeSocket.instances[0]!.accept([message(1, 'visitor', 'Hi')]));
    await within(page).findByText('Hi');

    act(() => FakeSocket.instances[0]!.close(1006));
    await waitFor(() =>
      expect(within(page).getByTestId('chat-status').textContent).toContain('Offline'),
    );
    expect(await within(page).findByText('Are you still there?')).toBeTruthy();
    const catchUp = calls(requests, 'GET', messagesPath).at(-1)!;
    expect(catchUp.query.get('afterSeq')).toBe('1');

    // A new socket after a short back-off; its history joins what is already shown.
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(2), { timeout: 3000 });
    act(() =>
      FakeSocket.instances[1]!.accept([
        message(1, 'visitor', 'Hi'),
        message(2, 'operator', 'Are you still there?'),
      ]),
    );
    await waitFor(() =>
      expect(within(page).getByTestId('chat-status').textContent).toContain('Connected'),
    );
    expect(within(page).getAllByTestId('chat-message')).toHaveLength(2);
  });

  it('launches a new chat from /chat without an address and keeps it in the location', async () => {
    const { requests } = setup([liveChat]);
    renderApp('/chat');
    const page = await screen.findByTestId('chat-page');
    await userEvent.click(await within(page).findByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(window.location.search).toBe(`?session=${session}&key=${key}`));
    expect(calls(requests, 'POST', launchPath)[0]!.body).toEqual({ modelId: 'deposit' });
    await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
    expect(new URL(lastSocket().url).searchParams.get('session')).toBe(session);
  });
});
