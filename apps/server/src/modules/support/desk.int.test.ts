import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

/** The `ws` client that @fastify/websocket brings. */
interface TestSocket {
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open' | 'error', listener: (arg?: unknown) => void): void;
}
const { WebSocket } = createRequire(import.meta.url)('ws') as {
  WebSocket: new (url: string, options?: { headers: Record<string, string> }) => TestSocket;
};

let t: TestContext;
let base: string;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = await t.loginOperator({ role: 'support', subjectId: 'desk_alice', merchants: ['TYPH'] });
  bob = await t.loginOperator({ role: 'support', subjectId: 'desk_bob', merchants: ['TYPH'] });
});
afterAll(() => t.close());

const ops = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

async function launch(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/relay/CBS_launchChat',
    payload: { modelId: 'deposit' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().value.chatUrl as string, 'http://x').searchParams.get('session')!;
}

const listIds = async (token: string, assigned: string) =>
  (
    (await ops(token, 'GET', `/ops/support/chats?merchantCode=TYPH&assigned=${assigned}`)).json()
      .value.list as { id: string }[]
  ).map((c) => c.id);

const auditRows = async (token: string, targetId: string) =>
  (await ops(token, 'GET', `/ops/audit?targetId=${targetId}`)).json().value.rows as {
    action: string;
    reason: string | null;
    before: unknown;
    after: unknown;
  }[];

describe('claiming and transferring chats', () => {
  it('claims a free chat, refuses a held one unless taken over, transfers, and tells the desks', async () => {
    const chat = await launch();
    const frames: { type: string; [k: string]: unknown }[] = [];
    const socket = new WebSocket(`${base}/ws/ops/support?merchantCode=TYPH`, {
      headers: { authorization: `Bearer ${bob}` },
    });
    socket.on('message', (d) => frames.push(JSON.parse(d.toString('utf8'))));
    socket.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 200));

    expect(await listIds(alice, 'unassigned')).toContain(chat);
    const claimed = await ops(alice, 'POST', `/ops/support/chats/${chat}/claim`, {});
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().value).toMatchObject({
      assigneeId: 'desk_alice',
      assignee: 't_desk_alice',
    });
    expect(await listIds(alice, 'mine')).toContain(chat);
    expect(await listIds(bob, 'mine')).not.toContain(chat);
    expect(await listIds(alice, 'unassigned')).not.toContain(chat);
    expect(await listIds(alice, 'all')).toContain(chat);
    // Claiming again is a no-op for the holder.
    expect((await ops(alice, 'POST', `/ops/support/chats/${chat}/claim`, {})).statusCode).toBe(200);

    // Someone else's chat: conflict, unless taken over with a reason.
    const refused = await ops(bob, 'POST', `/ops/support/chats/${chat}/claim`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('conflict');
    const noReason = await ops(bob, 'POST', `/ops/support/chats/${chat}/claim`, { takeOver: true });
    expect(noReason.statusCode).toBe(400);
    const taken = await ops(bob, 'POST', `/ops/support/chats/${chat}/claim`, {
      takeOver: true,
      reason: 'Alice is off shift',
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().value.assignee).toBe('t_desk_bob');

    // Transfer: only to an operator who may answer this merchant's chats.
    const finance = await t.loginOperator({ role: 'finance', subjectId: 'desk_finance' });
    expect(finance).toBeTruthy();
    const wrong = await ops(bob, 'POST', `/ops/support/chats/${chat}/transfer`, {
      operatorId: 'desk_finance',
      reason: 'needs finance',
    });
    expect(wrong.statusCode).toBe(400);
    const operators = (await ops(bob, 'GET', '/ops/support/operators?merchantCode=TYPH')).json()
      .value.list as { id: string; username: string }[];
    expect(operators.map((o) => o.id)).toEqual(expect.arrayContaining(['desk_alice', 'desk_bob']));
    expect(operators.map((o) => o.id)).not.toContain('desk_finance');
    const moved = await ops(bob, 'POST', `/ops/support/chats/${chat}/transfer`, {
      operatorId: 'desk_alice',
      reason: 'Back from the break',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().value.assigneeId).toBe('desk_alice');

    // Every desk of the merchant heard each change.
    await new Promise((r) => setTimeout(r, 100));
    const assigned = frames.filter((f) => f.type === 'assigned');
    expect(assigned.map((f) => f.assignee)).toEqual(['t_desk_alice', 't_desk_bob', 't_desk_alice']);
    expect(assigned[0]).toMatchObject({ chatId: chat, merchantCode: 'TYPH' });
    socket.close();

    // Audited with their reasons.
    const admin = await t.loginOperator({ role: 'admin' });
    const rows = await auditRows(admin, chat);
    // (The holder's second claim changed nothing, but a write that succeeds leaves its row.)
    expect(rows.map((r) => r.action).sort()).toEqual([
      'support.chat.claim',
      'support.chat.claim',
      'support.chat.take_over',
      'support.chat.transfer',
    ]);
    const transfer = rows.find((r) => r.action === 'support.chat.transfer')!;
    expect(transfer).toMatchObject({
      reason: 'Back from the break',
      before: { assigneeId: 'desk_bob' },
      after: { assigneeId: 'desk_alice' },
    });

    // A closed chat is not claimed; an unknown one is 404; another merchant's operator gets 403.
    await ops(alice, 'POST', `/ops/support/chats/${chat}/close`);
    expect((await ops(alice, 'POST', `/ops/support/chats/${chat}/claim`, {})).statusCode).toBe(409);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await ops(alice, 'POST', `/ops/support/chats/${unknown}/claim`, {})).statusCode).toBe(
      404,
    );
    const other = await launch();
    const outsider = await t.loginOperator({ role: 'support', merchants: ['ZZZZ'] });
    expect((await ops(outsider, 'POST', `/ops/support/chats/${other}/claim`, {})).statusCode).toBe(
      403,
    );
  });
});

describe('canned replies', () => {
  it('adds, lists, edits and deletes a merchant’s replies, audited', async () => {
    const created = await ops(alice, 'POST', '/ops/support/canned-replies', {
      merchantCode: 'TYPH',
      title: 'Greeting',
      body: 'Hello! How can I help you today?',
      reason: 'new desk macro',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id as string;
    const duplicate = await ops(alice, 'POST', '/ops/support/canned-replies', {
      merchantCode: 'TYPH',
      title: 'Greeting',
      body: 'Hi',
      reason: 'new desk macro',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(
      (
        await ops(alice, 'POST', '/ops/support/canned-replies', {
          merchantCode: 'TYPH',
          title: 'x',
        })
      ).statusCode,
    ).toBe(400);

    const updated = await ops(alice, 'PUT', `/ops/support/canned-replies/${id}`, {
      title: 'Greeting',
      body: 'Hello, thanks for waiting!',
      reason: 'friendlier',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const list = (await ops(bob, 'GET', '/ops/support/canned-replies?merchantCode=TYPH')).json()
      .value.list as { id: string; body: string }[];
    expect(list).toEqual([expect.objectContaining({ id, body: 'Hello, thanks for waiting!' })]);

    // Another merchant's operator neither reads nor changes them.
    const outsider = await t.loginOperator({ role: 'support', merchants: ['ZZZZ'] });
    expect(
      (await ops(outsider, 'GET', '/ops/support/canned-replies?merchantCode=TYPH')).statusCode,
    ).toBe(403);
    expect(
      (await ops(outsider, 'POST', `/ops/support/canned-replies/${id}/delete`, { reason: 'nope' }))
        .statusCode,
    ).toBe(403);
    // A read-only operator cannot write them.
    const reader = await t.loginOperator({ role: 'read_only' });
    expect(
      (await ops(reader, 'POST', `/ops/support/canned-replies/${id}/delete`, { reason: 'nope' }))
        .statusCode,
    ).toBe(403);

    const deleted = await ops(alice, 'POST', `/ops/support/canned-replies/${id}/delete`, {
      reason: 'no longer used',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      (await ops(bob, 'GET', '/ops/support/canned-replies?merchantCode=TYPH')).json().value.list,
    ).toEqual([]);
    const admin = await t.loginOperator({ role: 'admin' });
    const rows = await auditRows(admin, id);
    expect(rows.map((r) => r.action).sort()).toEqual([
      'support.canned.create',
      'support.canned.delete',
      'support.canned.update',
    ]);
    expect(rows.find((r) => r.action === 'support.canned.delete')!.reason).toBe('no longer used');
  });
});
