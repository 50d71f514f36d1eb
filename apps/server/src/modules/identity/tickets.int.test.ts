import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, loginDemo, type TestContext } from '../../test/harness';
import { sessionTickets } from './schema';
import { digest } from './secrets';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const askTicket = (auth: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/wps/session/ticket', headers: auth });

const exchange = (ticket: string) =>
  t.app.inject({ method: 'POST', url: '/wps/session/ticket/exchange', payload: { ticket } });

describe('sign-in tickets for the app download QR code', () => {
  it('sign another device in once, with a session of its own', async () => {
    const member = await loginDemo(t.app, 'demo_member');
    const res = await askTicket(member.auth);
    expect(res.statusCode).toBe(200);
    const { ticket, expiresInSeconds } = res.json().value as {
      ticket: string;
      expiresInSeconds: number;
    };
    expect(expiresInSeconds).toBe(300);
    expect(ticket).not.toBe(member.token);
    expect(ticket).toMatch(/^[\w-]{43}$/);

    const first = await exchange(ticket);
    expect(first.statusCode).toBe(200);
    const value = first.json().value as { token: string; userName: string };
    expect(value.userName).toBe('demo_member');
    expect(value.token).not.toBe(member.token);
    const info = await t.app.inject({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: { authorization: `Bearer ${value.token}` },
    });
    expect(info.statusCode).toBe(200);

    const second = await exchange(ticket);
    expect(second.statusCode).toBe(400);
    expect(second.json().errorCode).toBe('verification_code_invalid');
  });

  it('expires after five minutes', async () => {
    const member = await loginDemo(t.app, 'demo_member');
    const { ticket } = (await askTicket(member.auth)).json().value as { ticket: string };
    const [row] = await t.database.db
      .select()
      .from(sessionTickets)
      .where(eq(sessionTickets.ticketHash, digest(ticket)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(300_000 + 1000);
    await t.database.db
      .update(sessionTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionTickets.ticketHash, digest(ticket)));
    expect((await exchange(ticket)).json().errorCode).toBe('verification_code_invalid');
  });

  it('dies with the session that asked for it', async () => {
    const member = await loginDemo(t.app, 'demo_member');
    const { ticket } = (await askTicket(member.auth)).json().value as { ticket: string };
    await t.app.inject({ method: 'POST', url: '/wps/session/logout', headers: member.auth });
    expect((await exchange(ticket)).json().errorCode).toBe('verification_code_invalid');
  });

  it('is given only to a signed-in member, and never to a session held to a password change', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/wps/session/ticket' })).statusCode).toBe(
      401,
    );
    const trial = await t.login('trial');
    expect((await askTicket({ authorization: `Bearer ${trial}` })).statusCode).toBe(403);
    const { token } = await t.app.services.sessions.issue({
      subjectId: 'someone',
      role: 'member',
      merchantCode: 'TYPH',
      passwordChangeRequired: true,
    });
    const held = await askTicket({ authorization: `Bearer ${token}` });
    expect(held.json().errorCode).toBe('password_change_required');
  });
});

describe('authenticated answers', () => {
  it('are never kept by a browser or proxy', async () => {
    const member = await loginDemo(t.app, 'demo_member');
    for (const url of ['/wps/member/info', '/wps/v2/wallets/balance']) {
      const res = await t.app.inject({ method: 'GET', url, headers: member.auth });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const ticket = await askTicket(member.auth);
    expect(ticket.headers['cache-control']).toBe('no-store');
  });
});
