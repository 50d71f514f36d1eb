import { describe, expect, it } from 'vitest';
import { WsTickets } from './tickets';

describe('operator socket tickets', () => {
  it('give their token once, within their lifetime only', () => {
    let now = 1_000_000;
    const tickets = new WsTickets(30_000, () => now);
    const token = 't'.repeat(40);

    const first = tickets.issue(token);
    expect(first.expiresAt.getTime()).toBe(now + 30_000);
    expect(tickets.take(first.ticket)).toBe(token);
    expect(tickets.take(first.ticket)).toBeNull();

    const late = tickets.issue(token);
    now += 30_000;
    expect(tickets.take(late.ticket)).toBeNull();

    const fresh = tickets.issue(token);
    now += 29_999;
    expect(tickets.take(fresh.ticket)).toBe(token);
    expect(tickets.take('unknown-ticket-value-xyz')).toBeNull();
    expect(fresh.ticket).not.toBe(late.ticket);
  });
});
