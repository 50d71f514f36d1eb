import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../platform/secret-box';
import { createTestDatabase } from '../../test/harness';
import { WsTickets } from './tickets';
import { wsTickets } from './schema';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const box = new SecretBox(Buffer.alloc(32, 7));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('operator socket tickets', () => {
  it('give their token once, within their lifetime only', async () => {
    let now = Date.now();
    const tickets = new WsTickets(database.db, box, 30_000, () => now);
    const token = 't'.repeat(40);

    const first = await tickets.issue(token);
    expect(first.expiresAt.getTime()).toBe(now + 30_000);
    expect(await tickets.take(first.ticket)).toBe(token);
    expect(await tickets.take(first.ticket)).toBeNull();

    const late = await tickets.issue(token);
    now += 30_000;
    expect(await tickets.take(late.ticket)).toBeNull();

    const fresh = await tickets.issue(token);
    now += 29_999;
    expect(await tickets.take(fresh.ticket)).toBe(token);
    expect(await tickets.take('unknown-ticket-value-xyz')).toBeNull();
    expect(fresh.ticket).not.toBe(late.ticket);
  });

  it('open on another node, once, and keep the token sealed at rest', async () => {
    const issuing = new WsTickets(database.db, box);
    const others = [new WsTickets(database.db, box), new WsTickets(database.db, box)];
    const token = 'session-token-'.padEnd(48, 'x');
    const { ticket } = await issuing.issue(token);
    const stored = await database.db.select().from(wsTickets);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(ticket);
    // Two nodes take the same ticket at once: one gets the token, the other nothing.
    const taken = await Promise.all(others.map((node) => node.take(ticket)));
    expect(taken.sort()).toEqual([null, token].sort());
    // A node with another secrets key cannot open what it finds.
    const foreign = new WsTickets(database.db, new SecretBox(Buffer.alloc(32, 9)));
    const again = await issuing.issue(token);
    expect(await foreign.take(again.ticket)).toBeNull();
  });
});
