import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorRoles, opsSessionEventsPath, sessionEventsPath } from '@taya/contracts';
import { createTestApp, type TestContext } from '../../test/harness';
import { newMember } from '../../test/members';

let t: TestContext;
let base: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login('operator');
}, 60_000);
afterAll(() => t.close());

/** Opens the stream as the app does; `next()` reads up to the next event's name. */
async function openStream(headers: Record<string, string>, path = sessionEventsPath) {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, { headers, signal: controller.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<string | null> => {
    for (;;) {
      const match = /event: (\w+)\ndata: (.*)\n\n/.exec(buffer);
      if (match) {
        buffer = buffer.slice(match.index + match[0].length);
        expect(JSON.parse(match[2]!)).toEqual({ type: match[1] });
        return match[1]!;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += value;
    }
  };
  return { res, next, close: () => controller.abort() };
}

describe('GET /wps/session/events', () => {
  it('refuses a call without a live session', async () => {
    const none = await fetch(`${base}${sessionEventsPath}`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { errorCode: string }).errorCode).toBe('login.not.session');
    // A session already ended (logged out) opens no stream.
    const m = await newMember(t, { prefix: 'sseout' });
    expect((await m.post('/wps/session/logout', {})).statusCode).toBe(200);
    const ended = await fetch(`${base}${sessionEventsPath}`, { headers: m.auth });
    expect(ended.status).toBe(401);
    expect(((await ended.json()) as { errorCode: string }).errorCode).toBe('user.or.token.invalid');
  });

  it('says ended at once when an operator disables the player, then closes', async () => {
    const m = await newMember(t, { prefix: 'sse' });
    const stream = await openStream(m.auth);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await stream.next()).toBe('ready');

    const started = Date.now();
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/ops/players/${m.id}/disable`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { reason: 'Chargeback fraud' },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await stream.next()).toBe('ended');
    expect(Date.now() - started).toBeLessThan(5_000);
    // The stream is over, and the token with it.
    expect(await stream.next()).toBeNull();
    expect((await m.get('/wps/member/info')).statusCode).toBe(401);
  });

  it('leaves another player’s stream open', async () => {
    const a = await newMember(t, { prefix: 'ssea' });
    const b = await newMember(t, { prefix: 'sseb' });
    const streamB = await openStream(b.auth);
    expect(await streamB.next()).toBe('ready');
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/ops/players/${a.id}/disable`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { reason: 'Chargeback fraud' },
    });
    expect(disabled.statusCode).toBe(200);
    // B hears nothing within a while; its session still works.
    const heard = await Promise.race([
      streamB.next(),
      new Promise((resolve) => setTimeout(() => resolve('nothing'), 500)),
    ]);
    expect(heard).toBe('nothing');
    expect((await b.get('/wps/member/info')).statusCode).toBe(200);
    streamB.close();
  });
});

describe('GET /ops/session/events', () => {
  it('opens for an operator of every role', async () => {
    for (const role of operatorRoles) {
      const token = await t.loginOperator({ role });
      const stream = await openStream({ authorization: `Bearer ${token}` }, opsSessionEventsPath);
      expect(stream.res.status, role).toBe(200);
      expect(await stream.next()).toBe('ready');
      // Ended by the server (a log-out), the stream closes on its own.
      await t.app.inject({
        method: 'POST',
        url: '/ops/session/logout',
        headers: { authorization: `Bearer ${token}` },
        payload: {},
      });
      expect(await stream.next()).toBe('ended');
      expect(await stream.next()).toBeNull();
    }
  });

  it("is the operators' own: members and visitors are refused", async () => {
    const none = await fetch(`${base}${opsSessionEventsPath}`);
    expect(none.status).toBe(401);
    await none.text();
    const m = await newMember(t, { prefix: 'opssse' });
    const member = await fetch(`${base}${opsSessionEventsPath}`, { headers: m.auth });
    expect(member.status).toBe(403);
    await member.text();
  });

  it('says ended at once when the session ends elsewhere, and leaves others open', async () => {
    const mine = await t.loginOperator({ role: 'support', subjectId: 'sse-support' });
    const other = await t.loginOperator({ role: 'support', subjectId: 'sse-other' });
    const stream = await openStream({ authorization: `Bearer ${mine}` }, opsSessionEventsPath);
    expect(stream.res.status).toBe(200);
    expect(await stream.next()).toBe('ready');
    const otherStream = await openStream(
      { authorization: `Bearer ${other}` },
      opsSessionEventsPath,
    );
    expect(await otherStream.next()).toBe('ready');

    // Logged out from another tab of the same session.
    const started = Date.now();
    const out = await t.app.inject({
      method: 'POST',
      url: '/ops/session/logout',
      headers: { authorization: `Bearer ${mine}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await stream.next()).toBe('ended');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await stream.next()).toBeNull();

    const heard = await Promise.race([
      otherStream.next(),
      new Promise((resolve) => setTimeout(() => resolve('nothing'), 500)),
    ]);
    expect(heard).toBe('nothing');
    otherStream.close();
  });
});
