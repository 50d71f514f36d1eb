import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, loginDemo, type TestContext } from '../../test/harness';
import { chatMessages } from './schema';

/** The `ws` client that @fastify/websocket brings (it ships without type declarations). */
interface TestSocket {
  readyState: number;
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
}
const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string, options?: { headers: Record<string, string> }) => TestSocket;
};

interface Frame {
  type: string;
  [key: string]: unknown;
}

/** A socket that records every frame it receives and can wait for one. */
function connect(base: string, path: string, headers?: Record<string, string>) {
  const socket = new WebSocket(`${base}${path}`, headers ? { headers } : undefined);
  const frames: Frame[] = [];
  const waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  let closed: { code: number; reason: string } | null = null;
  let onClose: ((c: { code: number; reason: string }) => void) | null = null;
  socket.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString('utf8')) as Frame;
    frames.push(frame);
    for (const w of [...waiters]) {
      if (w.test(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  socket.on('error', () => undefined);
  socket.on('close', (code: number, reason: Buffer) => {
    closed = { code, reason: reason.toString('utf8') };
    onClose?.(closed);
  });
  return {
    socket,
    frames,
    next(test: (f: Frame) => boolean, ms = 5000): Promise<Frame> {
      const seen = frames.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no frame in ${ms} ms`)), ms);
        waiters.push({
          test,
          resolve: (f) => {
            clearTimeout(timer);
            resolve(f);
          },
        });
      });
    },
    closed(ms = 5000): Promise<{ code: number; reason: string }> {
      if (closed) return Promise.resolve(closed);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('socket stayed open')), ms);
        onClose = (c) => {
          clearTimeout(timer);
          resolve(c);
        };
      });
    },
    send(frame: object) {
      socket.send(JSON.stringify(frame));
    },
  };
}

let t: TestContext;
let base: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  operator = await t.login('operator');
});
afterAll(() => t.close());

const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${operator}` },
    ...(payload ? { payload } : {}),
  });

async function launch(modelId: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/relay/CBS_launchChat',
    headers,
    payload: { modelId },
  });
  expect(res.statusCode, res.body).toBe(200);
  const chatUrl = res.json().value.chatUrl as string;
  const url = new URL(chatUrl, 'http://taya.test');
  return { chatUrl, session: url.searchParams.get('session')!, key: url.searchParams.get('key')! };
}

const history = (session: string, key: string, afterSeq?: number) =>
  t.app.inject({
    method: 'GET',
    url: `/wps/support/chat/messages?session=${session}&key=${encodeURIComponent(key)}${
      afterSeq === undefined ? '' : `&afterSeq=${afterSeq}`
    }`,
  });

const storedCount = async (session: string) =>
  (
    await t.database.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, session))
  ).length;

describe('chat topics and launching', () => {
  it('lists the merchant topics with their names per language, for visitors and members', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/wps/relay/CBS_modelList' });
    expect(visitor.statusCode).toBe(200);
    const list = visitor.json().value.list as { id: string; name: Record<string, string> }[];
    expect(list.map((m) => m.id)).toEqual(['deposit', 'withdrawal', 'account', 'games', 'other']);
    expect(list[0]!.name).toMatchObject({ en: 'Deposit', my: 'ငွေသွင်းခြင်း' });
    const member = await loginDemo(t.app, 'demo_member');
    const mine = (await member.call('GET', '/wps/relay/CBS_modelList')).json().value.list;
    expect(mine).toEqual(list);
  });

  it('opens a visitor chat with a random key, of which only the hash is kept', async () => {
    const a = await launch('deposit');
    const b = await launch('deposit');
    expect(a.chatUrl).toMatch(/^\/chat\?session=[0-9a-f-]{36}&key=[A-Za-z0-9_-]{32}$/);
    expect(a.session).not.toBe(b.session);
    const row = await t.app.services.support.open(a.session, a.key);
    expect(row).toMatchObject({ accountId: null, modelId: 'deposit', status: 'open' });
    expect(row.keyHash).not.toContain(a.key);
    const h = await history(a.session, a.key);
    expect(h.json().value).toEqual({ status: 'open', messages: [], hasMore: false });
  });

  it('gives a member back their open chat, with a new key that replaces the old one', async () => {
    const member = await loginDemo(t.app, 'demo_member');
    const first = await launch('withdrawal', member.auth);
    const again = await launch('account', member.auth);
    expect(again.session).toBe(first.session);
    expect(again.key).not.toBe(first.key);
    expect((await history(first.session, first.key)).statusCode).toBe(404);
    expect((await history(again.session, again.key)).statusCode).toBe(200);
    const row = await t.app.services.support.open(again.session, again.key);
    expect(row.accountId).toBe(member.id);
  });

  it('treats a trial player as a visitor', async () => {
    const trial = await t.login('trial');
    const chat = await launch('games', { authorization: `Bearer ${trial}` });
    expect((await t.app.services.support.open(chat.session, chat.key)).accountId).toBeNull();
  });

  it('refuses an unknown topic, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/CBS_launchChat',
      payload: { modelId: 'lottery' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].path).toBe('modelId');
    const extra = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/CBS_launchChat',
      payload: { modelId: 'deposit', accountId: 'someone' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields[0].message).toContain('accountId');
  });

  it('limits how often one client opens chats', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/relay/CBS_launchChat',
        remoteAddress: '203.0.113.77',
        payload: { modelId: 'other' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('a conversation over the socket', () => {
  it('carries the player message to the operator and the answer back at once', async () => {
    const member = await loginDemo(t.app, 'demo_member');
    const chat = await launch('deposit', member.auth);
    const player = connect(base, `/ws/chat?session=${chat.session}&key=${chat.key}`);
    const first = await player.next((f) => f.type === 'history');
    expect(first.status).toBe('open');

    // Operator sockets authenticate like the other operator calls: without a token, refused.
    const anonymous = connect(base, '/ws/ops/support?merchantCode=TYPH');
    expect((await anonymous.closed()).code).toBe(1006);
    const watcher = connect(base, '/ws/ops/support?merchantCode=TYPH', {
      authorization: `Bearer ${operator}`,
    });
    await new Promise((r) => setTimeout(r, 200));

    player.send({ type: 'message', body: 'Hello, I need help with a deposit', clientId: 'c-1' });
    const ack = await player.next((f) => f.type === 'ack');
    const mine = ack.message as { id: string; seq: number; role: string; body: string };
    expect(ack.clientId).toBe('c-1');
    expect(mine).toMatchObject({ role: 'member', body: 'Hello, I need help with a deposit' });
    expect(mine.seq).toBeGreaterThan(0);
    const watched = await watcher.next((f) => f.type === 'message');
    expect(watched).toMatchObject({ chatId: chat.session, merchantCode: 'TYPH' });
    expect(watched.message).toMatchObject({ id: mine.id, senderId: member.id });
    watcher.socket.close();
    // The sender's own socket has the ack instead of a second copy.
    expect(player.frames.filter((f) => f.type === 'message')).toEqual([]);

    const list = (await ops('GET', '/ops/support/chats?merchantCode=TYPH&status=open')).json().value
      .list as {
      id: string;
      unread: number;
      accountId: string;
      lastMessage: { body: string; senderId: string };
    }[];
    const summary = list.find((c) => c.id === chat.session)!;
    expect(summary).toMatchObject({ accountId: member.id, unread: 1 });
    expect(summary.lastMessage).toMatchObject({
      body: 'Hello, I need help with a deposit',
      senderId: member.id,
    });

    const read = await ops('GET', `/ops/support/chats/${chat.session}/messages`);
    expect(read.json().value.messages).toHaveLength(1);
    expect(read.json().value.chat.unread).toBe(0);

    const answer = await ops('POST', `/ops/support/chats/${chat.session}/messages`, {
      body: 'Hi! Which payment method did you use?',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().value).toMatchObject({ role: 'operator', seq: mine.seq + 1 });
    const heard = await player.next(
      (f) => f.type === 'message' && (f.message as { role: string }).role === 'operator',
    );
    expect(heard.message).toMatchObject({
      body: 'Hi! Which payment method did you use?',
      seq: mine.seq + 1,
    });
    expect(heard.message).not.toHaveProperty('senderId');
    player.socket.close();

    // Reconnecting gives the history; catching up over HTTP gives what came after a number.
    const again = connect(base, `/ws/chat?session=${chat.session}&key=${chat.key}`);
    const h = await again.next((f) => f.type === 'history');
    expect((h.messages as { body: string }[]).map((m) => m.body)).toEqual([
      'Hello, I need help with a deposit',
      'Hi! Which payment method did you use?',
    ]);
    const after = (await history(chat.session, chat.key, mine.seq)).json().value;
    expect(after.messages.map((m: { role: string }) => m.role)).toEqual(['operator']);

    // The operator ends the chat: the socket is told and closed, and sending is refused.
    const closed = await ops('POST', `/ops/support/chats/${chat.session}/close`);
    expect(closed.json().value.status).toBe('closed');
    expect(closed.json().value.closedBy).toMatch(/^operator:/);
    await again.next((f) => f.type === 'closed');
    expect((await again.closed()).code).toBe(1008);
    const onClosed = connect(base, `/ws/chat?session=${chat.session}&key=${chat.key}`);
    expect(await onClosed.closed()).toEqual({ code: 1008, reason: 'chat_closed' });
    const late = await t.app.inject({
      method: 'POST',
      url: '/wps/support/chat/messages',
      payload: { session: chat.session, key: chat.key, body: 'still there?' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe('chat_closed');
    // A member's next launch opens a new chat.
    const next = await launch('deposit', member.auth);
    expect(next.session).not.toBe(chat.session);
  });

  it('lets a browser open the operator socket with a single-use ticket', async () => {
    const issued = await ops('POST', '/ops/support/ws-ticket');
    expect(issued.statusCode, issued.body).toBe(200);
    const { ticket, expiresAt } = issued.json().value as { ticket: string; expiresAt: string };
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    expect(Date.parse(expiresAt)).toBeLessThanOrEqual(Date.now() + 60_000);

    const desk = connect(base, `/ws/ops/support?merchantCode=TYPH&ticket=${ticket}`);
    await new Promise((r) => setTimeout(r, 200));
    // (Launching as a member: anonymous launches from this address are used up above.)
    const member = await loginDemo(t.app, 'demo_member');
    const chat = await launch('other', member.auth);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/wps/support/chat/messages',
      payload: { session: chat.session, key: chat.key, body: 'Hello from the ticket test' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const heard = await desk.next((f) => f.type === 'message');
    expect(heard).toMatchObject({ chatId: chat.session, merchantCode: 'TYPH' });
    desk.socket.close();

    // A ticket opens one socket only; an unknown one is refused like no token at all.
    const reused = connect(base, `/ws/ops/support?merchantCode=TYPH&ticket=${ticket}`);
    expect((await reused.closed()).code).toBe(1006);
    const forged = connect(base, `/ws/ops/support?merchantCode=TYPH&ticket=${'x'.repeat(32)}`);
    expect((await forged.closed()).code).toBe(1006);
    // Issuing needs an operator session with support.write.
    const anonymous = await t.app.inject({ method: 'POST', url: '/ops/support/ws-ticket' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes a message sent without a socket and tells the merchant watchers', async () => {
    const chat = await launch('other');
    const { support } = t.app.services;
    const events: string[] = [];
    const stop = support.hub.subscribe('merchant:TYPH', (e) =>
      events.push(e.type === 'message' ? e.message.body : e.type),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/support/chat/messages',
      payload: { session: chat.session, key: chat.key, body: 'sent without a socket' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ role: 'visitor', seq: 1 });
    stop();
    expect(events).toEqual(['sent without a socket']);
  });

  it('refuses a wrong key, and keeps other players out of a chat', async () => {
    const visitorChat = await launch('deposit');
    const other = await launch('deposit');
    const wrong = connect(base, `/ws/chat?session=${visitorChat.session}&key=${other.key}`);
    expect((await wrong.closed()).code).toBe(1008);
    expect(wrong.frames).toEqual([]);
    const garbage = connect(base, `/ws/chat?session=nope&key=short`);
    expect((await garbage.closed()).code).toBe(1008);

    expect((await history(visitorChat.session, other.key)).statusCode).toBe(404);
    const send = await t.app.inject({
      method: 'POST',
      url: '/wps/support/chat/messages',
      payload: { session: visitorChat.session, key: other.key, body: 'let me in' },
    });
    expect(send.statusCode).toBe(404);

    // Another member, with their own token and key, cannot reach a member's chat either.
    const member = await loginDemo(t.app, 'demo_member');
    const memberChat = await launch('deposit', member.auth);
    const stranger = await t.login('member', 'another-member');
    const theirs = await launch('deposit', { authorization: `Bearer ${stranger}` });
    const peek = await t.app.inject({
      method: 'GET',
      url: `/wps/support/chat/messages?session=${memberChat.session}&key=${theirs.key}`,
      headers: { authorization: `Bearer ${stranger}` },
    });
    expect(peek.statusCode).toBe(404);
    expect(await storedCount(visitorChat.session)).toBe(0);
  });

  it('refuses bad messages naming the field, and stores nothing', async () => {
    const chat = await launch('account');
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/wps/support/chat/messages', payload });
    const empty = await post({ session: chat.session, key: chat.key, body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields[0].path).toBe('body');
    const long = await post({ session: chat.session, key: chat.key, body: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields[0].path).toBe('body');
    const extra = await post({
      session: chat.session,
      key: chat.key,
      body: 'hi',
      role: 'operator',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields[0].message).toContain('role');
    const opsEmpty = await ops('POST', `/ops/support/chats/${chat.session}/messages`, { body: '' });
    expect(opsEmpty.statusCode).toBe(400);

    const player = connect(base, `/ws/chat?session=${chat.session}&key=${chat.key}`);
    await player.next((f) => f.type === 'history');
    player.send({ type: 'message', body: '', clientId: 'e-1' });
    const e1 = await player.next((f) => f.type === 'error' && f.clientId === 'e-1');
    expect(e1.errorCode).toBe('request_param_err');
    expect((e1.fields as { path: string }[])[0]!.path).toBe('body');
    player.send({ type: 'message', body: 'y'.repeat(1001), clientId: 'e-2' });
    const e2 = await player.next((f) => f.type === 'error' && f.clientId === 'e-2');
    expect((e2.fields as { path: string }[])[0]!.path).toBe('body');
    player.send({ type: 'message', body: 'hi', clientId: 'e-3', role: 'operator' });
    const e3 = await player.next((f) => f.type === 'error' && f.clientId === 'e-3');
    expect((e3.fields as { message: string }[])[0]!.message).toContain('role');
    player.socket.send('not json');
    await player.next((f) => f.type === 'error' && f.errorCode === 'invalid_json');
    player.socket.close();
    expect(await storedCount(chat.session)).toBe(0);
  });

  it('keeps markup as the same plain text', async () => {
    const chat = await launch('games');
    const markup = '<img src=x onerror=alert(1)>';
    const player = connect(base, `/ws/chat?session=${chat.session}&key=${chat.key}`);
    await player.next((f) => f.type === 'history');
    player.send({ type: 'message', body: markup, clientId: 'm-1' });
    const ack = await player.next((f) => f.type === 'ack');
    expect((ack.message as { body: string }).body).toBe(markup);
    player.socket.close();
    const h = (await history(chat.session, chat.key)).json().value;
    expect(h.messages[0].body).toBe(markup);
    const opsView = (await ops('GET', `/ops/support/chats/${chat.session}/messages`)).json().value;
    expect(opsView.messages[0]).toMatchObject({
      body: markup,
      role: 'visitor',
      senderId: chat.session,
    });
  });
});
